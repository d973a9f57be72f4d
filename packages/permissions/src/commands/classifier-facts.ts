/**
 * The facts only the read-only classifier reads (decision 0059): a (sub)command that contacts a
 * remote (`contactsRemote`), the words by which a command reads the names it acts on from its
 * input or a list file (`reads-listed`, `listOperands`), a wrapper's options with which it only
 * prints (`unwrap.onlyPrintsWith`), the files a wrapper writes itself (`writesFiles`) and the
 * variables that hold options (`optionsEnv`) — with the checks of their examples when the table
 * loads.
 */
import { type CompiledFact, valueEffectsOf } from './compile';
import { type Reading, readArgv } from './read-argv';
import { ENTRIES } from './table';
import type { CommandFact, Example } from './types';

/**
 * The index of the word by which `reading` contacts a remote (its last subcommand word, or the
 * command word at `start`), or undefined when it does not: its innermost entry has no
 * `contactsRemote`, or an option of that entry keeps it local (`git remote show -n`).
 */
export function remoteContactAt(reading: Reading, start = 0): number | undefined {
  const innermost = reading.facts[reading.facts.length - 1]!;
  const contacts = innermost.fact.contactsRemote;
  if (contacts === undefined) return undefined;
  const at = reading.kinds.lastIndexOf('subcommand');
  const unless = contacts.unless;
  if (unless !== undefined)
    for (const option of reading.options)
      if (option.index > at && option.def !== undefined && unless.includes(option.def.spelling))
        return undefined;
  return at < 0 ? start : at;
}

/**
 * The index of the word by which `reading` reads the names of what it acts on from its input
 * or a list file rather than its command line — an option with the effect `reads-listed` (its
 * own or its value's: `zip -@`, `rsync --files-from=-`, `7z -i@list`) or an operand that names
 * a list (`listOperands`: `7z a x.7z @list.txt`) — or undefined for none.
 */
export function listedInputAt(reading: Reading, argv: readonly string[], start = 0): number | undefined {
  if (!reading.effects.has('reads-listed')) return undefined;
  for (const option of reading.options) {
    const def = option.def;
    if (def === undefined) continue;
    if (def.effects.includes('reads-listed')) return option.index;
    if (option.value !== undefined && valueEffectsOf(def, option.value)?.includes('reads-listed'))
      return option.index;
  }
  const prefix = reading.facts[reading.facts.length - 1]!.fact.listOperands;
  if (prefix !== undefined)
    for (const index of reading.operands) if (argv[index]!.startsWith(prefix)) return index;
  // An effect the entry implies: the command word.
  return start;
}

/** True when the wrapper `reading` read is given one of its options that only print (`command -v`). */
export function onlyPrints(reading: Reading): boolean {
  const printing = reading.facts[0]!.fact.unwrap?.onlyPrintsWith;
  if (printing === undefined) return false;
  return reading.options.some((option) => option.def !== undefined && printing.includes(option.def.spelling));
}

/**
 * The files `fact`'s `writesFiles` says the command writes itself, read from its command word
 * (a wrapper's, such as `nohup`'s `nohup.out`): none when one of its `unless` options is given.
 * (Options naming other files and `ifChanges` are the protected-path check's: `written-paths.ts`.)
 */
export function ownWrites(fact: CompiledFact, readings: readonly Reading[]): readonly string[] {
  const writes = fact.fact.writesFiles;
  if (writes === undefined) return [];
  const unless = writes.unless;
  if (
    unless !== undefined &&
    readings.every((reading) => reading.options.some((option) => unless.includes(option.spelling)))
  )
    return [];
  return writes.files;
}

/** Variables whose value some command reads as options before its own (`optionsEnv`). */
export const OPTION_VARIABLES: ReadonlySet<string> = new Set(
  ENTRIES.flatMap((entry) => entry.optionsEnv ?? []),
);

function fail(entry: CommandFact, argv: readonly string[], what: string): never {
  throw new Error(`command table: ${entry.names[0]}: example \`${argv.join(' ')}\` ${what}`);
}

/**
 * Checks the classifier's facts of one example against `readings`, its argv's readings (with
 * `reader`, the entry of its command word): `contactsRemote`, `onlyPrints`, `writes`, and `env`
 * with `envEffects` (the argv read with the variables' options first).
 */
export function checkClassifierExample(
  entry: CommandFact,
  example: Example,
  reader: CompiledFact,
  readings: readonly Reading[],
): void {
  const argv = example.argv;
  if (
    example.contactsRemote !== undefined &&
    readings.some((reading) => remoteContactAt(reading) !== undefined) !== example.contactsRemote
  )
    fail(entry, argv, example.contactsRemote ? 'contacts no remote' : 'contacts a remote');
  if (example.onlyPrints !== undefined && readings.some(onlyPrints) !== example.onlyPrints)
    fail(entry, argv, example.onlyPrints ? 'does not only print' : 'only prints');
  if (example.writes !== undefined) {
    const written = ownWrites(reader, readings).join(' ');
    if (written !== example.writes) fail(entry, argv, `writes ${JSON.stringify(written)}`);
  }
  if (example.env === undefined) return;
  const first: string[] = [];
  for (const [name, value] of Object.entries(example.env)) {
    if (!(reader.fact.optionsEnv ?? []).includes(name)) fail(entry, argv, `: ${name} gives no options`);
    first.push(...value.split(/\s+/).filter((word) => word !== ''));
  }
  const withOptions = [argv[0]!, ...first, ...argv.slice(1)];
  const more = readArgv(withOptions, reader);
  for (const effect of example.envEffects ?? [])
    if (!more.every((reading) => reading.effects.has(effect)))
      fail(entry, argv, `with ${JSON.stringify(example.env)} lacks the effect ${effect}`);
}
