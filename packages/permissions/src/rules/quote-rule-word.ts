/**
 * Quoting of one argv word inside a `Bash(...)` specifier. The output, read back by the
 * shell parser, gives exactly the input word: plain words stay bare, anything else is
 * single-quoted (`'` as `'\''`). A first word containing `=` or equal to a reserved word
 * (`if`, `fi`, `time`, ...) is quoted so it cannot be read as an assignment or syntax; `~`, `#`, globs, braces, `:` + `*` and every metacharacter are quoted.
 */

const bare = /^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+=:,./-]*$/;
// Reserved words are only special as the first word; quoted they are plain command names.
const reserved = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  'time',
  'coproc',
]);

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
  if (bare.test(word) && !(first && (word.includes('=') || reserved.has(word)))) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
