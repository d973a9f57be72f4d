/**
 * Drives the example over real HTTP against a real PostgreSQL, as an outside check would:
 * start a turn, SIGKILL the server while the write waits for approval, start a new server
 * process, answer there, and read the turn: every call has its result, in order, and every
 * tool body ran exactly once (the `executions` the server reads from Postgres).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl } from '../../../packages/postgres/test/database';

const server = databaseUrl('durable-approvals example');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<number | string>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=@dexter/source', '--import', 'tsx', main], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

async function call(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe.skipIf(server === '')('durable-approvals over HTTP', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let workspace: string;
  const running: Running[] = [];
  beforeAll(async () => {
    database = await createDatabase(server, 'durable_approvals');
    workspace = await mkdtemp(join(tmpdir(), 'durable-approvals-'));
  });
  afterAll(async () => {
    for (const each of running)
      if (each.child.exitCode === null && each.child.signalCode === null) each.child.kill('SIGTERM');
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
    expect(answered).toEqual({ status: 200, body: { turnId, status: 'completed' } });

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
    });
    expect(await readFile(join(workspace, 'report.md'), 'utf8')).toContain(
      'Compare Apple and NVIDIA revenue',
    );

    // The same answer again, and one for a question never asked, are refused.
    const again = await call(second.base, 'POST', `/approvals/${encodeURIComponent(pending.approvalId)}`, {
      decision: 'deny',
    });
    expect(again.status).toBe(409);
    const guessed = await call(second.base, 'POST', `/approvals/${encodeURIComponent(`${turnId}~0`)}`, {
      decision: 'allow-once',
    });
    expect(guessed.status).toBe(409);
  });

  it('a deny completes the turn without running the write', async () => {
    const each =
      running.find((r) => r.child.exitCode === null && r.child.signalCode === null) ?? (await start());
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
    for (const each of [a, b]) each.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
  });

  it('answers bad requests with 400 and unknown turns with 404', async () => {
    const each =
      running.find((r) => r.child.exitCode === null && r.child.signalCode === null) ?? (await start());
    expect((await call(each.base, 'POST', '/turns', { prompt: '' })).status).toBe(400);
    expect((await call(each.base, 'POST', '/approvals/x~1', { decision: 'maybe' })).status).toBe(400);
    expect((await call(each.base, 'GET', '/turns/no-such-turn')).status).toBe(404);
    expect((await call(each.base, 'GET', '/nothing')).status).toBe(404);
  });
});
