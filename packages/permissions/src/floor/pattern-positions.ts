/**
 * Which argv words are search patterns or program text rather than paths. For
 * grep/egrep/fgrep/rg/ag/ack/git grep the first operand is a pattern unless `-e`/`-f`
 * supplied one (then every operand is a path); `-e VALUE` is a pattern, `-f VALUE` is a
 * file and stays checked. `git log -S/-G/--grep` values are patterns too. sed/awk program
 * text and jq/yq filters are not paths (file names inside sed/awk programs are checked
 * separately); `echo`/`printf` arguments are data (`echo .env >> .gitignore` is fine). Getting this wrong
 * in the "pattern" direction would hide a read, so unknown options end the scan and the
 * remaining words stay checked.
 */
import { commandFact, type Reading, readArgv } from '../commands';
import { commandWordBasename } from '../shell/command-word';

const GREP_VALUE_SHORT = new Set(['A', 'B', 'C', 'm', 'd', 'D', 'e', 'f']);
const RG_VALUE_SHORT = new Set(['A', 'B', 'C', 'd', 'e', 'E', 'f', 'g', 'j', 'M', 'm', 'r', 't', 'T']);
const GREP_VALUE_LONG = new Set([
  'regexp',
  'file',
  'after-context',
  'before-context',
  'context',
  'max-count',
  'directories',
  'devices',
  'include',
  'exclude',
  'exclude-from',
  'exclude-dir',
  'label',
  'binary-files',
  'group-separator',
  'encoding',
  'glob',
  'iglob',
  'threads',
  'max-columns',
  'replace',
  'type',
  'type-not',
  'max-depth',
  'pre',
  'pre-glob',
  'type-add',
  'sort',
  'sortr',
  'max-filesize',
  'ignore-file',
  'colors',
  'engine',
]);
/** Searchers not yet in the command table: their options are read by `grepPatternIndexes`. */
const PATTERN_TOOLS = new Set(['rg', 'ag', 'ack', 'ack-grep']);
/** Searchers of the command table: their patterns are what its reader says. */
const TABLE_SEARCHERS = new Set([
  'grep',
  'egrep',
  'fgrep',
  'zgrep',
  'zegrep',
  'zfgrep',
  'rgrep',
  'ugrep',
  'ug',
]);
/**
 * Their arguments are data they print, never files they open (`programFileNames` finds none
 * in them, so `readableWordCount` stops the secret-read prefilter at their command word).
 */
export const DATA_TOOLS: ReadonlySet<string> = new Set(['echo', 'printf']);
const JQ_TWO_VALUES = new Set(['--arg', '--argjson', '--slurpfile', '--rawfile']);
const JQ_ONE_VALUE = new Set(['--indent', '-L', '--library-path']);
const PROGRAM_TOOLS = new Set(['sed', 'awk', 'gawk', 'mawk', 'nawk']);
/** jq and the tools that read its language (yq's python and Go versions read files with `load`). */
export const JQ_FAMILY: ReadonlySet<string> = new Set(['jq', 'gojq', 'jaq', 'yq']);
/**
 * Files a jq or yq program reads: jq's `import "PATH" as NAME;` and `include "PATH";` (a
 * module or data file, looked up as PATH, PATH.jq and PATH.json in the `-L` directories), yq's
 * `load("F")`, `load_str("F")`, `load_xml`, `load_props`, `load_base64`.
 */
