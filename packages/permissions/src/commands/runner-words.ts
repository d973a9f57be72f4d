/**
 * What the table says of the words of a runner — a command that runs another one given in its
 * later words (`ssh host rm`, `docker exec c rm`, `tmux new rm`): a deny rule is matched at every
 * later word (`engine/hidden-commands.ts`), except where every reading says no command can be.
 */
import type { CompiledFact } from './compile';
import { MAX_READINGS as MAX_READINGS_CUT, type Reading, readArgv, type WordKind } from './read-argv';

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
    const placed = placeCommand(reading, argv);
    if (placed === undefined) return undefined;
    if (placed.start !== undefined) {
      add(placed.start, argv.length, shell, packageProgram);
      continue;
    }
    // Where the command starts is not known: every later word that is no option may be it.
    for (const at of placed.maybe) add(at, argv.length, shell, packageProgram);
  }
  return runs;
}

/** Where a runner's command is: its own operands, the command's start, or where it may start. */
interface Placement {
  readonly operands: readonly number[];
  readonly start?: number;
  readonly maybe: readonly number[];
}

/**
 * Where an `any-later-word` runner's command is in one reading of `argv`: after its
 * `commandAfter` operands (`operands`: `ssh HOST`, `docker exec CONTAINER`; one fewer when an
 * option named the container, `target-given`: `kubectl exec -f pod.yaml`, `podman exec -l`),
 * past a `--` right there, at `start` — or, where the table gives no count or a word that
 * looks like an option comes first, at any of `maybe`. A runner whose options may follow its
 * host (`loginShell`: OpenSSH reads `ssh host -p 22 CMD` so) has its words after the host read
 * again as its own, as the runner reads them; its command then starts at the first other word
 * of every such reading. Undefined when those readings are cut short.
 */
function placeCommand(reading: Reading, argv: readonly string[]): Placement | undefined {
  let runner: CompiledFact | undefined;
  for (const level of reading.facts) if (level.fact.wrapper === 'any-later-word') runner = level;
  // The words the runner does not read as its own: not its options, nor their values.
  const later = laterWords(reading, argv, 1);
  const count = runner?.fact.commandAfter;
  let operands = count === undefined ? undefined : count - (reading.effects.has('target-given') ? 1 : 0);
  let from = 0;
  while (operands !== undefined && operands > 0 && from < later.length) {
    if (argv[later[from]!]!.startsWith('-')) operands = undefined;
    else {
      operands--;
      from++;
    }
  }
  const own = later.slice(0, from);
  if (operands === 0 && from < later.length && argv[later[from]!] === '--') from++;
  const word = from < later.length ? argv[later[from]!]! : undefined;
  // A runner that reads its options after its operands too (`permute`: `kubectl exec pod ls -c
  // x` runs `ls`, `-c x` is kubectl's) takes them out of its command's words: not one run of
  // words, so not placed.
  if (runner?.fact.permute === true && from < later.length && optionAfter(reading, argv, later[from]!))
    return undefined;
  if (operands === 0 && (word === undefined || !word.startsWith('-'))) {
    if (word === undefined) return { operands: own, maybe: [] };
    if (!separated(runner, argv, later, from)) return { operands: own, start: later[from]!, maybe: [] };
  }
  if (operands === 0 && own.length > 0 && readsOptionsAfterHost(reading, runner)) {
    // `ssh host -p 22 ls`: the words after the host read as ssh reads them there.
    const host = own[own.length - 1]!;
    const again = readArgv(argv, runner!, host);
    if (again.length >= MAX_READINGS_CUT) return undefined;
    const starts = new Set<number>();
    for (const rest of again) {
      const words = laterWords(rest, argv, host + 1);
      if (words.length > 0) starts.add(words[0]!);
    }
    if (starts.size <= 1) {
      const [start] = starts;
      return start === undefined ? { operands: own, maybe: [] } : { operands: own, start, maybe: [] };
    }
    return { operands: own, maybe: [...starts].sort((a, b) => a - b) };
  }
  const maybe: number[] = [];
  for (let at = from; at < later.length; at++) if (!argv[later[at]!]!.startsWith('-')) maybe.push(later[at]!);
  return { operands: own, maybe };
}

