/**
 * Runs one provider call under the caller's signal and a per-call timeout. The call gets a
 * signal that aborts on either, so a provider that honours it really stops its HTTP request;
 * and the returned promise settles promptly either way, even if the provider ignores it.
 */
import { FinanceError } from '../errors';

function settleOnAbort(signal: AbortSignal, onAbort: () => void): () => void {
  if (signal.aborted) {
    onAbort();
    return () => undefined;
  }
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/**
 * @param run the call; it receives the combined signal.
 * @param timeoutMs the per-call budget; `Infinity` or `0` for none.
 * @param parent the caller's signal (tool cancellation).
 */
export function callWithTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let detach: () => void = () => undefined;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      detach();
      action();
    };
    const timer =
      Number.isFinite(timeoutMs) && timeoutMs > 0
        ? setTimeout(() => {
            const error = new FinanceError(
              'timeout',
              `the call took longer than ${timeoutMs} ms and was aborted`,
            );
            controller.abort(error);
            finish(() => reject(error));
          }, timeoutMs)
        : undefined;
    detach = parent
      ? settleOnAbort(parent, () => {
          const reason = parent.reason ?? new Error('aborted');
          controller.abort(reason);
          finish(() =>
            reject(
              new FinanceError('aborted', 'the call was cancelled', {
                cause: reason,
              }),
            ),
          );
        })
      : () => undefined;
    if (settled) return;
    let pending: Promise<T>;
    try {
      pending = run(controller.signal);
    } catch (error) {
      finish(() => reject(error));
      return;
    }
    pending.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
