/**
 * `ExecutorError`: thrown only for misconfiguration (bad `createExecutor` options, a
 * `calls` argument that is not an array). Everything that can go wrong with one tool call
 * is reported as that call's `ToolResult` instead — a bad call never throws through the
 * host's agent loop.
 */
import { DexterError, type DexterErrorOptions } from '@dexter/registry';

/** Codes of errors raised by `@dexter/executor`. */
export type ExecutorErrorCode =
  /** An option passed to `createExecutor` (or `execute`/`stream`) has the wrong shape. */
  | 'invalid_option'
  /** `tools` / `registry` is missing, malformed, or names a tool twice. */
  | 'invalid_tools'
  /** `calls` passed to `execute` / `stream` is not an array. */
  | 'invalid_calls'
  /** A stream was iterated twice; each `stream()` result can be consumed once. */
  | 'stream_consumed';

const executorMarker = Symbol.for('dexter.error.executor');

/**
 * An error raised by `@dexter/executor`; branch on `code`.
 *
 * @example
 * ```ts
 * try { createExecutor({ tools: [], maxConcurrency: 0 }) } catch (error) {
 *   if (ExecutorError.isInstance(error) && error.code === 'invalid_option') console.error(error.option);
 * }
 * ```
 */
export class ExecutorError extends DexterError<ExecutorErrorCode> {
  override readonly name = 'ExecutorError';
  // Read by `isInstance` through the symbol, which the linter cannot see.
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: marker for cross-copy isInstance
  private readonly [executorMarker] = true;
  /** The option at fault, when the error is about one (`maxConcurrency`, `approvals`, ...). */
  readonly option: string | undefined;

  constructor(
    code: ExecutorErrorCode,
    message: string,
    options: DexterErrorOptions & { option?: string } = {},
  ) {
    super(code, message, options);
    this.option = options.option;
  }

  /** True for any `ExecutorError`, whichever copy of the package created it. */
  static override isInstance(value: unknown): value is ExecutorError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[executorMarker] === true
    );
  }
}
