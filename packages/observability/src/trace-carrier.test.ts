import { context, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createOtel, type Otel } from './test-support';
import { contextFromCarrier, traceCarrier } from './trace-carrier';

let otel: Otel;
afterEach(async () => {
  await otel?.shutdown();
});

describe('trace carrier', () => {
  it('round-trips a span across a suspend (JSON) and parents the resumed work to it', async () => {
    otel = createOtel();
    const tracer = otel.tracerProvider.getTracer('test');
    const before = tracer.startSpan('before suspend');
    const stored = JSON.stringify(traceCarrier(trace.setSpan(context.active(), before)));
    before.end();
    const resumed = contextFromCarrier(JSON.parse(stored));
    tracer.startSpan('after resume', {}, resumed).end();
    const after = otel.span('after resume');
    expect(after.spanContext().traceId).toBe(before.spanContext().traceId);
    expect(after.parentSpanContext?.spanId).toBe(before.spanContext().spanId);
    expect(after.parentSpanContext?.isRemote).toBe(true);
  });

  it('gives an empty carrier without a span, and ignores a malformed one', () => {
    expect(traceCarrier(context.active())).toEqual({});
    const root = context.active();
    expect(contextFromCarrier({ traceparent: 'garbage' }, root)).toBe(root);
    expect(contextFromCarrier({ traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` }, root)).toBe(root);
    expect(contextFromCarrier(undefined, root)).toBe(root);
  });
});
