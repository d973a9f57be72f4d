/**
 * Quoting of one argv word inside a `Bash(...)` specifier. The output, read back by the
 * shell parser, gives exactly the input word: plain words stay bare, anything else is
 * single-quoted (`'` as `'\''`). A first word containing `=` or equal to a reserved word
 * (`if`, `fi`, `time`, ...) is quoted so it cannot be read as an assignment or syntax; `~`, `#`, globs, braces, `:` + `*` and every metacharacter are quoted.
 */

import { isReservedWord } from '../shell/reserved-words';

// Characters a bare word may hold: 1 anywhere, 2 anywhere but first (`=`, `:`). Checked
// with a table, not a regex: proposals serialize a rule for most decisions that ask.
const BARE = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+,./-')
  BARE[char.charCodeAt(0)] = 1;
BARE[0x3d] = 2; // =
BARE[0x3a] = 2; // :

// The same test as regular expressions, for long words (paths): past about a dozen characters
// one native regex run costs less than the loop's table look-up per character.
const BARE_WORD = /^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+=:,./-]*$/;
const BARE_FIRST_WORD = /^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+:,./-]*$/;
const LONG_WORD = 16;

/** `/^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+=:,./-]*$/.test(word)`, and no `=` at all in a first word. */
function isBare(word: string, first: boolean): boolean {
  if (word.length === 0) return false;
  if (word.length >= LONG_WORD) return first ? BARE_FIRST_WORD.test(word) : BARE_WORD.test(word);
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index);
    const kind = code < 128 ? BARE[code] : 0;
    if (kind === 0) return false;
    if (kind === 2 && (index === 0 || (first && code === 0x3d))) return false;
  }
  return true;
}
// Reserved words are only special as the first word; quoted they are plain command names.
// (`{`, `}`, `!`, `[[`, `]]` are never bare anyway.)

/** True when `quoteRuleWord(word, first)` is `word` itself. */
export function isBareRuleWord(word: string, first: boolean): boolean {
  return isBare(word, first) && !(first && isReservedWord(word));
}

/**
 * Quotes `word` for a rule specifier.
 *
 * @example
 * ```ts
 * quoteRuleWord('status'); // status
 * quoteRuleWord('x) Bash(*'); // 'x) Bash(*'
 * ```
 */
export function quoteRuleWord(word: string, first = false): string {
  if (isBareRuleWord(word, first)) return word;
  // Most quoted words hold no `'`: `indexOf` is much cheaper than a global replace.
  return `'${word.indexOf("'") === -1 ? word : word.replace(/'/g, `'\\''`)}'`;
}
