/**
 * Loads the command table: refuses a name given twice, and compiles each entry when one of
 * its names is first looked up, checking the entry's examples against the reader then — an
 * entry that contradicts its own examples is never read (the command it was asked for is
 * denied, as on any internal error), and a test checks every entry at once.
 */
import { checkClassifierExample } from './classifier-facts';
import { commandLinesIn } from './command-lines';
import { type CompiledFact, compileFact } from './compile';
import { copiedPrograms, countValues } from './copies-and-counts';
import { readingPrintsCredentials, readingPrintsEnvironment } from './credentials';
import { execsArgv } from './exec-argv';
import { programDollars } from './program-dollars';
import { type Reading, readArgv } from './read-argv';
import { prefixLength } from './rule-prefix';
import { commandsRun, printsOnlyIds, runsNoCommand } from './runner-words';
import {
  placeholderOf,
  readingExpandsAliases,
  readsCommandsOnStdin,
  shownWords,
  startsShellOnStdin,
} from './stdin-commands';
import type { CommandFact, Example } from './types';

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

function checkExample(entry: CommandFact, example: Example, reader: CompiledFact, readings: Reading[]): void {
  const argv = example.argv;
  if (example.readings !== undefined && readings.length !== example.readings)
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` has ${readings.length} readings, not ${example.readings}`,
    );
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
  if (
    example.credentials !== undefined &&
    readings.some((reading) => readingPrintsCredentials(reading, argv)) !== example.credentials
  )
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.credentials ? 'prints no credential' : 'prints a credential'}`,
    );
  if (
    example.environment !== undefined &&
    readings.some((reading) => readingPrintsEnvironment(reading, argv)) !== example.environment
  )
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.environment ? 'prints no environment' : 'prints the environment'}`,
    );
  if (example.runsCommand !== undefined && runsNoCommand(readings) === example.runsCommand)
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.runsCommand ? 'runs no command' : 'may run a command'}`,
    );
  if (example.runs !== undefined) {
    const runs = (commandsRun(readings, argv) ?? []).map((run) => argv.slice(run.start, run.end).join(' '));
    if (runs.length !== example.runs.length || example.runs.some((text) => !runs.includes(text)))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` runs ${JSON.stringify(runs)}`,
      );
  }
  if (example.ids !== undefined && printsOnlyIds(readings) !== example.ids)
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.ids ? 'prints more than ids' : 'prints only ids'}`,
    );
  if (example.commandLines !== undefined) {
    const variables = Object.entries(example.variables ?? {}).map(([name, value]) => ({ name, value }));
    const lines = commandLinesIn(readings, argv, variables);
    const missing = example.commandLines.find((line) => !lines.includes(line));
    if (missing !== undefined || (example.commandLines.length === 0 && lines.length > 0))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` holds the command lines ${JSON.stringify(lines)}`,
      );
  }
  if (
    example.stdinCommands !== undefined &&
    readings.some((reading) => readsCommandsOnStdin(reading, argv)) !== example.stdinCommands
  )
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.stdinCommands ? 'runs no command lines from standard input' : 'runs command lines from standard input'}`,
    );
  if (
    example.startsShell !== undefined &&
    readings.some((reading) => startsShellOnStdin(reading, argv)) !== example.startsShell
  )
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.startsShell ? 'starts no shell on standard input' : 'starts a shell on standard input'}`,
    );
  if (
    example.expandsAliases !== undefined &&
    readings.some((reading) => readingExpandsAliases(reading, argv)) !== example.expandsAliases
  )
    throw new Error(
      `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.expandsAliases ? 'expands no aliases' : 'expands aliases'}`,
    );
  if (example.placeholders !== undefined) {
    const found = new Set(readings.flatMap((reading) => placeholderOf(reading) ?? []));
    if (found.size !== example.placeholders.length || example.placeholders.some((text) => !found.has(text)))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` replaces ${JSON.stringify([...found])}`,
      );
  }
  if (example.shows !== undefined) {
    const shown = shownWords(argv, reader).join(' ');
    if (reader.fact.showsOutput !== 'operands' || shown !== example.shows)
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` shows ${JSON.stringify(shown)}`,
      );
  }
  if (example.copies !== undefined) {
    const copied = reader.fact.copiesFiles === true ? copiedPrograms(argv) : [];
    if (copied.join('\0') !== example.copies.join('\0'))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` copies ${JSON.stringify(copied)}`,
      );
  }
  if (example.execsArgv !== undefined) {
    if (execsArgv(reader, readings) !== example.execsArgv)
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` ${example.execsArgv ? 'execs no argv' : 'execs an argv'}`,
      );
  }
  if (example.dollars !== undefined) {
    const read = argv
      .slice(1)
      .map((word) => programDollars(word, reader))
      .join(' ');
    if (read !== example.dollars)
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` reads as ${JSON.stringify(read)}`,
      );
  }
  if (example.counts !== undefined) {
    const counts = [...countValues(argv, reader.fact.countOptions ?? []).values()];
    if (counts.join('\0') !== example.counts.join('\0'))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` gives the counts ${JSON.stringify(counts)}`,
      );
  }
  if (example.prefix !== undefined) {
    const words = argv.slice(0, prefixLength(argv, reader));
    if (words.join('\0') !== example.prefix.join('\0'))
      throw new Error(
        `command table: ${entry.names[0]}: example \`${describe(argv)}\` gets the prefix ${JSON.stringify(words)}`,
      );
  }
}

