/**
 * `--trace`: the session's OpenTelemetry trace, printed as a tree when the demo ends. A real
 * SDK (sdk-trace-base) records the spans `@dexter/observability` makes; a small console
 * exporter prints each span with its duration and the attributes worth reading.
 */
import type { Writable } from 'node:stream';
import { context, type Span, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** Attributes shown beside a span's name, in this order. */
const SHOWN = [
  'gen_ai.tool.call.id',
  'dexter.permission.behavior',
  'dexter.permission.source',
  'dexter.permission.rule',
  'dexter.permission.floor_check',
  'dexter.approval.answer',
  'dexter.approval.scope',
  'dexter.tool.input.size',
  'dexter.tool.output.size',
  'error.type',
];

export interface DemoTrace {
  tracerProvider: BasicTracerProvider;
  /** Runs `body` inside the session's root span. */
  inSession<T>(body: () => Promise<T>): Promise<T>;
  /** Ends the trace and prints it. */
  print(output: Writable): Promise<void>;
}

export function startDemoTrace(): DemoTrace {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  // Parents must follow `await` for the calls to join the session's trace.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracer = tracerProvider.getTracer('dexter-demo');
  return {
    tracerProvider,
    inSession: (body) =>
      tracer.startActiveSpan('demo session', async (span: Span) => {
        try {
          return await body();
        } finally {
          span.end();
        }
      }),
    async print(output) {
      await tracerProvider.forceFlush();
      output.write(`\nTrace (OpenTelemetry, ${exporter.getFinishedSpans().length} spans):\n`);
      output.write(formatTrace(exporter.getFinishedSpans()));
      await tracerProvider.shutdown();
      context.disable();
    },
  };
}

function millis(span: ReadableSpan): string {
  const [seconds, nanos] = span.duration;
  return `${(seconds * 1e3 + nanos / 1e6).toFixed(1)} ms`;
}

/** The spans as an indented tree, children in start order. */
export function formatTrace(spans: readonly ReadableSpan[]): string {
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  const children = new Map<string | undefined, ReadableSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent !== undefined && ids.has(parent) ? parent : undefined;
    const list = children.get(key) ?? [];
    list.push(span);
    children.set(key, list);
  }
  const start = (span: ReadableSpan) => span.startTime[0] * 1e9 + span.startTime[1];
  let text = '';
  const write = (parent: string | undefined, depth: number) => {
    for (const span of (children.get(parent) ?? []).sort((a, b) => start(a) - start(b))) {
      const shown = SHOWN.filter((key) => span.attributes[key] !== undefined).map(
        (key) => `${key.replace(/^(gen_ai|dexter)\./, '')}=${String(span.attributes[key])}`,
      );
      const status = span.status.code === SpanStatusCode.ERROR ? ' ERROR' : '';
      text += `${'  '.repeat(depth)}${span.name}  ${millis(span)}${status}${shown.length ? `  ${shown.join(' ')}` : ''}\n`;
      for (const event of span.events) {
        if (event.name === 'dexter.permission.decision') continue; // its attributes are on the span
        text += `${'  '.repeat(depth + 1)}· ${event.name}\n`;
      }
      write(span.spanContext().spanId, depth + 1);
    }
  };
  write(undefined, 0);
  return text;
}
