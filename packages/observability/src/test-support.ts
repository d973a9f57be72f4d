/**
 * The real OpenTelemetry SDK for this package's tests: a tracer provider with the in-memory
 * exporter, a meter provider with a reader the test collects from, and an AsyncLocalStorage
 * context manager so that `startActiveSpan` parents work as in a host. Not part of the API.
 */
import { context, type Span, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AggregationTemporality,
  type DataPoint,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

let contextManager: AsyncLocalStorageContextManager | undefined;

/** Installs the AsyncLocalStorage context manager once per test file. */
export function useContextManager(): void {
  if (contextManager !== undefined) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
}

export interface Otel {
  tracerProvider: BasicTracerProvider;
  meterProvider: MeterProvider;
  spans(): ReadableSpan[];
  span(name: string): ReadableSpan;
  childrenOf(span: ReadableSpan): ReadableSpan[];
  /** Data points of a metric, after a collection. */
  points(metric: string): Promise<DataPoint<unknown>[]>;
  /** Runs `body` inside an active parent span ("model turn") and ends it. */
  inTurn<T>(body: () => Promise<T>): Promise<{ value: T; turn: ReadableSpan }>;
  shutdown(): Promise<void>;
}

export function createOtel(): Otel {
  useContextManager();
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const spans = () => exporter.getFinishedSpans();
  return {
    tracerProvider,
    meterProvider,
    spans,
    span(name) {
      const found = spans().filter((span) => span.name === name);
      if (found.length !== 1) {
        throw new Error(
          `expected one span "${name}", found ${found.length}: ${spans()
            .map((s) => s.name)
            .join(', ')}`,
        );
      }
      return found[0]!;
    },
    childrenOf(parent) {
      const id = parent.spanContext().spanId;
      return spans().filter((span) => span.parentSpanContext?.spanId === id);
    },
    async points(metric) {
      await reader.forceFlush();
      const batches = metricExporter.getMetrics();
      const last = batches[batches.length - 1];
      for (const scope of last?.scopeMetrics ?? []) {
        for (const data of scope.metrics) {
          if (data.descriptor.name === metric) return data.dataPoints as DataPoint<unknown>[];
        }
      }
      return [];
    },
    async inTurn(body) {
      const tracer = tracerProvider.getTracer('test-host');
      let turnSpan: Span | undefined;
      const value = await tracer.startActiveSpan('model turn', async (span) => {
        turnSpan = span;
        try {
          return await body();
        } finally {
          span.end();
        }
      });
      const id = turnSpan!.spanContext().spanId;
      const turn = spans().find((span) => span.spanContext().spanId === id)!;
      return { value, turn };
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      trace.disable();
    },
  };
}

/** Every string an exported span carries: attributes, event attributes, status, names. */
export function everyString(spans: readonly ReadableSpan[]): string[] {
  const out: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(add);
    else if (value !== undefined && value !== null) out.push(String(value));
  };
  for (const span of spans) {
    add(span.name);
    add(span.status.message);
    for (const [key, value] of Object.entries(span.attributes)) {
      add(key);
      add(value);
    }
    for (const event of span.events) {
      add(event.name);
      for (const [key, value] of Object.entries(event.attributes ?? {})) {
        add(key);
        add(value);
      }
    }
  }
  return out;
}
