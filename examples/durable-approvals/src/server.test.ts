/**
 * Drives the example over real HTTP against a real PostgreSQL, as an outside check would:
 * start a turn, SIGKILL the server while the write waits for approval, start a new server
 * process, answer there, and read the turn: every call has its result, in order, and every
 * tool body ran exactly once (the `executions` the server reads from Postgres).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl } from '../../../packages/postgres/test/database';
import { alive, call, type Running, startServer } from './test-server';

const server = databaseUrl('durable-approvals example');

describe.skipIf(server === '')('durable-approvals over HTTP', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let workspace: string;
  const running: Running[] = [];
  beforeAll(async () => {
    database = await createDatabase(server, 'durable_approvals');
    workspace = await mkdtemp(join(tmpdir(), 'durable-approvals-'));
  });
  afterAll(async () => {
    for (const each of running) if (alive(each)) each.child.kill('SIGTERM');
    await Promise.all(running.map((each) => each.exited));
    await database?.drop();
    await rm(workspace, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string> = {}) => {
    const each = await startServer({ DATABASE_URL: database.url, WORKSPACE: workspace, ...env });
    running.push(each);
    return each;
  };

  it('keeps a turn through a SIGKILL of the server: the answer lands on a new process, every tool ran once', async () => {
    const first = await start();
    const started = await call(first.base, 'POST', '/turns', { prompt: 'Compare Apple and NVIDIA revenue' });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('suspended');
    expect(started.body.pending).toHaveLength(1);
    const pending = started.body.pending[0];
    expect(pending.tool).toBe('write_file');
    expect(pending.input).toMatchObject({ path: 'report.md' });
    const turnId: string = started.body.turnId;

    const before = await call(first.base, 'GET', `/turns/${turnId}`);
    expect(before.body).toMatchObject({
      turnId,
      status: 'suspended',
      results: [
        { toolCallId: 'call_fin_1', name: 'get_financials', status: 'ok' },
        { toolCallId: 'call_fin_2', name: 'get_financials', status: 'ok' },
      ],
      executions: { call_fin_1: 1, call_fin_2: 1 },
    });

    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await start();
    const answered = await call(second.base, 'POST', `/approvals/${encodeURIComponent(pending.approvalId)}`, {
      decision: 'allow-once',
    });
    expect(answered).toMatchObject({ status: 200, body: { turnId, status: 'completed' } });

    const after = await call(second.base, 'GET', `/turns/${turnId}`);
    expect(after.body).toEqual({
      turnId,
      status: 'completed',
      results: [
        { toolCallId: 'call_fin_1', name: 'get_financials', status: 'ok' },
        { toolCallId: 'call_fin_2', name: 'get_financials', status: 'ok' },
        { toolCallId: 'call_write_1', name: 'write_file', status: 'ok' },
      ],
      executions: { call_fin_1: 1, call_fin_2: 1, call_write_1: 1 },
      attempts: { call_fin_1: 1, call_fin_2: 1, call_write_1: 1 },
    });
    expect(await readFile(join(workspace, 'report.md'), 'utf8')).toContain(
      'Compare Apple and NVIDIA revenue',
    );

    // The same answer again is a retry (200, nothing sent); a different one, and one for a
    // question never asked, are refused.
    const again = await call(second.base, 'POST', `/approvals/${encodeURIComponent(pending.approvalId)}`, {
      decision: 'allow-once',
    });
    expect(again).toMatchObject({ status: 200, body: { turnId, status: 'completed' } });
    const other = await call(second.base, 'POST', `/approvals/${encodeURIComponent(pending.approvalId)}`, {
      decision: 'deny',
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('approval_answered');
    const guessed = await call(second.base, 'POST', `/approvals/${encodeURIComponent(`${turnId}~0`)}`, {
      decision: 'allow-once',
    });
    expect(guessed.status).toBe(409);
  });

  it('a deny completes the turn without running the write', async () => {
    const each = running.find(alive) ?? (await start());
    const started = await call(each.base, 'POST', '/turns', { prompt: 'Compare again' });
    expect(started.body.status).toBe('suspended');
    const denied = await call(
      each.base,
      'POST',
      `/approvals/${encodeURIComponent(started.body.pending[0].approvalId)}`,
      {
        decision: 'deny',
      },
    );
    expect(denied.body).toEqual({ turnId: started.body.turnId, status: 'completed' });
    const turn = await call(each.base, 'GET', `/turns/${started.body.turnId}`);
    expect(turn.body.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok', 'denied']);
    expect(turn.body.executions).toEqual({ call_fin_1: 1, call_fin_2: 1 });
  });

  it('takes the answer on another live server process (distinct DBOS executor ids)', async () => {
    const [a, b] = await Promise.all([start({ DBOS__VMID: 'server-a' }), start({ DBOS__VMID: 'server-b' })]);
    const started = await call(a.base, 'POST', '/turns', { prompt: 'Two servers' });
    expect(started.body.status).toBe('suspended');
    const answered = await call(
      b.base,
      'POST',
      `/approvals/${encodeURIComponent(started.body.pending[0].approvalId)}`,
      {
        decision: 'allow-once',
      },
    );
    expect(answered.body).toEqual({ turnId: started.body.turnId, status: 'completed' });
    for (const each of [a, b]) {
      const turn = await call(each.base, 'GET', `/turns/${started.body.turnId}`);
      expect(turn.body.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok', 'ok']);
      expect(turn.body.executions).toEqual({ call_fin_1: 1, call_fin_2: 1, call_write_1: 1 });
    }
    // SIGTERM drains and exits cleanly.
    for (const each of [a, b]) each.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  });

  it('returns the same turn for a retried POST /turns with the same Idempotency-Key', async () => {
    const each = running.find(alive) ?? (await start());
    const key = `retry-${Date.now().toString(36)}`;
    const headers = { 'idempotency-key': key };
    // Three retries at once and one after: one turn, its reads ran once.
    const replies = await Promise.all(
      [1, 2, 3].map(() => call(each.base, 'POST', '/turns', { prompt: 'Retried' }, headers)),
    );
    const later = await call(each.base, 'POST', '/turns', { prompt: 'Retried' }, headers);
    for (const reply of [...replies, later]) {
      expect(reply.status).toBe(200);
      expect(reply.body.turnId).toBe(key);
      expect(reply.body.status).toBe('suspended');
      expect(reply.body.pending[0].approvalId).toBe(`${key}~2`);
    }
    const turn = await call(each.base, 'GET', `/turns/${key}`);
    expect(turn.body.executions).toEqual({ call_fin_1: 1, call_fin_2: 1 });
    expect(turn.body.attempts).toEqual({ call_fin_1: 1, call_fin_2: 1 });
    // Without a key, two posts are two turns.
    const [one, two] = await Promise.all(
      [1, 2].map(() => call(each.base, 'POST', '/turns', { prompt: 'x' })),
    );
    expect(one!.body.turnId).not.toBe(two!.body.turnId);
    const bad = await call(each.base, 'POST', '/turns', { prompt: 'x' }, { 'idempotency-key': 'a b' });
    expect(bad.status).toBe(400);
    // The same key with another body is refused, naming the mismatch; nothing new starts.
    const reused = await call(each.base, 'POST', '/turns', { prompt: 'Something else' }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(reused.body.error.message).toContain(key);
    const extra = await call(each.base, 'POST', '/turns', { prompt: 'Retried', user: 'bo' }, headers);
    expect(extra.status).toBe(422);
    // The same body with its keys in another order and other spacing is the same request.
    const spaced = await call(each.base, 'POST', '/turns', '{ "prompt" :  "Retried" }', headers);
    expect([spaced.status, spaced.body.turnId]).toEqual([200, key]);
    // Two new keys raced with different bodies: exactly one body wins each key.
    const raced = `race-${Date.now().toString(36)}`;
    const racing = await Promise.all(
      ['A', 'B', 'A', 'B'].map((prompt) =>
        call(each.base, 'POST', '/turns', { prompt }, { 'idempotency-key': raced }),
      ),
    );
    const statuses = racing.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 422)).toHaveLength(2);
    const won = statuses.flatMap((status, index) => (status === 200 ? [index % 2] : []));
    expect(won[0]).toBe(won[1]); // both 200s carried the same body
    expect(racing.filter((reply) => reply.status === 200).map((reply) => reply.body.turnId)).toEqual([
      raced,
      raced,
    ]);
  });

  it('answers bad requests with 400, non-JSON bodies with 415, unknown turns with 404', async () => {
    const each = running.find(alive) ?? (await start());
    expect((await call(each.base, 'POST', '/turns', { prompt: '' })).status).toBe(400);
    expect((await call(each.base, 'POST', '/approvals/x~1', { decision: 'maybe' })).status).toBe(400);
    expect((await call(each.base, 'GET', '/turns/no-such-turn')).status).toBe(404);
    expect((await call(each.base, 'GET', '/nothing')).status).toBe(404);
    // Malformed ids: a NUL, bad percent-encoding, no call index.
    for (const path of ['/approvals/x%00~1', '/approvals/%E0%A4%A', '/approvals/abc', '/approvals/a~1%0A']) {
      const reply = await call(each.base, 'POST', path, { decision: 'deny' });
      expect([path, reply.status]).toEqual([path, 400]);
    }
    expect((await call(each.base, 'GET', '/turns/%00')).status).toBe(400);
    expect((await call(each.base, 'GET', '/turns/%zz')).status).toBe(400);
    // A cross-site "simple" request (text/plain, no preflight) is refused before anything runs.
    const plain = await call(each.base, 'POST', '/turns', JSON.stringify({ prompt: 'x' }), {
      'content-type': 'text/plain',
    });
    expect(plain.status).toBe(415);
    const form = await call(each.base, 'POST', '/approvals/x~1', 'decision=deny', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(await call(each.base, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
