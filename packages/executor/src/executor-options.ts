/**
 * `createExecutor` options and their validation. Misconfiguration throws an
 * `ExecutorError` at construction with a message that says how to fix it; nothing is
 * discovered later, in the middle of a model turn.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { type AnyTool, isTool, type ToolRegistry } from '@dexter/registry';
import type { ApprovalPrompter } from './approval';
import { ApprovalLock } from './approval-lock';
import { type Clock, systemClock } from './clock';
import { ExecutorError } from './errors';
import type { PermissionDecider } from './permission-port';
import type { SandboxAutoAllow } from './sandbox-auto-allow';
import { createSession, type ExecutorSession, isExecutorSession } from './session';
import { MAX_STORE_TIME, type SessionStore } from './session-store';
import { type ResolvedSoftLimits, resolveSoftLimits, type SoftLimitOptions } from './soft-limits';

/** Options of `createExecutor`. Give exactly one of `tools` and `registry`. */
export interface ExecutorOptions {
  /** The tools calls may name (made by `defineTool`). */
  tools?: readonly AnyTool[];
  /** A registry from `createToolRegistry`; its listed tools are the ones calls may name. */
  registry?: ToolRegistry;
  /**
   * Decides allow / ask / deny before a call runs (e.g. `createPermissionEngine(...)` from
   * `@dexter/permissions`). Default: `createPermissionEngine({ cwd })` with no rules and no
   * rule store — the built-in floor still applies (a shell `cat .env` is denied), and
   * otherwise each tool's own `approval` policy decides: `'allow'` runs, `'ask'` goes to the
   * prompter. "Always allow" rules then live in memory only (`inMemoryRules` on the event).
   */
  permissions?: PermissionDecider;
  /** The host's approval UI. Without it every "ask" is denied (fail closed). */
  approvals?: ApprovalPrompter;
  /** Most calls of one parallel batch in flight at once. Default 10. */
  maxConcurrency?: number;
  /**
   * Default per-call timeout in ms (a tool's own `timeoutMs` wins). Default: none. At most
   * 2^31 − 1 (about 24.8 days, the longest timer Node.js honours); larger values are
   * rejected here rather than firing at once.
   */
  timeoutMs?: number;
  /**
   * Per-tool timeouts by tool name, over the tool's own `timeoutMs` and the executor's
   * `timeoutMs`: a number of ms, or `false` for no timeout at all (a long-running tool under
   * an executor-wide timeout).
   *
   * @example
   * ```ts
   * createExecutor({ tools, timeoutMs: 30_000, toolTimeouts: { deep_research: false } });
   * ```
   */
  toolTimeouts?: Readonly<Record<string, number | false>>;
  /** Soft-limit settings, or `false` to turn them off. */
  softLimits?: SoftLimitOptions | false;
  /** Time source for durations and timeouts. Default: `performance.now()` and global timers. */
  clock?: Clock;
  /** Approval grants and soft-limit counters shared by every run. Default: a fresh `createSession()`. */
  session?: ExecutorSession;
  /**
   * Working directory for permission decisions. Give it either here or to your own
   * decider, not both: when set, it is put on every request and wins over the decider's own
   * `cwd` (a shell subject's own `cwd` wins over both); when absent, requests carry none
   * and the decider's own `cwd` applies. The default engine is created with this `cwd`, or
   * `process.cwd()` when absent.
   */
  cwd?: string;
  /**
   * Session state shared by every process serving the same conversations (e.g.
   * `createPostgresSessionStore` from `@dexter/postgres`), keyed by the run's `session.id`:
   * - `allow-session` grants live here (with the executor's `cwd`, an expiry from
   *   `sessionGrantTtlMs`, and revocation through the store) instead of in the in-process
   *   session: a grant made in one process answers the next prompt in another;
   * - every approval answer, and every use of a grant, is appended to the store's audit
   *   trail (tool, input, answer — `session-grant` for a grant's use —, the answer's `actor`,
   *   when) before the call runs;
   * - an "always" answer is kept as the store's grant, not as a rule in this process's
   *   memory: revoking it or its expiry, in any process, ends it everywhere (see
   *   `alwaysAnswers`; a host whose decider keeps rules in a shared settings file can ask
   *   for rules instead);
   * - soft-limit call counts are read from the store before a run and added to it after.
   *
   * Fail closed: a grant lookup that fails asks the person instead; an audit write that
   * fails stops the approved call (an `error` result says why: the trail never misses a call
   * that ran); a grant write that fails still lets the approved call run and says so on its
   * `tool_approval` event (`storeError`). Counter failures are ignored (soft limits only warn).
   * docs/guides/outgrowing-one-process.md.
   */
  sessionStore?: SessionStore;
  /** How long an `allow-session` grant written to `sessionStore` holds, in ms. Default: no expiry. */
  sessionGrantTtlMs?: number;
  /**
   * What an "always" (`allow-always`) answer keeps:
   * - `'store-grant'` (the default with a `sessionStore`): the store's grant for the session,
   *   like "session" — it ends with `sessionGrantTtlMs` or a revocation in the store, seen by
   *   every process; no rule is saved. Needs `sessionStore`.
   * - `'rule'` (the default without one): the decider's `persistAllowRule` — with an engine
   *   over a settings store, a rule in the settings file; with an engine without a store
   *   (`createPermissionEngine({ rules })`), a rule in that engine's memory for its lifetime,
   *   which no store revocation or expiry reaches. Choose it with a `sessionStore` only when
   *   the rules live where every process reads them.
   */
  alwaysAnswers?: AlwaysAnswers;
  /**
   * Sandboxed auto-allow (`createSandbox(...).autoAllow` from `@dexter/sandbox`): an ask that no
   * rule decided (no allow rule covers the call, or the engine cannot fully read it) runs
   * without a prompt when the port says the call will run inside the OS sandbox. Deny
   * decisions never reach it; asks from an ask rule keep their prompt. Default: none.
   */
  sandboxAutoAllow?: SandboxAutoAllow;
}

