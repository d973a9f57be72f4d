/**
 * `createCallBatcher`: for hosts that hand the executor one call at a time — agent
 * frameworks (the Vercel AI SDK, the OpenAI Agents SDK) call each tool's `execute` on its
 * own, all calls of a model step at once. The batcher gathers the calls that arrive within
 * one turn of the event loop into one `executor.execute` run, so the executor's rules hold
 * across them: concurrency-safe calls run in parallel, any other call runs alone and in
 * order, soft limits and `oncePerRun` see the whole step. Batches run one after another,
 * never overlapping, so a call that arrives late still runs after every earlier one.
 */
import type { ExecuteOptions, Executor, ExecutorCall } from './executor';
import type { ToolResult } from './tool-result';

/** Options of one `run`. */
export interface BatchedCallOptions {
  /** Aborts the call (and the batch it joined: frameworks pass one signal for a whole step). */
  signal?: AbortSignal;
  /**
   * The call's position in its model step, when the framework knows it. Calls of one batch
   * run sorted by it (stable; calls without one keep their arrival order after those with
   * one): a framework that hands over approved calls in the order the answers came still
   * runs them in the order the model made them.
   */
  order?: number;
}

/** Made by `createCallBatcher`. */
export interface CallBatcher {
  /** Runs one call in the current batch; resolves with its result. Never rejects. */
  run(call: ExecutorCall, options?: BatchedCallOptions): Promise<ToolResult>;
}

/** Options of `createCallBatcher`. */
export interface CallBatcherOptions {
  /** Passed to every `execute` (e.g. an `onEvent` observer or a session). */
  executeOptions?: Omit<ExecuteOptions, 'signal'>;
}

interface Pending {
  call: ExecutorCall;
  signal: AbortSignal | undefined;
  order: number | undefined;
  resolve: (result: ToolResult) => void;
}

function failed(call: ExecutorCall, error: unknown): ToolResult {
  const message = `the executor failed: ${error instanceof Error ? error.message : String(error)}`;
  return {
    toolCallId: String(call?.id),
    name: String(call?.name),
    status: 'error',
    error: { message, cause: error },
    durationMs: 0,
    content: `Error: ${message}`,
  };
}

/** The batch sorted by `order` (stable); calls without one after, in arrival order. */
function inModelOrder(batch: Pending[]): Pending[] {
  if (!batch.some((entry) => entry.order !== undefined)) return batch;
  return batch
    .map((entry, arrival) => ({ entry, arrival }))
    .sort(
      (a, b) =>
        (a.entry.order ?? Number.POSITIVE_INFINITY) - (b.entry.order ?? Number.POSITIVE_INFINITY) ||
        a.arrival - b.arrival,
    )
    .map(({ entry }) => entry);
}

/**
 * Gathers single calls into executor runs.
 *
 * @example
 * ```ts
 * const batcher = createCallBatcher(createExecutor({ tools }));
 * // inside a framework's per-tool execute(input, { toolCallId, abortSignal }):
 * const result = await batcher.run({ id: toolCallId, name: 'bash', input }, { signal: abortSignal });
 * ```
 */
export function createCallBatcher(executor: Executor, options: CallBatcherOptions = {}): CallBatcher {
  let pending: Pending[] = [];
  let scheduled = false;
  let previous: Promise<void> = Promise.resolve();

  const runBatch = async (batch: Pending[]): Promise<void> => {
    const signals = [...new Set(batch.map((entry) => entry.signal).filter((signal) => signal !== undefined))];
    const signal =
      signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    let results: ToolResult[] | undefined;
    let failure: unknown;
    try {
      results = await executor.execute(
        batch.map((entry) => entry.call),
        { ...options.executeOptions, ...(signal === undefined ? {} : { signal }) },
      );
    } catch (error) {
      failure = error;
    }
    batch.forEach((entry, index) => {
      const result = results?.[index];
      entry.resolve(result ?? failed(entry.call, failure ?? new Error('no result for the call')));
    });
  };

  const flush = (): void => {
    scheduled = false;
    const batch = inModelOrder(pending);
    pending = [];
    previous = previous.then(() => runBatch(batch));
  };

  return {
    run(call, runOptions = {}) {
      return new Promise<ToolResult>((resolve) => {
        const order = Number.isFinite(runOptions.order) ? runOptions.order : undefined;
        pending.push({ call, signal: runOptions.signal, order, resolve });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
