/**
 * Cancellation and timeouts, measured by counting event-loop turns and driving a manual
 * clock — never by wall time.
 */
import { getEventListeners } from 'node:events';
import { defineTool, type ToolContext } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createExecutor } from './executor';
import { ToolTimeoutError } from './run-tool';
import { call, deferred, readTool, turns, turnsToSettle, writeTool } from './test-support';
import { createManualClock } from './testing';

describe('cancellation', () => {
  it('an already-aborted signal cancels every call without running any', async () => {
    let runs = 0;
    const executor = createExecutor({ tools: [readTool('r', async () => (runs += 1))] });
    const results = await executor.execute([call('a', 'r', { q: '1' }), call('b', 'r', { q: '2' })], {
      signal: AbortSignal.abort(),
    });
    expect(results.map((result) => result.status)).toEqual(['cancelled', 'cancelled']);
    expect(results[0]!.content).toMatch(/cancelled before this call started/);
    expect(runs).toBe(0);
  });

  it('settles within a couple of turns after abort even when a tool ignores its signal forever', async () => {
    const started = deferred();
    const signals: AbortSignal[] = [];
    const executor = createExecutor({
      tools: [
        readTool('stubborn', (_input, context) => {
          signals.push(context.signal);
          started.resolve();
          return new Promise(() => {}); // never settles, never looks at the signal
        }),
        writeTool('later'),
      ],
    });
    const controller = new AbortController();
    const done = executor.execute(
      [
        call('a', 'stubborn', { q: '1' }),
        call('b', 'stubborn', { q: '2' }),
        call('c', 'later', { path: 'p' }),
      ],
      { signal: controller.signal },
    );
    await started.promise;
    await turns(1);
    expect(await turnsToSettle(done, 0)).toBeUndefined(); // really stuck before the abort
    controller.abort(new Error('user pressed Ctrl-C'));
    const turnsTaken = await turnsToSettle(done, 3);
    expect(turnsTaken).toBeDefined();
    expect(turnsTaken!).toBeLessThanOrEqual(1);
    const results = await done;
    expect(results.map((result) => result.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(results[0]!.content).toMatch(/while stubborn was running/);
    expect(results[2]!.content).toMatch(/before this call started/);
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('closes a generator tool (its finally runs) when the run is aborted', async () => {
    const cleaned = deferred<string>();
    const ticking = defineTool({
      name: 'ticking',
      inputSchema: z.object({}),
      description: 'ticks',
      compactDescription: 'ticks',
      concurrencySafe: true,
      approval: 'allow',
      async *execute(): AsyncGenerator<string, string> {
        try {
          for (;;) {
            yield 'tick';
            await new Promise((resolve) => setImmediate(resolve));
          }
        } finally {
          cleaned.resolve('cleaned');
        }
      },
    });
    const controller = new AbortController();
    const executor = createExecutor({ tools: [ticking] });
    const stream = executor.stream([call('a', 'ticking')], { signal: controller.signal });
    let progress = 0;
    for await (const event of stream) {
      if (event.type === 'tool_progress' && ++progress === 3) controller.abort();
    }
    expect((await stream.results)[0]!.status).toBe('cancelled');
    expect(await cleaned.promise).toBe('cleaned');
  });

  it('breaking out of the stream cancels the rest of the run', async () => {
    const seen: string[] = [];
    const executor = createExecutor({
      tools: [
        readTool('r', async ({ q }, context) => {
          seen.push(q);
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
          return 'aborted';
        }),
        writeTool('w', async ({ path }) => seen.push(path)),
      ],
    });
    const stream = executor.stream([call('a', 'r', { q: 'a' }), call('b', 'w', { path: 'b' })]);
    for await (const event of stream) {
      if (event.type === 'tool_start') break;
    }
    const results = await stream.results;
    expect(results.map((result) => result.status)).toEqual(['cancelled', 'cancelled']);
    expect(seen).toEqual(['a']);
  });
});

describe('no leaks', () => {
  it("leaves no listener on the host's signal after runs end (100 runs, one signal)", async () => {
    const controller = new AbortController();
    const executor = createExecutor({ tools: [readTool('r'), writeTool('w')], softLimits: false });
    for (let run = 0; run < 100; run += 1) {
      await executor.execute([call('a', 'r', { q: '1' }), call('b', 'w', { path: 'x' })], {
        signal: controller.signal,
      });
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    }
  });

  it('removes the listeners of decider and prompter waits once they are answered', async () => {
    let runSignal: AbortSignal | undefined;
    const executor = createExecutor({
      tools: [writeTool('w', undefined, { approval: 'ask' })],
      permissions: {
        decide: async () => ({ behavior: 'ask', reason: 'r', sessionKey: 'k', cacheable: false }),
      },
      approvals: {
        prompt: async (request) => {
          runSignal = request.signal;
          return 'allow-once' as const;
        },
      },
    });
    await executor.execute(['a', 'b', 'c'].map((id) => call(id, 'w', { path: id })));
    // Only the run's own "cancel what is in flight" listener remains (it dies with the run).
    expect(getEventListeners(runSignal!, 'abort')).toHaveLength(1);
  });
});

describe('timeouts', () => {
  const hanging = (name: string, extra = {}) =>
    readTool(
      name,
      (_input, context) => {
        reasons.push(context.signal);
        return new Promise(() => {});
      },
      extra,
    );
  const reasons: AbortSignal[] = [];

  it('the executor default aborts the tool’s signal and yields a timeout result', async () => {
    const clock = createManualClock();
    const executor = createExecutor({ tools: [hanging('hang')], timeoutMs: 1000, clock });
    const done = executor.execute([call('a', 'hang', { q: '' })]);
    await turns(1);
    clock.advance(999);
    expect(await turnsToSettle(done, 2)).toBeUndefined();
    clock.advance(1);
    expect(await turnsToSettle(done, 2)).toBeDefined();
    const [result] = await done;
    expect(result).toMatchObject({ status: 'timeout', durationMs: 1000 });
    expect(result!.content).toMatch(/timed out after 1000 ms/);
    const signal = reasons.at(-1)!;
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(ToolTimeoutError);
    expect(clock.pendingTimers()).toBe(0);
  });

  it("a tool's own timeoutMs overrides the default", async () => {
    const clock = createManualClock();
    const executor = createExecutor({
      tools: [hanging('quick', { timeoutMs: 50 }), hanging('default')],
      timeoutMs: 1000,
      clock,
    });
    const done = executor.execute([call('a', 'quick', { q: '' }), call('b', 'default', { q: '' })]);
    await turns(1);
    clock.advance(50);
    await turns(1);
    clock.advance(950);
    const results = await done;
    expect(results.map((result) => [result.status, result.durationMs])).toEqual([
      ['timeout', 50],
      ['timeout', 1000],
    ]);
  });

  it('clears the timer when the tool finishes in time (no timers left behind)', async () => {
    const clock = createManualClock();
    const executor = createExecutor({ tools: [readTool('fast')], timeoutMs: 1000, clock });
    const [result] = await executor.execute([call('a', 'fast', { q: 'x' })]);
    expect(result!.status).toBe('ok');
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('context.onAbort (hearing a cancellation without an AbortSignal)', () => {
  it('calls each listener once with the reason on a run abort, and never one that was removed', async () => {
    const heard: unknown[] = [];
    const started = deferred();
    const executor = createExecutor({
      tools: [
        readTool('listens', (_input, context) => {
          context.onAbort!((reason) => heard.push(['kept', reason]));
          const remove = context.onAbort!((reason) => heard.push(['removed', reason]));
          remove();
          context.onAbort!(() => {
            throw new Error('a throwing listener is the tool’s own problem');
          });
          // An async listener that rejects must not become an unhandled rejection.
          context.onAbort!(async () => {
            throw new Error('a rejecting listener is the tool’s own problem too');
          });
          started.resolve();
          return new Promise(() => {});
        }),
      ],
    });
    const controller = new AbortController();
    const done = executor.execute([call('a', 'listens', { q: '1' })], { signal: controller.signal });
    await started.promise;
    expect(heard).toEqual([]);
    const reason = new Error('stop');
    controller.abort(reason);
    const [result] = await done;
    expect(result!.status).toBe('cancelled');
    expect(heard).toEqual([['kept', reason]]);
  });

  it('hears a timeout as the ToolTimeoutError, and answers at once once the call is cancelled', async () => {
    const clock = createManualClock();
    const heard: unknown[] = [];
    let late: unknown;
    let context: ToolContext | undefined;
    const executor = createExecutor({
      tools: [
        readTool('slow', (_input, ctx) => {
          context = ctx;
          ctx.onAbort!((reason) => heard.push(reason));
          return new Promise(() => {});
        }),
      ],
      timeoutMs: 100,
      clock,
    });
    const done = executor.execute([call('a', 'slow', { q: '1' })]);
    await turns(2);
    clock.advance(100);
    const [result] = await done;
    expect(result!.status).toBe('timeout');
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBeInstanceOf(ToolTimeoutError);
    // Registered after the abort: called right away, and removing it is harmless.
    const remove = context!.onAbort!((reason) => {
      late = reason;
    });
    expect(late).toBe(heard[0]);
    remove();
    // The signal, read late, is aborted with the same reason.
    expect(context!.signal.reason).toBe(heard[0]);
  });
});
