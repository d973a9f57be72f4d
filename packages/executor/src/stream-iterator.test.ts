/**
 * Issue 15, iterators: the protocol as JavaScript defines it, on both sides — a tool's
 * hand-written async iterator may lack `return()`; the stream's own iterator yields nothing
 * after `return()`, queues a second pending `next()`, and has `throw()`.
 */
import { describe, expect, it } from 'vitest';
import { createExecutor } from './executor';
import { call, deferred, readTool, turnsToSettle } from './test-support';
import { checkRunEvents } from './testing';

describe("a tool's hand-written async iterator", () => {
  it('without return() ends `ok` with its return value, its steps as progress', async () => {
    const executor = createExecutor({
      tools: [
        readTool('counter', () => {
          let step = 0;
          return {
            [Symbol.asyncIterator]() {
              return this;
            },
            async next() {
              step += 1;
              return step <= 2 ? { done: false, value: `step ${step}` } : { done: true, value: 'counted' };
            },
          };
        }),
      ],
    });
    const progress: string[] = [];
    const results = await executor.execute([call('a', 'counter', { q: 'x' })], {
      onEvent: (event) => {
        if (event.type === 'tool_progress') progress.push(event.message);
      },
    });
    expect(results[0]).toMatchObject({ status: 'ok', output: 'counted' });
    expect(progress).toEqual(['step 1', 'step 2']);
  });

  it('without return() is simply dropped when the run is aborted', async () => {
    const controller = new AbortController();
    const executor = createExecutor({
      tools: [
        readTool('endless', () => ({
          [Symbol.asyncIterator]() {
            return this;
          },
          async next() {
            await new Promise((resolve) => setImmediate(resolve));
            return { done: false, value: 'tick' };
          },
        })),
      ],
    });
    const running = executor.execute([call('a', 'endless', { q: 'x' })], { signal: controller.signal });
    await turnsToSettle(new Promise(() => {}), 3);
    controller.abort();
    expect(await turnsToSettle(running, 10)).toBeDefined();
    expect((await running)[0]!.status).toBe('cancelled');
  });
});

describe("the stream's iterator", () => {
  const slowTool = () =>
    readTool('slow', async ({ q }) => {
      await new Promise((resolve) => setImmediate(resolve));
      return q;
    });

  it('yields nothing after return(), even with events buffered', async () => {
    const executor = createExecutor({ tools: [slowTool()] });
    const stream = executor.stream([call('a', 'slow', { q: '1' }), call('b', 'slow', { q: '2' })]);
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // Let events pile up in the buffer, then close.
    await turnsToSettle(new Promise(() => {}), 5);
    const pending = iterator.next();
    await iterator.return?.();
    await pending;
    for (let i = 0; i < 3; i += 1) expect(await iterator.next()).toEqual({ done: true, value: undefined });
    const results = await stream.results;
    expect(results).toHaveLength(2);
  });

  it('ends a next() still waiting when return() is called', async () => {
    const gate = deferred<string>();
    const executor = createExecutor({ tools: [readTool('held', () => gate.promise)] });
    const stream = executor.stream([call('a', 'held', { q: '1' })]);
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.type).toBe('tool_start');
    const waiting = iterator.next();
    await iterator.return?.();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect((await stream.results)[0]!.status).toBe('cancelled');
  });

  it('queues a second pending next() instead of rejecting it', async () => {
    const executor = createExecutor({ tools: [slowTool()] });
    const stream = executor.stream([call('a', 'slow', { q: '1' })]);
    const iterator = stream[Symbol.asyncIterator]();
    const steps = await Promise.all([iterator.next(), iterator.next(), iterator.next(), iterator.next()]);
    const events = steps.flatMap((step) => (step.done ? [] : [step.value]));
    expect(events.map((event) => event.type)).toEqual(['tool_start', 'tool_end', 'tool_result']);
    expect(steps[3]!.done).toBe(true);
    expect(checkRunEvents(1, events, await stream.results)).toEqual([]);
  });

  it('has throw(): the run is cancelled, the stream ends, and the error comes back', async () => {
    const gate = deferred<string>();
    const executor = createExecutor({ tools: [readTool('held', () => gate.promise)] });
    const stream = executor.stream([call('a', 'held', { q: '1' }), call('b', 'held', { q: '2' })]);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    const problem = new Error('consumer failed');
    expect(typeof iterator.throw).toBe('function');
    await expect(iterator.throw!(problem)).rejects.toBe(problem);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect((await stream.results).map((result) => result.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('an error thrown inside for-await ends the run (return() is called)', async () => {
    const gate = deferred<string>();
    const executor = createExecutor({ tools: [readTool('held', () => gate.promise)] });
    const stream = executor.stream([call('a', 'held', { q: '1' })]);
    await expect(
      (async () => {
        for await (const event of stream) if (event.type === 'tool_start') throw new Error('ui crashed');
      })(),
    ).rejects.toThrow('ui crashed');
    expect((await stream.results)[0]!.status).toBe('cancelled');
  });
});
