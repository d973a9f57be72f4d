/**
 * Argument parsing shared by the subcommands: `--settings FILE` (repeatable), `--cwd DIR`,
 * `--json`, and everything after `--` as the command.
 */

/** Parsed options of a subcommand. */
export interface CliArgs {
  settings: string[];
  cwd?: string;
  json: boolean;
  /** Words after `--` (or the remaining operands). */
  rest: string[];
}

/** Thrown for a usage error; the message is shown with the usage text. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Parses `argv` (the words after the subcommand). */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const parsed: CliArgs = { settings: [], json: false, rest: [] };
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '--') {
      parsed.rest.push(...argv.slice(index + 1));
      break;
    }
    const [name, attached] =
      word.startsWith('--') && word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
    const value = () => {
      if (attached !== undefined) return attached;
      const next = argv[index + 1];
      if (next === undefined) throw new UsageError(`${name} needs a value`);
      index++;
      return next;
    };
    if (name === '--settings') parsed.settings.push(value());
    else if (name === '--cwd') parsed.cwd = value();
    else if (name === '--json') parsed.json = true;
    else if (word.startsWith('-') && word !== '-') throw new UsageError(`unknown option ${word}`);
    else parsed.rest.push(word);
  }
  return parsed;
}
