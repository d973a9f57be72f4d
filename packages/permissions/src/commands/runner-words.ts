/**
 * What the table says of the words of a runner — a command that runs another one given in its
 * later words (`ssh host rm`, `docker exec c rm`, `tmux new rm`): a deny rule is matched at every
 * later word (`engine/hidden-commands.ts`), except where every reading says no command can be.
 */
import type { CompiledFact } from './compile';
import { MAX_READINGS as MAX_READINGS_CUT, type Reading, type WordKind } from './read-argv';

/**
 * True when every reading reaches a subcommand that runs no command of its words
 * (`runsNoCommand`: `docker logs c`, `docker image rm x`, `kubectl -n x get pod rm`). A
 * subcommand the table does not know, or an unlisted option that may have taken the
 * subcommand's place as its value, may run one.
 */
export function runsNoCommand(readings: readonly Reading[]): boolean {
  if (readings.length === 0) return false;
  for (const reading of readings) {
    let quiet = false;
    for (let level = 1; level < reading.facts.length; level++)
      if (reading.facts[level]!.fact.runsNoCommand === true) quiet = true;
    if (!quiet) return false;
  }
  return true;
}

/** Kinds of words no runner runs: a known subcommand, or an option's value of a role that is no command. */
const NAMES_NO_COMMAND: ReadonlySet<WordKind> = new Set<WordKind>([
  'subcommand',
  'name',
  'value',
  'read',
  'write',
  'remove',
  'chdir',
  'pattern',
  'uses',
  'meta',
  'certificate',
]);

/**
 * Indexes of `argv` that no reading runs as a command: in every reading a known subcommand's
 * word (`docker image rm x`: `image`, `rm`) or an option's value that names no command (`tmux
 * new -s rm`, `screen -dmS curl`, `nix-shell -p curl`, `docker --context rm ps`). Undefined when
 * there is none. A word read as `unknown` by some reading (an unlisted option may or may not
 * have taken it) may be the command.
 */
export function wordsNamingNoCommand(
  readings: readonly Reading[],
  argv: readonly string[],
): Set<number> | undefined {
  let found: Set<number> | undefined;
  for (let index = 1; index < argv.length; index++) {
    let names = readings.length > 0;
    for (const reading of readings) {
      const kind = reading.kinds[index];
      if (
        kind === undefined ||
        !NAMES_NO_COMMAND.has(kind) ||
        (kind === 'subcommand' && reading.unknownSubcommand === argv[index])
      ) {
        names = false;
        break;
      }
    }
    if (names) (found ??= new Set()).add(index);
  }
  return found;
}

/**
 * A command a runner runs, as the allow side reads it (decision 0057): `argv[start]` up to
 * `end`, either handed over as an argv (`docker exec c CMD…`, `npx CMD…`, `fd -x CMD… ;`) or
 * joined by blanks for a shell to read (`shell`: ssh's remote shell reads `ssh host CMD…` so).
 */
export interface CommandRun {
  readonly start: number;
  readonly end: number;
  /** The words are joined by blanks and read again by a shell (the runner's `loginShell`). */
  readonly shell: boolean;
  /** A package runner's program (`packageRunner`: `npx pkg`, `uv run pkg`), looked up among a package's tools first. */
  readonly packageProgram: boolean;
}

/**
 * Where the commands a runner's `argv` runs start, in every reading, for the allow side — a
 * prefix rule on the runner does not cover them (decision 0057), so each must be covered on its
 * own. Read from the table:
 *
 * - a wrapper's command word (`commandAt`: `op run -- CMD`, `npx -y CMD`, `busybox CMD`);
 * - a `command` option value, up to a `;` word (`fd -x CMD ;`);
 * - an `any-later-word` runner's words: the command follows its `commandAfter` operands (`ssh
 *   HOST CMD`, `docker exec CONTAINER CMD`), past a `--` right there. Where the table does not
 *   say how many, or an option comes first (`ssh host -l u CMD`: the table does not read options
 *   after the host), every later word that is not an option is a possible start, and each one
 *   must be covered.
 *
 * Undefined when the readings are cut short (past `MAX_READINGS`): no reading can be trusted
 * to have found every start. A reading that runs nothing adds nothing (`ssh host` logs in).
 */
export function commandsRun(readings: readonly Reading[], argv: readonly string[]): CommandRun[] | undefined {
  if (readings.length >= MAX_READINGS_CUT) return undefined;
  const runs: CommandRun[] = [];
  const seen = new Set<string>();
  const add = (start: number, end: number, shell: boolean, packageProgram: boolean) => {
    if (start >= end) return;
    const key = `${start} ${end} ${shell} ${packageProgram}`;
    if (seen.has(key)) return;
    seen.add(key);
    runs.push({ start, end, shell, packageProgram });
  };
  for (const reading of readings) {
    const packageProgram = reading.facts.some((level) => level.fact.packageRunner === true);
    const shell = reading.facts.some((level) => level.fact.loginShell === true);
    if (reading.commandAt !== undefined) add(reading.commandAt, argv.length, shell, packageProgram);
    for (const option of reading.options) {
      if (
        option.def?.role !== 'command' ||
        option.valueIndex === undefined ||
        option.valueIndex <= option.index
      )
        continue;
      let end = option.valueIndex;
      while (end < argv.length && argv[end] !== ';') end++;
      add(option.valueIndex, end, false, false);
    }
    if (!reading.anyLaterWord) continue;
    let runner: CompiledFact['fact'] | undefined;
    for (const level of reading.facts) if (level.fact.wrapper === 'any-later-word') runner = level.fact;
    // The words the runner does not read as its own: not its options, nor their values.
    const values = new Set<number>();
    for (const option of reading.options) if (option.valueIndex !== undefined) values.add(option.valueIndex);
    const later: number[] = [];
    for (let index = 1; index < argv.length; index++)
      if (reading.kinds[index] === 'unknown' && !values.has(index)) later.push(index);
    let from = 0;
    let operands = runner?.commandAfter;
    while (operands !== undefined && operands > 0 && from < later.length) {
      if (argv[later[from]!]!.startsWith('-')) operands = undefined;
      else {
        operands--;
        from++;
      }
    }
    if (operands === 0 && from < later.length && argv[later[from]!] === '--') from++;
    const word = from < later.length ? argv[later[from]!]! : undefined;
    if (operands === 0 && (word === undefined || !word.startsWith('-'))) {
      if (word !== undefined) add(later[from]!, argv.length, shell, packageProgram);
      continue;
    }
    // Where the command starts is not known: every later word that is no option may be it.
    for (let at = from; at < later.length; at++)
      if (!argv[later[at]!]!.startsWith('-')) add(later[at]!, argv.length, shell, packageProgram);
  }
  return runs;
}
