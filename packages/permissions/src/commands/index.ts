/**
 * The command table and its reader (decision 0031): one place for each fact about a real
 * command, read by one argv reader. The consumers — the floor's reads and tree reads, global
 * options, runners and hidden command lines, shell names, the classifier's verdict on known
 * writers — derive what they need from here.
 */
import type { CompiledFact } from './compile';
import { basename, loadCommandTable } from './load-table';
import { type Reading, readArgv } from './read-argv';
import { runsCodeItself, subcommandRunsCode } from './rule-prefix';
import { ENTRIES } from './table';
import type { CommandFact, ReadFormat } from './types';

export { listedInputAt, OPTION_VARIABLES, onlyPrints, remoteContactAt } from './classifier-facts';
export { commandLinesIn } from './command-lines';
export { type CompiledFact, type OptionDef, valueEffectsOf } from './compile';
export { type CopiedWord, copiedPrograms, countValues } from './copies-and-counts';
export { programPrintsEnvironment, readingPrintsCredentials, readingPrintsEnvironment } from './credentials';
export { execsArgv } from './exec-argv';
export {
  commandsIn,
  type FileRun,
  filesRunIn,
  normalizePath,
  settingsMovedIn,
  settingsWrittenIn,
} from './files-run';
export {
  INLINE_OPTION,
  type InlineCode,
  inlineCode,
  interpreterName,
  LANGUAGES,
  RUN_CALLS,
  SHELL_QUOTE_LANGUAGES,
  WRITE_CALLS,
} from './inline-code';
export { type CommandTable, loadCommandTable } from './load-table';
export { programDollars, withoutFieldReferences } from './program-dollars';
export { type ProgramSource, programSource, STDIN_FILE, unguessed } from './program-source';
export { namesProjectFile } from './project-file';
export { MAX_READINGS, type OptionUse, type Reading, readArgv, type WordKind } from './read-argv';
export { prefixLength } from './rule-prefix';
export {
  type CommandRun,
  commandsRun,
  printsOnlyIds,
  readingsAfterHost,
  runnerOperands,
  runsNoCommand,
  wordsNamingNoCommand,
} from './runner-words';
export { SECRET_NAME, SECRET_NAME_SOURCE } from './secret-names';
export {
  placeholderOf,
  readingExpandsAliases,
  readsCommandsOnStdin,
  shownWords,
  startsShellOnStdin,
} from './stdin-commands';
export type {
  ArgvFacts,
  CommandFact,
  Effect,
  Example,
  PrintsCredentials,
  ReadFormat,
  Role,
  RunsFormat,
  Unwrap,
} from './types';

/**
 * `true` in a build of the package, which checks every example of the table before it bundles
 * it (`tsup.config.ts`, decision 0055); not defined when the sources run (tests, the harness).
 */
declare const __DEXTER_TABLE_CHECKED__: boolean | undefined;

/**
 * The table, loaded once: an entry's examples are checked when the entry is first looked up,
 * unless this is a build whose table was checked whole before it was bundled.
 */
export const COMMAND_TABLE = loadCommandTable(ENTRIES, {
  examplesChecked: typeof __DEXTER_TABLE_CHECKED__ !== 'undefined' && __DEXTER_TABLE_CHECKED__ === true,
});

/** The entry for a command name (a basename), if the table has one. */
export function commandFact(name: string): CompiledFact | undefined {
  return COMMAND_TABLE.get(name);
}

/**
 * The readings made of one argv array (argv arrays are not changed once made): the floor, the
 * deny rules and the classifier each read the same command, and one reading serves them all.
 * Most argv arrays are read from their command word only (`start` 0); other starts (a wrapper's
 * command) are kept in `more`.
 */
interface ArgvReadings {
  key: string;
  readings: readonly Reading[];
  more: Map<string, readonly Reading[]> | undefined;
}

/**
 * Readings by argv array, for the arrays read lately: a strong map emptied when it reaches
 * `READ_KEPT` arrays rather than a `WeakMap`. Every decision makes new argv arrays, and a weak
 * map's entries are ephemerons the collector must trace apart — a quarter of the time of a
 * `git status` decision went to the collector. An argv read again after the map was emptied
 * is read again: the same readings.
 */
const READ = new Map<readonly string[], ArgvReadings>();
const READ_KEPT = 512;

