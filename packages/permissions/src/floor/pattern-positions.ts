/**
 * Which argv words are search patterns or program text rather than paths: what the command
 * table's reader gives the role `pattern` in every reading (grep and its family, ugrep, rg,
 * ag, ack, fd, `git grep`; sed and awk programs, jq and yq filters; excluded names such as
 * `--exclude=.env`). A word another reading may read as a path stays checked, so an option
 * the table does not know never hides a read. File names inside sed/awk programs are checked
 * separately (`programFileNames`), and `git log -S/-G/--grep/--author` searches are patterns
 * too. Commit, tag, merge, stash and note messages and gh's titles and bodies are the table's
 * `value` words, which the floor reads as no path either (`word-roles.ts`).
 */
import { atAnyLevel, commandFact, namesInAny, namesWhere, type Reading, readCommand } from '../commands';
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
export const PATTERN_COMMANDS: ReadonlySet<string> = namesInAny(TABLE_PATTERN_COMMANDS, DATA_TOOLS);

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

/** Indexes into `argv` of words that are patterns or program text, not paths. */
export function patternWordIndexes(
  argv: readonly string[],
  base: string = commandWordBasename(argv[0] ?? ''),
): Set<number> {
  if (DATA_TOOLS.has(base)) return new Set(argv.map((_, index) => index).slice(1));
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
