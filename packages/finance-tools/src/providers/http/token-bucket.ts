/**
 * A token bucket over an injected clock: `ratePerSecond` sustained, `capacity` in a burst.
 * The default capacity is 1, which spaces requests `1000 / rate` ms apart, so that no
 * one-second window ever holds more than `rate` requests (a larger bucket would allow up
 * to `capacity + rate` in the first second). SEC EDGAR asks for at most 10 per second.
 */
import type { HttpClock } from './clock';

/** Grants permission to send a request. */
export interface RateLimiter {
  /** Resolves when a request may go out; rejects when `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
}

/**
 * Creates a token bucket. Waiters are served in arrival order.
 *
 * @example
 * ```ts
 * const bucket = createTokenBucket({ ratePerSecond: 10, clock: systemClock });
 * await bucket.acquire(signal);
 * ```
 */
export function createTokenBucket(options: {
  ratePerSecond: number;
  capacity?: number;
  clock: HttpClock;
}): RateLimiter {
  const { ratePerSecond, clock } = options;
  if (!(ratePerSecond > 0)) throw new TypeError(`ratePerSecond must be > 0 (got ${ratePerSecond})`);
  const capacity = options.capacity ?? 1;
  let tokens = capacity;
  let updated = clock.now();
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const now = clock.now();
    tokens = Math.min(capacity, tokens + ((now - updated) * ratePerSecond) / 1000);
    updated = now;
  };

  const take = async (signal?: AbortSignal): Promise<void> => {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      refill();
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await clock.sleep(Math.ceil(((1 - tokens) * 1000) / ratePerSecond), signal);
    }
  };

  return {
    acquire(signal) {
      // Chain waiters so they are served in order; a failed (aborted) waiter does not block the rest.
      const turn = queue.then(() => take(signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
