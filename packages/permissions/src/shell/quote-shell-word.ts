/** Quoting a string so that bash reads it back as exactly one word with that value. */

import { RESERVED_WORDS } from './reserved-words';

const SAFE = /^[A-Za-z0-9_@%+:,./-]+$/;

/**
 * Quotes `value` as one shell word: unchanged when it holds only characters that are never
 * special, else single-quoted (with `'` written as `'\''`). The empty string becomes `''`.
 *
 * @example
 * quoteShellWord("it's here") // "'it'\\''s here'"
 */
export function quoteShellWord(value: string): string {
  if (value !== '' && SAFE.test(value) && !RESERVED_WORDS.has(value)) return value;
  return `'${value.split("'").join("'\\''")}'`;
}
