/**
 * `instrumentExecutor`: the same executor, observed through OpenTelemetry. Each call becomes
 * an `execute_tool` span under the context `execute` / `stream` is called in (the host's
 * model-turn or request span), with its permission decision, approval wait and run as
 * children and events; metrics count decisions, floor denials, prompts and durations.
 *
 * Only `@opentelemetry/api` is used: with no SDK installed every run goes straight to the
 * executor (nothing is added to it, not even an event listener).
 */
import type { ExecuteOptions, Executor, ExecutorCall, ExecutorStream, RunOptions } from '@dexter/executor';
import {
  context,
  createNoopMeter,
  type MeterProvider,
  metrics,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { createInstruments, type Instruments } from './instruments';
import { RunTelemetry, type SandboxViolation } from './run-telemetry';
import { SEMCONV_SCHEMA_URL } from './semconv';

/** Options of `instrumentExecutor`. */
export interface ExecutorTelemetryOptions {
  /** Where spans go. Default: the global provider (`trace.getTracerProvider()`), read at each run. */
  tracerProvider?: TracerProvider;
  /** Where metrics go. Default: the global provider (`metrics.getMeterProvider()`). */
  meterProvider?: MeterProvider;
  /**
   * Record inputs, outputs, decision reasons and progress messages (`gen_ai.tool.call.arguments`,
   * `gen_ai.tool.call.result`, ...), cut to 4 KiB, with secret values masked. Default `false`:
   * only sizes and SHA-256 hashes of inputs and outputs, never their text.
   */
  recordContent?: boolean;
}

/** An executor whose runs are traced and measured. */
export interface InstrumentedExecutor extends Executor {
  /**
   * Records a blocked operation of a running call (an OS sandbox's read, write or network
   * denial) as a span event on that call and in `dexter.sandbox.violations`. False when no
   * open call has that id (the counter still counts it).
   */
  recordSandboxViolation(violation: SandboxViolation): boolean;
}

const SCOPE = '@dexter/observability';

/** A provider that answers `getDelegateTracer` with nothing: the API's proxy with no SDK behind it. */
function isEmptyProxy(provider: TracerProvider): boolean {
  const proxy = provider as { getDelegateTracer?: (name: string) => unknown };
  return typeof proxy.getDelegateTracer === 'function' && proxy.getDelegateTracer(SCOPE) === undefined;
}

/**
 * Wraps an executor so that its runs emit OpenTelemetry spans and metrics.
 *
 * @example
 * ```ts
 * const executor = instrumentExecutor(createExecutor({ tools, permissions, approvals }));
 * await tracer.startActiveSpan('model turn', async (turn) => {
 *   const results = await executor.execute(completion.toolCalls);
 *   turn.end();
 * });
 * ```
 */
export function instrumentExecutor(
  executor: Executor,
  options: ExecutorTelemetryOptions = {},
): InstrumentedExecutor {
  const recordContent = options.recordContent === true;
  const now = () => performance.now();
  const open = new Set<RunTelemetry>();
  let instruments: Instruments | undefined;
  let instrumentsMeter: unknown;

  /** A run's telemetry, or undefined when neither traces nor metrics go anywhere. */
  const begin = (): RunTelemetry | undefined => {
    const tracerProvider = options.tracerProvider ?? trace.getTracerProvider();
    const meterProvider = options.meterProvider ?? metrics.getMeterProvider();
    const tracing = options.tracerProvider !== undefined || !isEmptyProxy(tracerProvider);
    const meter = meterProvider.getMeter(SCOPE, undefined, { schemaUrl: SEMCONV_SCHEMA_URL });
    if (!tracing && meter === createNoopMeter()) return undefined;
    if (instruments === undefined || instrumentsMeter !== meter) {
      instruments = createInstruments(meter);
      instrumentsMeter = meter;
    }
    const tracer = tracerProvider.getTracer(SCOPE, undefined, { schemaUrl: SEMCONV_SCHEMA_URL });
    const telemetry = new RunTelemetry({
      tracer,
      tracing,
      instruments,
      parent: context.active(),
      recordContent,
      now,
    });
    open.add(telemetry);
    return telemetry;
  };

  const finish = (telemetry: RunTelemetry, results: readonly unknown[] | undefined) => {
    open.delete(telemetry);
    try {
      telemetry.finish(results as never);
    } catch {
      // Telemetry never changes results.
    }
  };

  const execute = (calls: readonly ExecutorCall[], runOptions?: ExecuteOptions) => {
    const telemetry = begin();
    if (telemetry === undefined) return executor.execute(calls, runOptions);
    const hostOnEvent = runOptions?.onEvent;
    const onEvent: ExecuteOptions['onEvent'] = (event) => {
      try {
        telemetry.handle(event);
      } catch {
        // Telemetry never changes results.
      }
      return hostOnEvent?.(event);
    };
    let running: Promise<Awaited<ReturnType<Executor['execute']>>>;
    try {
      running = executor.execute(calls, { ...runOptions, onEvent });
    } catch (error) {
      finish(telemetry, undefined);
      throw error;
    }
    return running.then(
      (results) => {
        finish(telemetry, results);
        return results;
      },
      (error: unknown) => {
        finish(telemetry, undefined);
        throw error;
      },
    );
  };

  const stream = (calls: readonly ExecutorCall[], runOptions?: RunOptions): ExecutorStream => {
    const telemetry = begin();
    const inner = executor.stream(calls, runOptions);
    if (telemetry === undefined) return inner;
    // A stream's events reach us when the host pulls them; the results end whatever the host
    // did not pull (a loop that breaks early, or none at all).
    const results = inner.results.then(
      (settled) => {
        finish(telemetry, settled);
        return settled;
      },
      (error: unknown) => {
        finish(telemetry, undefined);
        throw error;
      },
    );
    return {
      results,
      stats: () => inner.stats(),
      [Symbol.asyncIterator]() {
        const iterator = inner[Symbol.asyncIterator]();
        return {
          next: async () => {
            const step = await iterator.next();
            if (!step.done) {
              try {
                telemetry.handle(step.value);
              } catch {
                // Telemetry never changes results.
              }
            }
            return step;
          },
          return: (value?: unknown) =>
            iterator.return?.(value as undefined) ?? Promise.resolve({ done: true, value: undefined }),
          throw: (error?: unknown) => iterator.throw?.(error) ?? Promise.reject(error),
        };
      },
    };
  };

  return {
    execute,
    stream,
    get session() {
      return executor.session;
    },
    get tools() {
      return executor.tools;
    },
    recordSandboxViolation(violation) {
      for (const telemetry of open) {
        if (violation.runId !== undefined && telemetry.runId !== violation.runId) continue;
        if (telemetry.hasOpenCall(violation.toolCallId)) return telemetry.recordSandboxViolation(violation);
      }
      instruments?.sandboxViolations.add(1, { 'dexter.sandbox.violation.kind': violation.kind });
      return false;
    },
  };
}
