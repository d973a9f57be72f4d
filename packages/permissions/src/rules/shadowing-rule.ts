/**
 * Dead answers: an allow rule that an ask or deny rule shadows can never take effect (deny
 * and ask rules are checked first). No proposal, "always" answer or advice may offer one; this
 * finds the rule that shadows it, so the caller can say what would have to change instead.
 */

import { matchCommandRule } from './match-command-rule';
import { matchDomain } from './match-domain';
import { matchPathGlob } from './match-path-glob';
import type { Rule, RuleSet } from './rule';
import { isShellToolName, ruleNamesTool } from './tool-name';

function sameTool(restricting: Rule, allowed: Rule): boolean {
  if (isShellToolName(restricting.tool) || isShellToolName(allowed.tool)) {
    return isShellToolName(restricting.tool) && isShellToolName(allowed.tool);
  }
  return ruleNamesTool(restricting.tool, allowed.tool);
}

/** True when every call `allowed` allows is also matched by `restricting`. */
function shadows(restricting: Rule, allowed: Rule): boolean {
  if (!sameTool(restricting, allowed)) return false;
  if (restricting.kind === 'tool') return true;
  if (allowed.kind === 'exact' || allowed.kind === 'prefix') {
    if (restricting.kind === 'prefix') return matchCommandRule(restricting, allowed.argv, 'deny');
    return (
      restricting.kind === 'exact' &&
      allowed.kind === 'exact' &&
      matchCommandRule(restricting, allowed.argv, 'deny')
    );
  }
  if (allowed.kind === 'path' && restricting.kind === 'path') {
    return (
      restricting.glob === allowed.glob ||
      (!/[*?[]/.test(allowed.glob) && matchPathGlob(restricting.glob, allowed.glob))
    );
  }
  if (allowed.kind === 'domain' && restricting.kind === 'domain')
    return matchDomain(restricting.domain, allowed.domain);
  return false;
}

/**
 * The deny or ask rule of `rules` that shadows the allow rule `allowed`, with its list, or
 * `undefined` when `allowed` could take effect.
 *
 * @example
 * ```ts
 * const rules = compileRuleSet({ ask: ['Bash(git push:*)'] });
 * shadowingRule(parseRule('Bash(git push origin main)'), rules); // { rule: …, list: 'ask' }
 * ```
 */
export function shadowingRule(
  allowed: Rule,
  rules: Pick<RuleSet, 'ask' | 'deny'>,
): { rule: Rule; list: 'ask' | 'deny' } | undefined {
  for (const rule of rules.deny) if (shadows(rule, allowed)) return { rule, list: 'deny' };
  for (const rule of rules.ask) if (shadows(rule, allowed)) return { rule, list: 'ask' };
  return undefined;
}