/**
 * Forgets the readings made so far: an evaluation starts with it, as its argv arrays are all
 * new (the readings of the last one are then garbage while still young, cheap to collect).
 */
export function forgetReadings(): void {
  if (READ.size > 0) READ.clear();
}

/**
 * Every reading of `argv[start…]` (the command word first), or `undefined` when the table has
 * no entry for it. The same argv array read again gets the same readings: treat them as
 * read-only.
 */
export function readCommand(
  argv: readonly string[],
  start = 0,
  name = basename(argv[start] ?? ''),
): readonly Reading[] | undefined {
  const key = start === 0 ? name : `${start} ${name}`;
  const known = READ.get(argv);
  // Read already: the table had an entry for the name then, and has the same now.
  if (known !== undefined) {
    if (known.key === key) return known.readings;
    const more = known.more?.get(key);
    if (more !== undefined) return more;
  }
  const fact = COMMAND_TABLE.get(name);
  if (fact === undefined) return undefined;
  if (known !== undefined) {
    const readings = readArgv(argv, fact, start);
    (known.more ??= new Map()).set(key, readings);
    return readings;
  }
  const readings = readArgv(argv, fact, start);
  if (READ.size >= READ_KEPT) READ.clear();
  READ.set(argv, { key, readings, more: undefined });
  return readings;
}

/** Where a directory change goes (see `directoryChanges`). */
export interface DirectoryChange {
  /**
   * Per reading that changes directory, the index of its `chdir` operand in argv, or -1 for
   * none (`cd` alone goes home); empty when no reading changes it (`pushd -n DIR`).
   */
  targets: number[];
  /** Some reading gives an option the entry does not list: where it goes is not known. */
  unlisted: boolean;
}

/**
 * Where a command that changes the shell's directory (`cd`, `pushd`: the table's `chdir`
 * operand) goes, as the table reads its argv; `undefined` when the table has no entry for it.
 * The shell's own flags (`cd -P DIR`, `cd -- DIR`) are the entry's, not a walker's.
 */
export function directoryChanges(argv: readonly string[], name: string): DirectoryChange | undefined {
  const readings = readCommand(argv, 0, name);
  if (readings === undefined) return undefined;
  const change: DirectoryChange = { targets: [], unlisted: false };
  for (const reading of readings) {
    if (reading.options.some((option) => option.def === undefined)) change.unlisted = true;
    if (reading.effects.has('keeps-directory')) continue;
    const target = reading.operands.find((index) => reading.kinds[index] === 'chdir') ?? -1;
    if (!change.targets.includes(target)) change.targets.push(target);
  }
  return change;
}

/** Each name as written (a `*` name too) to its entry: names are unique (the table refuses two). */
let entryByName: Map<string, CommandFact> | undefined;

function entryNamed(name: string): CommandFact | undefined {
  if (entryByName === undefined) {
    entryByName = new Map();
    for (const entry of ENTRIES) for (const written of entry.names) entryByName.set(written, entry);
  }
  return entryByName.get(name);
}

/**
 * A set of command names derived as it is asked, not when the module loads: `has` asks
 * `member` of the one name, and the first use that needs every member (iteration, `size`)
 * asks it of every candidate once and keeps the set. `candidates` lists groups of names that
 * are members together (an entry's names), in the order the set lists them. A new process asks
 * only of the commands it meets — the forty-odd sets the consumers derive from the table cost
 * a `git status` hook its start-up when each walked the whole table at load. `member` must be
 * pure.
 */
class DerivedNames implements ReadonlySet<string> {
  #member: (name: string) => boolean;
  #candidates: () => Iterable<readonly string[]>;
  #all: Set<string> | undefined;

  constructor(member: (name: string) => boolean, candidates: () => Iterable<readonly string[]>) {
    this.#member = member;
    this.#candidates = candidates;
  }

  has(name: string): boolean {
    return this.#all !== undefined ? this.#all.has(name) : this.#member(name);
  }

  #members(): Set<string> {
    if (this.#all === undefined) {
      const all = new Set<string>();
      for (const group of this.#candidates())
        if (this.has(group[0]!)) for (const name of group) all.add(name);
      this.#all = all;
    }
    return this.#all;
  }

