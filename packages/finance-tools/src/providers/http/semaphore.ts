/** A counting semaphore with abortable waits: caps how many HTTP requests run at once. */

/** Runs tasks with at most `limit` at a time. */
export interface Semaphore {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks currently running. */
  active(): number;
}

/** Creates a semaphore admitting `limit` tasks at once, first come first served. */
export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1)
    throw new TypeError(`concurrency must be a positive integer (got ${limit})`);
  let running = 0;
  const waiting: Array<{ start: () => void; signal?: AbortSignal }> = [];

  const release = () => {
    running--;
    while (waiting.length > 0 && running < limit) {
      const next = waiting.shift();
      if (next && !next.signal?.aborted) {
        running++;
        next.start();
      }
    }
  };

  return {
    active: () => running,
    async run(task, signal) {
      if (signal?.aborted) throw signal.reason;
      if (running < limit) {
        running++;
      } else {
        await new Promise<void>((resolve, reject) => {
          const entry = {
            signal,
            start: () => {
              signal?.removeEventListener('abort', onAbort);
              resolve();
            },
          };
          const onAbort = () => {
            const index = waiting.indexOf(entry);
            if (index >= 0) waiting.splice(index, 1);
            reject(signal?.reason);
          };
          signal?.addEventListener('abort', onAbort, { once: true });
          waiting.push(entry);
        });
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