/** What an "always" answer keeps (`ExecutorOptions.alwaysAnswers`). */
export type AlwaysAnswers = 'store-grant' | 'rule';

/** The default `maxConcurrency`. */
export const DEFAULT_MAX_CONCURRENCY = 10;

/** Options after validation, as a run reads them. */
export interface ExecutorConfig {
  lookup(name: string): AnyTool | undefined;
  readonly tools: readonly AnyTool[];
  readonly permissions: PermissionDecider;
  readonly approvals: ApprovalPrompter | undefined;
  readonly maxConcurrency: number;
  readonly timeoutMs: number | undefined;
  /** The timeout of a call of `tool`: per-tool option, the tool's own, the default; `undefined` = none. */
  timeoutFor(tool: AnyTool): number | undefined;
  /** True when `allow-always` rules go to a decider without a rule store (the default engine). */
  readonly rulesInMemory: boolean;
  /** What an "always" answer keeps (resolved: never undefined). */
  readonly alwaysAnswers: AlwaysAnswers;
  readonly softLimits: ResolvedSoftLimits | undefined;
  readonly clock: Clock;
  readonly session: ExecutorSession;
  readonly cwd: string | undefined;
  /**
   * What an approval request's `file` is resolved against: the executor's `cwd`, else the
   * decider's own (`PermissionDecider.cwd`, the default engine's `process.cwd()`).
   */
  readonly approvalCwd: string | undefined;
  readonly approvalLock: ApprovalLock;
  readonly sessionStore: SessionStore | undefined;
  readonly sessionGrantTtlMs: number | undefined;
  readonly sandboxAutoAllow: SandboxAutoAllow | undefined;
}

const KNOWN_OPTIONS = new Set([
  'tools',
  'registry',
  'permissions',
  'approvals',
  'maxConcurrency',
  'timeoutMs',
  'softLimits',
  'clock',
  'session',
  'cwd',
  'toolTimeouts',
  'sessionStore',
  'sessionGrantTtlMs',
  'alwaysAnswers',
  'sandboxAutoAllow',
]);

// A Map, not an object literal: `toString` or `constructor` must not find Object.prototype's.
const LIKELY_MEANT = new Map<string, string>([
  ['prompter', 'approvals'],
  ['approvalPrompter', 'approvals'],
  ['approval', 'approvals'],
  ['permission', 'permissions'],
  ['decider', 'permissions'],
  ['engine', 'permissions'],
  ['concurrency', 'maxConcurrency'],
  ['timeout', 'timeoutMs'],
  ['limits', 'softLimits'],
  ['timeouts', 'toolTimeouts'],
  ['store', 'sessionStore'],
]);

/** What the executor calls on a `sessionStore`. */
const STORE_METHODS = ['isGranted', 'grant', 'recordAudit', 'counter', 'incrementCounter'] as const;