  get size(): number {
    return this.#members().size;
  }
  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const name of this.#members()) callback.call(thisArg, name, name, this);
  }
  entries(): SetIterator<[string, string]> {
    return this.#members().entries();
  }
  keys(): SetIterator<string> {
    return this.#members().keys();
  }
  values(): SetIterator<string> {
    return this.#members().values();
  }
  [Symbol.iterator](): SetIterator<string> {
    return this.#members()[Symbol.iterator]();
  }
}

/**
 * `compute` kept per command name as it is asked, for a consumer that combines several of the
 * table's derived sets into one answer per name (the floor's `nameKind`, the classifier's
 * `listedEntry`). Bounded: command words repeat, hostile input may not, so the memo is emptied
 * at `limit` names. `compute` must be pure and never give `undefined`.
 */
export function memoByName<T>(compute: (name: string) => T, limit = 4096): (name: string) => T {
  const known = new Map<string, T>();
  return (name) => {
    let value = known.get(name);
    if (value === undefined) {
      value = compute(name);
      if (known.size >= limit) known.clear();
      known.set(name, value);
    }
    return value;
  };
}

/**
 * The names of the entries whose facts pass `test`, read from the entries as written: a set
 * derived this way compiles no entry, and tests an entry when one of its names is first asked
 * (see `DerivedNames`).
 */
export function namesWhere(test: (fact: CommandFact) => boolean): ReadonlySet<string> {
  // What `test` says of an entry, kept per entry (never per name asked: a name the table does
  // not have is answered by the index alone, so arbitrary command names add nothing here).
  const passes = new Map<CommandFact, boolean>();
  return new DerivedNames(
    (name) => {
      const entry = entryNamed(name);
      if (entry === undefined) return false;
      let member = passes.get(entry);
      if (member === undefined) {
        member = test(entry);
        passes.set(entry, member);
      }
      return member;
    },
    () => ENTRIES.map((entry) => entry.names),
  );
}

/**
 * The names in any of `sets` (in their order), asked of each set name by name: the union of
 * derived sets derives none of them whole.
 */
export function namesInAny(...sets: readonly ReadonlySet<string>[]): ReadonlySet<string> {
  return new DerivedNames(
    (name) => sets.some((set) => set.has(name)),
    () => sets.flatMap((set) => [...set].map((name) => [name])),
  );
}

/** An entry's facts, or a subcommand's. */
type Facts = Omit<CommandFact, 'names'>;

/**
 * An entry's facts and its subcommands', at any depth, outermost first, each once: a tree that
 * lists the same subcommand object under several paths (`docker run`, `docker container run`:
 * about 1,150 paths, 27 objects) is tested once per object. Listed once per entry for every
 * name set derived with `atAnyLevel`.
 */
const LEVELS = new Map<Facts, readonly Facts[]>();

function levelsOf(fact: Facts): readonly Facts[] {
  let levels = LEVELS.get(fact);
  if (levels === undefined) {
    const seen = new Set<Facts>([fact]);
    const list: Facts[] = [fact];
    for (let at = 0; at < list.length; at++)
      for (const sub of Object.values(list[at]!.subcommands ?? {}))
        if (!seen.has(sub)) {
          seen.add(sub);
          list.push(sub);
        }
    levels = list;
    LEVELS.set(fact, levels);
  }
  return levels;
}

/** `test`, true of an entry when it holds of the entry or of a subcommand of it, at any depth. */
export function atAnyLevel(test: (fact: Facts) => boolean): (fact: Facts) => boolean {
  return (fact) => levelsOf(fact).some(test);
}

/**
 * True when the entry or any subcommand of it runs another command, other than a package
 * runner's (`npm exec`: its program is found in every reading, see `PACKAGE_RUNNER_NAMES`).
 */
const runsCommands = atAnyLevel((fact) => fact.wrapper !== undefined && fact.packageRunner !== true);

/** Shells whose `-c STRING` the parser reads as sh. */
export const SHELL_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.kind === 'shell');
/** Every shell, of any language, and the multi-call binaries that start one (`busybox sh`). */
export const ALL_SHELL_NAMES: ReadonlySet<string> = namesWhere(
  (fact) => fact.kind !== undefined || fact.wrapper === 'first-operand',
);
/** Programs that run the commands their variables hold (`make CC='rm x'`: `commandVariables`). */
export const COMMAND_VARIABLE_NAMES: ReadonlySet<string> = namesWhere(
  (fact) => fact.commandVariables === true,
);
/** The awk family: the entries whose program language is awk. */
export const AWK_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.programLanguage === 'awk');
/** Multi-call binaries: the applet their first operand names runs (`busybox rm`, `toybox sh`). */
export const MULTI_CALL_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.wrapper === 'first-operand');
/**
 * Programs that run a command given in their arguments and that the parser does not unwrap
 * (`ssh host rm`, `op run -- rm`, `docker exec c rm`): a deny rule is matched at every later word.
 */
