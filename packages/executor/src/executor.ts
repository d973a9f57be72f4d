/**
 * `createExecutor`: the engine room a host imports into its own agent loop. It takes one
 * model turn's tool calls and returns exactly one result per call, in call order — running
 * consecutive concurrency-safe calls in parallel, everything else alone, each call gated
 * by validation, permissions and approvals, and observable as a stream of events.
 */
import type { AnyTool, ToolCall } from '@dexter/registry';
import { ExecutorError } from './errors';
import { EventQueue } from './event-queue';
import type { ExecutorEvent } from './events';
import { type ExecutorOptions, resolveExecutorOptions } from './executor-options';
import { createExecutorStream, createQueueSink, type ExecutorStream } from './executor-stream';
import { observe } from './observe';
import { type EventSink, Run } from './run';
import { type ExecutorSession, isExecutorSession } from './session';
import { calledNames, countingSession, pullCounters, pushCounters } from './store-counters';
import type { ToolResult } from './tool-result';

/** Options of one `execute` / `stream` run. */
export interface RunOptions {
  /** Aborting it cancels pending calls (`cancelled`) and aborts running ones; the run settles promptly. */
  signal?: AbortSignal;
  /** Use this session (approval grants, soft-limit counters) instead of the executor's. */
  session?: ExecutorSession;
}

/** Options of `execute`. */
export interface ExecuteOptions extends RunOptions {
  /**
   * Receives every event synchronously as it happens (no buffering, no coalescing). Errors
   * it throws are ignored, and so is a promise it returns that rejects: observers never
   * change results. It may abort the run or start another one from inside.
   */
  onEvent?: (event: ExecutorEvent) => unknown;
}

/** A tool call as `execute` accepts it: an adapter's parsed `ToolCall`. */
export type ExecutorCall = ToolCall;

/** Runs tool calls. Made by `createExecutor`. */
export interface Executor {
  /**
   * Runs the calls and resolves with one `ToolResult` per call, in call order. Never
   * rejects because of a call; throws `ExecutorError('invalid_calls')` only when `calls` is
   * not an array.
   */
  execute(calls: readonly ExecutorCall[], options?: ExecuteOptions): Promise<ToolResult[]>;
  /** Runs the calls and yields `ExecutorEvent`s as they happen; see `ExecutorStream`. */
  stream(calls: readonly ExecutorCall[], options?: RunOptions): ExecutorStream;
  /** The session shared by runs that do not pass their own. */
  readonly session: ExecutorSession;
  /** The tools calls may name. */
  readonly tools: readonly AnyTool[];
}

let runCounter = 0;

/**
 * A copy of the calls array, read once. An element whose getter throws becomes `undefined`
 * (a malformed call with its own result); only an array whose length cannot be read is an
 * error of the whole argument.
 */
function copyCalls(calls: readonly unknown[], method: string): unknown[] {
  let length: number;
  try {
    length = calls.length;
  } catch {
    throw new ExecutorError(
      'invalid_calls',
      `executor.${method}(calls): the array's length could not be read`,
    );
  }
  const copy = new Array<unknown>(length);
  for (let index = 0; index < length; index += 1) {
    try {
      copy[index] = calls[index];
    } catch {
      copy[index] = undefined;
    }
  }
  return copy;
}

function checkCalls(calls: unknown, method: string): asserts calls is readonly ToolCall[] {
  let isArray = false;
  try {
    isArray = Array.isArray(calls);
  } catch {
    // a revoked Proxy: not an array we can read
  }
  if (!isArray) {
    throw new ExecutorError(
      'invalid_calls',
      `executor.${method}(calls) expects an array of tool calls ({ id, name, input }), got ${calls === null ? 'null' : typeof calls}`,
    );
  }
}

function isAbortSignal(value: unknown): boolean {
  try {
    return value instanceof AbortSignal;
  } catch {
    return false;
  }
}

function isSession(value: unknown): boolean {
  try {
    return isExecutorSession(value);
  } catch {
    return false;
  }
}

/** A run's options, each read once (a getter that throws is an `invalid_option` error). */
interface ReadRunOptions {
  signal: AbortSignal | undefined;
  session: ExecutorSession | undefined;
  onEvent: unknown;
}

const NO_RUN_OPTIONS: ReadRunOptions = Object.freeze({
  signal: undefined,
  session: undefined,
  onEvent: undefined,
});

