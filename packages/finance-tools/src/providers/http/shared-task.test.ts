import { describe, expect, it } from 'vitest';
import { FinanceError } from '../../errors';
import { createSharedTask } from './shared-task';

function controllable<T>() {
  let resolve!: (value: T) => void;
  let seen: AbortSignal | undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return {
    run: (signal: AbortSignal) => {
      seen = signal;
      return promise;
    },
    resolve: (value: T) => resolve(value),
    signal: () => seen,
  };
}

describe('shared task', () => {
  it('lets one caller leave while the others still get the result', async () => {
    const work = controllable<number>();
    const task = createSharedTask('test', work.run);
    const leaving = new AbortController();
    const first = task.join(leaving.signal);
    const second = task.join();
    leaving.abort();
    await expect(first).rejects.toSatisfy(
      (error) => FinanceError.isInstance(error) && error.code === 'aborted',
    );
    expect(work.signal()?.aborted).toBe(false);
    work.resolve(42);
    await expect(second).resolves.toBe(42);
    expect(task.abandoned()).toBe(false);
  });

  it('aborts the work once every caller has left', async () => {
    const work = controllable<number>();
    const task = createSharedTask('test', work.run);
    const a = new AbortController();
    const b = new AbortController();
    const joined = [task.join(a.signal), task.join(b.signal)];
    a.abort();
    expect(work.signal()?.aborted).toBe(false);
    b.abort();
    expect(work.signal()?.aborted).toBe(true);
    expect(task.abandoned()).toBe(true);
    await Promise.allSettled(joined);
  });

  it('rejects at once for an already-aborted signal', async () => {
    const task = createSharedTask('test', controllable<number>().run);
    const controller = new AbortController();
    controller.abort();
    await expect(task.join(controller.signal)).rejects.toMatchObject({ code: 'aborted' });
  });
});
