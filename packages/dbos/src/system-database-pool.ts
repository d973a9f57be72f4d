/**
 * `createSystemDatabasePool`: the `pg.Pool` `launchDbos` hands DBOS as its system database
 * pool, built to survive a database restart.
 *
 * Why not DBOS's own pool: with `@dbos-inc/dbos-sdk` 5.3.0 a `pg_ctl restart -m fast` under load
 * ends the process about two runs in three with an unhandled `'error'` (57P01) from a pooled
 * client (docs/decisions/0024). pg-pool hands a released client to the next waiter inside the
 * socket callback that read the query's ReadyForQuery; when the server's FATAL arrives in the
 * same chunk, pg emits it before the waiter's `await pool.connect()` resumes and attaches its
 * listener, and a client with no `'error'` listener throws. Here every client carries a
 * listener for its whole life, attached when it connects; the pool carries one too. Errors
 * still reach whoever holds the client through its query, and DBOS retries the operations
 * that hit a dead connection until the server is back.
 */
import pg from 'pg';

/** Options of `createSystemDatabasePool`. */
export interface SystemDatabasePoolOptions {
  /** The PostgreSQL URL of DBOS's system database. */
  databaseUrl: string;
  /** Connections at most. Default 10 (DBOS's own default). */
  max?: number;
  /** Shown in `pg_stat_activity.application_name`. Default `dexter_dbos`. */
  applicationName?: string;
  /**
   * Ends a session left idle inside a transaction after this long (DBOS sets the same on its
   * own pool). Default 60 s; 0 leaves the server's setting.
   */
  idleInTransactionTimeoutMs?: number;
  /** How long to wait for a new connection. Default 10 s. */
  connectionTimeoutMs?: number;
  /** Receives connection errors the pool survived. Default: ignored (DBOS logs the retries). */
  onError?: (error: Error) => void;
}

/**
 * A `pg.Pool` for DBOS's system database whose idle and checked-out clients never turn a
 * server-side disconnect into an uncaught exception. `launchDbos` makes one; a host that calls
 * `DBOS.setConfig` itself passes it as `systemDatabasePool` and ends it after `DBOS.shutdown()`.
 *
 * @example
 * ```ts
 * const pool = createSystemDatabasePool({ databaseUrl: process.env.DATABASE_URL! });
 * DBOS.setConfig({ name: 'my-agent', systemDatabaseUrl: process.env.DATABASE_URL!, systemDatabasePool: pool });
 * ```
 */
export function createSystemDatabasePool(options: SystemDatabasePoolOptions): pg.Pool {
  const idleMs = options.idleInTransactionTimeoutMs ?? 60_000;
  const onError = options.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'dexter_dbos',
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
    ...(idleMs > 0
      ? { options: `-c idle_in_transaction_session_timeout=${Math.max(1, Math.round(idleMs))}` }
      : {}),
  });
  pool.on('error', onError);
  // 'connect' fires once per new client, before anyone can hold it: the listener outlives
  // every checkout and release.
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  return pool;
}
