/**
 * A task several callers wait on, each with its own abort signal. A caller that aborts
 * stops waiting at once; the task itself is aborted only when every caller has left.
 */
import { FinanceError } from '../../errors';

/** A shared, abortable task. */
export interface SharedTask<T> {
  /** Waits for the result; rejects with `aborted` when `signal` fires first. */
  join(signal?: AbortSignal): Promise<T>;
  /** True once every caller left and the task was aborted. */
  abandoned(): boolean;
}

/** Starts `run` now; callers `join` it. */
export function createSharedTask<T>(
  provider: string,
  run: (signal: AbortSignal) => Promise<T>,
): SharedTask<T> {
  const controller = new AbortController();
  const promise = run(controller.signal);
  promise.catch(() => undefined);
  let waiters = 0;
  return {
    abandoned: () => controller.signal.aborted,
    join(signal) {
      waiters++;
      return new Promise<T>((resolve, reject) => {
        let settled = false;
        const settle = () => {
          if (settled) return false;
          settled = true;
          waiters--;
          signal?.removeEventListener('abort', onAbort);
          return true;
        };
        const onAbort = () => {
          if (!settle()) return;
          if (waiters === 0) controller.abort(signal?.reason);
          reject(
            new FinanceError('aborted', `${provider}: the request was aborted`, {
              provider,
              cause: signal?.reason,
            }),
          );
        };
        if (signal?.aborted) {
          onAbort();
          return;
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        promise.then(
          (value) => settle() && resolve(value),
          (error: unknown) => settle() && reject(error),
        );
      });
    },
  };
}
