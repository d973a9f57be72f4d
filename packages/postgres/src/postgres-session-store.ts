/**
 * `createPostgresSessionStore`: the executor's `SessionStore` port on PostgreSQL, for hosts
 * with more than one process. Every method is one statement (an upsert, a conditional
 * insert or a delete), so concurrent callers in any number of processes need no locks of
 * their own: grants and revocations of different keys never lose each other, counters add
 * up exactly, and the resume ledger's primary key lets exactly one `claimResume` win.
 */
import {
  type AuditRecord,
  auditInput,
  checkIncrement,
  checkSnapshotId,
  checkTime,
  encodeCanonicalJson,
  normalizeAuditEntry,
  normalizeGrantInput,
  normalizeGrantKey,
  type SessionGrant,
  type SessionStore,
} from '@dexter/executor';
import pg from 'pg';
import { migrate, quoteSchema } from './migrate';

function ignoreIdleConnectionError(): void {}

/** Options of `createPostgresSessionStore`: give `pool` or `connectionString`. */
export interface PostgresSessionStoreOptions {
  /** A `pg.Pool` the host owns; `close()` leaves it open. */
  pool?: pg.Pool;
  /** A Postgres URL; the store makes its own pool and `close()` ends it. */
  connectionString?: string;
  /** Schema holding the tables; created on first use. Default `dexter`. */
  schema?: string;
  /** Wall-clock time in ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** A `SessionStore` on PostgreSQL, with the schema it writes. */
export interface PostgresSessionStore extends SessionStore {
  readonly schema: string;
  /** Runs the migration now instead of on first use (e.g. at deploy time). */
  migrate(): Promise<void>;
}

interface GrantRow {
  session_id: string;
  session_key: string;
  cwd: string;
  granted_at_ms: string;
  expires_at_ms: string | null;
  granted_by: string | null;
}

interface AuditRow {
  id: string;
  session_id: string;
  tool_call_id: string;
  tool: string;
  decision: string;
  actor: string | null;
  input: unknown;
  message: string | null;
  at_ms: string;
  idempotency_key: string | null;
}

function toGrant(row: GrantRow): SessionGrant {
  return {
    sessionId: row.session_id,
    sessionKey: row.session_key,
    cwd: row.cwd,
    grantedAt: Number(row.granted_at_ms),
    expiresAt: row.expires_at_ms === null ? undefined : Number(row.expires_at_ms),
    grantedBy: row.granted_by ?? undefined,
  };
}

/**
 * How an audit input `jsonb` cannot hold is stored: `jsonb` refuses `\u0000` and lone
 * surrogates in its strings (and very deep nesting), and a model can put those in any
 * input. Such an input is stored as this wrapper around its exact JSON text (a plain string,
 * which `jsonb` holds with its escapes), and read back as the input. An input that is itself
 * shaped like the wrapper is wrapped too, so reading back is never ambiguous.
 */
export const ENCODED_INPUT_MARKER = 'dexter.encoded-json';

/** Whether JSON text holds what `jsonb` refuses: an escaped NUL or lone surrogate. */
function jsonbRefuses(text: string): boolean {
  return /\\u0000|\\ud[89a-f]/i.test(text);
}

function isWrapper(value: unknown): value is { [ENCODED_INPUT_MARKER]: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as Record<string, unknown>)[ENCODED_INPUT_MARKER] === 'string'
  );
}

/** The input as `jsonb` text: plain when it can hold it, else the wrapper. */
function inputText(input: unknown, force = false): string | null {
  if (input === undefined) return null;
  const kept = auditInput(input);
  if (kept === undefined) return null;
  const text = encodeCanonicalJson(kept, Number.POSITIVE_INFINITY);
  if (!force && !jsonbRefuses(text) && !isWrapper(kept)) return text;
  return JSON.stringify({ [ENCODED_INPUT_MARKER]: text });
}

function fromStored(input: unknown): unknown {
  if (input === null || input === undefined) return undefined;
  return isWrapper(input) ? JSON.parse(input[ENCODED_INPUT_MARKER]) : input;
}

function toAudit(row: AuditRow): AuditRecord {
  return {
    id: Number(row.id),
    sessionId: row.session_id,
    toolCallId: row.tool_call_id,
    tool: row.tool,
    decision: row.decision,
    actor: row.actor ?? undefined,
    input: fromStored(row.input),
    message: row.message ?? undefined,
    at: Number(row.at_ms),
    ...(row.idempotency_key === null ? {} : { idempotencyKey: row.idempotency_key }),
  };
}

/**
 * Creates the store. Nothing connects until the first call, which also migrates the schema.
 *
 * @example
 * ```ts
 * const store = createPostgresSessionStore({ connectionString: process.env.DATABASE_URL });
 * await store.grant({ sessionId, sessionKey: decision.sessionKey, cwd, ttlMs: 8 * 3_600_000 });
 * if (!(await store.claimResume(snapshot.id))) throw new Error('already resumed');
 * await store.close();
 * ```
 */