const JQ_FILE =
  /\b(?:import|include)\s*"([^"\\]*)"|\bload(?:_str|_xml|_props|_base64|_yaml|_json)?\s*\(\s*"([^"\\]*)"/g;

/** The directories a jq module's metadata adds to its search path (`import "m" as $m {search: "DIR"}`). */
const JQ_SEARCH = /\bsearch"?\s*:\s*(\[[^\]]*\]|"[^"\\]*")/g;

/** The search directories a jq program's `import`/`include` metadata names, as written. */
export function jqSearchDirs(program: string): string[] {
  if (!program.includes('search')) return [];
  return [...program.matchAll(JQ_SEARCH)].flatMap((match) =>
    [...match[1]!.matchAll(/"([^"\\]*)"/g)].map((literal) => literal[1]!),
  );
}

/** The files a jq/yq program reads (see `JQ_FILE`), as written. */
export function jqProgramFiles(program: string): string[] {
  if (!program.includes('"')) return [];
  return [...program.matchAll(JQ_FILE)].map((match) => match[1] ?? match[2]!);
}

/** Every command `patternWordIndexes` knows (any other has no pattern words). */
export const PATTERN_COMMANDS: ReadonlySet<string> = new Set([
  ...PATTERN_TOOLS,
  ...TABLE_SEARCHERS,
  ...DATA_TOOLS,
  ...PROGRAM_TOOLS,
  'jq',
  'gojq',
  'jaq',
  'yq',
  'git',
  'gh',
]);

/** git subcommands whose `-m`/`--message` value is the text of a commit, tag, stash or note. */
const GIT_MESSAGE_SUBCOMMANDS = new Set(['commit', 'tag', 'merge', 'stash', 'notes']);
/** Value-less short flags that may come before `m` in one cluster (`git commit -am "…"`). */
const GIT_MESSAGE_CLUSTER = /^-[aefinopqsv]*m/;
const GIT_MESSAGE_FLAGS = /^-[aefinopqsv]*m$/;
/** gh options whose value is text it posts (`gh pr create --title … --body …`); `--body-file` is a read. */
const GH_TEXT_SHORT = new Set(['-t', '-b', '-n']);
const GH_TEXT_LONG = /^--(?:title|body|notes|subject)(=|$)/;

/**
 * Words that are message text, never paths: a commit message may well say "ignore *.pem
 * and .env", which as a quoted pattern would otherwise count as a read of what it matches.
 * `-F FILE`, `--file`, `--body-file` stay checked: they read the file into the message.
 */
function messageIndexes(argv: readonly string[], sub: number, gh: boolean, patterns: Set<number>): void {
  for (let i = sub + 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return;
    if (word === '--message' || word === '-m' || (gh && GH_TEXT_SHORT.has(word))) patterns.add(++i);
    else if (word.startsWith('--message=')) patterns.add(i);
    else if (gh && GH_TEXT_LONG.test(word)) patterns.add(word.includes('=') ? i : ++i);
    else if (!gh && GIT_MESSAGE_CLUSTER.test(word)) {
      // `-am MSG` takes the next word; `-amMSG` holds the message itself.
      patterns.add(GIT_MESSAGE_FLAGS.test(word) ? ++i : i);
    }
  }
}

/** Indexes (into `args`, argv without the command word) of pattern words of a grep-like tool. */
function grepPatternIndexes(
  args: readonly string[],
  valueShort: ReadonlySet<string>,
  programFlag: string,
): Set<number> {
  const patterns = new Set<number>();
  let patternGiven = false;
  let firstOperand: number | undefined;
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (endOfOptions || arg === '-' || !arg.startsWith('-')) {
      firstOperand ??= i;
      continue;
    }
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      if (name === 'regexp' || (programFlag === 'e' && name === 'expression')) {
        patternGiven = true;
        if (eq === -1) patterns.add(++i);
        else patterns.add(i);
      } else if (name === 'file' || name === 'from-file') {
        patternGiven = true;
        if (eq === -1) i++;
      } else if (name === 'exclude' || name === 'exclude-dir') {
        // Names to leave out (`grep -r KEY --exclude=.env .`): never opened.
        patterns.add(eq === -1 ? ++i : i);
      } else if (name === 'glob' || name === 'iglob') {
        // rg's `--glob '!.env'` leaves names out; any other glob picks files to read.
        const value = eq === -1 ? args[i + 1] : arg.slice(eq + 1);
        if (eq === -1) i++;
        if (value?.startsWith('!')) patterns.add(i);
      } else if (eq === -1 && GREP_VALUE_LONG.has(name)) i++;
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j]!;
      if (!valueShort.has(letter)) continue;
      const attached = j + 1 < arg.length;
      if (letter === programFlag) {
        patternGiven = true;
        patterns.add(attached ? i : i + 1);
      } else if (letter === 'f') patternGiven = true;
      else if (letter === 'g' && (attached ? arg[j + 1] === '!' : args[i + 1]?.startsWith('!'))) {
        patterns.add(attached ? i : i + 1); // rg -g '!.env'
      }
      if (!attached) i++;
      break;
    }
  }
  if (!patternGiven && firstOperand !== undefined) patterns.add(firstOperand);
  return patterns;
}

/** jq's filter: the first operand unless `-f/--from-file` names a file holding it. */
function jqProgramIndexes(args: readonly string[]): Set<number> {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    // `-f` in a cluster too (`-nf FILE`): the program is then a file, and every operand a read.
    if (arg === '-f' || arg === '--from-file' || /^-[a-zA-KM-Z]*f/.test(arg)) return new Set();
    if (JQ_TWO_VALUES.has(arg)) i += 2;
    else if (JQ_ONE_VALUE.has(arg)) i += 1;
    else if (arg === '--') return args[i + 1] === undefined ? new Set() : new Set([i + 1]);
    else if (!arg.startsWith('-') || arg === '-') return new Set([i]);
  }
  return new Set();
}

