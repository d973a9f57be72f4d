/**
 * `settleOrAbort`: awaits host code (a decider, a prompter, a lock) but gives up the moment
 * the run's signal aborts. It listens to the signal with a listener removed on settlement
 * instead of `Promise.race`-ing against a long-lived abort promise, which would pile up one
 * reaction per call on that promise for the life of the run.
 */

/** How awaited host code ended. */
export type Settled<T> =
  | { status: 'fulfilled'; value: T }
  | { status: 'rejected'; reason: unknown }
  | { status: 'aborted' };

/** Runs `work` and settles with its value, its error, or `aborted` — never rejects. */
export function settleOrAbort<T>(work: () => T | PromiseLike<T>, signal: AbortSignal): Promise<Settled<T>> {
  if (signal.aborted) return Promise.resolve({ status: 'aborted' });
  let value: T | PromiseLike<T>;
  let then: unknown;
  try {
    value = work();
    // Read `then` once: a getter that throws (or answers differently each time) is the
    // host's failure, not ours.
    then =
      typeof value === 'object' || typeof value === 'function'
        ? (value as { then?: unknown })?.then
        : undefined;
  } catch (reason) {
    return Promise.resolve({ status: 'rejected', reason });
  }
  if (typeof then !== 'function') {
    return Promise.resolve({ status: 'fulfilled', value: value as T });
  }
  return new Promise<Settled<T>>((resolve) => {
    let done = false;
    const finish = (settled: Settled<T>) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      resolve(settled);
    };
    const onAbort = () => finish({ status: 'aborted' });
    // `work()` itself may have aborted the signal (a prompter that cancels the run and
    // returns a promise that never settles): the 'abort' event has fired already.
    if (signal.aborted) {
      finish({ status: 'aborted' });
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    // Adopt the thenable with the `then` read above, as a promise would (asynchronously).
    queueMicrotask(() => {
      try {
        (
          then as (onFulfilled: (value: unknown) => void, onRejected: (reason: unknown) => void) => unknown
        ).call(
          value,
          (fulfilled) => {
            // A thenable may resolve with another thenable: settle through a real promise.
            Promise.resolve(fulfilled as T).then(
              (settled) => finish({ status: 'fulfilled', value: settled }),
              (reason: unknown) => finish({ status: 'rejected', reason }),
            );
          },
          (reason) => finish({ status: 'rejected', reason }),
        );
      } catch (reason) {
        finish({ status: 'rejected', reason });
      }
    });
  });
}
