/**
 * Which argv words are search patterns or program text rather than paths: what the command
 * table's reader gives the role `pattern` in every reading (grep and its family, ugrep, rg,
 * ag, ack, fd, `git grep`; sed and awk programs, jq and yq filters; excluded names such as
 * `--exclude=.env`). A word another reading may read as a path stays checked, so an option
 * the table does not know never hides a read. File names inside sed/awk programs are checked
 * separately (`programFileNames`). What stays here: commit messages and `git log -S/-G/--grep`
 * values, and gh's text options (the table has no entries for those subcommands yet).
 */
import { atAnyLevel, commandFact, namesWhere, type Reading, readCommand } from '../commands';
import { commandWordBasename } from '../shell/command-word';

/** True when an entry (or a subcommand of it) gives an operand or option value the role `pattern`. */
const hasPatterns = atAnyLevel(
  (fact) =>
    fact.operands?.includes('pattern') === true || Object.values(fact.values ?? {}).includes('pattern'),
);

/** Commands of the table with pattern words. */
const TABLE_PATTERN_COMMANDS = namesWhere(hasPatterns);

/**
 * Their arguments are data they print, never files they open (`programFileNames` finds none
 * in them, so `readableWordCount` stops the secret-read prefilter at their command word).
 */
export const DATA_TOOLS: ReadonlySet<string> = namesWhere(
  (fact) => fact.printsNoContent === true && fact.operands?.[0] === 'value',
);
/** The language of a command's program (`sed`, `awk`, `jq`), from the table. */
function languageOf(name: string): 'sed' | 'awk' | 'jq' | undefined {
  return commandFact(name)?.fact.programLanguage;
}
/** jq and the tools that read its language (yq's python and Go versions read files with `load`). */
export const JQ_FAMILY: ReadonlySet<string> = namesWhere((fact) => fact.programLanguage === 'jq');
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
  ...TABLE_PATTERN_COMMANDS,
  ...DATA_TOOLS,
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
    const def = option.def;
    if (def === undefined || option.valueIndex === undefined) continue;
    if (option.valueIndex === option.index && def.role === 'pattern') patterns.add(option.index);
    // A value naming files left out (`rg -g '!*.pem'`, `-g'!.env'`).
    if (def.excludePrefix !== undefined && option.value?.startsWith(def.excludePrefix))
      patterns.add(option.valueIndex);
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
  if (DATA_TOOLS.has(base)) return new Set(argv.map((_, index) => index).slice(1));
  if (base === 'gh') {
    const patterns = new Set<number>();
    messageIndexes(argv, 0, true, patterns);
    return patterns;
  }
  if (base === 'git')
    return everyReading(readCommand(argv, 0, 'git') ?? [], (reading) => gitPatterns(argv, reading));
  if (!TABLE_PATTERN_COMMANDS.has(base)) return new Set();
  return everyReading(readCommand(argv, 0, base) ?? [], readingPatterns);
}

/** File names that sed (`r`/`R`/`w`/`W` commands) or awk (string literals) program text mentions. */
export function programFileNames(argv: readonly string[], index: number): string[] {
  const language = languageOf(commandWordBasename(argv[0] ?? ''));
  const text = argv[index] ?? '';
  if (language === 'sed') {
    return [...text.matchAll(/(?:^|[;\n{}\s\d$/])[rRwW]\s*([^\s;}]+)/g)].map((match) => match[1]!);
  }
  if (language === 'awk') return [...text.matchAll(/"([^"\\]*)"/g)].map((match) => match[1]!);
  if (language === 'jq') return jqProgramFiles(text).flatMap((file) => [file, `${file}.jq`, `${file}.json`]);
  return [];
}
