/**
 * `createExecutor({ sessionStore })` on PostgreSQL, across real processes: a grant made by
 * one process answers the next prompt in another, a revocation is seen by the next, every
 * answer lands in the audit trail, and soft-limit counts add up across processes.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { databaseUrl, uniqueName } from '../test/database';
import { createPostgresSessionStore } from './postgres-session-store';

const url = databaseUrl('@dexter/postgres executor gate');
const worker = fileURLToPath(new URL('../test/gate-worker.ts', import.meta.url));
const run = promisify(execFile);

interface WorkerReport {
  status: string;
  content: string;
  prompts: string[];
  source: 'prompt' | 'session' | undefined;
}

async function processRuns(schema: string, callId: string, answer: unknown): Promise<WorkerReport> {
  const { stdout } = await run(
    process.execPath,
    ['--conditions=@dexter/source', '--import', 'tsx', worker, url, schema, callId, JSON.stringify(answer)],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as WorkerReport;
}

describe.skipIf(url === '')('the executor gate on a Postgres session store, across processes', () => {
  it('shares grants, revocations, the audit trail and soft-limit counts between processes', async () => {
    const schema = uniqueName('gate');
    const first = await processRuns(schema, 'call-1', { decision: 'allow-session', actor: 'ana' });
    expect(first).toMatchObject({ status: 'ok', prompts: ['call-1'], source: 'prompt' });

    // A second process: the grant answers, nobody is asked; its call is the 2nd of the session.
    const second = await processRuns(schema, 'call-2', 'deny');
    expect(second).toMatchObject({ status: 'ok', prompts: [], source: 'session' });
    expect(second.content).toMatch(/This is call 2 of write_file in this session \(suggested maximum 1\)/);

    const store = createPostgresSessionStore({ connectionString: url, schema });
    try {
      expect(await store.grants('conv-1')).toEqual([
        expect.objectContaining({ sessionKey: 'file-write', cwd: '/repo', grantedBy: 'ana' }),
      ]);
      expect(await store.revoke({ sessionId: 'conv-1', sessionKey: 'file-write', cwd: '/repo' })).toBe(true);

      // After the revocation a third process asks again, and the user says no.
      const third = await processRuns(schema, 'call-3', { decision: 'deny', actor: 'bo' });
      expect(third).toMatchObject({ status: 'denied', prompts: ['call-3'], source: 'prompt' });

      const trail = await store.audit('conv-1');
      expect(
        trail.map(({ toolCallId, decision, actor, input }) => ({ toolCallId, decision, actor, input })),
      ).toEqual([
        { toolCallId: 'call-1', decision: 'allow-session', actor: 'ana', input: { path: 'notes.md' } },
        // The grant's use in the second process is on the trail too.
        { toolCallId: 'call-2', decision: 'session-grant', actor: undefined, input: { path: 'notes.md' } },
        { toolCallId: 'call-3', decision: 'deny', actor: 'bo', input: { path: 'notes.md' } },
      ]);
      // Calls are counted when they pass their gates: the denied one did not.
      expect(await store.counter('conv-1', 'write_file')).toBe(2);
    } finally {
      await store.close();
    }
  }, 120_000);
});
