/**
 * `serializeRule`: structure → canonical rule text. The inverse of `parseRule` on its
 * image: `parseRule(serializeRule(rule))` is `rule` (up to the tool name's spelling), so
 * any argv — however hostile — becomes a rule that matches exactly that argv.
 */
import { PermissionsError } from '../errors';
import { quoteRuleWord } from './quote-rule-word';
import type { Rule } from './rule';

/** Escapes the rule-level metacharacters `\`, `(` and `)`. */
export function escapeSpecifier(specifier: string): string {
  return specifier.replace(/[\\()]/g, (char) => `\\${char}`);
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
    case 'exact':
    case 'prefix': {
      if (rule.argv.length === 0) {
        throw new PermissionsError('rule_invalid', `A ${rule.kind} rule needs at least one word`);
      }
      const words = rule.argv.map((word, index) => quoteRuleWord(word, index === 0)).join(' ');
      return `${rule.tool}(${escapeSpecifier(words)}${rule.kind === 'prefix' ? ':*' : ''})`;
    }
  }
}
