/**
 * The guide's OTLP wiring against a local OTLP/HTTP receiver (loopback): the exported JSON
 * holds an `execute_tool bash` span under the turn's span with the conventions' attributes,
 * and the `gen_ai.execute_tool.duration` metric.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, metrics, trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { runTurn, startTelemetry } from './observability-otlp';

interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}

const received: Record<string, unknown[]> = {};
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    (received[request.url ?? ''] ??= []).push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

afterAll(() => {
  server.close();
  trace.disable();
  metrics.disable();
  context.disable();
});

describe('docs/guides/observability.md: OTLP wiring', () => {
  it('exports the turn and its execute_tool spans and metrics to the collector', async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const telemetry = startTelemetry(`http://127.0.0.1:${port}`);
    const results = await runTurn([
      { id: 'call_1', name: 'bash', input: { command: 'git status' } },
      { id: 'call_2', name: 'bash', input: { command: 'cat .env' } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied']);
    await telemetry.shutdown();

    const spans = (received['/v1/traces'] ?? []).flatMap((body) =>
      (body as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap(
        (resource) => resource.scopeSpans.flatMap((scope) => scope.spans),
      ),
    );
    const turn = spans.find((span) => span.name === 'chat turn');
    const calls = spans.filter((span) => span.name === 'execute_tool bash');
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.parentSpanId).toBe(turn?.spanId);
    const attribute = (span: OtlpSpan, key: string) =>
      span.attributes.find((entry) => entry.key === key)?.value.stringValue;
    expect(calls.map((span) => attribute(span, 'gen_ai.tool.call.id')).sort()).toEqual(['call_1', 'call_2']);
    const denied = calls.find((span) => attribute(span, 'gen_ai.tool.call.id') === 'call_2')!;
    expect(attribute(denied, 'error.type')).toBe('denied');
    expect(attribute(denied, 'dexter.permission.floor_check')).toBe('secret-read');

    const metricNames = JSON.stringify(received['/v1/metrics'] ?? []);
    expect(metricNames).toContain('gen_ai.execute_tool.duration');
    expect(metricNames).toContain('dexter.permission.floor_denials');
  });
});
