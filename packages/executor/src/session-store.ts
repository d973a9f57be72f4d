/**
 * The `SessionStore` port: session state that must outlive one process — `allow-session`
 * grants (per working directory, with an expiry), their revocation, soft-limit counters, a
 * resume ledger (a snapshot is resumed at most once) and an audit trail of approvals.
 *
 * Every method is async so a store may live in a database (`@dexter/postgres`). The
 * in-memory store here is the default for one process and the reference a database store
 * is tested against.
 *
 * Wired into the executor by `createExecutor({ sessionStore })`: `isGranted` before a prompt
 * (a hit answers it), `grant` after an `allow-session` answer, `recordAudit` for every answer
 * (approval-flow.ts), `counter` / `incrementCounter` around a run (store-counters.ts), and
 * `claimResume` at the top of `resume(snapshot)` (resumable-executor.ts).
 */

import { type JsonValue, keepJson } from './json-value';

/** One `allow-session` grant. */
export interface SessionGrant {
  sessionId: string;
  /** The permission decision's `sessionKey`. */
  sessionKey: string;
  /** The working directory the grant was made in; `''` when it holds everywhere. */
  cwd: string;
  /** When it was granted (ms since the epoch). */
  grantedAt: number;
  /** When it stops holding (ms since the epoch); `undefined` for the session's lifetime. */
  expiresAt: number | undefined;
  /** Who granted it (a user id, for the audit trail). */
  grantedBy: string | undefined;
}

/** What `grant` takes. */
export interface GrantInput {
  sessionId: string;
  sessionKey: string;
  cwd?: string;
  /** Absolute expiry (ms since the epoch or a Date). */
  expiresAt?: number | Date;
  /** Relative expiry; ignored when `expiresAt` is given. */
  ttlMs?: number;
  grantedBy?: string;
}

/** Identifies one grant. */
export interface GrantKey {
  sessionId: string;
  sessionKey: string;
  cwd?: string;
}

/** One answer to an approval, as the audit trail keeps it. */
export interface AuditEntry {
  sessionId: string;
  toolCallId: string;
  tool: string;
  /** The answer: `allow-once`, `allow-session`, `allow-always`, `deny`, or a host's own word. */
  decision: string;
  /** Who answered (user id); `undefined` when the host does not know. */
  actor?: string;
  /** The input the call was approved or denied with (JSON-serializable). */
  input?: unknown;
  /** Free text: the user's message, the reason shown. */
  message?: string;
  /** When (ms since the epoch); the store fills it in when absent. */
  at?: number;
  /**
   * Names this one answer: a store keeps at most one row per key, so writing the entry again
   * (a durable step re-run after a crash between the write and its checkpoint) adds nothing.
   */
  idempotencyKey?: string;
}

/** An audit entry as read back. */
export interface AuditRecord
  extends Required<Pick<AuditEntry, 'sessionId' | 'toolCallId' | 'tool' | 'decision' | 'at'>> {
  id: number;
  actor: string | undefined;
  input: unknown;
  message: string | undefined;
  /** The entry's `idempotencyKey`, when it had one. */
  idempotencyKey?: string;
}

/** Shared session state. All methods are safe to call concurrently from many processes. */
export interface SessionStore {
  /** Records (or renews) a grant; returns it as stored. */
  grant(input: GrantInput): Promise<SessionGrant>;
  /** True when an unexpired grant covers this key in this cwd (or one made for every cwd). */
  isGranted(key: GrantKey, now?: number): Promise<boolean>;
  /** Removes a grant; true when there was one. */
  revoke(key: GrantKey): Promise<boolean>;
  /** The session's unexpired grants, in the order first made (a renewal keeps its place). */
  grants(sessionId: string, now?: number): Promise<SessionGrant[]>;
  /** Adds `by` (default 1) to a counter and returns the new value, atomically. */
  incrementCounter(sessionId: string, name: string, by?: number): Promise<number>;
  /** A counter's value (0 when never incremented). */
  counter(sessionId: string, name: string): Promise<number>;
  /** True exactly once per `snapshotId`, whoever asks and however often: the resume ledger. */
  claimResume(snapshotId: string, claimedBy?: string): Promise<boolean>;
  /** Appends an approval answer to the audit trail (once per `idempotencyKey`, when given). */
  recordAudit(entry: AuditEntry): Promise<void>;
  /** The audit trail, oldest first (of one session when given). */
  audit(sessionId?: string): Promise<AuditRecord[]>;
  /** Releases what the store holds (connections). Idempotent. */
  close(): Promise<void>;
}

function requireText(method: string, field: string, value: unknown, allowEmpty = false): string {
  if (typeof value !== 'string' || (!allowEmpty && value === '')) {
    throw new TypeError(`SessionStore.${method}: ${field} must be a non-empty string`);
  }
  return value;
}

