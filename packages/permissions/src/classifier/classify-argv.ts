/**
 * The read-only allowlist: the command table's entries marked `readOnly` (decision 0043), each
 * argv read by the table's one reader and read-only only if every reading is
 * (`table-verdict.ts`). Anything not listed is 'unknown'. A path-qualified command word counts
 * only from the system binary directories (`./ls` or `tmp/ls` may be any program).
 *
 * Left off on purpose (so 'unknown'): pagers and editors (`less`, `more`, `man`, `vim`: `!cmd`,
 * LESSOPEN), `awk` (its programs call `system()` and print to files), `make`, interpreters,
 * network clients (`curl`, `ssh`, `git ls-remote|fetch`), and `ldd` (may run the binary).
 */
import {
  atAnyLevel,
  commandFact,
  listedInputAt,
  MUTATING_NAMES,
  memoByName,
  namesWhere,
  READ_ONLY_NAMES,
  READS_OPTIONS_NAMES,
  readCommand,
  valueEffectsOf,
} from '../commands';
import type { ShellWord } from '../shell/types';
import { classifyPackageRunner } from './package-options';
import { classifyQuiet, classifyReadings, isQuiet } from './table-verdict';
import type { ClassificationResult } from './types';
import { mutating, unknown } from './verdict';

type Classifier = (args: readonly string[], words?: readonly ShellWord[]) => ClassificationResult;

/**
 * `argv` (the command word at 0) by the command table's readings of it (decision 0039); an
 * entry none of whose facts can make it write is read without readings (`isQuiet`).
 */
function classifyFromTable(
  argv: readonly string[],
  words: readonly ShellWord[] | undefined,
  name: string,
  listed: Listed,
): ClassificationResult {
  const fact = commandFact(name)!;
  listed.quiet ??= isQuiet(fact);
  return listed.quiet
    ? classifyQuiet(argv, words, fact, name)
    : classifyReadings(argv, words, 0, readCommand(argv, 0, name)!);
}

const SYSTEM_DIRS = new Set([
  '/bin',
  '/usr/bin',
  '/usr/local/bin',
  '/sbin',
  '/usr/sbin',
  '/usr/local/sbin',
  '/opt/homebrew/bin',
]);

/**
 * The allowlist's command names, sorted (for documentation and tests): listed the first time
 * the array is read, not when the module loads (a decision never reads it).
 */
export const READ_ONLY_COMMANDS: readonly string[] = listedWhenRead(() => [...READ_ONLY_NAMES].sort());

/** An array whose items `list` gives the first time any of it is read (a proxy over it). */
function listedWhenRead(list: () => readonly string[]): readonly string[] {
  const items: string[] = [];
  let listed = false;
  const filled = (): string[] => {
    if (!listed) {
      listed = true;
      items.push(...list());
    }
    return items;
  };
  // The proxy's target is `items` itself, so every answer is the target's own (as a proxy must give).
  return new Proxy(items, {
    get: (_target, key, receiver) => Reflect.get(filled(), key, receiver),
    has: (_target, key) => Reflect.has(filled(), key),
    ownKeys: () => Reflect.ownKeys(filled()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(filled(), key),
  });
}

/**
 * How a command name is classified: by the command table's readings of argv, or (an entry
 * with `optionStyle: 'nopt'`: npm, pnpm) by the reader of their options in
 * `package-options.ts`, given a copy of the arguments.
 */
interface Listed {
  classify: Classifier | undefined;
  /** Read by the command table. */
  table?: true;
  /** The table entry's verdict needs no reading (`isQuiet`), once known. */
  quiet?: boolean;
}

/**
 * Not on the allowlist, but a prefix rule for them must not cover options that run code: the
 * entries whose options nopt reads (npm, pnpm), by the reader of `package-options.ts`.
 */
const NOPT_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.optionStyle === 'nopt');

/**
 * What classifyArgv makes of a command name, `null` for a name it does not list (most command
 * words): asked of the table's derived sets one name at a time, so a new process tests only the
 * entries of the names it meets, and kept per name (`memoByName`).
 */
const listedAs = memoByName<Listed | null>((name) =>
  READ_ONLY_NAMES.has(name)
    ? { classify: undefined, table: true }
    : NOPT_NAMES.has(name)
      ? { classify: (args, words) => classifyPackageRunner(name, args, words) }
      : null,
);

/** How `name` is classified, when it is listed. */
function listedEntry(name: string): Listed | undefined {
  return listedAs(name) ?? undefined;
}

/**
 * Entries that read the names of what they act on from their input or a list file (an option
 * or value with the effect `reads-listed`, or `listOperands`) at some level.
 */
const READS_LISTED_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel(
    (fact) =>
      fact.listOperands !== undefined ||
      Object.values(fact.effects ?? {}).some((effects) => effects.includes('reads-listed')),
  ),
);

