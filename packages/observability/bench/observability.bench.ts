/**
 * `@dexter/observability` overhead (run by `pnpm bench`). The same executor, side by side:
 *   - bare: `createExecutor(...).execute(calls)`;
 *   - instrumented, no SDK installed: `instrumentExecutor(executor)` with no global providers
 *     (what a host pays for having the package in place before it sets up telemetry);
 *   - instrumented, with the real SDK: sdk-trace-base with a BatchSpanProcessor (what
 *     production uses) and the in-memory exporter, sdk-metrics with a reader (every span and
 *     metric really recorded);
 *   - the alternative a host writes today: its own `onEvent` that opens a span at a call's
 *     first event and ends it at `tool_result` (one span per call, name and id only), on the
 *     same SDK — what the SDK itself costs per span, next to what our fuller trace costs.
 * Two workloads: 1,000 no-op calls with a host decider (the executor's own cost is smallest
 * here, so the ratio is the worst case) and 200 `echo` calls through the real permission
 * engine's shell evaluation. Rounds alternate between variants; medians, reported as ratios.
 */
import type { Executor, ExecutorEvent } from '@dexter/executor';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine, type PermissionDecider } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import type { Span } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { instrumentExecutor } from '../src/index';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (pnpm bench does)');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ROUNDS = 15;

const noop = defineTool({
  name: 'noop',
  inputSchema: z.object({ i: z.number() }),
  description: 'does nothing',
  compactDescription: 'does nothing',
  concurrencySafe: true,
  approval: 'allow',
  execute: async ({ i }) => i,
});
const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'echoes the command (never runs a shell)',
  compactDescription: 'shell',
  concurrencySafe: true,
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: async ({ command }) => command,
});
const policy: PermissionDecider = {
  decide: (request) => ({
    behavior: request.defaultBehavior ?? 'ask',
    reason: 'policy',
    sessionKey: `tool:${request.tool}`,
    cacheable: true,
  }),
};

const spanExporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [
    new BatchSpanProcessor(spanExporter, { maxQueueSize: 100_000, maxExportBatchSize: 10_000 }),
  ],
});
const meterProvider = new MeterProvider({
  readers: [
    new PeriodicExportingMetricReader({
      exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
      exportIntervalMillis: 3_600_000,
    }),
  ],
});

interface Workload {
  label: string;
  make(): Executor;
  calls: { id: string; name: string; input: unknown }[];
}

const workloads: Workload[] = [
  {
    label: '1,000 no-op calls, host decider',
    make: () => createExecutor({ tools: [noop], permissions: policy, softLimits: false }),
    calls: Array.from({ length: 1000 }, (_, i) => ({ id: `c${i}`, name: 'noop', input: { i } })),
  },
  {
    label: '200 echo calls, permission engine',
    make: () =>
      createExecutor({
        tools: [bash],
        permissions: createPermissionEngine({ rules: { allow: ['Bash(echo:*)'] } }),
        softLimits: false,
      }),
    calls: Array.from({ length: 200 }, (_, i) => ({
      id: `e${i}`,
      name: 'bash',
      input: { command: `echo ${i}` },
    })),
  },
];

async function time(executor: Executor, calls: Workload['calls']): Promise<number> {
  gc!();
  const start = performance.now();
  await executor.execute(calls);
  return performance.now() - start;
}

/** A host's hand-written translator: one span per call from its events, nothing else. */
function handWritten(executor: Executor): Executor {
  const tracer = tracerProvider.getTracer('host');
  return {
    ...executor,
    execute(calls, options) {
      const spans: Span[] = [];
      const onEvent = (event: ExecutorEvent) => {
        spans[event.index] ??= tracer.startSpan(
          `execute_tool ${event.type === 'tool_result' ? event.result.name : event.name}`,
          {
            attributes: { 'gen_ai.tool.call.id': event.toolCallId },
          },
        );
        if (event.type === 'tool_result') spans[event.index]!.end();
      };
      return executor.execute(calls, { ...options, onEvent });
    },
  };
}

for (const workload of workloads) {
  const bare = workload.make();
  const noSdk = instrumentExecutor(workload.make());
  const withSdk = instrumentExecutor(workload.make(), { tracerProvider, meterProvider });
  const variants: [string, Executor][] = [
    ['bare executor', bare],
    ['instrumented, no SDK installed', noSdk],
    ['instrumented, SDK + in-memory exporter', withSdk],
    ['hand-written onEvent, 1 span/call, same SDK', handWritten(workload.make())],
  ];
  const samples = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  for (let warm = 0; warm < 3; warm += 1)
    for (const [, executor] of variants) await time(executor, workload.calls);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round starts with another variant: no variant always runs first (or after the SDK).
    const order = variants.map((_, index) => variants[(index + round) % variants.length]!);
    for (const [name, executor] of order) {
      samples.get(name)!.push(await time(executor, workload.calls));
      await tracerProvider.forceFlush(); // exporting belongs to no variant's time
      spanExporter.reset();
    }
  }
  const base = median(samples.get('bare executor')!);
  console.log(`\n${workload.label} (median of ${ROUNDS} rounds)`);
  console.log(`  ${'variant'.padEnd(46)} ${'ms'.padStart(8)} ${'vs bare'.padStart(8)}`);
  for (const [name] of variants) {
    const value = median(samples.get(name)!);
    console.log(
      `  ${name.padEnd(42)} ${value.toFixed(2).padStart(8)} ${`${(value / base).toFixed(2)}×`.padStart(8)}`,
    );
  }
}
await tracerProvider.shutdown();
await meterProvider.shutdown();