/**
 * Loads `entries` into a table. Names are indexed at once (a name given twice throws here);
 * an entry is compiled, and its examples are checked against the reader, the first time one
 * of its names is looked up — a hook process that decides `git status` compiles the entries
 * it meets, not the whole table. An entry that is malformed or contradicts its examples throws
 * on every lookup of its names (the engine denies the command it was deciding), and `checkAll`
 * compiles every entry and checks every example at once (a test does, so no such table ships).
 *
 * `examplesChecked`: every example of `entries` was checked already, by `checkAll` in another
 * process, before these entries were bundled (the package's build does so for the built-in
 * table, decision 0055): a lookup compiles the entry (a malformed one still throws) without
 * reading its examples again. `checkAll` checks them all the same.
 */
export function loadCommandTable(
  entries: readonly CommandFact[],
  { examplesChecked = false }: { examplesChecked?: boolean } = {},
): CommandTable & { checkAll(): void; loaded(): number } {
  const byName = new Map<string, CommandFact>();
  // Names ending in `*` are prefixes of an open set of names (`docker-credential-*`).
  const byPrefix: [string, CommandFact][] = [];
  for (const entry of entries) {
    if (entry.names.length === 0) throw new Error('command table: an entry names no command');
    for (const name of entry.names) {
      if (byName.has(name)) throw new Error(`command table: ${name} has two entries`);
      byName.set(name, entry);
      if (name.endsWith('*')) byPrefix.push([name.slice(0, -1), entry]);
    }
  }
  const named = (name: string): CommandFact | undefined => {
    const entry = byName.get(name);
    if (entry !== undefined || byPrefix.length === 0) return entry;
    for (const [prefix, candidate] of byPrefix) if (name.startsWith(prefix)) return candidate;
    return undefined;
  };
  const compiled = new Map<CommandFact, CompiledFact | Error>();
  const table: CommandTable & { checkAll(): void; loaded(): number } = {
    get(name) {
      const entry = named(name);
      return entry === undefined ? undefined : load(entry);
    },
    get entries() {
      return entries.map((entry) => ({ names: entry.names, compiled: load(entry) }));
    },
    checkAll() {
      for (const entry of entries) {
        load(entry);
        if (examplesChecked) checkExamples(entry);
      }
    },
    /** How many entries are compiled so far. */
    loaded: () => compiled.size,
  };
  function load(entry: CommandFact): CompiledFact {
    const known = compiled.get(entry);
    if (known instanceof Error) throw known;
    if (known !== undefined) return known;
    const { names, ...fact } = entry;
    try {
      const result = compileFact(fact, names[0]!);
      // Kept before the examples are read: an example may read this entry again (its own
      // name) or another entry whose examples read this one.
      compiled.set(entry, result);
      if (!examplesChecked) checkExamples(entry);
      return result;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      compiled.set(entry, failure);
      throw failure;
    }
  }
  function checkExamples(entry: CommandFact): void {
    for (const example of entry.examples ?? []) {
      const reader = table.get(basename(example.argv[0] ?? ''));
      if (reader === undefined)
        throw new Error(
          `command table: ${entry.names[0]}: example \`${describe(example.argv)}\` names no entry`,
        );
      const readings = readArgv(example.argv, reader);
      checkExample(entry, example, reader, readings);
      checkClassifierExample(entry, example, reader, readings);
    }
  }
  return table;
}
