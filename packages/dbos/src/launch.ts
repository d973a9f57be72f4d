/**
 * `launchDbos` / `shutdownDbos`: DBOS's setup in one call, so a host needs no direct import
 * of `@dbos-inc/dbos-sdk` for the common case. Launching recovers the turns a dead process
 * of the same app (same name and executor id) left unfinished.
 */
import { DBOS } from '@dbos-inc/dbos-sdk';

/** Options of `launchDbos`. */
export interface LaunchDbosOptions {
  /** The app's name: scopes its workflows in the system database. Same in every process. */
  name: string;
  /** The PostgreSQL URL of DBOS's system database (created if missing). */
  databaseUrl: string;
  /** DBOS's log level. Default `warn`. */
  logLevel?: 'error' | 'warn' | 'info' | 'debug';
}

/**
 * Configures and launches DBOS. Register durable turns (`registerDurableTurns`) before it.
 *
 * @example
 * ```ts
 * const turns = registerDurableTurns({ tools });
 * await launchDbos({ name: 'my-agent', databaseUrl: process.env.DATABASE_URL! });
 * ```
 */
export async function launchDbos(options: LaunchDbosOptions): Promise<void> {
  DBOS.setConfig({
    name: options.name,
    systemDatabaseUrl: options.databaseUrl,
    logLevel: options.logLevel ?? 'warn',
  });
  await DBOS.launch();
}

/** Stops DBOS (workflows left running are recovered by the next launch). */
export async function shutdownDbos(): Promise<void> {
  if (DBOS.isInitialized()) await DBOS.shutdown();
}
