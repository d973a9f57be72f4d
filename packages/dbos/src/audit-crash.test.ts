/**
 * An approval's audit row across a SIGKILL between the row's commit and the audit step's
 * checkpoint, with real processes and a real PostgreSQL: recovery in a new process runs the
 * audit step again (the worker counts it), and the store, given the step's idempotency key,
 * keeps one row.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSessionStore } from '../../postgres/src/index';
import { createDatabase, databaseUrl } from '../../postgres/test/database';
import { workerSet } from '../test/spawn';

const server = databaseUrl('@dexter/dbos audit crash');
const worker = fileURLToPath(new URL('../test/audit-worker.ts', import.meta.url));

describe.skipIf(server === '')('the audit trail of a durable turn', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  const workers = workerSet(worker);
  beforeAll(async () => {
    database = await createDatabase(server, 'dbos_audit');
  });
  afterAll(async () => {
    await workers.stopAll();
    await database?.drop();
  });

  it('keeps one row per answer across a SIGKILL between the audit write and its checkpoint', async () => {
    const turnId = `audit-${Date.now().toString(36)}`;
    const first = workers.start(['start', database.url, turnId]);
    const { audited } = (await first.line(0)) as { audited: string | null };
    expect(audited).toMatch(new RegExp(`^${turnId}:\\d+$`));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const store = createPostgresSessionStore({ connectionString: database.url });
    try {
      expect((await store.audit('s-audit')).map((r) => [r.toolCallId, r.decision, r.actor])).toEqual([
        ['w1', 'allow-once', 'ana'],
      ]);
      const second = workers.start(['recover', database.url, turnId]);
      const done = (await second.line(0)) as {
        results: { toolCallId: string; status: string; output: unknown }[];
        audits: number;
      };
      expect(await second.exited).toBe(0);
      expect(done.results.map((r) => [r.toolCallId, r.status, r.output])).toEqual([
        ['w1', 'ok', { wrote: 'a.md' }],
      ]);
      // The step had not checkpointed: recovery wrote the row again, under the same key.
      expect(done.audits).toBe(1);
      const trail = await store.audit('s-audit');
      expect(trail.map((r) => [r.toolCallId, r.decision, r.actor, r.idempotencyKey])).toEqual([
        ['w1', 'allow-once', 'ana', audited],
      ]);
    } finally {
      await store.close();
    }
  });
});
