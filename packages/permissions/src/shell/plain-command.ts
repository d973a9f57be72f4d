/**
 * The commonest input, analyzed without the grammar: one simple command of plain words —
 * letters, digits and `_ . / : = , @ % + -`, separated by spaces (`git status -s`,
 * `mkdir -p build/out`, `X=1 make test`). Nothing in such input is quoted, expanded,
 * redirected or nested, so its analysis is exactly the one the parser would build; it is
 * built here directly, in one pass. About a third of the agent corpus is this plain.
 *
 * Anything else goes to the parser: a reserved word or declaration builtin in command
 * position, an `NAME+=` prefix, a wrapper that lists more commands (`xargs rm`, `sh -c ls`)
 * or that the unwrapper finds opaque. `plain-command.test.ts` holds the two equal on every
 * plain command of the corpora and on generated ones.
 */
import { isNameChar, isNameStart } from './names';
import { isReservedWord } from './reserved-words';
import type { ShellAnalysis, ShellAssignment, ShellWord, SimpleCommand } from './types';
import { type UnwrapHost, unwrapCommand } from './unwrap';

/** 1 for the characters a plain word may hold. */
const PLAIN = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=,@%+-')
  PLAIN[char.charCodeAt(0)] = 1;

/** Thrown by the unwrap host: the command lists more commands, so the parser must run. */
const NOT_PLAIN = new Error('not a plain command');

const host: UnwrapHost = {
  parseScript() {
    throw NOT_PLAIN;
  },
  emitDerived() {
    throw NOT_PLAIN;
  },
};

/** `export`, `declare`, `typeset`, `local`, `readonly`: the parser reads assignments after them. */
function isDeclarationBuiltin(text: string): boolean {
  return (
    text === 'export' || text === 'declare' || text === 'typeset' || text === 'local' || text === 'readonly'
  );
}

/**
 * Where a plain word's `=` makes it an assignment: `NAME=…` → the `=`'s index; `NAME+=…`
 * (which the parser marks dynamic) → -2; anything else → -1.
 */
function assignmentAt(word: string): number {
  if (!isNameStart(word.charCodeAt(0))) return -1;
  let index = 1;
  while (index < word.length && isNameChar(word.charCodeAt(index))) index++;
  const code = word.charCodeAt(index);
  if (code === 0x3d) return index;
  return code === 0x2b && word.charCodeAt(index + 1) === 0x3d ? -2 : -1;
}

/**
 * The analysis of `text` when it is one plain simple command (see above), or undefined.
 * Runs of two or more blanks are added to `blankRuns` as the parser's lexer records them.
 * Only for input under the default caps (the caller checks).
 */
export function plainAnalysis(text: string, blankRuns: number[] | undefined): ShellAnalysis | undefined {
  const length = text.length;
  const words: ShellWord[] = [];
  const argv: string[] = [];
  const starts: number[] = [];
  let assignments: ShellAssignment[] | undefined;
  let runs: number[] | undefined;
  let start = -1;
  let end = 0;
  let index = 0;
  while (index < length) {
    if (text.charCodeAt(index) === 0x20) {
      const from = index;
      while (index < length && text.charCodeAt(index) === 0x20) index++;
      if (index - from > 1) (runs ??= []).push(from, index);
      continue;
    }
    const from = index;
    let equals = false;
    for (; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x20) break;
      if (code >= 128 || PLAIN[code] === 0) return undefined;
      if (code === 0x3d) equals = true;
    }
    const word = text.slice(from, index);
    if (start < 0) start = from;
    end = index;
    if (words.length === 0 && equals) {
      const at = assignmentAt(word);
      if (at === -2) return undefined;
      if (at > 0) {
        (assignments ??= []).push({
          name: word.slice(0, at),
          value: word.slice(at + 1),
          dynamic: false,
          form: 'prefix',
        });
        continue;
      }
    }
    words.push({ value: word, raw: word, dynamic: false, glob: false, quoted: false });
    argv.push(word);
    starts.push(from);
  }
  if (start < 0) return undefined;
  if (words.length === 0) {
    for (const assignment of assignments!) assignment.form = 'bare';
  } else if (isReservedWord(argv[0]!) || isDeclarationBuiltin(argv[0]!)) {
    return undefined;
  }
  let unwrapped: SimpleCommand['unwrapped'];
  try {
    unwrapped = unwrapCommand(words, starts, 0, host, argv);
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
  if (unwrapped.opaqueReason !== undefined) return undefined;
  const command: SimpleCommand = {
    argv,
    words,
    assignments: assignments ?? [],
    redirects: [],
    unwrapped,
    context: 'top',
    depth: 0,
    opaqueReasons: [],
    start,
    end,
  };
  if (blankRuns !== undefined && runs !== undefined) for (const position of runs) blankRuns.push(position);
  return { commands: [command], opaque: false, opaqueReasons: [] };
}
