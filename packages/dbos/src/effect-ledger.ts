/**
 * `createEffectLedger`: exactly-once for effects that live in PostgreSQL. A DBOS step records
 * its output after the tool body returns, in a transaction of its own, so a crash between the
 * body's effect and that checkpoint runs the body again on recovery. An effect written through
 * `ledger.once(context.idempotencyKey, ...)` commits in one transaction with a row keyed by the
 * step's idempotency key; the re-run finds the row and returns the recorded value instead of
 * doing the effect again. Two processes running the same key at once are serialized by a
 * transaction-scoped advisory lock on the key.
 */
import type pg from 'pg';
import { retryWhileUnavailable } from './database-unavailable';
import { DurableTurnError } from './errors';

/** Options of `createEffectLedger`. */
export interface EffectLedgerOptions {
  /** A pool on the database the effects write to (the ledger table lives there too). */
  pool: pg.Pool;
  /**
   * How long `once` keeps trying while the database is unreachable (a restart, a failover):
   * the transaction rolled back, so nothing committed and trying again is safe. Default 60 s;
   * 0 throws at once.
   */
  unavailableRetryMs?: number;
  /** Schema of the ledger table `effect_ledger`. Default `dexter`. */
  schema?: string;
}

/** Runs database effects at most once per idempotency key, committed with their record. */
export interface EffectLedger {
  /**
   * Runs `effect` in a transaction that also records `key` and the effect's value (JSON). If
   * `key` was recorded already, returns that value and does not run `effect`. Throws (and
   * rolls back) when `effect` throws.
   */
  once<T>(key: string, effect: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** Creates the table (also done on first use). */
  migrate(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * An effect ledger on `pool`'s database.
 *
 * @example
 * ```ts
 * const ledger = createEffectLedger({ pool });
 * const charge = defineTool({ ..., async execute({ amount }, { toolCallId, idempotencyKey }) {
 *   return ledger.once(idempotencyKey ?? toolCallId, async (client) => {
 *     await client.query('insert into charges (amount) values ($1)', [amount]);
 *     return { charged: amount };
 *   });
 * } });
 * ```
 */
export function createEffectLedger(options: EffectLedgerOptions): EffectLedger {
  const schema = options.schema ?? 'dexter';
  if (!IDENTIFIER.test(schema)) {
    throw new DurableTurnError(
      'invalid_option',
      `effect ledger schema must be a plain identifier, got "${schema}"`,
    );
  }
  const { pool } = options;
  const retryMs = options.unavailableRetryMs ?? 60_000;
  const table = `"${schema}".effect_ledger`;
  const ignore = () => {};

  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    // A server restart while we hold the client must reach us through the query, not as an
    // uncaught 'error' event.
    client.on('error', ignore);
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.removeListener('error', ignore);
      client.release(broken);
    }
  };

  let migrated: Promise<void> | undefined;
  const migrate = (): Promise<void> => {
    migrated ??= withClient(async (client) => {
      await client.query('begin');
      try {
        await client.query('select pg_advisory_xact_lock(hashtext($1))', [`dexter.effect_ledger.${schema}`]);
        await client.query(`create schema if not exists "${schema}"`);
        await client.query(`create table if not exists ${table} (
          key text primary key,
          value text not null,
          recorded_at timestamptz not null default now())`);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(ignore);
        throw error;
      }
    }).catch((error: unknown) => {
      migrated = undefined;
      throw error;
    });
    return migrated;
  };

  return {
    migrate,
    async once<T>(key: string, effect: (client: pg.PoolClient) => Promise<T>): Promise<T> {
      if (typeof key !== 'string' || key === '') {
        throw new DurableTurnError('invalid_option', 'effect ledger: the key must be a non-empty string');
      }
      // While the server is away the attempt rolls back whole (or it committed, and the next
      // attempt finds its row): try again until it is back, and the effect happens once.
      return retryWhileUnavailable(() => attempt(key, effect), retryMs);
    },
  };

  async function attempt<T>(key: string, effect: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await migrate();
    return withClient(async (client) => {
      await client.query('begin');
      try {
        await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
        const found = await client.query<{ value: string }>(`select value from ${table} where key = $1`, [
          key,
        ]);
        if (found.rows.length > 0) {
          await client.query('commit');
          return JSON.parse(found.rows[0]!.value) as T;
        }
        const value = await effect(client);
        const text = JSON.stringify(value ?? null) ?? 'null';
        await client.query(`insert into ${table} (key, value) values ($1, $2)`, [key, text]);
        await client.query('commit');
        // The value a re-run would read: the same JSON.
        return JSON.parse(text) as T;
      } catch (error) {
        await client.query('rollback').catch(ignore);
        throw error;
      }
    });
  }
}
