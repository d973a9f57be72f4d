/** Whether a reading of an argv prints a credential, from the facts of the entries it read. */
import type { Reading } from './read-argv';

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

/**
 * True when `reading` meets one credential condition (see `PrintsCredentials`): an option
 * given (`-json`), with a value containing a text (`--raw~secrets`) or outside a list
 * (`-o!name|wide`), any option starting so (`--export-secret*`), or an operand matching a
 * pattern (`@0=secrets?`).
 */
function optionMatches(reading: Reading, argv: readonly string[], spelling: string): boolean {
  if (spelling === '@none') return reading.operands.length === 0;
  // No word after the command word (the last word with a kind is the command's own).
  if (spelling === '@empty') return reading.kinds.lastIndexOf('program') === reading.kinds.length - 1;
  if (spelling.startsWith('@*=')) {
    const pattern = operandPattern(spelling.slice(3));
    return reading.operands.some((operand) => pattern.test(argv[operand] ?? ''));
  }
  if (spelling.startsWith('@')) {
    const equals = spelling.indexOf('=');
    const operand = reading.operands[Number(spelling.slice(1, equals))];
    if (operand === undefined) return false;
    return operandPattern(spelling.slice(equals + 1)).test(argv[operand] ?? '');
  }
  if (spelling.endsWith('*')) {
    const prefix = spelling.slice(0, -1);
    return reading.options.some((option) => option.spelling.startsWith(prefix));
  }
  const bang = spelling.indexOf('!');
  if (bang > 0) {
    const name = spelling.slice(0, bang);
    const excluded = spelling.slice(bang + 1).split('|');
    return reading.options.some(
      (option) =>
        option.def?.spelling === name && option.value !== undefined && !excluded.includes(option.value),
    );
  }
  const tilde = spelling.indexOf('~');
  const name = tilde < 0 ? spelling : spelling.slice(0, tilde);
  const text = tilde < 0 ? undefined : spelling.slice(tilde + 1);
  return reading.options.some(
    (option) => option.def?.spelling === name && (text === undefined || (option.value ?? '').includes(text)),
  );
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
    if (credentials.some((all) => all.split('&').every((spelling) => optionMatches(reading, argv, spelling))))
      return true;
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
    if (conditions.some((all) => all.split('&').every((spelling) => optionMatches(reading, argv, spelling))))
      return true;
  }
  return false;
}
