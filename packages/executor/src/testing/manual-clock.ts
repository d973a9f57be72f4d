/**
 * `createManualClock`: a `Clock` whose time moves only when a test calls `advance`, so
 * timeouts fire by counting, never by waiting.
 */
import type { Clock } from '../clock';

/** A clock the test drives. */
export interface ManualClock extends Clock {
  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void;
  /** Timers set and not yet fired or cleared. */
  pendingTimers(): number;
}

/**
 * @example
 * ```ts
 * const clock = createManualClock();
 * const done = createExecutor({ tools, clock, timeoutMs: 1000 }).execute(calls);
 * clock.advance(1000); // the slow call now times out
 * ```
 */
export function createManualClock(start = 0): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const target = now + ms;
      while (true) {
        let dueId: number | undefined;
        let dueAt = Number.POSITIVE_INFINITY;
        for (const [id, timer] of timers) {
          if (timer.at <= target && timer.at < dueAt) {
            dueAt = timer.at;
            dueId = id;
          }
        }
        if (dueId === undefined) break;
        const timer = timers.get(dueId)!;
        timers.delete(dueId);
        now = Math.max(now, timer.at);
        timer.callback();
      }
      now = target;
    },
    pendingTimers: () => timers.size,
  };
}
