/**
 * The `Clock` port: where the executor reads time and sets timers (durations, per-tool
 * timeouts). Tests inject a manual clock (`createManualClock` from `@dexter/executor/testing`)
 * so timeouts fire by counting, never by waiting.
 */

/** Time and timers, injectable. */
export interface Clock {
  /** Milliseconds from an arbitrary origin; only differences are used. */
  now(): number;
  /** Calls `callback` once after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The default clock: `performance.now()` and the global timers. */
export const systemClock: Clock = Object.freeze({
  now: () => performance.now(),
  // Not unref'd: while a run awaits a call, its timeout keeps the process alive (a tool
  // that never settles and holds no handle must still end with its `timeout` result, not
  // an early exit). The timer is cleared the moment the call settles, so nothing is held
  // after the run.
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});
