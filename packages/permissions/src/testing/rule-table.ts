/**
 * Rule tables: `{command, settings?, expect, cwd?}` cases checked against the engine — the
 * way a team unit-tests its permission rules in CI. Used by `dexter-permissions test` and
 * exported for vitest users; it returns data and never imports a test framework.
 */

import type { PermissionBehavior, PermissionDecision } from '../decision';
import { evaluateWithSettings } from '../engine/decide-with-settings';
import type { LoadedSettings } from '../store/rule-store';
import { loadSettingsObject } from '../store/settings-object';

/** One case of a rule table. */
export interface RuleTableCase {
  command: string;
  /** `{"permissions": {...}}` for this case; the table's shared settings when absent. */
  settings?: unknown;
  expect: PermissionBehavior;
  cwd?: string;
  /** Optional label shown in reports. */
  name?: string;
}

/** A case whose decision differs from its expectation (or that could not be run). */
export interface RuleTableMismatch {
  /** 0-based index in the table. */
  index: number;
  case: RuleTableCase;
  expected: PermissionBehavior;
  /** The decision made, or undefined when the case itself was invalid. */
  actual?: PermissionDecision;
  /** Why the case could not be run (invalid settings, bad field). */
  error?: string;
}

const behaviors = new Set(['allow', 'ask', 'deny']);

/** Problems with the shape of a case, or undefined. */
export function ruleTableCaseProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a case must be an object';
  const record = value as Record<string, unknown>;
  if (typeof record.command !== 'string') return '"command" must be a string';
  if (typeof record.expect !== 'string' || !behaviors.has(record.expect))
    return '"expect" must be "allow", "ask" or "deny"';
  if (record.cwd !== undefined && typeof record.cwd !== 'string') return '"cwd" must be a string';
  return undefined;
}

/**
 * Runs every case; returns the mismatches (empty when the table holds).
 *
 * @example
 * ```ts
 * const mismatches = checkRuleTable(
 *   [{ command: 'rm -rf /', expect: 'deny' }, { command: 'git status', expect: 'allow' }],
 *   { permissions: { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] } },
 * );
 * expect(mismatches).toEqual([]);
 * ```
 */
export function checkRuleTable(cases: readonly RuleTableCase[], settings?: unknown): RuleTableMismatch[] {
  return runRuleTable(cases, settings === undefined ? undefined : loadSettingsObject(settings, 'settings'));
}

/** `checkRuleTable` with shared settings already loaded (e.g. from files). */
export function runRuleTable(
  cases: readonly RuleTableCase[],
  shared: LoadedSettings | undefined,
): RuleTableMismatch[] {
  if (shared && shared.errors.length > 0) {
    const error = shared.errors.map((problem) => problem.message).join('; ');
    return cases.map((entry, index) => ({ index, case: entry, expected: entry?.expect, error }));
  }
  const mismatches: RuleTableMismatch[] = [];
  cases.forEach((entry, index) => {
    const problem = ruleTableCaseProblem(entry);
    if (problem) {
      mismatches.push({ index, case: entry, expected: entry?.expect, error: problem });
      return;
    }
    const loaded =
      entry.settings === undefined
        ? (shared ?? loadSettingsObject({}, 'settings'))
        : loadSettingsObject(entry.settings, `case ${index + 1} settings`);
    if (loaded.errors.length > 0) {
      mismatches.push({
        index,
        case: entry,
        expected: entry.expect,
        error: loaded.errors.map((error) => error.message).join('; '),
      });
      return;
    }
    const { decision } = evaluateWithSettings(entry.command, loaded, entry.cwd ? { cwd: entry.cwd } : {});
    if (decision.behavior !== entry.expect)
      mismatches.push({ index, case: entry, expected: entry.expect, actual: decision });
  });
  return mismatches;
}

/** A readable report of mismatches (one block per case). */
export function formatRuleTableMismatches(mismatches: readonly RuleTableMismatch[]): string {
  return mismatches
    .map((mismatch) => {
      const head = `✗ case ${mismatch.index + 1}${mismatch.case.name ? ` (${mismatch.case.name})` : ''}: ${JSON.stringify(mismatch.case.command)}`;
      if (mismatch.error) return `${head}\n    error:    ${mismatch.error}`;
      const actual = mismatch.actual!;
      return [
        head,
        `  - expected: ${mismatch.expected}`,
        `  + actual:   ${actual.behavior}${actual.matchedRule ? ` (${actual.matchedRule})` : ''}`,
        `    reason:   ${actual.reason}`,
      ].join('\n');
    })
    .join('\n');
}
