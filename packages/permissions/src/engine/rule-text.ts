/**
 * The canonical text of a rule, computed once per rule object (rules are immutable), so a
 * decision that names its rule costs a map lookup, not a re-serialization.
 */
import type { Rule } from '../rules/rule';
import { serializeRule } from '../rules/serialize-rule';

const texts = new WeakMap<Rule, string>();

/** `serializeRule(rule)`, cached. */
export function ruleText(rule: Rule): string {
  let text = texts.get(rule);
  if (text === undefined) {
    text = serializeRule(rule);
    texts.set(rule, text);
  }
  return text;
}
