/**
 * Loads the command table: compiles every entry, refuses a name given twice, and checks each
 * entry's examples against the reader — a table that contradicts its own examples does not
 * load (the engine fails to start rather than decide from wrong facts).
 */
import { type CompiledFact, compileFact } from './compile';
import { readingPrintsCredentials } from './credentials';
import { type Reading, readArgv } from './read-argv';
import type { CommandFact } from './types';

/** A loaded table. */
export interface CommandTable {
  /** The entry a command name (a basename) is run by. */
  get(name: string): CompiledFact | undefined;
  /** Every entry with the names it is run by. */
  entries: readonly { names: readonly string[]; compiled: CompiledFact }[];
}

/** The basename of a command word (`/usr/bin/grep` → `grep`). */
export function basename(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash < 0 ? word : word.slice(slash + 1);
}

function describe(argv: readonly string[]): string {
  return argv.join(' ');
}

function checkExample(
  table: CommandTable,
  entry: CommandFact,
  argv: readonly string[],
  readings: Reading[],
): void {
  const example = entry.examples!.find((candidate) => candidate.argv === argv)!;
  for (const [at, role] of Object.entries(example.roles ?? {})) {
    for (const reading of readings) {
      const kind = reading.kinds[Number(at)];
      if (kind !== role)
        throw new Error(
          `command table: ${entry.names[0]}: example \`${describe(argv)}\`: word ${at} reads as ${kind ?? 'nothing'}, not ${role}`,
        );
    }
  }
  for (const effect of example.effects ?? []) {
    if (!readings.every((reading) => reading.effects.has(effect)))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` lacks the effect ${effect}`,
      );
  }
  for (const effect of example.notEffects ?? []) {
    if (readings.some((reading) => reading.effects.has(effect)))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` has the effect ${effect}`,
      );
  }
  if (example.credentials !== undefined && readings.some(readingPrintsCredentials) !== example.credentials)
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.credentials ? 'prints no credential' : 'prints a credential'}`,
    );
  if (table.get(basename(argv[0] ?? '')) === undefined)
    throw new Error(`command table: ${entry.names[0]}: example \`${describe(argv)}\` names no entry`);
}

/** Compiles `entries` into a table; throws on a malformed entry or a failing example. */
export function loadCommandTable(entries: readonly CommandFact[]): CommandTable {
  const byName = new Map<string, CompiledFact>();
  const compiledEntries: { names: readonly string[]; compiled: CompiledFact }[] = [];
  for (const entry of entries) {
    const { names, ...fact } = entry;
    if (names.length === 0) throw new Error('command table: an entry names no command');
    const compiled = compileFact(fact, names[0]!);
    compiledEntries.push({ names, compiled });
    for (const name of names) {
      if (byName.has(name)) throw new Error(`command table: ${name} has two entries`);
      byName.set(name, compiled);
    }
  }
  const table: CommandTable = { get: (name) => byName.get(name), entries: compiledEntries };
  for (const entry of entries) {
    for (const example of entry.examples ?? []) {
      const compiled = table.get(basename(example.argv[0] ?? ''));
      if (compiled === undefined)
        throw new Error(
          `command table: ${entry.names[0]}: example \`${describe(example.argv)}\` names no entry`,
        );
      checkExample(table, entry, example.argv, readArgv(example.argv, compiled));
    }
  }
  return table;
}
