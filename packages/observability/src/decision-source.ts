/**
 * Where a permission decision came from, read off the decision the engine returns: the
 * built-in floor (`matchedRule: 'builtin:<check>'`), a user rule (its text), read-only mode,
 * or the default (the tool's own policy, or the engine's ask / headless deny).
 */
import type { PermissionDecision } from '@dexter/permissions';

/** The origin of a permission decision, as the `dexter.permission.source` attribute says it. */
export type DecisionSource = 'floor' | 'rule' | 'read_only_mode' | 'default';

const FLOOR_PREFIX = 'builtin:';
/** The engine's read-only-mode reason ends so (a test against the real engine keeps them in step). */
const READ_ONLY_MODE = /\(read-only mode\)$/;

export function decisionSource(decision: PermissionDecision): DecisionSource {
  const rule = decision.matchedRule;
  if (rule !== undefined) return rule.startsWith(FLOOR_PREFIX) ? 'floor' : 'rule';
  if (decision.behavior === 'allow' && READ_ONLY_MODE.test(decision.reason)) return 'read_only_mode';
  return 'default';
}

/** The floor check that decided (`secret-read`, `dangerous-assignment`, `env-dump`, ...), if the floor did. */
export function floorCheck(decision: PermissionDecision): string | undefined {
  const rule = decision.matchedRule;
  return rule?.startsWith(FLOOR_PREFIX) ? rule.slice(FLOOR_PREFIX.length) : undefined;
}