/**
 * The words a reading gives the role `pattern`: operands and option values in their own
 * word, and option words holding one (`--exclude=.env`).
 */
function readingPatterns(reading: Reading): Set<number> {
  const patterns = new Set<number>();
  reading.kinds.forEach((kind, index) => {
    if (kind === 'pattern') patterns.add(index);
  });
  for (const option of reading.options) {
    if (option.valueIndex === option.index && option.def?.role === 'pattern') patterns.add(option.index);
  }
  return patterns;
}

/** Words that are patterns in every reading (any other reading may read them as a path). */
function everyReading(
  readings: readonly Reading[],
  patternsOf: (reading: Reading) => Set<number>,
): Set<number> {
  let common: Set<number> | undefined;
  for (const reading of readings) {
    const patterns = patternsOf(reading);
    common = common === undefined ? patterns : new Set([...common].filter((index) => patterns.has(index)));
  }
  return common ?? new Set();
}

/** git's pattern and message words, per reading: `git grep`'s patterns, commit messages, `log -S`. */
function gitPatterns(argv: readonly string[], reading: Reading): Set<number> {
  const sub = reading.kinds.indexOf('subcommand');
  if (sub < 0) return new Set();
  if (reading.facts.length > 1 && reading.facts[1]!.path === 'git grep') return readingPatterns(reading);
  const subcommand = argv[sub]!;
  const patterns = new Set<number>();
  if (GIT_MESSAGE_SUBCOMMANDS.has(subcommand)) messageIndexes(argv, sub, false, patterns);
  for (let i = sub + 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '-S' || word === '-G' || word === '--grep' || word === '--author') patterns.add(++i);
    else if (/^(-S|-G|--grep=|--author=)/.test(word)) patterns.add(i);
  }
  return patterns;
}

/** Indexes into `argv` of words that are patterns or program text, not paths. */
export function patternWordIndexes(
  argv: readonly string[],
  base: string = commandWordBasename(argv[0] ?? ''),
): Set<number> {
  const shift = (indexes: Set<number>, by: number) => new Set([...indexes].map((index) => index + by));
  if (TABLE_SEARCHERS.has(base)) {
    const fact = commandFact(base);
    return fact === undefined ? new Set() : everyReading(readArgv(argv, fact), readingPatterns);
  }
  if (PATTERN_TOOLS.has(base)) {
    return shift(
      grepPatternIndexes(argv.slice(1), base === 'rg' ? RG_VALUE_SHORT : GREP_VALUE_SHORT, 'e'),
      1,
    );
  }
  if (PROGRAM_TOOLS.has(base)) {
    const valueShort = base === 'sed' ? new Set(['e', 'f', 'l']) : new Set(['e', 'f', 'v', 'F']);
    return shift(grepPatternIndexes(argv.slice(1), valueShort, base === 'sed' ? 'e' : 'e'), 1);
  }
  if (DATA_TOOLS.has(base)) return new Set(argv.map((_, index) => index).slice(1));
  if (JQ_FAMILY.has(base)) return shift(jqProgramIndexes(argv.slice(1)), 1);
  if (base === 'gh') {
    const patterns = new Set<number>();
    messageIndexes(argv, 0, true, patterns);
    return patterns;
  }
  if (base === 'git') {
    const fact = commandFact('git');
    return fact === undefined
      ? new Set()
      : everyReading(readArgv(argv, fact), (reading) => gitPatterns(argv, reading));
  }
  return new Set();
}

/** File names that sed (`r`/`R`/`w`/`W` commands) or awk (string literals) program text mentions. */
export function programFileNames(argv: readonly string[], index: number): string[] {
  const base = commandWordBasename(argv[0] ?? '');
  const text = argv[index] ?? '';
  if (base === 'sed') {
    return [...text.matchAll(/(?:^|[;\n{}\s\d$/])[rRwW]\s*([^\s;}]+)/g)].map((match) => match[1]!);
  }
  if (PROGRAM_TOOLS.has(base)) return [...text.matchAll(/"([^"\\]*)"/g)].map((match) => match[1]!);
  if (JQ_FAMILY.has(base))
    return jqProgramFiles(text).flatMap((file) => [file, `${file}.jq`, `${file}.json`]);
  return [];
}