/** Validates `grant`'s input and works out its expiry; shared by every store. */
export function normalizeGrantInput(input: GrantInput, now: number): SessionGrant {
  if (typeof input !== 'object' || input === null) {
    throw new TypeError('SessionStore.grant expects { sessionId, sessionKey, cwd?, expiresAt?, ttlMs? }');
  }
  const sessionId = requireText('grant', 'sessionId', input.sessionId);
  const sessionKey = requireText('grant', 'sessionKey', input.sessionKey);
  const cwd = input.cwd === undefined ? '' : requireText('grant', 'cwd', input.cwd, true);
  const grantedAt = checkTime('grant', 'the clock', now);
  let expiresAt: number | undefined;
  if (input.expiresAt !== undefined) {
    const at = input.expiresAt instanceof Date ? input.expiresAt.getTime() : input.expiresAt;
    if (typeof at !== 'number' || !Number.isFinite(at)) {
      throw new TypeError(
        'SessionStore.grant: expiresAt must be a finite time (ms since the epoch or a Date)',
      );
    }
    // Whole milliseconds, rounded up (a grant never ends before the time asked), within a Date's range.
    expiresAt = checkTime('grant', 'expiresAt', Math.ceil(at));
  } else if (input.ttlMs !== undefined) {
    if (typeof input.ttlMs !== 'number' || !(input.ttlMs > 0) || !Number.isFinite(input.ttlMs)) {
      throw new TypeError('SessionStore.grant: ttlMs must be a positive number of milliseconds');
    }
    expiresAt = checkTime('grant', 'ttlMs', grantedAt + Math.ceil(input.ttlMs));
  }
  const grantedBy =
    input.grantedBy === undefined ? undefined : requireText('grant', 'grantedBy', input.grantedBy);
  return { sessionId, sessionKey, cwd, grantedAt, expiresAt, grantedBy };
}

/** The latest time a `Date` can hold (ms since the epoch); every store accepts up to it. */
export const MAX_STORE_TIME = 8.64e15;

/**
 * A time every store keeps exactly: whole milliseconds (a fraction is floored) within a
 * `Date`'s range; a TypeError otherwise. Shared by every store, so memory and Postgres agree.
 */
export function checkTime(method: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`SessionStore.${method}: ${field} must be a finite time in ms`);
  }
  const whole = Math.floor(value);
  if (Math.abs(whole) > MAX_STORE_TIME) {
    throw new TypeError(
      `SessionStore.${method}: ${field} is out of range (at most ${MAX_STORE_TIME} ms from the epoch, the range of a Date)`,
    );
  }
  return whole;
}

/** Validates a grant key; shared by every store. */
export function normalizeGrantKey(method: string, key: GrantKey): Required<GrantKey> {
  if (typeof key !== 'object' || key === null) {
    throw new TypeError(`SessionStore.${method} expects { sessionId, sessionKey, cwd? }`);
  }
  return {
    sessionId: requireText(method, 'sessionId', key.sessionId),
    sessionKey: requireText(method, 'sessionKey', key.sessionKey),
    cwd: key.cwd === undefined ? '' : requireText(method, 'cwd', key.cwd, true),
  };
}

/** Validates an audit entry; shared by every store. */
export function normalizeAuditEntry(entry: AuditEntry, now: number): AuditEntry & { at: number } {
  if (typeof entry !== 'object' || entry === null) {
    throw new TypeError('SessionStore.recordAudit expects { sessionId, toolCallId, tool, decision, ... }');
  }
  requireText('recordAudit', 'sessionId', entry.sessionId);
  requireText('recordAudit', 'toolCallId', entry.toolCallId);
  requireText('recordAudit', 'tool', entry.tool);
  requireText('recordAudit', 'decision', entry.decision);
  if (entry.idempotencyKey !== undefined) requireText('recordAudit', 'idempotencyKey', entry.idempotencyKey);
  const at = checkTime('recordAudit', 'at', entry.at ?? now);
  return { ...entry, at };
}

/**
 * What an audit row keeps of an input: what JSON keeps of it (any depth, cycles dropped,
 * never throwing for those). Throws only for an input too large to keep.
 */
export function auditInput(input: unknown): JsonValue | undefined {
  return keepJson(input).value;
}

/** Validates a counter increment; shared by every store. */
export function checkIncrement(sessionId: string, name: string, by: number): void {
  requireText('incrementCounter', 'sessionId', sessionId);
  requireText('incrementCounter', 'name', name);
  if (!Number.isSafeInteger(by)) throw new TypeError('SessionStore.incrementCounter: by must be an integer');
}

/** Validates a snapshot id for the resume ledger; shared by every store. */
export function checkSnapshotId(snapshotId: string): void {
  requireText('claimResume', 'snapshotId', snapshotId);
}

/** A grant holds at `now` for `cwd` when unexpired and made for that cwd or for every cwd. */
function holds(grant: SessionGrant, cwd: string, now: number): boolean {
  return (grant.cwd === '' || grant.cwd === cwd) && (grant.expiresAt === undefined || grant.expiresAt > now);
}

