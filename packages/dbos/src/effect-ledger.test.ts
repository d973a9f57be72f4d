/**
 * The gap between a tool's effect and its step's checkpoint, with real processes and a real
 * PostgreSQL: a worker commits the second call's effect through the effect ledger and is
 * SIGKILLed before the step checkpoints. Recovery in a new process runs the body again (the
 * `attempts` log shows it, with the same idempotency key), but the effect is not repeated.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl } from '../../postgres/test/database';
import { workerSet } from '../test/spawn';
import { createEffectLedger } from './effect-ledger';

const server = databaseUrl('@dexter/dbos effect ledger');
const worker = fileURLToPath(new URL('../test/effect-worker.ts', import.meta.url));

describe.skipIf(server === '')('the effect ledger', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let pool: pg.Pool;
  const workers = workerSet(worker);
  beforeAll(async () => {
    database = await createDatabase(server, 'dbos_effects');
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => {});
  });
  afterAll(async () => {
    await workers.stopAll();
    await pool?.end();
    await database?.drop();
  });

  const counts = async (table: string) => {
    const { rows } = await pool.query<{ key: string; tool_call_id: string; n: number }>(
      `select key, tool_call_id, count(*)::int as n from ${table} group by key, tool_call_id order by tool_call_id`,
    );
    return rows;
  };

  it('does an effect once across a SIGKILL between the effect and the checkpoint', async () => {
    const turnId = `effects-${Date.now().toString(36)}`;
    const first = workers.start(['start', database.url, turnId]);
    const { effect } = (await first.line(0)) as { effect: string };
    expect(effect).toMatch(new RegExp(`^${turnId}:\\d+$`));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect((await counts('charges')).map((row) => [row.tool_call_id, row.n])).toEqual([
      ['c1', 1],
      ['c2', 1],
    ]);

    const second = workers.start(['recover', database.url, turnId]);
    const done = (await second.line(0)) as {
      results: { toolCallId: string; status: string; output: unknown }[];
      keys: Record<string, string>;
    };
    expect(await second.exited).toBe(0);
    expect(done.results.map((r) => [r.toolCallId, r.status, r.output])).toEqual([
      ['c1', 'ok', { charged: 5 }],
      ['c2', 'ok', { charged: 7 }],
    ]);
    // c1 checkpointed: not run again. c2 ran again, with the same key, and found its effect.
    expect(done.keys).toEqual({ c2: effect });
    const attempts = await counts('attempts');
    expect(attempts.map((row) => [row.tool_call_id, row.n])).toEqual([
      ['c1', 1],
      ['c2', 2],
    ]);
    expect(new Set(attempts.map((row) => row.key)).size).toBe(2);
    const charges = await counts('charges');
    expect(charges.map((row) => [row.tool_call_id, row.n])).toEqual([
      ['c1', 1],
      ['c2', 1],
    ]);
    expect(charges.find((row) => row.tool_call_id === 'c2')?.key).toBe(effect);
  });

  it('drains a running step on shutdown: it finishes and checkpoints, the next one waits for recovery', async () => {
    const turnId = `drain-${Date.now().toString(36)}`;
    const first = workers.start(['drain', database.url, turnId]);
    await first.line(0); // c1's body is running
    first.child.kill('SIGTERM');
    expect(await first.line(1)).toEqual({ drained: true });
    expect(await first.exited).toBe(0);
    const second = workers.start(['recover', database.url, turnId]);
    const done = (await second.line(0)) as { results: { toolCallId: string; status: string }[] };
    expect(await second.exited).toBe(0);
    expect(done.results.map((r) => [r.toolCallId, r.status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'ok'],
    ]);
    // c1 finished and recorded before the process stopped: recovery did not run it again.
    const { rows } = await pool.query<{ tool_call_id: string; n: number }>(
      `select a.tool_call_id, count(*)::int as n from attempts a where a.key like $1
        group by a.tool_call_id order by 1`,
      [`${turnId}:%`],
    );
    expect(rows.map((row) => [row.tool_call_id, row.n])).toEqual([
      ['c1', 1],
      ['c2', 1],
    ]);
  });

  it('runs an effect once per key, rolls back a failing one, and serializes concurrent runs', async () => {
    const ledger = createEffectLedger({ pool, schema: 'ledger_unit' });
    await pool.query('create table if not exists ledger_rows (key text not null)');
    const effect = (key: string) => async (client: pg.PoolClient) => {
      await client.query('insert into ledger_rows (key) values ($1)', [key]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { key, at: 'first' };
    };
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => ledger.once('k1', effect('k1'))));
    expect(outcomes).toEqual(Array(4).fill({ key: 'k1', at: 'first' }));
    await expect(
      ledger.once('k2', async (client) => {
        await client.query('insert into ledger_rows (key) values ($1)', ['k2']);
        throw new Error('the effect failed');
      }),
    ).rejects.toThrow('the effect failed');
    expect(await ledger.once('k2', effect('k2'))).toEqual({ key: 'k2', at: 'first' });
    const { rows } = await pool.query(
      'select key, count(*)::int as n from ledger_rows group by key order by key',
    );
    expect(rows).toEqual([
      { key: 'k1', n: 1 },
      { key: 'k2', n: 1 },
    ]);
    expect(() => createEffectLedger({ pool, schema: 'bad-name' })).toThrow(/identifier/);
  });
});
