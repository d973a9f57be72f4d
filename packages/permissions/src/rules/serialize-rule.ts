/**
 * `serializeRule`: structure → canonical rule text. The inverse of `parseRule` on its
 * image: `parseRule(serializeRule(rule))` is `rule` (up to the tool name's spelling), so
 * any argv — however hostile — becomes a rule that matches exactly that argv.
 */
import { PermissionsError } from '../errors';
import { isAssignment } from '../shell/fallback-scan';
import { isDeclarationBuiltin } from '../shell/parser';
import { isBareRuleWord, quoteRuleWord } from './quote-rule-word';
import type { Rule } from './rule';

const SPECIAL = /[\\()]/;

/** Escapes the rule-level metacharacters `\`, `(` and `)`. */
export function escapeSpecifier(specifier: string): string {
  // Most specifiers hold none of these: a plain test is much cheaper than a global replace.
  if (!SPECIAL.test(specifier)) return specifier;
  return specifier.replace(/[\\()]/g, (char) => `\\${char}`);
}

/** One argv word as it appears in a specifier: quoted for the shell, then escaped. */
function specifierWord(word: string, first: boolean): string {
  const quoted = quoteRuleWord(word, first);
  return quoted === word ? word : escapeSpecifier(quoted);
}

/**
 * Turns a rule into its canonical text.
 *
 * @example
 * ```ts
 * serializeRule({ kind: 'exact', tool: 'Bash', argv: ['x)', 'Bash(*'] }); // Bash('x\)' 'Bash\(*')
 * serializeRule({ kind: 'prefix', tool: 'Bash', argv: ['git', 'status'] }); // Bash(git status:*)
 * ```
 */
export function serializeRule(rule: Rule): string {
  switch (rule.kind) {
    case 'tool':
      return rule.tool;
    case 'path':
      return `${rule.tool}(${escapeSpecifier(rule.glob)})`;
    case 'domain':
      return `${rule.tool}(domain:${escapeSpecifier(rule.domain)})`;
    case 'exact':
    case 'prefix':
      return serializeCommandRule(rule.kind, rule.tool, rule.argv);
  }
}

/**
 * `serializeRule({ kind, tool, argv })` of an exact or prefix rule, for a caller that would
 * build the rule only to serialize it (proposals, for most decisions that ask).
 */
export function serializeCommandRule(
  kind: 'exact' | 'prefix',
  tool: string,
  argv: readonly string[],
): string {
  if (argv.length === 0) {
    throw new PermissionsError('rule_invalid', `A ${kind} rule needs at least one word`);
  }
  // Escaping is per character and blanks need none, so each word is escaped on its own —
  // and only when quoted: a bare word holds no `\`, `(` or `)`.
  // Built in as few additions as it takes (no empty or one-character parts added on their
  // own).
  let text = `${tool}(${specifierWord(argv[0]!, true)}`;
  const declaring = isDeclarationBuiltin(argv[0]!);
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index]!;
    text += ` ${declaring && isAssignment(word) ? declaredWord(word) : specifierWord(word, false)}`;
  }
  return kind === 'prefix' ? `${text}:*)` : `${text})`;
}

/**
 * A word in assignment form after a declaration builtin (`X=1` of `export X=1`), quoted: bare,
 * the parser reads it as an assignment, which no rule may hold, and the rule would not read
 * back. Quoted it is the same word of argv (bash assigns `export 'X=1'` too).
 */
function declaredWord(word: string): string {
  return escapeSpecifier(`'${word.replace(/'/g, `'\\''`)}'`);
}

/**
 * `serializeCommandRule('exact', tool, argv)` for a caller that holds `joined`, which must be
 * `argv.join(' ')` (the evaluation's reasons quote it): when every word is bare, that is the
 * specifier, and the words are not added up a second time.
 */
export function serializeExactRuleJoined(tool: string, argv: readonly string[], joined: string): string {
  if (argv.length > 1 && isDeclarationBuiltin(argv[0]!)) return serializeCommandRule('exact', tool, argv);
  for (let index = 0; index < argv.length; index++) {
    if (!isBareRuleWord(argv[index]!, index === 0)) return serializeCommandRule('exact', tool, argv);
  }
  if (argv.length === 0) return serializeCommandRule('exact', tool, argv);
  return `${tool}(${joined})`;
}
