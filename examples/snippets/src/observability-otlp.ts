/**
 * Snippets for docs/guides/observability.md: an OpenTelemetry SDK that exports to an OTLP
 * collector, and a model turn whose tool calls become `execute_tool` spans under it.
 * observability-otlp.test.ts runs both against a local OTLP/HTTP receiver.
 */
// #region setup
import { createExecutor, type ExecutorCall } from '@dexter/executor';
import { instrumentExecutor } from '@dexter/observability';
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';

/** Installs an SDK that sends traces and metrics to the collector (OTLP over HTTP, JSON). */
export function startTelemetry(collector = 'http://127.0.0.1:4318') {
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${collector}/v1/traces` }))],
  });
  const meterProvider = new MeterProvider({
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${collector}/v1/metrics` }),
        exportIntervalMillis: 15_000,
      }),
    ],
  });
  // Parents follow async code (the model turn's span reaches the executor's calls).
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    /** Flushes what is buffered; call it before the process exits. */
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}
// #endregion setup

// #region turn
const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command in the project directory.',
  compactDescription: 'Run a shell command',
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: async ({ command }) => `ran ${command}`, // your real tool here
});

// The global providers are read at each run: instrument once, at startup.
const executor = instrumentExecutor(
  createExecutor({
    tools: [bash],
    permissions: createPermissionEngine({ rules: { allow: ['Bash(git status:*)'] } }),
  }),
);

/** One model turn: its span is the parent of every call's `execute_tool` span. */
export function runTurn(calls: readonly ExecutorCall[]) {
  return trace.getTracer('my-agent').startActiveSpan('chat turn', async (turn) => {
    try {
      return await executor.execute(calls);
    } finally {
      turn.end();
    }
  });
}
// #endregion turn