/** The longest delay `setTimeout` honours; longer ones fire after about 1 ms. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function fail(option: string, message: string): never {
  throw new ExecutorError(
    option === 'tools' ? 'invalid_tools' : 'invalid_option',
    `createExecutor: ${message}`,
    {
      option,
    },
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  return typeof value;
}

function resolveTools(options: ExecutorOptions): readonly AnyTool[] {
  const { tools, registry } = options;
  if (tools !== undefined && registry !== undefined) {
    fail('tools', 'pass either `tools` or `registry`, not both');
  }
  if (registry !== undefined) {
    if (typeof registry !== 'object' || registry === null || typeof registry.list !== 'function') {
      fail('tools', '`registry` must be a ToolRegistry from createToolRegistry([...])');
    }
    return registry.list();
  }
  if (tools === undefined) {
    fail('tools', 'pass the tools calls may use: createExecutor({ tools: [myTool] }) or { registry }');
  }
  if (!Array.isArray(tools)) fail('tools', `\`tools\` must be an array of tools, got ${describe(tools)}`);
  const seen = new Set<string>();
  tools.forEach((tool, index) => {
    if (!isTool(tool)) fail('tools', `tools[${index}] is not a tool; wrap it with defineTool({...})`);
    if (seen.has(tool.name)) fail('tools', `two tools are named "${tool.name}"; names must be unique`);
    seen.add(tool.name);
  });
  return tools;
}

function timeout(option: string, value: unknown): number | undefined {
  const ms = positive(option, value, false);
  if (ms !== undefined && ms > MAX_TIMEOUT_MS) {
    fail(
      option,
      `\`${option}\` is ${ms} ms, longer than the longest timer Node.js honours (${MAX_TIMEOUT_MS} ms, about 24.8 days); use a smaller value, or \`toolTimeouts: { name: false }\` for no timeout`,
    );
  }
  return ms;
}

/** `toolTimeouts` as a Map (own keys only); `false` means no timeout. */
function resolveToolTimeouts(value: unknown): Map<string, number | false> {
  const map = new Map<string, number | false>();
  if (value === undefined) return map;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(
      'toolTimeouts',
      '`toolTimeouts` must be an object of tool name → ms or false, like { deep_research: false }',
    );
  }
  for (const [name, ms] of Object.entries(value)) {
    map.set(name, ms === false ? false : timeout(`toolTimeouts.${name}`, ms)!);
  }
  return map;
}

function positive(option: string, value: unknown, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const ok =
    typeof value === 'number' &&
    value > 0 &&
    (integer ? Number.isInteger(value) || value === Number.POSITIVE_INFINITY : Number.isFinite(value));
  if (!ok) {
    fail(
      option,
      `\`${option}\` must be a positive ${integer ? 'integer' : 'number of milliseconds'}, got ${describe(value)}`,
    );
  }
  return value as number;
}

/** `sessionGrantTtlMs`: positive, and short enough for every store (a grant ends within a Date's range). */
function grantTtl(value: unknown): number | undefined {
  const ms = positive('sessionGrantTtlMs', value, false);
  if (ms !== undefined && ms > MAX_STORE_TIME / 2) {
    fail(
      'sessionGrantTtlMs',
      `\`sessionGrantTtlMs\` is ${ms} ms; a grant must end within a Date's range (at most ${MAX_STORE_TIME / 2} ms here, about 137,000 years) — leave it out for grants without an expiry`,
    );
  }
  return ms;
}

function checkSoftLimits(value: unknown): void {
  if (value === undefined || value === false) return;
  if (typeof value !== 'object' || value === null) {
    fail(
      'softLimits',
      '`softLimits` must be an object ({ maxCallsPerTool, perTool, similarityThreshold }) or false',
    );
  }
  const limits = value as SoftLimitOptions;
  if (limits.maxCallsPerTool !== undefined)
    positive('softLimits.maxCallsPerTool', limits.maxCallsPerTool, true);
  const perTool = limits.perTool;
  if (perTool !== undefined && (typeof perTool !== 'object' || perTool === null)) {
    fail('softLimits.perTool', '`softLimits.perTool` must be an object of tool name → call limit');
  }
  for (const [name, limit] of Object.entries(perTool ?? {}))
    positive(`softLimits.perTool.${name}`, limit, true);
  const threshold = limits.similarityThreshold;
  if (
    threshold !== undefined &&
    threshold !== false &&
    !(typeof threshold === 'number' && threshold > 0 && threshold <= 1)
  ) {
    fail(
      'softLimits.similarityThreshold',
      `\`softLimits.similarityThreshold\` must be in (0, 1] or false, got ${describe(threshold)}`,
    );
  }
}

