/**
 * `expectDecision(command, settings).toBe('deny')`: a one-line assertion for rule tests in
 * any runner. Throws `RuleAssertionError` (with `expected`/`actual`, which vitest and jest
 * show as a diff); imports no test framework.
 */
import type { PermissionBehavior, PermissionDecision } from '../decision';
import { evaluateWithSettings } from '../engine/decide-with-settings';
import { loadSettingsObject } from '../store/settings-object';

/** A failed rule assertion. */
export class RuleAssertionError extends Error {
  override readonly name = 'AssertionError';
  readonly showDiff = true;
  constructor(
    message: string,
    readonly expected: PermissionBehavior,
    readonly actual: PermissionBehavior,
    readonly decision: PermissionDecision,
  ) {
    super(message);
  }
}

/** Options of `decideCommand` / `expectDecision`. */
export interface DecideCommandOptions {
  cwd?: string;
}

/**
 * The engine's decision on `command` under `settings` (`{"permissions": {...}}`); throws
 * when the settings are invalid.
 */
export function decideCommand(
  command: string,
  settings: unknown = {},
  options: DecideCommandOptions = {},
): PermissionDecision {
  const loaded = loadSettingsObject(settings, 'settings');
  if (loaded.errors.length > 0) throw loaded.errors[0]!;
  return evaluateWithSettings(command, loaded, options.cwd ? { cwd: options.cwd } : {}).decision;
}

/**
 * Asserts the decision on `command`.
 *
 * @example
 * ```ts
 * const settings = { permissions: { deny: ['Bash(rm:*)'] } };
 * expectDecision('/bin/rm -rf /', settings).toBe('deny');
 * expectDecision('ls', settings).not.toBe('deny');
 * ```
 */
export function expectDecision(command: string, settings: unknown = {}, options: DecideCommandOptions = {}) {
  const decision = decideCommand(command, settings, options);
  const check = (expected: PermissionBehavior, negate: boolean) => {
    if ((decision.behavior === expected) !== negate) return decision;
    throw new RuleAssertionError(
      `expected ${JSON.stringify(command)} ${negate ? 'not ' : ''}to be ${expected}, got ${decision.behavior}: ${decision.reason}`,
      expected,
      decision.behavior,
      decision,
    );
  };
  return {
    decision,
    toBe: (expected: PermissionBehavior) => check(expected, false),
    not: { toBe: (expected: PermissionBehavior) => check(expected, true) },
  };
}