export const RUNNER_NAMES: ReadonlySet<string> = namesWhere(
  (fact) =>
    fact.unwrap?.everyLaterWord === true ||
    (fact.unwrap === undefined &&
      fact.kind === undefined &&
      fact.wrapper !== 'first-operand' &&
      runsCommands(fact)),
);
/**
 * Package runners (`npx`, `npm exec`, `uv run`, `bundle exec`, …; `packageRunner`): the deny
 * rules are matched at the program they run, in every reading.
 */
export const PACKAGE_RUNNER_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel((fact) => fact.packageRunner === true),
);
/**
 * Wrappers the shell parser takes off the command they run (`sudo`, `env`, `timeout`, `su -c`;
 * see `Unwrap`), and the multi-call binaries (`busybox rm`).
 */
export const WRAPPER_NAMES: ReadonlySet<string> = namesWhere(
  (fact) => fact.unwrap !== undefined || fact.wrapper === 'first-operand',
);
/**
 * Commands whose own word runs code or another command given to it — shells, wrappers, runners
 * of their later words, language interpreters, programs that run code given to them
 * (`runsCode`: `java`, `make`, `psql`, `man`): a prefix rule on that word would allow anything
 * (`Bash(ssh:*)`, `Bash(python3:*)`). Not the tools of which only a subcommand runs one
 * (`docker exec`, `kubectl exec`, `op run`): a prefix up to another subcommand (`docker ps:*`)
 * never covers it.
 */
export const RUNS_CODE_NAMES: ReadonlySet<string> = namesWhere(runsCodeItself);

/**
 * Per command name, the names of its subcommands (aliases too) at which `test` holds, at any
 * depth below them: read from the entries as written, compiling none, on first use.
 */
export function subcommandsWhere(test: (fact: Facts) => boolean): ReadonlyMap<string, ReadonlySet<string>> {
  return lazyMap(() => {
    const deep = atAnyLevel(test);
    const out = new Map<string, Set<string>>();
    for (const entry of ENTRIES) {
      for (const [name, sub] of Object.entries(entry.subcommands ?? {})) {
        if (!deep(sub)) continue;
        for (const command of entry.names) {
          const set = out.get(command) ?? new Set<string>();
          for (const word of [name, ...(sub.names ?? [])]) set.add(word);
          out.set(command, set);
        }
      }
    }
    return out;
  });
}

/** A map made by `derive` the first time it is read. */
function lazyMap<K, V>(derive: () => ReadonlyMap<K, V>): ReadonlyMap<K, V> {
  let map: ReadonlyMap<K, V> | undefined;
  const got = () => (map ??= derive());
  return {
    get: (key) => got().get(key),
    has: (key) => got().has(key),
    get size() {
      return got().size;
    },
    forEach: (callback, thisArg) => got().forEach(callback, thisArg),
    entries: () => got().entries(),
    keys: () => got().keys(),
    values: () => got().values(),
    [Symbol.iterator]: () => got()[Symbol.iterator](),
  };
}

/**
 * Subcommands that run a program or a command line given to them, or store one to run later
 * (`npm exec`, `docker run`, `kubectl exec`, `uv run`, `doppler run`, `npm config set`), or
 * always run code or change state whatever their words (`implies`: `cargo run`, `docker build`,
 * `kubectl apply`): a prefix rule up to them would allow anything (see `RUNS_CODE_NAMES` for
 * whole commands).
 */
export const RUNS_CODE_SUBCOMMANDS: ReadonlyMap<string, ReadonlySet<string>> = subcommandsWhere(
  subcommandRunsCode,
);

/** Commands on the read-only classifier's allowlist (`readOnly`, decision 0039). */
export const READ_ONLY_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.readOnly !== undefined);
/** Commands that change what their operands name (`rm`). */
export const MUTATING_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.mutates === true);

/**
 * Commands that change the shell's directory to an operand (`cd`, `pushd`: the table's `chdir`
 * operand), which the rest of the line runs in.
 */
