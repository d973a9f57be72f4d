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
  try {
    value = work();
  } catch (reason) {
    return Promise.resolve({ status: 'rejected', reason });
  }
  if (typeof (value as PromiseLike<T> | null)?.then !== 'function') {
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
    Promise.resolve(value).then(
      (fulfilled) => finish({ status: 'fulfilled', value: fulfilled }),
      (reason: unknown) => finish({ status: 'rejected', reason }),
    );
  });
}
