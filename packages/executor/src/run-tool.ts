/**
 * `runTool`: executes one validated, approved call and settles exactly once — when the tool
 * returns or throws, when its timeout fires, or when the run is aborted, whichever is first.
 * The executor never waits for a tool that ignores its abort signal: the outcome is decided
 * by the first event and anything the tool does later (resolving, rejecting, reporting
 * progress) is dropped. Listeners and timers are removed on settlement, so nothing leaks
 * per call.
 */
import { type AnyTool, invokeTool, type ProgressUpdate, type ToolContext } from '@dexter/registry';
import type { Clock } from './clock';

/** How a tool execution ended. */
export type ToolOutcome =
  | { kind: 'ok'; output: unknown }
  | { kind: 'error'; error: unknown }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled'; reason: unknown };

/** Inputs of `runTool`. */
export interface RunToolParams {
  tool: AnyTool;
  input: unknown;
  toolCallId: string;
  /** The run's signal; aborting it cancels the call. */
  runSignal: AbortSignal;
  /** Milliseconds before the tool's signal is aborted with a timeout; `undefined` = none. */
  timeoutMs: number | undefined;
  clock: Clock;
  /** Receives normalized progress while the call is running; `undefined` ignores progress. */
  onProgress: ((update: ProgressUpdate) => void) | undefined;
}

/** The reason a tool's signal carries when its timeout fires. */
export class ToolTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The tool timed out after ${timeoutMs} ms`);
  }
}

/** Reads `ctx.progress(...)` arguments; `undefined` for values that are not progress. */
export function normalizeProgress(update: unknown): ProgressUpdate | undefined {
  if (typeof update === 'string') return { message: update };
  if (typeof update !== 'object' || update === null) return undefined;
  const { message, percent } = update as { message?: unknown; percent?: unknown };
  if (typeof message !== 'string') return undefined;
  if (typeof percent === 'number' && Number.isFinite(percent)) {
    return { message, percent: Math.min(100, Math.max(0, percent)) };
  }
  return { message };
}

/** Runs the tool; the promise never rejects. */
export function runTool(params: RunToolParams): Promise<ToolOutcome> {
  const { tool, input, toolCallId, runSignal, timeoutMs, clock, onProgress } = params;
  return new Promise<ToolOutcome>((resolve) => {
    if (runSignal.aborted) {
      resolve({ kind: 'cancelled', reason: runSignal.reason });
      return;
    }
    const controller = new AbortController();
    let settled = false;
    let timer: unknown;
    const finish = (outcome: ToolOutcome) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      runSignal.removeEventListener('abort', onRunAbort);
      resolve(outcome);
    };
    const onRunAbort = () => {
      controller.abort(runSignal.reason);
      finish({ kind: 'cancelled', reason: runSignal.reason });
    };
    runSignal.addEventListener('abort', onRunAbort, { once: true });
    if (timeoutMs !== undefined) {
      timer = clock.setTimeout(() => {
        timer = undefined;
        controller.abort(new ToolTimeoutError(timeoutMs));
        finish({ kind: 'timeout', timeoutMs });
      }, timeoutMs);
    }
    const context: ToolContext = {
      signal: controller.signal,
      toolCallId,
      progress: (update) => {
        // Progress after the call settled (a tool still running after its timeout or after
        // returning) is dropped: the call's last event is already decided.
        if (settled || onProgress === undefined) return;
        const normalized = normalizeProgress(update);
        if (normalized !== undefined) onProgress(normalized);
      },
    };
    let pending: Promise<unknown>;
    try {
      pending = invokeTool(tool, input, context);
    } catch (error) {
      finish({ kind: 'error', error });
      return;
    }
    pending.then(
      (output) => finish({ kind: 'ok', output }),
      (error: unknown) => finish({ kind: 'error', error }),
    );
  });
}