export const DIRECTORY_CHANGERS: ReadonlySet<string> = namesWhere(
  (fact) => fact.operands?.includes('chdir') === true,
);

/**
 * Commands that change the shell's directory to one of its directory stack, which their words
 * do not name (`popd`: `stack-directory`).
 */
export const STACK_DIRECTORY_NAMES: ReadonlySet<string> = namesWhere(
  (fact) => fact.implies?.includes('stack-directory') === true,
);

/**
 * True when an option of the entry (or of a subcommand of it) holds a command line, or an ftp
 * command string whose `!CMD` runs one (`lftp -c '!rm x'`).
 */
const holdsScripts = atAnyLevel(
  (fact) =>
    Object.values(fact.values ?? {}).includes('script') ||
    Object.values(fact.readFormat ?? {}).includes('ftp-commands') ||
    (fact.operands ?? []).includes('script') ||
    fact.plusCommands !== undefined ||
    fact.commandWords !== undefined ||
    fact.settingOptions !== undefined ||
    fact.setsCommandSettings !== undefined ||
    fact.commandEnv !== undefined,
);

/**
 * Commands with an option whose value is a command line they run (`ugrep --filter`, `git clone
 * -u`), or a setting that holds one (`git -c core.pager=CMD`, `npm config set script-shell CMD`):
 * see `commandLinesIn`. Not the wrappers the parser takes off (`su -c`, `flock -c`), whose
 * scripts it parses.
 */
export const SCRIPT_HOLDER_NAMES: ReadonlySet<string> = namesWhere(
  (fact) => fact.kind === undefined && fact.unwrap === undefined && holdsScripts(fact),
);

/** True when the entry or a subcommand of it may print a credential. */
const mayPrintCredentials = atAnyLevel((fact) => fact.printsCredentials !== undefined);

/** Commands the table says may print a credential (`terraform output -json`, `heroku config`). */
export const CREDENTIAL_NAMES: ReadonlySet<string> = namesWhere(mayPrintCredentials);

/**
 * A test of a command name against `names` (a set of the table's names, `namesWhere`), a member
 * ending in `*` standing for every name starting so (`docker-credential-*`, see
 * `CommandFact.names`).
 */
export function nameTest(names: ReadonlySet<string>): (name: string) => boolean {
  // The prefixes are the table's `*` names in `names`, found when first needed (asking for each
  // of them, not listing `names`).
  let prefixes: string[] | undefined;
  return (name) => {
    if (names.has(name)) return true;
    prefixes ??= ENTRIES.flatMap((entry) =>
      entry.names
        .filter((written) => written.endsWith('*') && names.has(written))
        .map((written) => written.slice(0, -1)),
    );
    return prefixes.some((prefix) => name.startsWith(prefix));
  };
}

/** True when the table says a command of this name may print a credential (`CREDENTIAL_NAMES`). */
export const mayPrintCredential: (name: string) => boolean = nameTest(CREDENTIAL_NAMES);

/** Commands the table says may print the environment (`printenv`, `set`, `declare -p`). */
export const ENVIRONMENT_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel((fact) => fact.printsEnvironment !== undefined),
);

/**
 * Commands that may read more options from a file the command line does not show (`curl -K`,
 * `gcc @opts`: `optionFiles`).
 */
export const READS_OPTIONS_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel(
    (fact) =>
      fact.optionFiles !== undefined ||
      Object.values(fact.effects ?? {}).some((effects) => effects.includes('reads-options')),
  ),
);

/** True when the entry or a subcommand of it gives a value a role the floor does not read. */
const hasNonReadValues = atAnyLevel(
  (fact) =>
    Object.values(fact.values ?? {}).some(
      (role) => role === 'value' || role === 'uses' || role === 'certificate' || role === 'script',
    ) ||
    Object.keys(fact.readFormat ?? {}).length > 0 ||
    fact.writesOnly !== undefined ||
    fact.settingRoles !== undefined,
);

/**
 * Commands whose words the floor reads with the table: some option value is no path (`value`,
 * `uses`, `certificate`: `curl --data-raw`, `--cert`, `openssl x509 -in`), a file only written
 * (`openssl -out`), a setting whose key gives its role (`ssh -o IdentityFile=KEY`), a command
 * line whose words are read as that command's (`rsync -e 'ssh -i KEY'`), or names its file
 * inside other text (`curl -F`).
 */