export function createPostgresSessionStore(options: PostgresSessionStoreOptions): PostgresSessionStore {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createPostgresSessionStore expects { pool } or { connectionString }');
  }
  const { pool: given, connectionString } = options;
  if ((given === undefined) === (connectionString === undefined)) {
    throw new TypeError('createPostgresSessionStore: pass exactly one of `pool` and `connectionString`');
  }
  if (given !== undefined && typeof given?.connect !== 'function') {
    throw new TypeError('createPostgresSessionStore: `pool` must be a pg.Pool');
  }
  if (connectionString !== undefined && (typeof connectionString !== 'string' || connectionString === '')) {
    throw new TypeError('createPostgresSessionStore: `connectionString` must be a Postgres URL');
  }
  const schema = options.schema ?? 'dexter';
  const s = quoteSchema(schema);
  const clock = options.now ?? Date.now;
  const pool = given ?? new pg.Pool({ connectionString, max: 4 });
  const owned = given === undefined;
  // An idle connection the server ends (a restart, a failover, an administrator's terminate) is
  // an 'error' event on the pool, and an 'error' event nobody listens to ends the host process.
  // The pool has already dropped that connection and the next query opens another, so the
  // store's own pool listens and carries on. A host pool is the host's to listen to.
  if (owned) pool.on('error', ignoreIdleConnectionError);
  let closed = false;
  let ready: Promise<void> | undefined;

  const ensureReady = (): Promise<void> => {
    if (closed) return Promise.reject(new Error('the Postgres session store is closed'));
    ready ??= (async () => {
      const client = await pool.connect();
      try {
        await migrate(client, schema);
      } finally {
        client.release();
      }
    })().catch((error: unknown) => {
      ready = undefined; // a later call tries again
      throw error;
    });
    return ready;
  };

  const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    await ensureReady();
    return pool.query<Row>(text, values);
  };

  return {
    schema,
    migrate: ensureReady,
    async grant(input) {
      const grant = normalizeGrantInput(input, clock());
      const { rows } = await query<GrantRow>(
        `insert into ${s}.session_grants (session_id, session_key, cwd, granted_at_ms, expires_at_ms, granted_by)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (session_id, session_key, cwd) do update
           set granted_at_ms = excluded.granted_at_ms,
               expires_at_ms = excluded.expires_at_ms,
               granted_by = excluded.granted_by
         returning session_id, session_key, cwd, granted_at_ms, expires_at_ms, granted_by`,
        [
          grant.sessionId,
          grant.sessionKey,
          grant.cwd,
          grant.grantedAt,
          grant.expiresAt ?? null,
          grant.grantedBy ?? null,
        ],
      );
      return toGrant(rows[0]!);
    },
    async isGranted(key, at = clock()) {
      const { sessionId, sessionKey, cwd } = normalizeGrantKey('isGranted', key);
      const now = checkTime('isGranted', 'now', at);
      const { rowCount } = await query(
        `select 1 from ${s}.session_grants
         where session_id = $1 and session_key = $2 and cwd in ($3, '')
           and (expires_at_ms is null or expires_at_ms > $4)
         limit 1`,
        [sessionId, sessionKey, cwd, now],
      );
      return rowCount !== null && rowCount > 0;
    },
    async revoke(key) {
      const { sessionId, sessionKey, cwd } = normalizeGrantKey('revoke', key);
      const { rowCount } = await query(
        `delete from ${s}.session_grants where session_id = $1 and session_key = $2 and cwd = $3`,
        [sessionId, sessionKey, cwd],
      );
      return rowCount !== null && rowCount > 0;
    },
    async grants(sessionId, at = clock()) {
      normalizeGrantKey('grants', { sessionId, sessionKey: '-' });
      const now = checkTime('grants', 'now', at);
      const { rows } = await query<GrantRow>(
        `select session_id, session_key, cwd, granted_at_ms, expires_at_ms, granted_by
         from ${s}.session_grants
         where session_id = $1 and (expires_at_ms is null or expires_at_ms > $2)
         order by seq`,
        [sessionId, now],
      );
      return rows.map(toGrant);
    },
    async incrementCounter(sessionId, name, by = 1) {
      checkIncrement(sessionId, name, by);
      const { rows } = await query<{ value: string }>(
        `insert into ${s}.session_counters (session_id, name, value) values ($1, $2, $3)
         on conflict (session_id, name) do update set value = ${s}.session_counters.value + excluded.value
         returning value`,
        [sessionId, name, by],
      );
      return Number(rows[0]!.value);
    },
    async counter(sessionId, name) {
      const { rows } = await query<{ value: string }>(
        `select value from ${s}.session_counters where session_id = $1 and name = $2`,
        [sessionId, name],
      );
      return rows[0] === undefined ? 0 : Number(rows[0].value);
    },
    async claimResume(snapshotId, claimedBy) {
      checkSnapshotId(snapshotId);
      const { rowCount } = await query(
        `insert into ${s}.resume_ledger (snapshot_id, claimed_at_ms, claimed_by) values ($1, $2, $3)
         on conflict (snapshot_id) do nothing`,
        [snapshotId, checkTime('claimResume', 'the clock', clock()), claimedBy ?? null],
      );
      return rowCount === 1;
    },
    async recordAudit(entry) {
      const valid = normalizeAuditEntry(entry, clock());
      const insert = (input: string | null) =>
        query(
          `insert into ${s}.approval_audit (session_id, tool_call_id, tool, decision, actor, input, message, at_ms, idempotency_key)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           on conflict (idempotency_key) do nothing`,
          [
            valid.sessionId,
            valid.toolCallId,
            valid.tool,
            valid.decision,
            valid.actor ?? null,
            input,
            valid.message ?? null,
            valid.at,
            valid.idempotencyKey ?? null,
          ],
        );
      try {
        await insert(inputText(valid.input));
      } catch (error) {
        // jsonb refused the input in a way the check above does not foresee (nesting deeper
        // than the server parses): store it wrapped, as text, rather than lose the row.
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !/^(22|54)/.test(code) || valid.input === undefined) throw error;
        await insert(inputText(valid.input, true));
      }
    },
    async audit(sessionId) {
      const { rows } =
        sessionId === undefined
          ? await query<AuditRow>(`select * from ${s}.approval_audit order by id`, [])
          : await query<AuditRow>(`select * from ${s}.approval_audit where session_id = $1 order by id`, [
              sessionId,
            ]);
      return rows.map(toAudit);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (owned) await pool.end();
    },
  };
}