/**
 * The word (as written) by which a command off the allowlist reads the names of the files it
 * takes from its input or a list file rather than its command line, in any reading (the
 * table's `reads-listed`: `find ~ | zip x.zip -@`, `rsync --files-from=- . dst`, `7z a x.7z
 * @list.txt`). What it reads cannot be checked, so no prefix rule (`Bash(zip:*)`) covers it; a
 * rule that spells the word out still does.
 */
function namesFromInput(argv: readonly string[], name: string): string | undefined {
  for (const reading of readCommand(argv, 0, name) ?? []) {
    const at = listedInputAt(reading, argv);
    if (at !== undefined) return argv[at];
  }
  return undefined;
}

/**
 * The option (as written) by which a command of the command table reads more options from a
 * file or standard input (`curl -K -`, `curl --config x.cfg`), or the operand naming such a
 * file (`optionFiles`: `gcc @opts`), in any reading: what those options do is not on the command
 * line, so no prefix rule (`Bash(curl:*)`) covers it.
 */
function optionsFromFile(argv: readonly string[], name: string): string | undefined {
  for (const reading of readCommand(argv, 0, name) ?? []) {
    for (const option of reading.options) {
      if (option.def?.effects.includes('reads-options')) return argv[option.index];
    }
    const prefix = reading.facts[reading.facts.length - 1]!.fact.optionFiles;
    if (prefix !== undefined && reading.effects.has('reads-options'))
      for (const index of reading.operands) if (argv[index]!.startsWith(prefix)) return argv[index];
  }
  return undefined;
}

/** True when an option of `fact` (at any level) runs another program, given or with some value. */
const runsByOption = atAnyLevel((fact) =>
  Object.values(fact.effects ?? {}).some((effects) => effects.includes('runs')),
);

/** Entries off the allowlist's concern whose options may run another program (`gcc -B DIR`). */
const RUNS_OPTION_NAMES: ReadonlySet<string> = namesWhere(runsByOption);

/**
 * The option (as written) by which a command off the allowlist runs another program, in any
 * reading (the table's `runs` effect: `gcc -B /tmp/x`, `clang -fplugin=p.so`): not the command
 * the prefix rule names, so `Bash(gcc:*)` does not cover it, as it covers no flag that runs
 * something (a rule that spells the option out, `Bash(gcc -B:*)`, does).
 */
function runningOption(argv: readonly string[], name: string): string | undefined {
  for (const reading of readCommand(argv, 0, name) ?? []) {
    if (!reading.effects.has('runs')) continue;
    for (const option of reading.options) {
      const def = option.def;
      if (def === undefined) continue;
      if (
        def.effects.includes('runs') ||
        (option.value !== undefined && valueEffectsOf(def, option.value)?.includes('runs'))
      )
        return argv[option.index];
    }
  }
  return undefined;
}

/**
 * Classifies an argv (command word first). `words`, aligned with `argv`, lets run-time words
 * (globs, `$X`) that could become flags be refused.
 *
 * @example
 * classifyArgv(['sort', '-uo', 'out', 'in']).classification; // 'mutating' (flag '-uo')
 * classifyArgv(['git', 'log', '--oneline']).classification; // 'read-only'
 */
export function classifyArgv(argv: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  const command = argv[0];
  if (command === undefined) return unknown('no command');
  const commandWord = words?.[0];
  if (commandWord?.dynamic || commandWord?.glob) {
    return unknown('the command word depends on run-time expansion', command);
  }
  let name = command;
  // `indexOf` first: most command words have no `/`, and V8 runs `lastIndexOf` as a runtime call.
  if (command.indexOf('/') !== -1) {
    const slash = command.lastIndexOf('/');
    const dir = command.slice(0, slash) || '/';
    if (!SYSTEM_DIRS.has(dir))
      return unknown(`${command} is path-qualified outside the system directories`, command);
    name = command.slice(slash + 1);
  }
  const listed = listedEntry(name);
  if (listed === undefined) {
    // The command table knows it changes what its operands name (`rm -rf x`).
    if (MUTATING_NAMES.has(name)) return mutating(`${name} changes the files it names`, name);
    const runs = RUNS_OPTION_NAMES.has(name) ? runningOption(argv, name) : undefined;
    if (runs !== undefined) return mutating(`${name} ${runs} runs another program`, runs);
    const hidden = READS_OPTIONS_NAMES.has(name) ? optionsFromFile(argv, name) : undefined;
    if (hidden !== undefined) {
      return {
        ...unknown(`${name} ${hidden} reads more options from a file the command line does not show`, hidden),
        prefixExcluded: true,
      };
    }
    const list = READS_LISTED_NAMES.has(name) ? namesFromInput(argv, name) : undefined;
    return list === undefined
      ? unknown(`${name} is not on the read-only allowlist`, name)
      : {
          ...unknown(
            `${name} ${list} reads the files named in its input, which the command line does not show`,
            list,
          ),
          prefixExcluded: true,
        };
  }
  if (listed.table) return classifyFromTable(argv, words, name, listed);
  return listed.classify!(argv.slice(1), words?.slice(1));
}
