/**
 * Quoting of one argv word inside a `Bash(...)` specifier. The output, read back by the
 * shell parser, gives exactly the input word: plain words stay bare, anything else is
 * single-quoted (`'` as `'\''`). A first word containing `=` or equal to a reserved word
 * (`if`, `fi`, `time`, ...) is quoted so it cannot be read as an assignment or syntax; `~`, `#`, globs, braces, `:` + `*` and every metacharacter are quoted.
 */

import { isReservedWord } from '../shell/reserved-words';

// A bare word: one regular expression test (no `=` at all in a first word). A loop over a
// table of the characters measured slower on the agent corpus's words, short ones included
// (1-3 characters: 0.6 of the loop's time; 8-15: 0.2-0.25), in one process.
const BARE_WORD = /^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+=:,./-]*$/;
const BARE_FIRST_WORD = /^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+:,./-]*$/;

/** `/^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+=:,./-]*$/.test(word)`, and no `=` at all in a first word. */
function isBare(word: string, first: boolean): boolean {
  return first ? BARE_FIRST_WORD.test(word) : BARE_WORD.test(word);
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
