/**
 * Two facts of the entries read from argv words (decision 0058): the programs a copier copies
 * under another name (`copiesFiles`), and the words given as counts (`countOptions`).
 */

/** What `copiedPrograms` needs of a shell word: whether it is computed, and how it is written. */
export interface CopiedWord {
  dynamic: boolean;
  raw: string;
}

/** `$(which rm)`, `` `command -v rm` ``, `$(type -p rm)`: the program a substitution names. */
const NAMED_PROGRAM = /\b(?:which|command\s+-v|type\s+-[pP])\s+([\w.+-]+)/;

/**
 * The programs the words of a copier's argv (a `copiesFiles` entry) name by path (`/bin/rm`) or
 * by a substitution that looks one up (`$(which rm)`), by basename: what it copies, moves or
 * links under another name. Every word but the options is looked at, the destination too.
 * `words` gives the shell words, when the argv comes from a command line; without them no word
 * is computed.
 */
export function copiedPrograms(
  argv: readonly string[],
  words?: readonly (CopiedWord | undefined)[],
): string[] {
  const named: string[] = [];
  for (let index = 1; index < argv.length; index++) {
    const value = argv[index]!;
    const word = words === undefined ? { dynamic: false, raw: value } : words[index];
    if (value.startsWith('-') || word === undefined) continue;
    const name = word.dynamic
      ? NAMED_PROGRAM.exec(word.raw)?.[1]
      : value.includes('/')
        ? value.slice(value.lastIndexOf('/') + 1)
        : undefined;
    if (name !== undefined && name !== '') named.push(name);
  }
  return named;
}

/**
 * The words given as counts to `spellings` (a `countOptions` list), by argv index: an attached
 * value (`-j8`, `--jobs=8`) or the word after the option (`-j 8`, which the program takes when
 * it is a number).
 */
export function countValues(argv: readonly string[], spellings: readonly string[]): Map<number, string> {
  const counts = new Map<number, string>();
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index]!;
    for (const spelling of spellings) {
      if (word === spelling) {
        if (index + 1 < argv.length) counts.set(index + 1, argv[index + 1]!);
      } else if (spelling.startsWith('--') ? word.startsWith(`${spelling}=`) : word.startsWith(spelling)) {
        counts.set(index, word.slice(spelling.length + (spelling.startsWith('--') ? 1 : 0)));
      }
    }
  }
  return counts;
}
