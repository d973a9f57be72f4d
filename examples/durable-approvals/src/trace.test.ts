/**
 * The trace crosses the suspend: a turn started on one server process with a client's
 * `traceparent`, answered on another process, gives spans in one trace — the answer's span a
 * child of the span that started the turn, found through PostgreSQL, not through memory.
 * Both servers export OTLP/HTTP to a receiver in this test (loopback).
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl } from '../../../packages/postgres/test/database';
import { alive, call, type Running, startServer } from './test-server';

const server = databaseUrl('durable-approvals trace');

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

describe.skipIf(server === '')('durable-approvals trace across suspend and resume', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let workspace: string;
  const running: Running[] = [];
  const spans: OtlpSpan[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans ?? []) {
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let endpoint = '';
  beforeAll(async () => {
    database = await createDatabase(server, 'durable_approvals_trace');
    workspace = await mkdtemp(join(tmpdir(), 'durable-approvals-trace-'));
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const each of running) if (alive(each)) each.child.kill('SIGTERM');
    await Promise.all(running.map((each) => each.exited));
    receiver.close();
    await database?.drop();
    await rm(workspace, { recursive: true, force: true });
  });
  const start = async (vmid: string) => {
    const each = await startServer({
      DATABASE_URL: database.url,
      WORKSPACE: workspace,
      DBOS__VMID: vmid,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    });
    running.push(each);
    return each;
  };

  it('the answer on another process continues the trace of the request that started the turn', async () => {
    // One after the other: two processes creating DBOS's schema at once on a fresh database collide.
    const a = await start('trace-a');
    const b = await start('trace-b');
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const clientSpan = '00f067aa0ba902b7';
    const started = await call(
      a.base,
      'POST',
      '/turns',
      { prompt: 'Traced turn' },
      { traceparent: `00-${traceId}-${clientSpan}-01` },
    );
    expect(started.body.status).toBe('suspended');
    const approvalId: string = started.body.pending[0].approvalId;
    const answered = await call(b.base, 'POST', `/approvals/${encodeURIComponent(approvalId)}`, {
      decision: 'allow-once',
    });
    expect(answered.body.status).toBe('completed');
    // SIGTERM flushes each server's spans on its way out.
    for (const each of [a, b]) each.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);

    const turn = spans.find((span) => span.name === 'POST /turns');
    const answer = spans.find((span) => span.name === 'POST /approvals');
    expect(turn).toMatchObject({ traceId, parentSpanId: clientSpan });
    expect(answer).toMatchObject({ traceId, parentSpanId: turn?.spanId });
  });
});
