/**
 * OpenTelemetry for the example server, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (an OTLP/HTTP
 * collector, e.g. http://127.0.0.1:4318): spans go there in batches. Off otherwise: the API
 * stays a no-op and nothing is recorded.
 *
 * The trace of a turn crosses the suspend: `POST /turns` continues the caller's `traceparent`
 * and stores its own span's context beside the turn (`turn_traces`); `POST /approvals/:id`, on
 * whichever process receives it, hours later, continues that stored context — one trace from
 * the request that started the turn to the answer that finished it.
 */
import { contextFromCarrier, type TraceCarrier, traceCarrier } from '@dexter/observability';
import { type Context, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type pg from 'pg';

export interface Telemetry {
  /** Flushes buffered spans. */
  shutdown(): Promise<void>;
}

export function startTelemetry(env: Readonly<Record<string, string | undefined>>): Telemetry {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint === undefined || endpoint === '') return { shutdown: async () => {} };
  const provider = new BasicTracerProvider({
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 200,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  return { shutdown: () => provider.shutdown() };
}

export async function createTraceTable(pool: pg.Pool): Promise<void> {
  await pool.query(`create table if not exists turn_traces (
    turn_id text primary key,
    traceparent text not null,
    tracestate text)`);
}

/** Remembers the active span as the turn's (the first request that started it wins). */
export async function saveTurnTrace(pool: pg.Pool, turnId: string): Promise<void> {
  const carrier = traceCarrier();
  if (carrier.traceparent === undefined) return;
  await pool.query(
    'insert into turn_traces (turn_id, traceparent, tracestate) values ($1, $2, $3) on conflict do nothing',
    [turnId, carrier.traceparent, carrier.tracestate ?? null],
  );
}

/** The turn's stored trace context, as a parent; the active context when none was stored. */
export async function turnContext(pool: pg.Pool, turnId: string): Promise<Context> {
  const { rows } = await pool.query<{ traceparent: string; tracestate: string | null }>(
    'select traceparent, tracestate from turn_traces where turn_id = $1',
    [turnId],
  );
  const row = rows[0];
  if (row === undefined) return context.active();
  const carrier: TraceCarrier = { traceparent: row.traceparent };
  if (row.tracestate !== null) carrier.tracestate = row.tracestate;
  return contextFromCarrier(carrier);
}

/** The incoming request's W3C trace context (`traceparent` / `tracestate` headers). */
export function requestContext(headers: Readonly<Record<string, string | string[] | undefined>>): Context {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const carrier: TraceCarrier = {};
  const parent = header('traceparent');
  const state = header('tracestate');
  if (parent !== undefined) carrier.traceparent = parent;
  if (state !== undefined) carrier.tracestate = state;
  return contextFromCarrier(carrier);
}

/** Runs `body` in a SERVER span named `name` under `parent`; the span records failures by kind only. */
export function inServerSpan<T>(name: string, parent: Context, body: (span: Span) => Promise<T>): Promise<T> {
  return trace
    .getTracer('dexter-durable-approvals')
    .startActiveSpan(name, { kind: SpanKind.SERVER }, parent, async (span) => {
      try {
        return await body(span);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    });
}