export const FLOOR_ROLE_NAMES: ReadonlySet<string> = namesWhere(hasNonReadValues);

/** lftp/sftp commands whose operands are local files they read or send. */
const FTP_READERS = new Set(['put', 'mput', 'reput', 'source', 'lcat', 'lls']);

/**
 * The files a `read` value in `format` names: `curl-form` — `name=@.env;type=text/plain` →
 * `.env`; `ftp-commands` — the operands of `put`/`mput`/`reput`/`source` in a command string
 * (`lftp -c 'open h; put .env'` → `.env`).
 */
export function formattedReads(value: string, format: ReadFormat): string[] {
  if (format === 'curl-form') {
    const match = /^[^=]*=[@<](?:"((?:[^"\\]|\\.)*)"|([^;]*))/.exec(value);
    if (match === null) return [];
    const file = match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!;
    return file === '' ? [] : [file];
  }
  const files: string[] = [];
  for (const command of value.split(/;|&&|\|\||\n/)) {
    const words = command.trim().split(/\s+/);
    if (!FTP_READERS.has(words[0] ?? '')) continue;
    for (const word of words.slice(1))
      if (word !== '' && !word.startsWith('-')) files.push(word.replace(/^["']|["']$/g, ''));
  }
  return files;
}

/** True when the entry or a subcommand of it runs the commands of a file, or moves where they are. */
const runsFilesOf = atAnyLevel(
  (fact) =>
    fact.runsFiles !== undefined || fact.movesRunsFiles !== undefined || fact.writesSettings !== undefined,
);

/**
 * Commands that run the text of a file as shell commands (git's hooks, direnv's `.envrc`, just,
 * npm's scripts, tox, ftp's standard input), move where those files are (`git config
 * core.hooksPath`) or write settings into one (`npm pkg set`): see `files-run.ts`.
 */
export const RUNS_FILES_NAMES: ReadonlySet<string> = namesWhere(runsFilesOf);

// --- code that arrives at run time, and text a command shows (decision 0051) -----------------

/** Commands that, given no command, start a shell that reads standard input (`startsShell`: `screen`). */
export const SHELL_STARTER_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel((fact) => fact.startsShell === true),
);

/**
 * Commands that may run the command lines they read on standard input: `stdinCommands` (`at`,
 * `batch`, `crontab`), or an option whose value is the file of commands run (`make -f -`).
 */
export const STDIN_COMMAND_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel(
    (fact) =>
      fact.stdinCommands === true ||
      (fact.runsFormat === undefined &&
        Object.values(fact.effects ?? {}).some((effects) => effects.includes('runs-file'))),
  ),
);

/** Builtins that run shell code in the current shell, and how (`runsShellCode`: `source`, `.`, `eval`). */
export const SHELL_CODE_RUNNERS: ReadonlyMap<string, 'file' | 'words'> = new Map(
  ENTRIES.flatMap((entry) =>
    entry.runsShellCode === undefined ? [] : entry.names.map((name) => [name, entry.runsShellCode!] as const),
  ),
);

/** Commands that may turn alias expansion on (`expandsAliases`: `shopt`, `set`). */
export const ALIAS_EXPANDING_NAMES: ReadonlySet<string> = namesWhere(
  (fact) => fact.expandsAliases !== undefined,
);

/**
 * Runners that, given no command, run a login shell fed on standard input (`loginShell`: ssh, and
 * gcloud's ssh subcommands).
 */
export const LOGIN_SHELL_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel((fact) => fact.loginShell === true),
);

/**
 * Wrappers that, given no command, run each input line as a command line, with the words that
 * give arguments instead (`linesWithoutCommand`: `parallel`, unless `:::`).
 */
export const LINE_RUNNERS: ReadonlyMap<string, string | undefined> = new Map(
  ENTRIES.flatMap((entry) => {
    const runs = entry.unwrap?.runs;
    return runs?.as === 'input' && runs.linesWithoutCommand === true
      ? entry.names.map((name) => [name, runs.until] as const)
      : [];
  }),
);

/** Commands whose settings define aliases (`definesAliases`: `alias`). */
export const ALIAS_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.definesAliases === true);

/** Runners whose options put input lines into the command they run (`placeholders`: `xargs -I`). */
export const PLACEHOLDER_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.placeholders !== undefined);

