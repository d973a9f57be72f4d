/**
 * `observe`: calls a host's or a tool's callback (an `onEvent` observer, a `ctx.onAbort`
 * listener) and keeps whatever it does away from the run: a throw is ignored, and a returned
 * promise that rejects is handled here (an async callback must not crash the host with an
 * unhandled rejection).
 */
export function observe<T>(callback: (value: T) => unknown, value: T): void {
  try {
    const returned = callback(value);
    if (typeof returned === 'object' && returned !== null) {
      const then = (returned as { then?: unknown }).then;
      if (typeof then === 'function') then.call(returned, undefined, ignore);
    }
  } catch {
    // Callbacks never change results.
  }
}

function ignore(): void {}
