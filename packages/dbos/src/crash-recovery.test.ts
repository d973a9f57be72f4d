/**
 * The durable-turn guarantee with real processes and a real PostgreSQL: a turn started in
 * one process is SIGKILLed while it waits for an approval (after three tools ran), the
 * approval is answered by a second process that runs no workflows, and a third process
 * recovers the turn and finishes it. The side-effect log in Postgres proves each tool body
 * ran exactly once; the results are complete and in call order.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl } from '../../postgres/test/database';
import { workerSet } from '../test/spawn';
import type { TurnState } from './durable-turns';

const server = databaseUrl('@dexter/dbos crash recovery');
const worker = fileURLToPath(new URL('../test/turn-worker.ts', import.meta.url));

describe.skipIf(server === '')('a durable turn across a SIGKILL', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  const workers = workerSet(worker);
  beforeAll(async () => {
    database = await createDatabase(server, 'dbos_crash');
  });
  afterAll(async () => {
    await workers.stopAll();
    await database?.drop();
  });

  const ranCounts = async (): Promise<Record<string, number>> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ tool_call_id: string; n: number }>(
        'select tool_call_id, count(*)::int as n from side_effects group by tool_call_id order by tool_call_id',
      );
      return Object.fromEntries(rows.map((row) => [row.tool_call_id, row.n]));
    } finally {
      await client.end();
    }
  };

  it('recovers in another process: completed calls are not re-run, approvals still wait, results once and in order', async () => {
    const turnId = `turn-${Date.now().toString(36)}`;

    const first = workers.start(['start', database.url, turnId]);
    const suspended = (await first.line(0)) as TurnState;
    expect(suspended.status).toBe('suspended');
    expect(suspended.pending).toHaveLength(1);
    expect(suspended.pending[0]).toMatchObject({
      toolCallId: 'c4',
      tool: 'write_file',
      input: { path: 'a.md' },
    });
    expect(suspended.results.map((r) => [r.toolCallId, r.status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'ok'],
      ['c3', 'ok'],
    ]);
    expect(await ranCounts()).toEqual({ c1: 1, c2: 1, c3: 1 });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const approvalId = suspended.pending[0]!.approvalId;
    const answerer = workers.start(['answer', database.url, approvalId, 'allow-once']);
    expect(await answerer.line(0)).toEqual({ answered: approvalId });
    expect(await answerer.exited).toBe(0);
    // Nobody runs the turn now: the answer waits in Postgres, nothing more has run.
    expect(await ranCounts()).toEqual({ c1: 1, c2: 1, c3: 1 });

    const recoverer = workers.start(['recover', database.url, turnId, approvalId]);
    const next = (await recoverer.line(0)) as TurnState;
    expect(next.status).toBe('suspended');
    expect(next.pending[0]).toMatchObject({ toolCallId: 'c6', tool: 'write_file' });
    const done = (await recoverer.line(1)) as TurnState;
    expect(await recoverer.exited).toBe(0);

    expect(done.status).toBe('completed');
    expect(done.results.map((r) => [r.toolCallId, r.name, r.status])).toEqual([
      ['c1', 'read_a', 'ok'],
      ['c2', 'read_b', 'ok'],
      ['c3', 'read_a', 'ok'],
      ['c4', 'write_file', 'ok'],
      ['c5', 'read_b', 'ok'],
      ['c6', 'write_file', 'ok'],
      ['c7', 'read_a', 'ok'],
    ]);
    expect(done.results.map((r) => r.output)).toEqual([
      { key: 'one', value: 'read_a:one' },
      { key: 'two', value: 'read_b:two' },
      { key: 'three', value: 'read_a:three' },
      { path: 'a.md', bytes: 5 },
      { key: 'five', value: 'read_b:five' },
      { path: 'b.md', bytes: 7 },
      { key: 'seven', value: 'read_a:seven' },
    ]);
    expect(await ranCounts()).toEqual({ c1: 1, c2: 1, c3: 1, c4: 1, c5: 1, c6: 1, c7: 1 });
  });
});
