/**
 * `launchDbos` / `shutdownDbos`: DBOS's setup in one call, so a host needs no direct import
 * of `@dbos-inc/dbos-sdk` for the common case. Launching recovers the turns a dead process
 * of the same app (same name and executor id) left unfinished. The system database pool is
 * `createSystemDatabasePool`'s, which survives a database restart (docs/decisions/0024).
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import type pg from 'pg';
import { drainSteps, resetDrain } from './drain';
import { createSystemDatabasePool } from './system-database-pool';

/** Options of `launchDbos`. */
export interface LaunchDbosOptions {
  /** The app's name: scopes its workflows in the system database. Same in every process. */
  name: string;
  /** The PostgreSQL URL of DBOS's system database (created if missing). */
  databaseUrl: string;
  /** DBOS's log level. Default `warn`. */
  logLevel?: 'error' | 'warn' | 'info' | 'debug';
  /** Connections DBOS may hold. Default 10. */
  poolSize?: number;
}

let ownPool: pg.Pool | undefined;

/**
 * Configures and launches DBOS. Register durable turns (`registerDurableTurns`) before it.
 *
 * @example
 * ```ts
 * const turns = registerDurableTurns({ tools });
 * await launchDbos({ name: 'my-agent', databaseUrl: process.env.DATABASE_URL! });
 * process.once('SIGTERM', () => void shutdownDbos({ drainTimeoutMs: 30_000 }).then(() => process.exit(0)));
 * ```
 */
export async function launchDbos(options: LaunchDbosOptions): Promise<void> {
  resetDrain();
  const pool = createSystemDatabasePool({
    databaseUrl: options.databaseUrl,
    ...(options.poolSize === undefined ? {} : { max: options.poolSize }),
    applicationName: `dexter_dbos_${options.name}`.slice(0, 63),
  });
  DBOS.setConfig({
    name: options.name,
    systemDatabaseUrl: options.databaseUrl,
    systemDatabasePool: pool,
    logLevel: options.logLevel ?? 'warn',
  });
  try {
    await DBOS.launch();
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  ownPool = pool;
}

/** Options of `shutdownDbos`. */
export interface ShutdownDbosOptions {
  /**
   * How long to let tool steps that are running finish and record their checkpoints; no new
   * step starts meanwhile. Default 10 s. Turns waiting for an approval or between steps are
   * not waited for: the next launch with the same executor id recovers them.
   */
  drainTimeoutMs?: number;
}

/**
 * Drains the running tool steps, then stops DBOS (workflows left running are recovered by the
 * next launch) and closes the pool `launchDbos` opened.
 */
export async function shutdownDbos(options: ShutdownDbosOptions = {}): Promise<void> {
  await drainSteps(options.drainTimeoutMs ?? 10_000);
  if (DBOS.isInitialized()) await DBOS.shutdown();
  const pool = ownPool;
  ownPool = undefined;
  await pool?.end();
}