/** Validates options and fills in defaults. Throws `ExecutorError` on misconfiguration. */
export function resolveExecutorOptions(options: ExecutorOptions): ExecutorConfig {
  if (typeof options !== 'object' || options === null) {
    throw new ExecutorError(
      'invalid_option',
      'createExecutor expects an options object: createExecutor({ tools: [...] })',
    );
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) {
      const meant = LIKELY_MEANT.get(key);
      const hint = meant === undefined ? '' : ` Did you mean \`${meant}\`?`;
      fail(key, `unknown option \`${key}\`.${hint} Known options: ${[...KNOWN_OPTIONS].join(', ')}`);
    }
  }
  const tools = resolveTools(options);
  for (const tool of tools) {
    if (typeof tool.timeoutMs === 'number' && tool.timeoutMs > MAX_TIMEOUT_MS) {
      fail(
        'tools',
        `tool "${tool.name}" has timeoutMs ${tool.timeoutMs}, longer than the longest timer Node.js honours (${MAX_TIMEOUT_MS} ms); use toolTimeouts: { ${tool.name}: false } for no timeout`,
      );
    }
  }
  const { permissions, approvals, clock, session, cwd } = options;
  if (permissions !== undefined && typeof permissions?.decide !== 'function') {
    fail(
      'permissions',
      '`permissions` must have a decide(request) method (a PermissionDecider, e.g. createPermissionEngine())',
    );
  }
  if (approvals !== undefined && typeof approvals?.prompt !== 'function') {
    fail('approvals', '`approvals` must have a prompt(request) method (an ApprovalPrompter)');
  }
  if (
    clock !== undefined &&
    (typeof clock?.now !== 'function' ||
      typeof clock.setTimeout !== 'function' ||
      typeof clock.clearTimeout !== 'function')
  ) {
    fail('clock', '`clock` must have now(), setTimeout(callback, ms) and clearTimeout(handle)');
  }
  if (session !== undefined && !isExecutorSession(session)) {
    fail('session', '`session` must come from createSession()');
  }
  if (cwd !== undefined && (typeof cwd !== 'string' || cwd === ''))
    fail('cwd', '`cwd` must be a non-empty string');
  checkSoftLimits(options.softLimits);
  const sessionStore = options.sessionStore;
  if (
    sessionStore !== undefined &&
    (typeof sessionStore !== 'object' ||
      sessionStore === null ||
      STORE_METHODS.some((method) => typeof sessionStore[method] !== 'function'))
  ) {
    fail(
      'sessionStore',
      `\`sessionStore\` must be a SessionStore (${STORE_METHODS.join(', ')}), e.g. createMemorySessionStore()`,
    );
  }
  const alwaysAnswers = options.alwaysAnswers ?? (sessionStore === undefined ? 'rule' : 'store-grant');
  if (alwaysAnswers !== 'rule' && alwaysAnswers !== 'store-grant') {
    fail('alwaysAnswers', "`alwaysAnswers` must be 'store-grant' or 'rule'");
  }
  if (alwaysAnswers === 'store-grant' && sessionStore === undefined) {
    fail(
      'alwaysAnswers',
      "`alwaysAnswers: 'store-grant'` keeps \"always\" as a session store's grant: give `sessionStore` too (e.g. createMemorySessionStore())",
    );
  }
  const sandboxAutoAllow = options.sandboxAutoAllow;
  if (sandboxAutoAllow !== undefined && typeof sandboxAutoAllow?.allows !== 'function') {
    fail(
      'sandboxAutoAllow',
      '`sandboxAutoAllow` must have an allows(request) method (e.g. createSandbox(...).autoAllow from @dexter/sandbox)',
    );
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool] as const));
  const timeoutMs = timeout('timeoutMs', options.timeoutMs);
  const toolTimeouts = resolveToolTimeouts(options.toolTimeouts);
  const timeoutFor =
    toolTimeouts.size === 0
      ? (tool: AnyTool) => tool.timeoutMs ?? timeoutMs
      : (tool: AnyTool) => {
          const own = toolTimeouts.get(tool.name);
          if (own === false) return undefined;
          return own ?? tool.timeoutMs ?? timeoutMs;
        };
  // One source of truth for the working directory: the default engine gets the executor's.
  const decider = permissions ?? createPermissionEngine({ cwd: cwd ?? process.cwd() });
  return {
    lookup: (name) => byName.get(name),
    tools,
    permissions: decider,
    rulesInMemory: permissions === undefined,
    alwaysAnswers,
    approvals,
    maxConcurrency: positive('maxConcurrency', options.maxConcurrency, true) ?? DEFAULT_MAX_CONCURRENCY,
    timeoutMs,
    timeoutFor,
    softLimits: resolveSoftLimits(options.softLimits),
    clock: clock ?? systemClock,
    session: session ?? createSession(),
    cwd,
    approvalCwd: cwd ?? deciderCwd(decider),
    approvalLock: new ApprovalLock(),
    sessionStore,
    sessionGrantTtlMs: grantTtl(options.sessionGrantTtlMs),
    sandboxAutoAllow,
  };
}

/** A decider's own working directory, read once; a getter that throws counts as none. */
function deciderCwd(decider: PermissionDecider): string | undefined {
  try {
    const own: unknown = decider.cwd;
    return typeof own === 'string' && own !== '' ? own : undefined;
  } catch {
    return undefined;
  }
}
