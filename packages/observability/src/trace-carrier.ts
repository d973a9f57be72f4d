/**
 * Carrying a trace across a suspend and a resume (`createResumableExecutor`, a durable wait):
 * `traceCarrier()` writes the active span's W3C `traceparent` (and `tracestate`) into a small
 * JSON-safe object the host stores beside its snapshot; `contextFromCarrier(carrier)` gives
 * back a context whose parent is that span, for the process that resumes. Written against the
 * W3C Trace Context format directly, so it works without an SDK's propagator installed.
 */
import {
  type Context,
  context,
  createTraceState,
  isSpanContextValid,
  type SpanContext,
  TraceFlags,
  trace,
} from '@opentelemetry/api';

/** A W3C trace context, as stored beside a suspended run. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The active (or given) context's span as a `TraceCarrier`; empty when there is no valid span. */
export function traceCarrier(from: Context = context.active()): TraceCarrier {
  const spanContext = trace.getSpanContext(from);
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return {};
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
  const carrier: TraceCarrier = {
    traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`,
  };
  const state = spanContext.traceState?.serialize();
  if (state) carrier.tracestate = state;
  return carrier;
}

/**
 * A context whose parent span is the one `carrier` names (a remote parent), on top of `into`
 * (default: the active context). A missing or malformed carrier gives `into` unchanged.
 */
export function contextFromCarrier(
  carrier: TraceCarrier | undefined,
  into: Context = context.active(),
): Context {
  const match =
    typeof carrier?.traceparent === 'string' ? TRACEPARENT.exec(carrier.traceparent.trim()) : null;
  if (match === null) return into;
  const spanContext: SpanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: Number.parseInt(match[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
  if (typeof carrier?.tracestate === 'string' && carrier.tracestate !== '') {
    spanContext.traceState = createTraceState(carrier.tracestate);
  }
  if (!isSpanContextValid(spanContext)) return into;
  return trace.setSpanContext(into, spanContext);
}
