/**
 * Quoting of one argv word inside a `Bash(...)` specifier. The output, read back by the
 * shell parser, gives exactly the input word: plain words stay bare, anything else is
 * single-quoted (`'` as `'\''`). A first word containing `=` is quoted so it cannot be read
 * as an assignment; `~`, `#`, globs, braces, `:` + `*` and every metacharacter are quoted.
 */

const bare = /^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+=:,./-]*$/;

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
  if (bare.test(word) && !(first && word.includes('='))) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
