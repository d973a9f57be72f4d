/** The error an "always" answer gets when its allow rule could never take effect. */
import { PermissionsError } from '../errors';
import type { Rule, RuleSet } from './rule';
import { serializeRule } from './serialize-rule';
import { shadowingRule } from './shadowing-rule';

/** A `rule_shadowed` error saying what would have to change, or `undefined` when `allowed` can take effect. */
export function shadowedRuleError(
  allowed: Rule,
  rules: Pick<RuleSet, 'ask' | 'deny'>,
): PermissionsError | undefined {
  const found = shadowingRule(allowed, rules);
  if (found === undefined) return undefined;
  const text = serializeRule(allowed);
  const by = serializeRule(found.rule);
  return new PermissionsError(
    'rule_shadowed',
    `Not saving the allow rule ${text}: the ${found.list} rule ${by} is checked first, so it could never take effect. Remove or narrow ${by} (in the settings file that holds it) to change this decision.`,
  );
}
