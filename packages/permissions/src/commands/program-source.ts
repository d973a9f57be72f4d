/**
 * Where a shell or interpreter takes the program it runs from, in one reading of its argv
 * (decision 0047): inline (a `code` or `script` word: `python3 -c CODE`, `bash -c CMD`), a
 * script file (its first operand), elsewhere (a module, a program file, a subcommand or the
 * command it runs: `python3 -m x`, `php -F f.php`, `bun x tool`), standard input (the entry's
 * `stdinProgram`: none of those, `-`, or `program-stdin`: `bash -s`), or nowhere (`no-program`:
 * `--version`). The engine's unseen-code check and its search for written scripts read it.
 */
import type { Reading } from './read-argv';

/** Where one reading's program comes from (see the file comment). */
export type ProgramSource =
  | {
      from: 'inline';
      /** The program text (`undefined` when missing: `sh -c` as the last word). */
      text: string | undefined;
      /** Index of the word holding it. */
      at: number | undefined;
    }
  | { from: 'operand'; at: number }
  | {
      from: 'stdin';
      /** Asked for (`-s`, `-`), not only for want of another program. */
      explicit: boolean;
      /** A shell that only reads its commands (`bash -n`, see `syntax-only`). */
      syntaxOnly: boolean;
    }
  | { from: 'elsewhere' }
  | { from: 'none' };

const ELSEWHERE: ProgramSource = { from: 'elsewhere' };
const NONE: ProgramSource = { from: 'none' };

/** The values that name standard input or a descriptor of it as a file. */
export const STDIN_FILE = /^(?:-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/self\/fd\/\d+)$/;

/**
 * True when `reading` is the table's own reading, with no guess: no option the entry does not
 * list was given a value (`node --no-warnings t.js` is read both ways; the one in which
 * `--no-warnings` takes no value is this one). A value after `=` is no guess.
 */
export function unguessed(reading: Reading): boolean {
  for (const option of reading.options) {
    if (option.def !== undefined || option.value === undefined) continue;
    if (option.spelling.startsWith('+')) continue;
    if (option.valueIndex === option.index && option.spelling.startsWith('--')) continue;
    return false;
  }
  return true;
}

/**
 * Where the program of `argv` (the command word at `start`) comes from in `reading`, or
 * `undefined` when the entry read is no `stdinProgram` one. Options after the first operand
 * are the program's own (`python3 - --version` runs standard input), and a subcommand's
 * `code` operand is inline (`deno eval CODE`).
 */
export function programSource(argv: readonly string[], reading: Reading): ProgramSource | undefined {
  const entry = reading.facts[0]!.fact;
  if (entry.stdinProgram !== true) return undefined;
  for (const index of reading.operands)
    if (reading.kinds[index] === 'code') return { from: 'inline', text: argv[index], at: index };
  if (reading.facts.length > 1 || reading.unknownSubcommand !== undefined) return ELSEWHERE;
  if (reading.commandAt !== undefined || reading.anyLaterWord) return ELSEWHERE;
  const first = reading.operands[0];
  const end = first ?? argv.length;
  let given = false;
  let stdin = false;
  let syntaxOnly = false;
  let plain = true;
  for (const option of reading.options) {
    if (option.index >= end) continue;
    const def = option.def;
    if (def === undefined || def.takes !== 'none' || def.effects.includes('interactive')) plain = false;
    if (def === undefined) continue;
    const effects = def.effects;
    if (effects.includes('no-program')) return NONE;
    // The first program given inline: the words after it are its own (`python3 -c CODE --version`).
    if (def.role === 'code' || def.role === 'script')
      return { from: 'inline', text: option.value, at: option.valueIndex };
    if (effects.includes('program-given')) {
      if (option.value !== undefined && STDIN_FILE.test(option.value)) stdin = true;
      else given = true;
    }
    if (effects.includes('program-stdin')) stdin = true;
    if (effects.includes('syntax-only')) syntaxOnly = true;
  }
  if (given && !stdin) return ELSEWHERE;
  if (first !== undefined && argv[first] !== '-' && !stdin) return { from: 'operand', at: first };
  const explicit = stdin || first !== undefined;
  return { from: 'stdin', explicit, syntaxOnly: syntaxOnly && plain };
}
