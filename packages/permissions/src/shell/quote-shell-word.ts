/** Quoting a string so that bash reads it back as exactly one word with that value. */

const SAFE = /^[A-Za-z0-9_@%+:,./-]+$/;
const RESERVED: ReadonlySet<string> = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  'for',
  'select',
  'case',
  'esac',
  'in',
  'function',
  'coproc',
  'time',
  '{',
  '}',
  '!',
  '[[',
  ']]',
]);

/**
 * Quotes `value` as one shell word: unchanged when it holds only characters that are never
 * special, else single-quoted (with `'` written as `'\''`). The empty string becomes `''`.
 *
 * @example
 * quoteShellWord("it's here") // "'it'\\''s here'"
 */
export function quoteShellWord(value: string): string {
  if (value !== '' && SAFE.test(value) && !RESERVED.has(value)) return value;
  return `'${value.split("'").join("'\\''")}'`;
}
