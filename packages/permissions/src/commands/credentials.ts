/** Whether a reading of an argv prints a credential, from the facts of the entries it read. */
import type { Reading } from './read-argv';
import { SECRET_NAME } from './secret-names';

/**
 * Whether a program in a language of the table's `programLanguage` prints environment variables:
 * awk's `ENVIRON` walked whole (not `ENVIRON["HOME"]`); jq's whole `env` or `$ENV`, yq's
 * `envsubst` (fills every `${NAME}` of the document), or one variable whose name says it holds a
 * secret (`env.API_KEY`, `$ENV["TOKEN"]`, yq's `env(AWS_SECRET)` and `strenv(GITHUB_TOKEN)`), as
 * `printenv NAME` is judged.
 */
export function programPrintsEnvironment(language: string | undefined, program: string): boolean {
  if (language === 'awk') return /\bENVIRON\b(?!\s*\[)/.test(program);
  if (language !== 'jq' || !/env|ENV/.test(program)) return false;
  if (/(^|[^.\w$])env\b(?!\s*[.(])|\$ENV\b(?!\s*[.[])|\benvsubst\b/.test(program)) return true;
  for (const match of program.matchAll(
    /(?:\$ENV|\benv)\s*(?:\.\s*|\[\s*")([A-Za-z_]\w*)|\b(?:str)?env\s*\(\s*"?([A-Za-z_]\w*)/g,
  )) {
    if (SECRET_NAME.test(match[1] ?? match[2]!)) return true;
  }
  return false;
}

/** Compiled operand patterns of credential conditions (`@0=secrets?`), by their text. */
const OPERAND_PATTERNS = new Map<string, RegExp>();

/** The operand pattern `source`, whole and ignoring case. */
function operandPattern(source: string): RegExp {
  let pattern = OPERAND_PATTERNS.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(`^(?:${source})$`, 'i');
    OPERAND_PATTERNS.set(source, pattern);
  }
  return pattern;
}

/** Kinds of operands that may hold program text where a command comes first (`yq e PROGRAM`). */
const PROGRAM_OPERANDS: ReadonlySet<string> = new Set(['read', 'unknown']);

/** Compiled word patterns (`@word=`), minding case, by their text. */
const WORD_PATTERNS = new Map<string, RegExp>();

/** The word pattern `source`, whole and minding case. */
function wordPattern(source: string): RegExp {
  let pattern = WORD_PATTERNS.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(`^(?:${source})$`);
    WORD_PATTERNS.set(source, pattern);
  }
  return pattern;
}

/** One condition of the notation of `printsCredentials`, compiled: whether a reading of argv meets it. */
type Condition = (reading: Reading, argv: readonly string[]) => boolean;

/**
 * The condition `spelling` (see `PrintsCredentials`), compiled once: an option given
 * (`-json`), with a value containing a text (`--raw~secrets`) or outside a list
 * (`-o!name|wide`), any option starting so (`--export-secret*`), or an operand matching a
 * pattern (`@0=secrets?`).
 */
function compileCondition(spelling: string): Condition {
  if (spelling === '@none') return (reading) => reading.operands.length === 0;
  // Its program text, by the entry's `programLanguage`: the `pattern` word, and the operands
  // (`yq e PROGRAM x.yml` names a command of mikefarah's yq before its program, which then reads
  // as a file; a file named like a program, `jq . env`, is read as one, as before).
  if (spelling === '@program')
    return (reading, argv) => {
      const language = reading.facts[reading.facts.length - 1]!.fact.programLanguage;
      return reading.kinds.some(
        (kind, index) =>
          (kind === 'pattern' || (kind !== undefined && PROGRAM_OPERANDS.has(kind))) &&
          programPrintsEnvironment(language, argv[index] ?? ''),
      );
    };
  // Some word after the command word, whole and minding case (`ps -auxE`: a cluster holding `E`).
  if (spelling.startsWith('@word=')) {
    const pattern = wordPattern(spelling.slice(6));
    return (reading, argv) => {
      const start = reading.kinds.indexOf('program');
      return argv.some((word, index) => index > start && pattern.test(word));
    };
  }
  // The last word, after the command word (`ssh HOST env`: the command run there).
  if (spelling.startsWith('@last=')) {
    const pattern = operandPattern(spelling.slice(6));
    return (reading, argv) => {
      const start = reading.kinds.indexOf('program');
      return argv.length - 1 > start && pattern.test(argv[argv.length - 1]!);
    };
  }
  // No word after the command word (the last word with a kind is the command's own).
  if (spelling === '@empty')
    return (reading) => reading.kinds.lastIndexOf('program') === reading.kinds.length - 1;
  if (spelling.startsWith('@*=')) {
    const pattern = operandPattern(spelling.slice(3));
    return (reading, argv) => reading.operands.some((operand) => pattern.test(argv[operand] ?? ''));
  }
  if (spelling.startsWith('@')) {
    const equals = spelling.indexOf('=');
    const at = Number(spelling.slice(1, equals));
    const pattern = operandPattern(spelling.slice(equals + 1));
    return (reading, argv) => {
      const operand = reading.operands[at];
      return operand !== undefined && pattern.test(argv[operand] ?? '');
    };
  }
  if (spelling.endsWith('*')) {
    const prefix = spelling.slice(0, -1);
    return (reading) => reading.options.some((option) => option.spelling.startsWith(prefix));
  }
  const bang = spelling.indexOf('!');
  if (bang > 0) {
    const name = spelling.slice(0, bang);
    const excluded = spelling.slice(bang + 1).split('|');
    return (reading) =>
      reading.options.some(
        (option) =>
          option.def?.spelling === name && option.value !== undefined && !excluded.includes(option.value),
      );
  }
  const tilde = spelling.indexOf('~');
  const name = tilde < 0 ? spelling : spelling.slice(0, tilde);
  const text = tilde < 0 ? undefined : spelling.slice(tilde + 1);
  return (reading) =>
    reading.options.some(
      (option) =>
        option.def?.spelling === name && (text === undefined || (option.value ?? '').includes(text)),
    );
}

/** Each `&`-joined list of conditions, compiled, by its text (the table's conditions: a finite set). */
const COMPILED = new Map<string, readonly Condition[]>();

/**
 * True when `reading` (of `argv`) meets one of `conditions`, each a `&`-joined list of the
 * conditions `compileCondition` reads (the notation of `printsCredentials`). Each list is
 * compiled the first time it is asked, not read again per reading.
 */
export function conditionsHold(
  conditions: readonly string[],
  reading: Reading,
  argv: readonly string[],
): boolean {
  for (const all of conditions) {
    let compiled = COMPILED.get(all);
    if (compiled === undefined) {
      compiled = all.split('&').map(compileCondition);
      COMPILED.set(all, compiled);
    }
    if (compiled.every((condition) => condition(reading, argv))) return true;
  }
  return false;
}

/**
 * True when `reading` (of `argv`) prints a credential: an entry it read says so `always` (unless an
 * option made it print names only), or an option the entry lists was given — unless an option
 * sends its output elsewhere (`no-output`).
 */
export function readingPrintsCredentials(reading: Reading, argv: readonly string[]): boolean {
  // Its output goes to the clipboard (`pass -c NAME`), not to the model.
  if (reading.effects.has('no-output')) return false;
  const innermost = reading.facts[reading.facts.length - 1]!;
  if (innermost.fact.printsCredentials === 'always' && !reading.effects.has('names-only')) return true;
  for (const level of reading.facts) {
    const credentials = level.fact.printsCredentials;
    if (credentials === undefined || credentials === 'always') continue;
    if (conditionsHold(credentials, reading, argv)) return true;
  }
  return false;
}

/**
 * True when `reading` (of `argv`) prints the environment (see `printsEnvironment`): an entry it
 * read says so `always`, or its conditions hold — unless an option makes it print something
 * else (`no-output`).
 */
export function readingPrintsEnvironment(reading: Reading, argv: readonly string[]): boolean {
  if (reading.effects.has('no-output')) return false;
  const innermost = reading.facts[reading.facts.length - 1]!;
  if (innermost.fact.printsEnvironment === 'always') return true;
  for (const level of reading.facts) {
    const conditions = level.fact.printsEnvironment;
    if (conditions === undefined || conditions === 'always') continue;
    if (conditionsHold(conditions, reading, argv)) return true;
  }
  return false;
}
