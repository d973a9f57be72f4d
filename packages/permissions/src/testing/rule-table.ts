/**
 * Rule tables: cases checked against the engine — the way a team unit-tests its permission
 * rules in CI. A case is a shell command (`{command, expect}`) or any tool call
 * (`{tool, input?, subject?, expect}`: `WriteFile(src/**)`, `Read(...)`, MCP tools, ...).
 * Used by `dexter-permissions test` and exported for vitest users; it returns data and never
 * imports a test framework.
 */

import type { PermissionSubject } from '@dexter/registry';
import type { PermissionBehavior, PermissionDecision } from '../decision';
import { createPermissionEngine } from '../engine/create-permission-engine';
import { evaluateWithSettings } from '../engine/decide-with-settings';
import { serializeRule } from '../rules/serialize-rule';
import type { LoadedSettings } from '../store/rule-store';
import { loadSettingsObject } from '../store/settings-object';
import { findNearMisses, type NearMiss } from './near-miss';

/** Where a case was read from (set by `loadRuleTable`), so reports say `file:line`. */
export interface RuleTableSource {
  file: string;
  line: number;
}

/** One case of a rule table: a shell `command`, or a `tool` call. */
export interface RuleTableCase {
  /** A shell command (the `Bash` tool). */
  command?: string;
  /** A tool call instead: the tool's name as registered (`write_file`, `WebFetch`, `mcp__github__create_issue`). */
  tool?: string;
  /** The tool call's input (e.g. `{"file_path": "src/a.ts"}`). */
  input?: unknown;
  /** What the call touches, as the tool declares it (`{"kind": "file", "access": "write", "path": "src/a.ts"}`). */
  subject?: PermissionSubject;
  /** `{"permissions": {...}}` for this case; the table's shared settings when absent. */
  settings?: unknown;
  expect: PermissionBehavior;
  cwd?: string;
  /** Home directory for `~/` globs in path rules. */
  homeDir?: string;
  /** Optional label shown in reports. */
  name?: string;
  /** Where the case was read from; reports show `file:line`. */
  source?: RuleTableSource;
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
  /**
   * Rules of the expected list (the allow rules when `allow` was expected, …) that name the
   * command's program without matching it, nearest first: the rule the author likely meant.
   */
  nearMisses?: readonly NearMiss[];
}

/** `runRuleTableReport`'s answer: the mismatches, and the shared rules no case exercised. */
export interface RuleTableReport {
  mismatches: RuleTableMismatch[];
  /**
   * Rules of the shared settings that decided no case (as written, `Bash(npm build:*)`):
   * a rule no row reaches is untested, and often misspelled. Cases with their own settings
   * do not count.
   */
  unexercised: string[];
}

const behaviors = new Set(['allow', 'ask', 'deny']);

/** Problems with the shape of a case, or undefined. */
export function ruleTableCaseProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a case must be an object';
  const record = value as Record<string, unknown>;
  if (record.command !== undefined && record.tool !== undefined)
    return 'a case has either "command" or "tool", not both';
  if (record.tool !== undefined) {
    if (typeof record.tool !== 'string' || record.tool === '') return '"tool" must be a non-empty string';
    const subject = record.subject;
    if (subject !== undefined) {
      const kind = (subject as { kind?: unknown } | null)?.kind;
      if (typeof subject !== 'object' || subject === null || typeof kind !== 'string')
        return '"subject" must be an object with a "kind"';
      const fields = subject as Record<string, unknown>;
      if (
        kind === 'file' &&
        (typeof fields.path !== 'string' || (fields.access !== 'read' && fields.access !== 'write'))
      )
        return 'a file "subject" needs "access" ("read" or "write") and a "path" string';
      if (kind === 'shell' && typeof fields.command !== 'string')
        return 'a shell "subject" needs a "command" string';
    }
  } else if (typeof record.command !== 'string') return 'a case needs a "command" string or a "tool" name';
  if (typeof record.expect !== 'string' || !behaviors.has(record.expect))
    return '"expect" must be "allow", "ask" or "deny"';
  if (record.cwd !== undefined && typeof record.cwd !== 'string') return '"cwd" must be a string';
  if (record.homeDir !== undefined && typeof record.homeDir !== 'string') return '"homeDir" must be a string';
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

/**
 * Runs every case and reports the mismatches and the rules of `settings` no case exercised.
 *
 * @example
 * ```ts
 * const { unexercised } = reportRuleTable(cases, { permissions: { allow: ['Bash(npm build:*)'] } });
 * // ['Bash(npm build:*)'] when no case reaches it
 * ```
 */
export function reportRuleTable(cases: readonly RuleTableCase[], settings?: unknown): RuleTableReport {
  return runRuleTableReport(
    cases,
    settings === undefined ? undefined : loadSettingsObject(settings, 'settings'),
  );
}

/** `checkRuleTable` with shared settings already loaded (e.g. from files). */
export function runRuleTable(
  cases: readonly RuleTableCase[],
  shared: LoadedSettings | undefined,
): RuleTableMismatch[] {
  return runRuleTableReport(cases, shared).mismatches;
}