function readRunOptions(options: ExecuteOptions | undefined, method: string): ReadRunOptions {
  if (options === undefined) return NO_RUN_OPTIONS;
  if (typeof options !== 'object' || options === null) {
    throw new ExecutorError(
      'invalid_option',
      `executor.${method}: options must be an object like { signal }`,
    );
  }
  let read: ReadRunOptions;
  try {
    read = { signal: options.signal, session: options.session, onEvent: options.onEvent };
  } catch (error) {
    throw new ExecutorError('invalid_option', `executor.${method}: its options could not be read`, {
      cause: error,
    });
  }
  const { signal, session } = read;
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new ExecutorError('invalid_option', `executor.${method}: signal must be an AbortSignal`, {
      option: 'signal',
    });
  }
  if (session !== undefined && !isSession(session)) {
    throw new ExecutorError('invalid_option', `executor.${method}: session must come from createSession()`, {
      option: 'session',
    });
  }
  return read;
}

/**
 * Creates an executor. Throws `ExecutorError` (`invalid_option` / `invalid_tools`) on
 * misconfiguration, with a message that says what to change.
 *
 * @example
 * ```ts
 * const executor = createExecutor({
 *   tools: [getFinancials, writeFile],
 *   permissions: createPermissionEngine({ ... }),
 *   approvals: myPrompter,
 *   maxConcurrency: 8,
 *   timeoutMs: 30_000,
 * });
 * const completion = await llm.complete({ messages, tools: executor.tools });
 * const results = await executor.execute(completion.toolCalls, { signal });
 * messages.push(...toToolResultMessages(results));
 *
 * // or watch it happen:
 * for await (const event of executor.stream(completion.toolCalls)) {
 *   if (event.type === 'tool_progress') ui.status(event.toolCallId, event.message);
 * }
 * ```
 */
export function createExecutor(options: ExecutorOptions): Executor {
  const config = resolveExecutorOptions(options);

  const startRun = (calls: readonly unknown[], runOptions: ReadRunOptions, sink: EventSink | undefined) => {
    runCounter += 1;
    const session = runOptions.session ?? config.session;
    const store = config.softLimits === undefined ? undefined : config.sessionStore;
    // With a session store, soft-limit counts come from it and go back to it (store-counters.ts).
    const counted = store === undefined ? undefined : new Map<string, number>();
    const run = new Run({
      config,
      calls,
      session: counted === undefined ? session : countingSession(session, counted),
      signal: runOptions.signal,
      sink,
      runId: `run_${runCounter}`,
    });
    if (store === undefined || counted === undefined) return { run, results: run.start() };
    const names = calledNames(calls, (name) => config.lookup(name) !== undefined);
    const results = pullCounters(store, session, names, runOptions.signal)
      .then(() => run.start())
      .then(async (done) => {
        await pushCounters(store, session.id, counted);
        return done;
      });
    return { run, results };
  };

  return Object.freeze({
    session: config.session,
    tools: config.tools,
    execute(calls: readonly ToolCall[], executeOptions?: ExecuteOptions): Promise<ToolResult[]> {
      checkCalls(calls, 'execute');
      const runOptions = readRunOptions(executeOptions, 'execute');
      const copied = copyCalls(calls, 'execute');
      const onEvent = runOptions.onEvent;
      if (onEvent !== undefined && typeof onEvent !== 'function') {
        throw new ExecutorError('invalid_option', 'executor.execute: onEvent must be a function', {
          option: 'onEvent',
        });
      }
      let sink: EventSink | undefined;
      if (onEvent !== undefined) {
        let sequence = 0;
        const deliver = (event: ExecutorEvent) => {
          event.sequence = sequence++;
          observe(onEvent as (event: ExecutorEvent) => unknown, event);
        };
        sink = { emit: deliver, progress: (_index, event) => deliver(event) };
      }
      return startRun(copied, runOptions, sink).results;
    },
    stream(calls: readonly ToolCall[], runOptions?: RunOptions): ExecutorStream {
      checkCalls(calls, 'stream');
      const read = readRunOptions(runOptions, 'stream');
      const queue = new EventQueue<ExecutorEvent>();
      const copied = copyCalls(calls, 'stream');
      const { run, results } = startRun(copied, read, createQueueSink(queue));
      const closed = results.then((value) => {
        queue.close();
        return value;
      });
      return createExecutorStream(run, queue, closed);
    },
  });
}
