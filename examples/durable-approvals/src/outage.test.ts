/**
 * The service through PostgreSQL outages, on a throwaway server this file starts (never the
 * shared one): the server is stopped and started again while a turn's approval and another
 * turn's start are in flight, then restarted fast (`pg_ctl restart -m fast`) under four
 * starting turns. The service process survives both; while the database is down /healthz
 * and the API answer 503 with Retry-After; retried requests with the same Idempotency-Key
 * get the same turns; every turn completes by itself when the database is back, each tool's
 * effect committed once, and no request left an orphan turn.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, call, type Reply, type Running, startServer } from './test-server';

const script = fileURLToPath(new URL('../../../scripts/postgres.sh', import.meta.url));
const run = promisify(execFile);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `request` while it answers 503 (or the connection fails), for at most `ms`. */
async function untilServed(request: () => Promise<Reply>, ms = 40_000): Promise<Reply> {
  const deadline = Date.now() + ms;
  for (;;) {
    const reply = await request().catch(() => undefined);
    if (reply !== undefined && reply.status !== 503) return reply;
    if (Date.now() > deadline) throw new Error(`still unavailable after ${ms} ms`);
    await pause(200);
  }
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await pause(150);
  }
}

type TurnReply = {
  status: string;
  results: { toolCallId: string; status: string; error?: { name?: string; message: string } }[];
  executions: Record<string, number>;
};

/**
 * What a turn that lived through an outage must show: completed, every call `ok`, every
 * effect committed exactly once — also the reads that ran inside the fault window. Their
 * statements wait for the server (`retryWhileUnavailable`, the effect ledger) instead of
 * failing the tool. This once failed in 2 of 3 CI runs: a client pg had marked broken during
 * the restart threw "Client has encountered a connection error and is not queryable" (no
 * SQLSTATE, no errno), which `isDatabaseUnavailable` did not know, so the read's body threw
 * and its step recorded an error. A failure prints each call's error message.
 */
function expectSurvived(id: string, turn: TurnReply): void {
  expect([
    id,
    turn.status,
    turn.results.map((r) => [r.toolCallId, r.status, r.error?.message ?? null]),
  ]).toEqual([
    id,
    'completed',
    [
      ['call_fin_1', 'ok', null],
      ['call_fin_2', 'ok', null],
      ['call_write_1', 'ok', null],
    ],
  ]);
  expect([id, turn.executions]).toEqual([id, { call_fin_1: 1, call_fin_2: 1, call_write_1: 1 }]);
}