/**
 * Runs every case like `runRuleTable` and also lists the shared rules no case exercised.
 *
 * @example
 * ```ts
 * const { mismatches, unexercised } = runRuleTableReport(cases, loadSettingsObject(settings, 'settings'));
 * ```
 */
export function runRuleTableReport(
  cases: readonly RuleTableCase[],
  shared: LoadedSettings | undefined,
): RuleTableReport {
  if (shared && shared.errors.length > 0) {
    const error = shared.errors.map((problem) => problem.message).join('; ');
    return {
      mismatches: cases.map((entry, index) => ({ index, case: entry, expected: entry?.expect, error })),
      unexercised: [],
    };
  }
  const mismatches: RuleTableMismatch[] = [];
  const exercised = new Set<string>();
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
    const { decision, argvs } = decideCase(entry, loaded);
    if (entry.settings === undefined && decision.matchedRule !== undefined)
      exercised.add(decision.matchedRule);
    if (decision.behavior === entry.expect) return;
    const nearMisses = argvs.length === 0 ? [] : findNearMisses(argvs, loaded.rules, [entry.expect]);
    mismatches.push({
      index,
      case: entry,
      expected: entry.expect,
      actual: decision,
      ...(nearMisses.length > 0 ? { nearMisses } : {}),
    });
  });
  const rules = shared?.rules;
  const unexercised =
    rules === undefined
      ? []
      : [...rules.deny, ...rules.ask, ...rules.allow]
          .map((rule) => serializeRule(rule))
          .filter((text) => ![...exercised].some((matched) => namesRule(matched, text)));
  return { mismatches, unexercised };
}

/**
 * True when a decision's `matchedRule` names `rule`: a compound command names every rule that
 * allowed a part (`Bash(git log:*), Bash(grep:*)`).
 */
function namesRule(matched: string, rule: string): boolean {
  if (matched === rule) return true;
  return matched.startsWith(`${rule}, `) || matched.endsWith(`, ${rule}`) || matched.includes(`, ${rule}, `);
}

/** The engine's decision on one (valid) case under `loaded`, with the simple commands it read. */
function decideCase(
  entry: RuleTableCase,
  loaded: LoadedSettings,
): { decision: PermissionDecision; argvs: readonly (readonly string[])[] } {
  if (entry.tool === undefined) {
    const evaluation = evaluateWithSettings(entry.command!, loaded, entry.cwd ? { cwd: entry.cwd } : {});
    return {
      decision: evaluation.decision,
      argvs: evaluation.analysis.commands.map((simple) => simple.unwrapped.argv),
    };
  }
  return { decision: decideToolCase(entry, entry.tool, loaded), argvs: [] };
}

function decideToolCase(entry: RuleTableCase, tool: string, loaded: LoadedSettings): PermissionDecision {
  const engine = createPermissionEngine({
    rules: loaded.rules,
    ...(loaded.defaultMode ? { defaultMode: loaded.defaultMode } : {}),
    ...(loaded.readOnlyAutoAllow !== undefined ? { readOnlyAutoAllow: loaded.readOnlyAutoAllow } : {}),
    ...(entry.homeDir ? { homeDir: entry.homeDir } : {}),
  });
  return engine.decide({
    tool,
    input: entry.input ?? {},
    ...(entry.cwd ? { cwd: entry.cwd } : {}),
    ...(entry.subject ? { subject: entry.subject } : {}),
  }) as PermissionDecision;
}

/** How a case is shown: its command, or its tool call. */
export function describeRuleTableCase(entry: RuleTableCase): string {
  if (entry?.tool === undefined) return JSON.stringify(entry?.command);
  const subject = entry.subject;
  const target =
    subject?.kind === 'file'
      ? `${subject.access} ${subject.path}`
      : subject?.kind === 'shell'
        ? subject.command
        : entry.input === undefined
          ? ''
          : JSON.stringify(entry.input);
  const text = `${entry.tool}(${target})`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Where a case is: `file:line` when known, else `case N`. */
function caseLocation(mismatch: RuleTableMismatch): string {
  const source = mismatch.case?.source;
  return source ? `${source.file}:${source.line}` : `case ${mismatch.index + 1}`;
}

/** A readable report of mismatches (one block per case, `file:line` when the case was loaded from a file). */
export function formatRuleTableMismatches(mismatches: readonly RuleTableMismatch[]): string {
  return mismatches
    .map((mismatch) => {
      const head = `✗ ${caseLocation(mismatch)}${mismatch.case?.name ? ` (${mismatch.case.name})` : ''}: ${describeRuleTableCase(mismatch.case)}`;
      if (mismatch.error) return `${head}\n    error:    ${mismatch.error}`;
      const actual = mismatch.actual!;
      const lines = [
        head,
        `  - expected: ${mismatch.expected}`,
        `  + actual:   ${actual.behavior}${actual.matchedRule ? ` (${actual.matchedRule})` : ''}`,
        `    reason:   ${actual.reason}`,
      ];
      const [nearest] = mismatch.nearMisses ?? [];
      if (nearest !== undefined) {
        lines.push(`    near miss: ${nearest.rule} — ${nearest.why}`);
        if (nearest.suggestion !== undefined) lines.push(`    try:       ${nearest.suggestion}`);
      }
      return lines.join('\n');
    })
    .join('\n');
}