/** Commands that write text the line shows to their standard output, and how (`showsOutput`). */
export const SHOWN_OUTPUT: ReadonlyMap<string, 'operands' | 'copies-input'> = new Map(
  ENTRIES.flatMap((entry) =>
    entry.showsOutput === undefined ? [] : entry.names.map((name) => [name, entry.showsOutput!] as const),
  ),
);

/** Languages whose double-quoted strings interpolate variables (`interpolates`: Perl, Ruby, PHP). */
export const INTERPOLATING_LANGUAGES: ReadonlySet<string> = new Set(
  ENTRIES.flatMap((entry) => (entry.interpolates === true && entry.language ? [entry.language] : [])),
);

/** Per language, the process APIs without which its run calls do not count (`processApi`). */
export const PROCESS_APIS: ReadonlyMap<string, RegExp> = new Map(
  ENTRIES.flatMap((entry) =>
    entry.processApi === undefined || entry.language === undefined
      ? []
      : [[entry.language, new RegExp(entry.processApi)] as const],
  ),
);

/**
 * Why a wrapper left with no command starts a shell of its own (`sudo -s`, `su`, `chroot DIR`):
 * the reasons of the wrappers' `withoutCommand` facts, which the parser puts after the wrapper's
 * name in the command's opaque reason (`sudo starts an interactive shell`).
 */
export const SHELL_STARTING_REASONS: readonly string[] = [
  ...new Set(
    ENTRIES.flatMap((entry) =>
      entry.unwrap?.withoutCommand === undefined ? [] : [entry.unwrap.withoutCommand.reason],
    ),
  ),
];

// --- copies and counts (decision 0058) --------------------------------------------------------

/** Commands that copy, move or link files under another name (`copiesFiles`: `cp`, `ln`, `mv`). */
export const COPIER_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.copiesFiles === true);

/** Per command name, its options whose value is a count (`countOptions`: make's `-j`, `--jobs`). */
export const COUNT_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map(
  ENTRIES.flatMap((entry) =>
    entry.countOptions === undefined ? [] : entry.names.map((name) => [name, entry.countOptions!] as const),
  ),
);

// --- what the parser and the search for hidden commands read by name (decision 0058) ----------

/** Wrappers that exec their command as an argv, never through a shell (`Unwrap.argvOnly`). */
export const ARGV_WRAPPER_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.unwrap?.argvOnly === true);

/**
 * The options with which a wrapper with no command starts a shell (`withoutCommand.with`: `sudo
 * -s`, `-i`, `--shell`, `--login`; `doas -s`), of every wrapper.
 */
export const SHELL_STARTING_OPTIONS: readonly string[] = [
  ...new Set(ENTRIES.flatMap((entry) => entry.unwrap?.withoutCommand?.with ?? [])),
];

/** Builtins that run their words, joined, as a command line (`runsShellCode: 'words'`: `eval`). */
export const WORDS_RUNNER_NAMES: ReadonlySet<string> = new Set(
  [...SHELL_CODE_RUNNERS].flatMap(([name, how]) => (how === 'words' ? [name] : [])),
);

/**
 * Commands (not shells, not wrappers) whose first operand is a command line they keep and run
 * later, the operands after it saying when (`trap ACTION SIGNAL…`).
 */
export const ACTION_SCRIPT_NAMES: ReadonlySet<string> = namesWhere(
  (fact) => fact.kind === undefined && fact.unwrap === undefined && fact.operands?.[0] === 'script',
);

/**
 * Per command whose operands come first and whose options form an expression (`operandsFirst`:
 * `find`), the spellings of its options whose value is a command word, run with the words up to
 * `;` or `{} +` (`-exec`, `-execdir`, `-ok`, `-okdir`).
 */
export const EXPRESSION_COMMAND_OPTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  ENTRIES.flatMap((entry) => {
    if (entry.operandsFirst === undefined) return [];
    const spellings = Object.entries(entry.values ?? {}).flatMap(([spelling, role]) =>
      role === 'command' ? [spelling] : [],
    );
    return spellings.length === 0 ? [] : entry.names.map((name) => [name, new Set(spellings)] as const);
  }),
);

/** Interpreters whose program's `$` is their own, never a shell's (`dollarNotShell`: awk, perl, python). */
export const DOLLAR_NOT_SHELL_NAMES: ReadonlySet<string> = namesWhere((fact) => fact.dollarNotShell === true);
