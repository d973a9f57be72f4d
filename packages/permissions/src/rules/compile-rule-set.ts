/**
 * `compileRuleSet`: rule texts → an immutable `RuleSet`, for hosts that keep rules in code
 * and for tests. Invalid text throws (`rule_invalid`) naming the list and index.
 */
import { PermissionsError } from '../errors';
import { parseRule } from './parse-rule';
import type { Rule, RuleSet } from './rule';

/** Rule lists as text (or already parsed). */
export interface RuleSetInput {
  allow?: readonly (string | Rule)[];
  ask?: readonly (string | Rule)[];
  deny?: readonly (string | Rule)[];
}

function compileList(list: readonly (string | Rule)[] | undefined, name: string): readonly Rule[] {
  if (list === undefined) return Object.freeze([]);
  return Object.freeze(
    list.map((entry, index) => {
      if (typeof entry !== 'string') return entry;
      try {
        return parseRule(entry);
      } catch (error) {
        throw new PermissionsError(
          'rule_invalid',
          `${name}[${index}]: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    }),
  );
}

/**
 * Parses rule lists into a `RuleSet`.
 *
 * @example
 * ```ts
 * const rules = compileRuleSet({ allow: ['Bash(ls:*)'], deny: ['Bash(rm:*)'] });
 * ```
 */
export function compileRuleSet(input: RuleSetInput = {}): RuleSet {
  return Object.freeze({
    allow: compileList(input.allow, 'allow'),
    ask: compileList(input.ask, 'ask'),
    deny: compileList(input.deny, 'deny'),
  });
}

/** Concatenates rule sets (deny anywhere stays deny: evaluation checks deny first). */
export function mergeRuleSets(...sets: readonly RuleSet[]): RuleSet {
  return Object.freeze({
    allow: Object.freeze(sets.flatMap((set) => set.allow)),
    ask: Object.freeze(sets.flatMap((set) => set.ask)),
    deny: Object.freeze(sets.flatMap((set) => set.deny)),
  });
}
