/**
 * Issue 15: anything keyed by a name uses a Map (tools named `constructor`, `toString`,
 * `__proto__` are ordinary tools), exact repeats are found however many distinct keys came
 * before, and time limits are honoured or refused — never silently shortened.
 */
import { describe, expect, it } from 'vitest';
import { ExecutorError } from './errors';
import { createExecutor } from './executor';
import { MAX_TIMEOUT_MS } from './executor-options';
import { call, readTool, turns } from './test-support';
import { createManualClock } from './testing';

function caught(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('soft limits keyed by tool name', () => {
  it.each([['constructor'], ['toString'], ['__proto__'], ['hasOwnProperty'], ['valueOf']])(
    'a tool named %s gets its call-count note',
    async (name) => {
      const executor = createExecutor({
        tools: [readTool(name)],
        softLimits: { maxCallsPerTool: 1, similarityThreshold: false },
      });
      const results = await executor.execute([call('a', name, { q: '1' }), call('b', name, { q: '2' })]);
      expect(results[0]!.notes).toBeUndefined();
      expect(results[1]!.notes?.[0]).toMatch(/This is call 2 of/);
    },
  );

  it('perTool names its own tools only (a tool named constructor finds no inherited limit)', async () => {
    const perTool = JSON.parse('{"__proto__": 1, "toString": 2}') as Record<string, number>;
    const executor = createExecutor({
      tools: [readTool('__proto__'), readTool('toString'), readTool('constructor')],
      softLimits: { maxCallsPerTool: 5, perTool, similarityThreshold: false },
    });
    const calls = ['__proto__', 'toString', 'constructor'].flatMap((name) =>
      [1, 2, 3].map((n) => call(`${name}${n}`, name, { q: String(n) })),
    );
    const results = await executor.execute(calls);
    const noted = results.map((result) => (result.notes === undefined ? 0 : 1));
    expect(noted).toEqual([0, 1, 1, 0, 0, 1, 0, 0, 0]);
  });

  it('flags an exact repeat after more than 1,024 distinct keys', async () => {
    const executor = createExecutor({
      tools: [readTool('search')],
      softLimits: { maxCallsPerTool: Number.POSITIVE_INFINITY },
    });
    const calls = Array.from({ length: 1500 }, (_, index) =>
      call(`c${index}`, 'search', { q: `topic${index}` }),
    );
    await executor.execute(calls);
    const [late, early] = await executor.execute([
      call('again', 'search', { q: 'topic1400' }),
      call('again2', 'search', { q: 'topic3' }),
    ]);
    expect(late!.notes?.[0]).toMatch(/repeats an earlier one \(c1400/);
    expect(early!.notes?.[0]).toMatch(/repeats an earlier one \(c3/);
  });
});

describe('option checking', () => {
  it.each([['toString'], ['constructor'], ['valueOf'], ['__defineGetter__']])(
    'an unknown option named %s gets no suggestion from Object.prototype',
    (key) => {
      const options = { tools: [] } as Record<string, unknown>;
      Object.defineProperty(options, key, { value: 1, enumerable: true });
      const error = caught(() => createExecutor(options as never));
      expect(ExecutorError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain(`unknown option \`${key}\``);
      expect((error as Error).message).not.toMatch(/native code|Did you mean/);
    },
  );

  it('still suggests the option a likely typo meant', () => {
    expect((caught(() => createExecutor({ tools: [], timeout: 5 } as never)) as Error).message).toMatch(
      /Did you mean `timeoutMs`/,
    );
  });
});

describe('time limits', () => {
  it('refuses timeoutMs above 2^31 - 1 at construction instead of firing at once', () => {
    for (const timeoutMs of [MAX_TIMEOUT_MS + 1, 2 ** 40]) {
      const error = caught(() => createExecutor({ tools: [], timeoutMs }));
      expect(ExecutorError.isInstance(error)).toBe(true);
      expect((error as ExecutorError).option).toBe('timeoutMs');
      expect((error as Error).message).toMatch(/longest timer/);
    }
    expect(() => createExecutor({ tools: [], timeoutMs: MAX_TIMEOUT_MS })).not.toThrow();
  });

  it("refuses a tool's own timeoutMs above 2^31 - 1 and a toolTimeouts entry likewise", () => {
    const tool = readTool('slow', undefined, { timeoutMs: 2 ** 31 });
    expect((caught(() => createExecutor({ tools: [tool] })) as ExecutorError).code).toBe('invalid_tools');
    const error = caught(() => createExecutor({ tools: [readTool('x')], toolTimeouts: { x: 2 ** 33 } }));
    expect((error as ExecutorError).option).toBe('toolTimeouts.x');
    expect((caught(() => createExecutor({ tools: [], toolTimeouts: { x: 0 } })) as ExecutorError).code).toBe(
      'invalid_option',
    );
  });

  it('toolTimeouts: false runs a tool with no timeout under an executor-wide one', async () => {
    const clock = createManualClock();
    let finish!: (value: string) => void;
    const executor = createExecutor({
      tools: [
        readTool('long', () => new Promise<string>((resolve) => (finish = resolve))),
        readTool('short', () => new Promise(() => {})),
      ],
      clock,
      timeoutMs: 1000,
      toolTimeouts: { long: false },
    });
    const running = executor.execute([call('a', 'long', { q: 'x' }), call('b', 'short', { q: 'y' })]);
    await turns(2);
    expect(clock.pendingTimers()).toBe(1); // only `short` has a timer
    clock.advance(10_000);
    await turns(2);
    finish('done after a long time');
    const results = await running;
    expect(results.map((result) => result.status)).toEqual(['ok', 'timeout']);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('toolTimeouts wins over the tool’s own timeoutMs', async () => {
    const clock = createManualClock();
    const executor = createExecutor({
      tools: [readTool('hang', () => new Promise(() => {}), { timeoutMs: 50 })],
      clock,
      toolTimeouts: { hang: 500 },
    });
    const running = executor.execute([call('a', 'hang', { q: 'x' })]);
    await turns(2);
    clock.advance(100);
    await turns(2);
    clock.advance(400);
    const [result] = await running;
    expect(result!.status).toBe('timeout');
    expect(result!.content).toMatch(/after 500 ms/);
  });
});
