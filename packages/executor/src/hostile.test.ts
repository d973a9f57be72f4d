/**
 * Issue 15: values that break ordinary JavaScript operations — cycles, throwing getters,
 * throwing `then` / `toJSON`, BigInt, null prototypes, Proxies whose every trap throws,
 * maximal-length strings — coming from a tool, a prompter, a decider or the calls
 * themselves. Each becomes a result or a denial; nothing rejects, crashes or hangs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutorEvent } from './events';
import { createExecutor } from './executor';
import { safeStringify } from './safe-json';
import { canonicalJson } from './similarity';
import { call, poison, readTool, turnsToSettle, writeTool } from './test-support';
import { checkRunEvents, collectEvents } from './testing';

function cyclic(): object {
  const value: Record<string, unknown> = { n: 1 };
  value.self = value;
  return value;
}

function throwingGetter(): object {
  return {
    get boom(): unknown {
      throw poison();
    },
  };
}

function throwingThen(): object {
  return {
    // biome-ignore lint/suspicious/noThenProperty: the hostile thenable under test
    get then(): unknown {
      throw poison();
    },
  };
}

function throwingToJson(): object {
  return {
    toJSON() {
      throw poison();
    },
  };
}

function nullPrototype(): object {
  const value = Object.create(null) as Record<string, unknown>;
  value.x = 1;
  return value;
}

const HOSTILE: ReadonlyArray<readonly [string, () => unknown]> = [
  ['a self-referencing plain object', cyclic],
  ['an object whose getter throws', throwingGetter],
  ['an object whose then getter throws', throwingThen],
  ['an object whose toJSON throws', throwingToJson],
  ['a BigInt', () => 10n ** 30n],
  ['a null-prototype object', nullPrototype],
  ['a Proxy whose every trap throws', poison],
  ['an array holding all of them', () => [cyclic(), throwingGetter(), 1n, nullPrototype(), poison()]],
];

async function runWithEvents(
  executor: ReturnType<typeof createExecutor>,
  calls: unknown[],
): Promise<{ results: Awaited<ReturnType<typeof executor.execute>>; events: ExecutorEvent[] }> {
  const events: ExecutorEvent[] = [];
  const running = executor.execute(calls as never, { onEvent: (event) => events.push(event) });
  expect(await turnsToSettle(running, 50)).toBeDefined();
  const results = await running;
  expect(checkRunEvents(calls.length, events, results)).toEqual([]);
  return { results, events };
}

describe('hostile values from a tool', () => {
  it.each(HOSTILE)('a tool that rejects with %s ends `error`', async (_label, make) => {
    const executor = createExecutor({
      tools: [readTool('bad', () => Promise.reject(make())), readTool('good')],
    });
    const { results } = await runWithEvents(executor, [
      call('a', 'bad', { q: 'x' }),
      call('b', 'good', { q: 'y' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['error', 'ok']);
    expect(results[0]!.content).toMatch(/^bad failed: /);
  });

  it.each(HOSTILE)('a tool that throws %s synchronously ends `error`', async (_label, make) => {
    const executor = createExecutor({
      tools: [
        readTool('bad', () => {
          throw make();
        }),
      ],
    });
    const { results } = await runWithEvents(executor, [call('a', 'bad', { q: 'x' })]);
    expect(results[0]!.status).toBe('error');
  });

  it.each(HOSTILE)('a tool that returns %s ends with a result (never rejects)', async (label, make) => {
    const executor = createExecutor({ tools: [readTool('odd', async () => ({ value: make() }))] });
    const { results } = await runWithEvents(executor, [call('a', 'odd', { q: 'x' })]);
    expect(typeof results[0]!.content).toBe('string');
    expect(['ok', 'error']).toContain(results[0]!.status);
    void label;
  });

  it('a progress update whose getters throw is dropped, not thrown into the tool', async () => {
    const executor = createExecutor({
      tools: [
        readTool('chatty', async (_input, context) => {
          context.progress(poison() as never);
          context.progress(throwingGetter() as never);
          return 'done';
        }),
      ],
    });
    const { results } = await runWithEvents(executor, [call('a', 'chatty', { q: 'x' })]);
    expect(results[0]!.status).toBe('ok');
  });
});

describe('maximal-length strings', () => {
  // V8's longest string (2^29 - 24 one-byte characters on 64-bit): appending anything throws
  // "Invalid string length". One allocation of ~512 MB, shared by both cases.
  const longest = (() => {
    for (let length = 2 ** 29 - 24; length > 2 ** 28; length -= 2 ** 20) {
      try {
        return 'x'.repeat(length);
      } catch {
        // a smaller limit on this build
      }
    }
    return 'x'.repeat(2 ** 28);
  })();

  it('an output of maximal length still gets its soft-limit note', { timeout: 60_000 }, async () => {
    const executor = createExecutor({
      tools: [readTool('big', async () => longest)],
      softLimits: { maxCallsPerTool: 1 },
    });
    const { results } = await runWithEvents(executor, [
      call('a', 'big', { q: 'x' }),
      call('b', 'big', { q: 'y' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok']);
    expect(results[1]!.output).toBe(longest);
    expect(
      results[1]!.content.endsWith('(suggested maximum 1). Consider answering with what you have.'),
    ).toBe(true);
  });

  it('an error message of maximal length still makes an `error` result', { timeout: 60_000 }, async () => {
    const executor = createExecutor({
      tools: [
        readTool('big', async () => {
          throw new Error(longest);
        }),
      ],
    });
    const { results } = await runWithEvents(executor, [call('a', 'big', { q: 'x' })]);
    expect(results[0]!.status).toBe('error');
    expect(results[0]!.content.startsWith('big failed: xxx')).toBe(true);
  });
});

describe('hostile values from a prompter or a decider', () => {
  const asking = () =>
    writeTool('write', async () => 'wrote', {
      approval: 'ask',
    });

  it.each(HOSTILE)('a prompter that throws %s denies with prompter_failed', async (_label, make) => {
    const executor = createExecutor({
      tools: [asking()],
      approvals: {
        prompt() {
          throw make();
        },
      },
    });
    const { results, events } = await runWithEvents(executor, [call('a', 'write', { path: 'f' })]);
    expect(results[0]!.status).toBe('denied');
    expect(events.find((event) => event.type === 'tool_denied')).toMatchObject({
      deniedBy: 'prompter_failed',
    });
  });

  it.each(HOSTILE)('a prompter that rejects with %s denies with prompter_failed', async (_label, make) => {
    const executor = createExecutor({
      tools: [asking()],
      approvals: { prompt: () => Promise.reject(make()) },
    });
    const { results, events } = await runWithEvents(executor, [call('a', 'write', { path: 'f' })]);
    expect(results[0]!.status).toBe('denied');
    expect(events.find((event) => event.type === 'tool_denied')).toMatchObject({
      deniedBy: 'prompter_failed',
    });
  });

  it.each(HOSTILE)('a prompter that answers %s denies with prompter_failed', async (_label, make) => {
    const executor = createExecutor({
      tools: [asking()],
      approvals: { prompt: () => make() as never },
    });
    const { results, events } = await runWithEvents(executor, [call('a', 'write', { path: 'f' })]);
    expect(results[0]!.status).toBe('denied');
    expect(events.find((event) => event.type === 'tool_denied')).toMatchObject({
      deniedBy: 'prompter_failed',
    });
  });

  it.each(HOSTILE)('a decider that throws %s denies with decider_failed', async (_label, make) => {
    const executor = createExecutor({
      tools: [readTool('read')],
      permissions: {
        decide() {
          throw make();
        },
      },
    });
    const { results, events } = await runWithEvents(executor, [call('a', 'read', { q: 'x' })]);
    expect(results[0]!.status).toBe('denied');
    expect(events.find((event) => event.type === 'tool_denied')).toMatchObject({
      deniedBy: 'decider_failed',
    });
  });

  it.each(HOSTILE)(
    'a decider that answers or rejects with %s denies with decider_failed',
    async (_l, make) => {
      for (const decide of [() => make(), () => Promise.reject(make())]) {
        const executor = createExecutor({
          tools: [readTool('read')],
          permissions: { decide: decide as never },
        });
        const { results, events } = await runWithEvents(executor, [call('a', 'read', { q: 'x' })]);
        expect(results[0]!.status).toBe('denied');
        expect(events.find((event) => event.type === 'tool_denied')).toMatchObject({
          deniedBy: 'decider_failed',
        });
      }
    },
  );

  it('a decider whose decision fields throw or are huge denies, fail closed', async () => {
    const answers: unknown[] = [
      {
        behavior: 'allow',
        get sessionKey(): string {
          throw poison();
        },
      },
      { behavior: 'ask', reason: 'x'.repeat(1 << 20), sessionKey: 'k', proposedRules: poison() },
    ];
    for (const answer of answers) {
      const executor = createExecutor({
        tools: [readTool('read')],
        permissions: { decide: () => answer as never },
      });
      const { results } = await runWithEvents(executor, [call('a', 'read', { q: 'x' })]);
      expect(results[0]!.status).toBe('denied');
    }
  });

  it('a persistAllowRule that rejects with a poisoned value still lets the call run', async () => {
    const permissions = {
      decide: () => ({
        behavior: 'ask' as const,
        reason: 'r',
        sessionKey: 'k',
        cacheable: true,
        proposedRules: ['X'],
      }),
      persistAllowRule: () => Promise.reject(poison()),
    };
    const executor = createExecutor({
      tools: [asking()],
      permissions,
      approvals: { prompt: () => 'allow-always' as const },
    });
    const { results, events } = await runWithEvents(executor, [call('a', 'write', { path: 'f' })]);
    expect(results[0]!.status).toBe('ok');
    expect(events.find((event) => event.type === 'tool_approval')).toHaveProperty('persistError');
  });
});

describe('calls whose fields throw or have no prototype', () => {
  const shapes: ReadonlyArray<readonly [string, () => unknown]> = [
    [
      'an id getter that throws',
      () => ({
        get id(): string {
          throw poison();
        },
        name: 'read',
        input: { q: 'x' },
      }),
    ],
    [
      'a name getter that throws',
      () => ({
        id: 'n',
        get name(): string {
          throw poison();
        },
        input: { q: 'x' },
      }),
    ],
    [
      'a null-prototype id and name',
      () => ({ id: nullPrototype(), name: nullPrototype(), input: { q: 'x' } }),
    ],
    [
      'a null-prototype call',
      () => Object.assign(Object.create(null), { id: 'z', name: 'read', input: { q: 'x' } }),
    ],
    ['a Proxy call', poison],
    [
      'an input getter that throws',
      () => ({
        id: 'i',
        name: 'read',
        get input(): unknown {
          throw poison();
        },
      }),
    ],
  ];

  it.each(shapes)('execute resolves with one result per call for %s', async (_label, make) => {
    const executor = createExecutor({ tools: [readTool('read')] });
    const { results } = await runWithEvents(executor, [make(), call('ok', 'read', { q: 'y' })]);
    expect(results).toHaveLength(2);
    expect(results[1]!.status).toBe('ok');
    expect(typeof results[0]!.toolCallId).toBe('string');
  });

  it.each(shapes)('a stream closes for %s', async (_label, make) => {
    const executor = createExecutor({ tools: [readTool('read')] });
    const stream = executor.stream([make(), call('ok', 'read', { q: 'y' })] as never);
    const events = await collectEvents(stream);
    const results = await stream.results;
    expect(checkRunEvents(2, events, results)).toEqual([]);
  });

  it('an array whose element getter throws is read as a malformed call', async () => {
    const calls = [call('a', 'read', { q: 'x' }), call('b', 'read', { q: 'y' })];
    Object.defineProperty(calls, 1, {
      get() {
        throw poison();
      },
    });
    const executor = createExecutor({ tools: [readTool('read')] });
    const results = await executor.execute(calls);
    expect(results.map((result) => result.status)).toEqual(['ok', 'invalid_input']);
  });
});

/**
 * Arbitrary hostile values, nested. fast-check generates a plain recipe and the property
 * builds the value from it: fast-check itself reads properties of the values it generates
 * (and would trip over a poisoned Proxy).
 */
