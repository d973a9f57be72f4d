/**
 * `ToolExecution`: runs one validated, approved call and settles exactly once — when the
 * tool returns or throws, when its timeout fires, or when `cancel` is called (the run was
 * aborted), whichever comes first. The executor never waits for a tool that ignores its
 * abort signal: the first event decides the outcome, and anything the tool does later
 * (resolving, rejecting, reporting progress) is dropped.
 *
 * Hot-path notes: the tool's `AbortController` is created only when the tool reads
 * `context.signal` (creating one per call dominated the cost of tiny tools; a tool that only
 * needs to hear the abort uses `context.onAbort`, which makes none), and the run cancels its
 * in-flight executions from a single listener instead of one per call.
 */
import type { AnyTool, ProgressUpdate, ToolContext } from '@dexter/registry';
import type { Clock } from './clock';
import { invokeExecute } from './invoke-execute';
import { observe } from './observe';

/** How a tool execution ended. */
export type ToolOutcome =
  | { kind: 'ok'; output: unknown }
  | { kind: 'error'; error: unknown }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled'; reason: unknown };

/** Inputs of a `ToolExecution`. */
export interface ToolExecutionParams {
  tool: AnyTool;
  input: unknown;
  toolCallId: string;
  /** Milliseconds before the tool's signal is aborted with a timeout; `undefined` = none. */
  timeoutMs: number | undefined;
  clock: Clock;
  /** Receives normalized progress while the call is running; `undefined` ignores progress. */
  onProgress: ((update: ProgressUpdate) => void) | undefined;
  /** Called once with the outcome and the execution (never synchronously from `start`). */
  onSettle: (outcome: ToolOutcome, execution: ToolExecution) => void;
}

const promiseThen = Promise.prototype.then;

function noop(): void {}

/** The reason a tool's signal carries when its timeout fires. */
export class ToolTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The tool timed out after ${timeoutMs} ms`);
  }
}

/** Reads `ctx.progress(...)` arguments; `undefined` for values that are not progress (or throw when read). */
export function normalizeProgress(update: unknown): ProgressUpdate | undefined {
  try {
    return normalizeUnguarded(update);
  } catch {
    return undefined;
  }
}

function normalizeUnguarded(update: unknown): ProgressUpdate | undefined {
  if (typeof update === 'string') return { message: update };
  if (typeof update !== 'object' || update === null) return undefined;
  const { message, percent } = update as { message?: unknown; percent?: unknown };
  if (typeof message !== 'string') return undefined;
  if (typeof percent === 'number' && Number.isFinite(percent)) {
    return { message, percent: Math.min(100, Math.max(0, percent)) };
  }
  return { message };
}

/** The `ToolContext` a tool receives; `signal` materializes on first read. */
class ExecutionContext implements ToolContext {
  readonly progress: (update: string | ProgressUpdate) => void;
  constructor(
    private readonly execution: ToolExecution,
    readonly toolCallId: string,
  ) {
    // Bound once, so tools may destructure `{ progress }`.
    this.progress = (update) => execution.reportProgress(update);
  }
  get signal(): AbortSignal {
    return this.execution.signal();
  }
  get progressObserved(): boolean {
    return this.execution.progressObserved;
  }
  onAbort(listener: (reason: unknown) => void): () => void {
    return this.execution.onAbort(listener);
  }
}

/** One tool call in flight. */
export class ToolExecution {
  private settled = false;
  private aborted = false;
  private abortReason: unknown;
  private controller: AbortController | undefined;
  /** `ctx.onAbort` listeners, called once on abort (after the signal's). */
  private abortListeners: Array<(reason: unknown) => void> | undefined;
  private timer: unknown;
  private readonly context: ExecutionContext;

  constructor(private readonly params: ToolExecutionParams) {
    this.context = new ExecutionContext(this, params.toolCallId);
  }

  /**
   * Starts the tool (and its timeout) — unless the call was cancelled before it started
   * (an abort from inside the `tool_start` event): then the tool is never invoked.
   */
  start(): void {
    if (this.settled) return;
    const { timeoutMs, clock, tool, input } = this.params;
    let pending: Promise<unknown>;
    try {
      if (timeoutMs !== undefined) {
        this.timer = clock.setTimeout(() => {
          this.timer = undefined;
          this.abort(new ToolTimeoutError(timeoutMs));
          this.finish({ kind: 'timeout', timeoutMs });
        }, timeoutMs);
      }
      pending = invokeExecute(tool, input, this.context);
    } catch (error) {
      pending = Promise.reject(error);
    }
    // The intrinsic `then`: a tool's promise may carry its own `then` property.
    promiseThen.call(
      pending,
      (output) => this.finish({ kind: 'ok', output }),
      (error: unknown) => this.finish({ kind: 'error', error }),
    );
  }

  /** Aborts the tool's signal and settles as `cancelled` at once. */
  cancel(reason: unknown): void {
    if (this.settled) return;
    this.abort(reason);
    this.finish({ kind: 'cancelled', reason });
  }

  /** The tool's signal, created on first use (already aborted if the call was). */
  signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  /** `ctx.onAbort`: `listener` hears the abort (at once if it happened); returns its removal. */
  onAbort(listener: (reason: unknown) => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('onAbort expects a function');
    if (this.aborted) {
      observe(listener, this.abortReason);
      return noop;
    }
    const listeners = (this.abortListeners ??= []);
    listeners.push(listener);
    return () => {
      const at = listeners.indexOf(listener);
      if (at !== -1) listeners.splice(at, 1);
    };
  }

  /** True when the run has somewhere to send this call's progress. */
  get progressObserved(): boolean {
    return this.params.onProgress !== undefined;
  }

  /** `ctx.progress`: dropped once the call has settled. */
  reportProgress(update: unknown): void {
    const { onProgress } = this.params;
    if (this.settled || onProgress === undefined) return;
    const normalized = normalizeProgress(update);
    if (normalized !== undefined) onProgress(normalized);
  }

  private abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.abortReason = reason;
    this.controller?.abort(reason);
    const listeners = this.abortListeners;
    if (listeners === undefined) return;
    this.abortListeners = undefined;
    // What a listener does (throw, reject) is its own problem: the call settles either way.
    for (const listener of listeners) observe(listener, reason);
  }

  private finish(outcome: ToolOutcome): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer !== undefined) this.params.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.params.onSettle(outcome, this);
  }
}