describe('durable-approvals through PostgreSQL restarts', () => {
  let dir = '';
  let url = '';
  let workspace = '';
  const services: Running[] = [];

  beforeAll(async () => {
    const started = spawnSync('bash', [script, 'start'], { encoding: 'utf8', timeout: 120_000 });
    dir = /^DEXTER_PG_DIR=(.*)$/m.exec(started.stdout ?? '')?.[1] ?? '';
    url = /^DATABASE_URL=(.*)$/m.exec(started.stdout ?? '')?.[1] ?? '';
    if (started.status !== 0 || dir === '' || url === '') {
      console.warn(
        `[skip] durable-approvals outage tests: could not start a throwaway PostgreSQL (scripts/postgres.sh start: ${(started.stderr ?? '').trim().split('\n').slice(-2).join(' | ')}); install the server (apt-get install -y postgresql) to run them`,
      );
      url = '';
    }
    workspace = await mkdtemp(join(tmpdir(), 'durable-outage-'));
  });

  afterAll(async () => {
    for (const each of services) if (alive(each)) each.child.kill('SIGTERM');
    await Promise.all(
      services.map((each) =>
        Promise.race([each.exited, pause(20_000).then(() => each.child.kill('SIGKILL'))]),
      ),
    );
    if (dir !== '') spawnSync('bash', [script, 'stop', dir], { stdio: 'ignore', timeout: 60_000 });
    if (workspace !== '') await rm(workspace, { recursive: true, force: true });
  });

  const ctl = (action: 'halt' | 'restart') => run('bash', [script, 'ctl', dir, action], { timeout: 90_000 });
  const turn = (service: Running, id: string) => call(service.base, 'GET', `/turns/${id}`);
  const approve = (service: Running, approvalId: string) =>
    call(service.base, 'POST', `/approvals/${encodeURIComponent(approvalId)}`, { decision: 'allow-once' });
  const startTurn = (service: Running, key: string) =>
    call(service.base, 'POST', '/turns', { prompt: `Outage ${key}` }, { 'idempotency-key': key });

  it('answers 503 with Retry-After while the database is down and finishes in-flight turns when it is back', async (context) => {
    if (url === '') context.skip();
    const service = await startServer({ DATABASE_URL: url, WORKSPACE: workspace, HEALTH_INTERVAL_MS: '200' });
    services.push(service);
    const a = await startTurn(service, 'outage-a');
    expect(a.body.status).toBe('suspended');

    // In flight while the server goes down: A's approval (its write runs next) and B's start.
    const answering = approve(service, a.body.pending[0].approvalId).catch(() => undefined);
    const startingB = startTurn(service, 'outage-b').catch(() => undefined);
    await ctl('halt');

    const health = await waitFor(
      () => call(service.base, 'GET', '/healthz'),
      (reply) => reply.status === 503,
    );
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('2');
    const refused = await startTurn(service, 'outage-c');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.body.error.code).toBe('database_unavailable');
    expect((await turn(service, 'outage-a')).status).toBe(503);
    // The requests in flight got an answer, not a hang (200 if they finished first, else 503).
    for (const reply of [await answering, await startingB]) expect([200, 503]).toContain(reply?.status);

    await ctl('restart');
    expect((await untilServed(() => call(service.base, 'GET', '/healthz'))).status).toBe(200);
    expect(alive(service)).toBe(true);

    // Clients retry what got 503, with the same keys and answers.
    const answered = await untilServed(() => approve(service, a.body.pending[0].approvalId));
    expect(answered.status).toBe(200);
    const b = await untilServed(() => startTurn(service, 'outage-b'));
    const c = await untilServed(() => startTurn(service, 'outage-c'));
    expect([b.body.turnId, c.body.turnId]).toEqual(['outage-b', 'outage-c']);
    for (const each of [b, c]) {
      expect(each.body.status).toBe('suspended');
      expect((await untilServed(() => approve(service, each.body.pending[0].approvalId))).status).toBe(200);
    }
    for (const id of ['outage-a', 'outage-b', 'outage-c']) {
      const done = await waitFor(
        () => untilServed(() => turn(service, id)),
        (reply) => reply.body.status === 'completed',
      );
      expectSurvived(id, done.body as TurnReply);
    }
    expect(alive(service)).toBe(true);
  });

  it('keeps serving through a fast restart under starting turns, with no orphan turn', async (context) => {
    if (url === '') context.skip();
    const service = services.find(alive) ?? (await startServer({ DATABASE_URL: url, WORKSPACE: workspace }));
    if (!services.includes(service)) services.push(service);
    const keys = ['fast-1', 'fast-2', 'fast-3', 'fast-4'];
    const first = keys.map((key) => startTurn(service, key).catch(() => undefined));
    await ctl('restart');
    await Promise.all(first);
    const started = await Promise.all(keys.map((key) => untilServed(() => startTurn(service, key))));
    expect(started.map((reply) => [reply.body.turnId, reply.body.status])).toEqual(
      keys.map((key) => [key, 'suspended']),
    );
    for (const reply of started) {
      expect((await untilServed(() => approve(service, reply.body.pending[0].approvalId))).status).toBe(200);
    }
    for (const key of keys) {
      const done = await waitFor(
        () => untilServed(() => turn(service, key)),
        (reply) => reply.body.status === 'completed',
      );
      expectSurvived(key, done.body as TurnReply);
    }
    expect(alive(service)).toBe(true);
    // Every request named its turn: the database holds exactly the turns asked for.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        "select workflow_uuid as id from dbos.workflow_status where name = 'dexter.turn' order by 1",
      );
      expect(rows.map((row) => row.id)).toEqual([
        'fast-1',
        'fast-2',
        'fast-3',
        'fast-4',
        'outage-a',
        'outage-b',
        'outage-c',
      ]);
    } finally {
      await client.end();
    }
  });
});