type Recipe =
  | { leaf: string }
  | { json: unknown }
  | { array: Recipe[] }
  | { record: [string, Recipe][] }
  | { bare: Recipe };
const LEAVES: Record<string, () => unknown> = {
  poison,
  throwingGetter,
  throwingThen,
  throwingToJson,
  nullPrototype,
  cyclic,
  bigint: () => 2n ** 70n,
  symbol: () => Symbol('s'),
  fn: () => () => 1,
  nan: () => Number.NaN,
  undef: () => undefined,
  poisonMap: () => new Map<unknown, unknown>([[poison(), 1n]]),
};
const recipe: fc.Arbitrary<Recipe> = fc.letrec<{ node: Recipe }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...Object.keys(LEAVES)).map((leaf) => ({ leaf })),
    fc.jsonValue().map((json) => ({ json })),
    fc.array(tie('node'), { maxLength: 4 }).map((array) => ({ array })),
    fc
      .array(fc.tuple(fc.string({ maxLength: 4 }), tie('node')), { maxLength: 4 })
      .map((record) => ({ record })),
    tie('node').map((bare) => ({ bare })),
  ),
})).node;

function build(from: Recipe): unknown {
  if ('leaf' in from) return LEAVES[from.leaf]!();
  if ('json' in from) return from.json;
  if ('array' in from) return from.array.map(build);
  if ('record' in from) return Object.fromEntries(from.record.map(([key, item]) => [key, build(item)]));
  const bare = Object.create(null) as Record<string, unknown>;
  bare.inner = build(from.bare);
  return bare;
}