/** Options of `createMemorySessionStore`. */
export interface MemorySessionStoreOptions {
  /** Wall-clock time in ms since the epoch (grant times and expiry). Default `Date.now`. */
  now?: () => number;
}

/**
 * A `SessionStore` in this process's memory: the default, and fine for one process. State is
 * lost when the process ends; use `@dexter/postgres` when several processes share sessions.
 *
 * @example
 * ```ts
 * const store = createMemorySessionStore();
 * await store.grant({ sessionId: 's1', sessionKey: 'write_file', cwd: '/repo', ttlMs: 3_600_000 });
 * await store.isGranted({ sessionId: 's1', sessionKey: 'write_file', cwd: '/repo' }); // true
 * await store.claimResume('snap_1'); // true; every later claim of snap_1 is false
 * ```
 */
export function createMemorySessionStore(options: MemorySessionStoreOptions = {}): SessionStore {
  const clock = options.now ?? Date.now;
  const grants = new Map<string, SessionGrant>();
  const counters = new Map<string, number>();
  const claimed = new Set<string>();
  const audit: AuditRecord[] = [];
  const auditKeys = new Set<string>();
  const keyOf = (sessionId: string, sessionKey: string, cwd: string) =>
    JSON.stringify([sessionId, sessionKey, cwd]);

  return {
    async grant(input) {
      const grant = normalizeGrantInput(input, clock());
      const key = keyOf(grant.sessionId, grant.sessionKey, grant.cwd);
      // A renewal keeps its place (grants are listed in the order first made).
      grants.set(key, grant);
      return { ...grant };
    },
    async isGranted(key, at = clock()) {
      const { sessionId, sessionKey, cwd } = normalizeGrantKey('isGranted', key);
      const now = checkTime('isGranted', 'now', at);
      for (const scope of cwd === '' ? [''] : [cwd, '']) {
        const grant = grants.get(keyOf(sessionId, sessionKey, scope));
        if (grant !== undefined && holds(grant, cwd, now)) return true;
      }
      return false;
    },
    async revoke(key) {
      const { sessionId, sessionKey, cwd } = normalizeGrantKey('revoke', key);
      return grants.delete(keyOf(sessionId, sessionKey, cwd));
    },
    async grants(sessionId, at = clock()) {
      requireText('grants', 'sessionId', sessionId);
      const now = checkTime('grants', 'now', at);
      return [...grants.values()]
        .filter(
          (grant) =>
            grant.sessionId === sessionId && (grant.expiresAt === undefined || grant.expiresAt > now),
        )
        .map((grant) => ({ ...grant }));
    },
    async incrementCounter(sessionId, name, by = 1) {
      checkIncrement(sessionId, name, by);
      const key = JSON.stringify([sessionId, name]);
      const value = (counters.get(key) ?? 0) + by;
      counters.set(key, value);
      return value;
    },
    async counter(sessionId, name) {
      return counters.get(JSON.stringify([sessionId, name])) ?? 0;
    },
    async claimResume(snapshotId) {
      checkSnapshotId(snapshotId);
      if (claimed.has(snapshotId)) return false;
      claimed.add(snapshotId);
      return true;
    },
    async recordAudit(entry) {
      const valid = normalizeAuditEntry(entry, clock());
      if (valid.idempotencyKey !== undefined) {
        if (auditKeys.has(valid.idempotencyKey)) return;
        auditKeys.add(valid.idempotencyKey);
      }
      audit.push({
        id: audit.length + 1,
        sessionId: valid.sessionId,
        toolCallId: valid.toolCallId,
        tool: valid.tool,
        decision: valid.decision,
        at: valid.at,
        actor: valid.actor,
        input: valid.input === undefined ? undefined : auditInput(valid.input),
        message: valid.message,
        ...(valid.idempotencyKey === undefined ? {} : { idempotencyKey: valid.idempotencyKey }),
      });
    },
    async audit(sessionId) {
      return audit
        .filter((record) => sessionId === undefined || record.sessionId === sessionId)
        .map((r) => ({ ...r }));
    },
    async close() {},
  };
}

const PROCESS_STORE = Symbol.for('dexter.executor.process-session-store');

/**
 * The in-memory `SessionStore` this process shares: the default resume ledger of every
 * `createResumableExecutor` given no store, so executors built per request still resume a
 * snapshot at most once in this process. Kept on `globalThis` under a registered symbol, so
 * the ESM and CommonJS copies of this package (or two installed copies) share one too. It
 * covers this process only: several processes need one shared store (`@dexter/postgres`).
 */
export function processSessionStore(): SessionStore {
  const holder = globalThis as unknown as Record<symbol, SessionStore | undefined>;
  let store = holder[PROCESS_STORE];
  if (store === undefined) {
    store = createMemorySessionStore();
    // Not closable: closing the process-wide store would be one caller ending it for all.
    store = Object.freeze({ ...store, close: async () => {} });
    Object.defineProperty(holder, PROCESS_STORE, { value: store, enumerable: false });
  }
  return store;
}
