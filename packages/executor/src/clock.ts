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
  setTimeout: (callback: () => void, ms: number) => {
    const handle = setTimeout(callback, ms);
    // A pending tool timeout must never keep the host process alive on its own.
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});