/** True when `reading` reads a word after `start` as an option, its value or the end of options. */
function optionAfter(reading: Reading, argv: readonly string[], start: number): boolean {
  for (let index = start + 1; index < argv.length; index++) {
    const kind = reading.kinds[index];
    if (kind !== undefined && kind !== 'unknown') return true;
  }
  for (const option of reading.options)
    if (option.index > start || (option.valueIndex !== undefined && option.valueIndex > start)) return true;
  return false;
}

/**
 * True when a word from `later[from]` on is the runner's `commandSeparator` or ends in it
 * (`tmux new -d ls \; new -d rm x`): another of its commands follows, which may run one too.
 */
function separated(
  runner: CompiledFact | undefined,
  argv: readonly string[],
  later: readonly number[],
  from: number,
): boolean {
  const separator = runner?.fact.commandSeparator;
  if (separator === undefined) return false;
  for (let at = from; at < later.length; at++) if (argv[later[at]!]!.endsWith(separator)) return true;
  return false;
}

/** True when `runner`, the entry `reading` starts with, reads its options after its host too (`loginShell`). */
function readsOptionsAfterHost(reading: Reading, runner: CompiledFact | undefined): boolean {
  return runner !== undefined && runner.fact.loginShell === true && reading.facts[0] === runner;
}

/**
 * The readings of a runner's words after its host, for a runner that reads its options there
 * too (`loginShell`: `ssh host -o ProxyCommand=CMD ls`), as it reads them: in every reading of
 * `argv` where an option follows the host. Empty for any other argv.
 */
export function readingsAfterHost(readings: readonly Reading[], argv: readonly string[]): Reading[] {
  const found: Reading[] = [];
  for (const reading of readings) {
    if (!reading.anyLaterWord) continue;
    const runner = reading.facts[0]!;
    if (!readsOptionsAfterHost(reading, runner) || runner.fact.commandAfter !== 1) continue;
    const later = laterWords(reading, argv, 1);
    if (later.length < 2 || argv[later[0]!]!.startsWith('-') || !argv[later[1]!]!.startsWith('-')) continue;
    found.push(...readArgv(argv, runner, later[0]!));
  }
  return found;
}

/** The indexes from `from` on that `reading` reads as `unknown` and no option took as its value. */
function laterWords(reading: Reading, argv: readonly string[], from: number): number[] {
  let values: Set<number> | undefined;
  for (const option of reading.options)
    if (option.valueIndex !== undefined) (values ??= new Set()).add(option.valueIndex);
  const later: number[] = [];
  for (let index = from; index < argv.length; index++)
    if (reading.kinds[index] === 'unknown' && !values?.has(index)) later.push(index);
  return later;
}

/**
 * The indexes of `argv` every reading reads as a runner's own operands before its command —
 * the host of `ssh HOST CMD`, the container of `docker exec -it CONTAINER CMD` (`commandAfter`)
 * — or undefined when there is none, or some reading may read one of them otherwise (an unlisted
 * option may have taken the place of one: `docker exec --foo c x`).
 */
export function runnerOperands(
  readings: readonly Reading[],
  argv: readonly string[],
): Set<number> | undefined {
  if (readings.length === 0 || readings.length >= MAX_READINGS_CUT) return undefined;
  let common: Set<number> | undefined;
  for (const reading of readings) {
    if (!reading.anyLaterWord) return undefined;
    const placed = placeCommand(reading, argv);
    if (placed === undefined || placed.operands.length === 0) return undefined;
    if (common === undefined) common = new Set(placed.operands);
    else for (const index of common) if (!placed.operands.includes(index)) common.delete(index);
    if (common.size === 0) return undefined;
  }
  return common;
}

/**
 * True when every reading of an argv prints only ids or names, one a word with no blank and no
 * shell syntax (`printsIds` with a `names-only` option: `docker ps -q`, `kubectl get pods -o
 * name`), and gives only options its entries list (an unlisted one may change the format).
 */
export function printsOnlyIds(readings: readonly Reading[] | undefined): boolean {
  if (readings === undefined || readings.length === 0 || readings.length >= MAX_READINGS_CUT) return false;
  for (const reading of readings) {
    if (reading.unknownSubcommand !== undefined || !reading.effects.has('names-only')) return false;
    if (!reading.facts.some((level) => level.fact.printsIds === true)) return false;
    for (const option of reading.options) if (option.def === undefined) return false;
  }
  return true;
}
