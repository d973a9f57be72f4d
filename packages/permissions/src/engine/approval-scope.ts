/**
 * What an approval answer covers, in words a prompt can show, and the question a custom
 * prompter asks most ("does this call fall under rule X?"), answered by the engine's own
 * matching — so a host UI never re-implements path normalization or rule matching.
 */
import type { PermissionDecision, PermissionRequest } from '../decision';
import { parseRule } from '../rules/parse-rule';
import { serializeRule } from '../rules/serialize-rule';
import { createPermissionEngine } from './create-permission-engine';
import { targetOfPath } from './evaluate-tool';
import { fileWriteSessionKey } from './session-key';

/**
 * What a session grant for `sessionKey` covers, read from the key the engine built
 * (`fileWriteSessionKey`, `bashSessionKey`, `toolSessionKey`, a fetch's `tool:<name>\u0000<host>`).
 *
 * @example
 * ```ts
 * describeSessionKey('file-write'); // 'every file write inside the project, for this session'
 * describeSessionKey(bashSessionKey('npm test', '/repo')); // 'this exact command (npm test) in /repo, for this session'
 * ```
 */
export function describeSessionKey(sessionKey: string): string {
  if (sessionKey === fileWriteSessionKey) return 'every file write inside the project, for this session';
  const cut = sessionKey.indexOf('\u0000');
  if (sessionKey.startsWith('bash:') && cut !== -1) {
    const cwd = sessionKey.slice('bash:'.length, cut);
    const command = sessionKey.slice(cut + 1);
    const where = cwd === '' ? 'in any directory' : `in ${cwd}`;
    return `this exact command (${command}) ${where}, for this session`;
  }
  if (sessionKey.startsWith('tool:')) {
    const tool = sessionKey.slice('tool:'.length, cut === -1 ? undefined : cut);
    if (cut !== -1) return `every ${tool} call to ${sessionKey.slice(cut + 1)} in this session`;
    return `every ${tool} call in this session`;
  }
  return `every call with the session key "${sessionKey}" in this session`;
}

/**
 * The rules an "always allow" answer would save for `decision`: its `proposedRules`, or none
 * when an ask rule decided it (ask rules win over allow rules, so a saved allow rule would
 * never take effect) or it was not an ask.
 */
export function rulesAlwaysWouldSave(decision: PermissionDecision): string[] {
  if (decision.behavior !== 'ask') return [];
  const rule = decision.matchedRule;
  if (rule !== undefined && !rule.startsWith('builtin:')) return [];
  return [...(decision.proposedRules ?? [])];
}

/** A file path normalized as the engine matches it. */
export interface NormalizedFilePath {
  /** Absolute, `.` and `..` folded, `\` read as `/`. */
  absolute: string;
  /** Relative to the working directory (`.` for the directory itself); absent outside it. */
  relative?: string;
}

/**
 * Normalizes a file path the way the engine does before matching path rules.
 *
 * @example
 * ```ts
 * normalizeFilePath('src/../package.json', '/repo'); // { absolute: '/repo/package.json', relative: 'package.json' }
 * ```
 */
export function normalizeFilePath(file: string, cwd: string | undefined): NormalizedFilePath | undefined {
  const target = targetOfPath(file, cwd);
  if (target === undefined) return undefined;
  const normalized: NormalizedFilePath = { absolute: target.absolute };
  if (target.relative !== undefined) normalized.relative = target.relative;
  return normalized;
}

/** Options of `requestMatchesRule`. */
export interface RequestMatchesRuleOptions {
  /** Working directory relative globs resolve against (the request's `cwd` wins). */
  cwd?: string;
  /** Home directory for `~/` globs. */
  homeDir?: string;
}

/**
 * True when an allow rule `rule` alone would allow `request`, by the engine's own matching
 * (path normalization, `Read`/`Write` access rules, every command of a compound covered).
 * The built-in floor still applies: a call the floor denies falls under no rule. Throws a
 * `PermissionsError` when `rule` does not parse.
 *
 * @example
 * ```ts
 * const write = { tool: 'write_file', input: {}, subject: { kind: 'file', access: 'write', path: 'src/../package.json' } } as const;
 * requestMatchesRule(write, 'Write(src/**)', { cwd: '/repo' }); // false
 * ```
 */
export function requestMatchesRule(
  request: PermissionRequest,
  rule: string,
  options: RequestMatchesRuleOptions = {},
): boolean {
  const text = serializeRule(parseRule(rule));
  const engine = createPermissionEngine({
    rules: { allow: [text] },
    defaultMode: 'deny',
    readOnlyAutoAllow: false,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
  });
  const { defaultBehavior: _ignored, ...asked } = request;
  const decision = engine.decide(asked);
  return decision.behavior === 'allow' && decision.matchedRule !== undefined;
}
