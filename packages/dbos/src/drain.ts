/**
 * Graceful shutdown for the durable turns of this process: `shutdownDbos` stops new tool steps
 * from starting, waits for the ones running to finish and record their checkpoints, then stops
 * DBOS. A turn stopped between two steps (or waiting for an approval) is recovered by the next
 * launch with the same executor id; a step cut off half-way would run again there, so the
 * drain lets it finish first.
 */

let running = 0;
let draining = false;
let idle: Array<() => void> = [];

/** Runs one tool step, counted; once draining, a step that has not started never starts. */
export async function trackStep<T>(start: () => Promise<T>): Promise<T> {
  if (draining) return new Promise<T>(() => {}); // the process is stopping: recovery runs it
  running += 1;
  try {
    return await start();
  } finally {
    running -= 1;
    if (running === 0) for (const wake of idle.splice(0)) wake();
  }
}

/** Stops new steps and resolves once the running ones have ended (or after `timeoutMs`). */
export async function drainSteps(timeoutMs: number): Promise<{ drained: boolean; running: number }> {
  draining = true;
  if (running === 0) return { drained: true, running: 0 };
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    new Promise<boolean>((resolve) => idle.push(() => resolve(true))),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  return { drained, running };
}

/** After a shutdown, a new launch in the same process runs steps again. */
export function resetDrain(): void {
  draining = false;
  idle = [];
}
