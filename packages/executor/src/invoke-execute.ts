/**
 * `invokeExecute`: runs a tool's `execute` with already-validated input, whichever form it
 * takes — a value, a promise, or an async iterator whose yields are progress and whose
 * return value is the output. Unlike a plain `for await`, it accepts any async iterator
 * the protocol allows: `return()` is optional (a hand-written iterator without it is
 * simply not closed), and it is called only when the tool is stopped early. Whatever the
 * tool does — throwing, rejecting, a `then` getter that throws — ends as a rejection.
 */
import type { AnyTool, ToolContext } from '@dexter/registry';

type Step = { done?: unknown; value?: unknown };
type IteratorLike = { next(): unknown; return?: unknown };

/** The object's async iterator when it is one (has `next` and `Symbol.asyncIterator`). */
function asIterator(value: unknown): IteratorLike | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const next = (value as { next?: unknown }).next;
  if (typeof next !== 'function') return undefined;
  if (typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== 'function')
    return undefined;
  return value as IteratorLike;
}

/**
 * Calls the tool; resolves with its output, rejects with what it threw. Always a native
 * promise: a tool's own promise is handed back as it is (no extra async frame or turns),
 * anything else is adopted the way `await` would.
 */
export function invokeExecute(tool: AnyTool, input: unknown, context: ToolContext): Promise<unknown> {
  try {
    const returned: unknown = tool.execute(input as never, context);
    const iterator = asIterator(returned);
    return iterator === undefined ? Promise.resolve(returned) : drain(tool, iterator, context);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Runs an async iterator to its end: yields are progress, the return value is the output. */
async function drain(tool: AnyTool, iterator: IteratorLike, context: ToolContext): Promise<unknown> {
  let finished = false;
  try {
    while (true) {
      if (context.signal.aborted) throw context.signal.reason ?? new Error('aborted');
      const step = (await iterator.next()) as Step;
      if (typeof step !== 'object' || step === null) {
        throw new TypeError(`${tool.name}'s iterator returned a non-object step`);
      }
      if (step.done) {
        finished = true;
        return step.value;
      }
      context.progress(step.value as never);
    }
  } finally {
    // Close an iterator stopped early, if it can be closed (return() is optional).
    if (!finished) {
      try {
        const close = iterator.return;
        if (typeof close === 'function') await Promise.resolve(close.call(iterator)).catch(() => undefined);
      } catch {
        // a return() that throws synchronously: nothing more to do
      }
    }
  }
}