describe('canonicalJson and safeStringify never throw', () => {
  it('on any nesting of hostile values', () => {
    fc.assert(
      fc.property(recipe, (made) => {
        const value = build(made);
        expect(typeof canonicalJson(value)).toBe('string');
        const text = safeStringify(value);
        expect(text === undefined || typeof text === 'string').toBe(true);
      }),
      { seed: 15, numRuns: 1000 },
    );
  });

  it.each(HOSTILE)('on %s at the top level', (_label, make) => {
    expect(typeof canonicalJson(make())).toBe('string');
    expect(() => safeStringify(make())).not.toThrow();
  });
});

describe("a tool's permissionSubject that returns a hostile value", () => {
  it.each(HOSTILE)('%s: the call is denied (fail closed), the run settles', async (_label, make) => {
    const executor = createExecutor({
      tools: [readTool('read', undefined, { permissionSubject: () => make() })],
    });
    const { results } = await runWithEvents(executor, [call('a', 'read', { q: 'x' })]);
    expect(results[0]!.status).toBe('denied');
  });

  it('a subject whose kind getter throws is denied', async () => {
    const executor = createExecutor({
      tools: [
        readTool('read', undefined, {
          permissionSubject: () => ({
            get kind(): string {
              throw poison();
            },
          }),
        }),
      ],
    });
    const { results } = await runWithEvents(executor, [call('a', 'read', { q: 'x' })]);
    expect(results[0]!.status).toBe('denied');
  });
});

describe('run options that throw when read', () => {
  it('are an invalid_option error at the call, never a raw throw', () => {
    const executor = createExecutor({ tools: [readTool('read')] });
    const options = {
      get signal(): AbortSignal {
        throw poison();
      },
    };
    for (const run of [() => executor.execute([], options), () => executor.stream([], options)]) {
      let caught: unknown;
      try {
        run();
      } catch (error) {
        caught = error;
      }
      expect((caught as { code?: string }).code).toBe('invalid_option');
    }
  });
});
