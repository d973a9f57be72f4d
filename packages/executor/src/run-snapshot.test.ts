/**
 * Snapshots mean what was signed (issue 26): the state is signed as its exact canonical text,
 * values JSON cannot keep never change silently, any depth is handled without recursion, a
 * snapshot is bound to its session and may be sealed, and whatever ran is reported.
 */
import { defineTool } from '@dexter/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeCanonicalJson, JsonValueError, keepJson } from './json-value';
import { createResumableExecutor, type RunOutcome } from './resumable-executor';
import { openRunSnapshot, RunSnapshotError } from './run-snapshot';
import { createSession } from './session';
import { createMemorySessionStore } from './session-store';

const KEY = 'k'.repeat(32);
const SEAL = 's'.repeat(32);

function deep(depth: number, leaf: unknown = 'bottom'): unknown {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level += 1) value = { d: value };
  return value;
}

function depthOf(value: unknown): number {
  let depth = 0;
  let node = value as { d?: unknown } | undefined;
  while (node !== null && typeof node === 'object' && 'd' in node) {
    node = node.d as { d?: unknown };
    depth += 1;
  }
  return depth;
}

/** A reader that runs at once and a writer that asks; both record the input they ran with. */
function tools() {
  const ran: { name: string; input: unknown }[] = [];
  const make = (
    name: string,
    safe: boolean,
    approval: 'allow' | 'ask',
    output?: (input: unknown) => unknown,
  ) =>
    defineTool({
      name,
      inputSchema: z.object({ data: z.unknown() }).passthrough(),
      description: `${name}.`,
      compactDescription: name,
      concurrencySafe: safe,
      approval,
      execute: (input) => {
        ran.push({ name, input });
        return output ? output(input) : `${name} ran`;
      },
    });
  return { ran, make };
}

function suspended(outcome: RunOutcome) {
  if (outcome.status !== 'suspended') throw new Error(`expected a suspension, got ${outcome.status}`);
  return outcome;
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'resumed';
  } catch (error) {
    return RunSnapshotError.isInstance(error) ? error.code : `other: ${String(error)}`;
  }
}

describe('canonical JSON', () => {
  it('refuses what its text would not read back as, naming where', () => {
    for (const [value, where] of [
      [{ a: [1, Number.POSITIVE_INFINITY] }, ['a', 1]],
      [{ a: Number.NaN }, ['a']],
      [{ a: -0 }, ['a']],
      [[1, undefined], [1]],
      // biome-ignore lint/suspicious/noSparseArray: the hole is the point
      [[1, , 3], [1]],
      [{ m: new Map() }, ['m']],
      [{ f: () => 1 }, ['f']],
      [{ b: 1n }, ['b']],
    ] as const) {
      let thrown: unknown;
      try {
        encodeCanonicalJson(value);
      } catch (error) {
        thrown = error;
      }
      expect(JsonValueError.isInstance(thrown) && thrown.code).toBe('not_json');
      expect((thrown as JsonValueError).path).toEqual(where);
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeCanonicalJson(cyclic)).toThrow(/cycle/);
  });

  it('keeps what JSON keeps and says when that lost something', () => {
    expect(keepJson({ a: 1, b: undefined, c: [1, 2] })).toEqual({ value: { a: 1, c: [1, 2] }, lossy: false });
    expect(keepJson({ a: Number.POSITIVE_INFINITY })).toEqual({ value: { a: null }, lossy: true });
    expect(keepJson([undefined])).toEqual({ value: [null], lossy: true });
    expect(keepJson(-0)).toEqual({ value: 0, lossy: true });
    expect(keepJson({ at: new Date(0) })).toEqual({
      value: { at: '1970-01-01T00:00:00.000Z' },
      lossy: false,
    });
    const cyclic: Record<string, unknown> = { keep: 1 };
    cyclic.self = cyclic;
    expect(keepJson(cyclic)).toEqual({ value: { keep: 1 }, lossy: true });
    const shared = { x: 1 };
    expect(keepJson({ a: shared, b: shared })).toEqual({ value: { a: { x: 1 }, b: { x: 1 } }, lossy: false });
    const proto = keepJson(JSON.parse('{"__proto__":{"polluted":1}}')).value as object;
    expect(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('handles any depth without recursion (100,000 levels)', { timeout: 60_000 }, () => {
    const value = deep(100_000);
    const text = encodeCanonicalJson(keepJson(value).value);
    expect(text.length).toBe(100_000 * 6 + '"bottom"'.length);
    expect(depthOf(JSON.parse(text))).toBe(100_000);
  });

  it('round-trips every JSON value exactly (randomized)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const kept = keepJson(value);
        const text = encodeCanonicalJson(kept.value);
        expect(encodeCanonicalJson(JSON.parse(text))).toBe(text);
        // A value JSON keeps exactly reads back equal (−0 is the one number JSON changes).
        if (!kept.lossy) expect(JSON.parse(text)).toEqual(value);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('run snapshots mean what was signed', () => {
  it('refuses 1e999 in place of null, and any other edit of the state text', async () => {
    const { make, ran } = tools();
    const store = createMemorySessionStore();
    const runs = createResumableExecutor({ tools: [make('write', false, 'ask')], signingKey: KEY, store });
    const outcome = suspended(await runs.execute([{ id: 'w1', name: 'write', input: { data: null } }]));
    const text = JSON.stringify(outcome.snapshot);
    expect(text).toContain('\\"data\\":null');
    const forged = text.replace('\\"data\\":null', '\\"data\\":1e999');
    expect(await codeOf(runs.resume(forged, { w1: 'allow-once' }))).toBe('snapshot_tampered');
    const spaced = text.replace('\\"data\\":null', '\\"data\\": null');
    expect(await codeOf(runs.resume(spaced, { w1: 'allow-once' }))).toBe('snapshot_tampered');
    expect(ran).toEqual([]);
    expect(await codeOf(runs.resume(text, { w1: 'allow-once' }))).toBe('resumed');
    expect(ran).toEqual([{ name: 'write', input: { data: null } }]);
  });

  it('randomized: any input round-trips to the tool exactly as JSON keeps it; a one-character edit never resumes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.anything(),
        fc.nat(),
        fc.constantFrom('x', '0', '"', '\\', '}', ' '),
        async (data, output, at, replacement) => {
          const { make, ran } = tools();
          const runs = createResumableExecutor({
            tools: [make('read', true, 'allow', () => output), make('write', false, 'ask')],
            signingKey: KEY,
            store: createMemorySessionStore(),
          });
          const first = suspended(
            await runs.execute([
              { id: 'r1', name: 'read', input: { data } },
              { id: 'w2', name: 'write', input: { data } },
            ]),
          );
          const expected = keepJson({ data }).value;
          expect(first.pending[0]?.input).toEqual(expected);
          const text = JSON.stringify(first.snapshot);
          // One character of the body or signature changed: refused, nothing runs.
          const start = text.indexOf('"body":"') + 8;
          const position = start + (at % (text.length - start - 2));
          if (text[position] !== replacement) {
            const edited = text.slice(0, position) + replacement + text.slice(position + 1);
            const code = await codeOf(runs.resume(edited, { w2: 'allow-once' }));
            expect(['snapshot_tampered', 'snapshot_malformed']).toContain(code);
          }
          expect(ran.map((entry) => entry.name)).toEqual(['read']);
          const done = await runs.resume(text, { w2: 'allow-once' });
          expect(done.status).toBe('completed');
          expect(ran[1]).toEqual({ name: 'write', input: expected });
          const kept = keepJson(output);
          const result = done.results[0]!;
          if (kept.lossy || kept.value === undefined) expect(result.output).toBeUndefined();
          else expect(result.output).toEqual(kept.value);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('takes inputs and outputs nested 5,000 deep: no RangeError, nothing lost, the snapshot stringifies', async () => {
    const { make, ran } = tools();
    const runs = createResumableExecutor({
      tools: [make('read', true, 'allow', () => deep(5000)), make('write', false, 'ask')],
      signingKey: KEY,
      store: createMemorySessionStore(),
    });
    const first = suspended(
      await runs.execute([
        { id: 'r1', name: 'read', input: { data: 1 } },
        { id: 'w2', name: 'write', input: { data: deep(5000) } },
      ]),
    );
    expect(depthOf(first.results[0]?.output)).toBe(5000);
    const text = JSON.stringify(first.snapshot);
    const done = await runs.resume(text, { w2: 'allow-once' });
    expect(done.status).toBe('completed');
    expect(depthOf((ran[1]!.input as { data: unknown }).data)).toBe(5000);
    expect(depthOf(done.results[0]?.output)).toBe(5000);
  });

  it('a forged deep field is a RunSnapshotError, never a RangeError', async () => {
    const runs = createResumableExecutor({ tools: [], signingKey: KEY });
    const nested = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const forged = `{"format":"dexter.run-snapshot","version":2,"id":${nested}}`;
    expect(await codeOf(runs.resume(forged, {}))).toBe('snapshot_malformed');
    const { make } = tools();
    const real = createResumableExecutor({ tools: [make('write', false, 'ask')], signingKey: KEY });
    const { snapshot } = suspended(await real.execute([{ id: 'w', name: 'write', input: { data: 1 } }]));
    const body = encodeCanonicalJson({
      ...JSON.parse(snapshot.body),
      calls: [{ id: 'w', name: 'write', input: deep(20_000) }],
    });
    expect(await codeOf(real.resume({ ...snapshot, body }, {}))).toBe('snapshot_tampered');
  });

  it('runs a cyclic input with what JSON keeps of it (decision 0018)', async () => {
    const { make, ran } = tools();
    const runs = createResumableExecutor({ tools: [make('write', false, 'ask')], signingKey: KEY });
    const data: Record<string, unknown> = { keep: 'me' };
    data.self = data;
    const first = suspended(await runs.execute([{ id: 'w1', name: 'write', input: { data } }]));
    expect(first.pending[0]?.input).toEqual({ data: { keep: 'me' } });
    await runs.resume(first.snapshot, { w1: 'allow-once' });
    expect(ran).toEqual([{ name: 'write', input: { data: { keep: 'me' } } }]);
  });

  it('binds a snapshot to its session', async () => {
    const { make, ran } = tools();
    const alice = createSession({ id: 'alice' });
    const runs = createResumableExecutor({ tools: [make('write', false, 'ask')], signingKey: KEY });
    const first = suspended(
      await runs.execute([{ id: 'w1', name: 'write', input: { data: 1 } }], { session: alice }),
    );
    expect(first.snapshot.sessionId).toBe('alice');
    const bob = createSession({ id: 'bob' });
    expect(await codeOf(runs.resume(first.snapshot, { w1: 'allow-once' }, { session: bob }))).toBe(
      'snapshot_wrong_session',
    );
    const bobs = createResumableExecutor({
      tools: [make('write', false, 'ask')],
      signingKey: KEY,
      session: bob,
    });
    expect(await codeOf(bobs.resume(first.snapshot, { w1: 'allow-once' }))).toBe('snapshot_wrong_session');
    expect(ran).toEqual([]);
    expect(await codeOf(runs.resume(first.snapshot, { w1: 'allow-once' }, { session: alice }))).toBe(
      'resumed',
    );
    expect(ran).toHaveLength(1);
  });

  it('seals the state with the host key when asked', async () => {
    const { make, ran } = tools();
    const options = {
      tools: [make('write', false, 'ask')],
      signingKey: KEY,
      store: createMemorySessionStore(),
    };
    const runs = createResumableExecutor({ ...options, encryptionKey: SEAL });
    const first = suspended(
      await runs.execute([{ id: 'w1', name: 'write', input: { data: 'launch-codes-4711' } }]),
    );
    const text = JSON.stringify(first.snapshot);
    expect(first.snapshot.encoding).toBe('aes-256-gcm');
    expect(text).not.toContain('launch-codes-4711');
    expect(first.pending[0]?.input).toEqual({ data: 'launch-codes-4711' });
    expect(await codeOf(createResumableExecutor(options).resume(text, {}))).toBe('snapshot_undecryptable');
    const other = createResumableExecutor({ ...options, encryptionKey: 'o'.repeat(32) });
    expect(await codeOf(other.resume(text, {}))).toBe('snapshot_undecryptable');
    expect(() => createResumableExecutor({ ...options, encryptionKey: 'short' })).toThrow(/32 bytes/);
    expect(await codeOf(runs.resume(text, { w1: 'allow-once' }))).toBe('resumed');
    expect(ran).toEqual([{ name: 'write', input: { data: 'launch-codes-4711' } }]);
  });

  it('resumes a snapshot once per process by default, across executors built per request', async () => {
    const { make, ran } = tools();
    const perRequest = () =>
      createResumableExecutor({ tools: [make('write', false, 'ask')], signingKey: KEY });
    const first = suspended(await perRequest().execute([{ id: 'w1', name: 'write', input: { data: 1 } }]));
    const text = JSON.stringify(first.snapshot);
    const codes = await Promise.all(
      [1, 2, 3].map(() => codeOf(perRequest().resume(text, { w1: 'allow-once' }))),
    );
    expect(codes.sort()).toEqual(['resumed', 'snapshot_already_resumed', 'snapshot_already_resumed']);
    expect(ran).toHaveLength(1);
  });

  it('marks an output JSON would change instead of changing it', async () => {
    const { make } = tools();
    const runs = createResumableExecutor({
      tools: [
        make('read', true, 'allow', () => ({ n: Number.NaN, list: [undefined] })),
        make('write', false, 'ask'),
      ],
      signingKey: KEY,
    });
    const first = suspended(
      await runs.execute([
        { id: 'r1', name: 'read', input: { data: 1 } },
        { id: 'w2', name: 'write', input: { data: 2 } },
      ]),
    );
    const { state } = openRunSnapshot(first.snapshot, KEY);
    expect(state.results['0']).toMatchObject({ outputOmitted: true, status: 'ok' });
    expect(state.results['0']).not.toHaveProperty('output');
  });
});

describe('whatever ran is reported', () => {
  it('a suspension that cannot be made reports the calls that ran and cancels the rest, without throwing', async () => {
    const { make, ran } = tools();
    const session = createSession({ id: 'broken' });
    const runs = createResumableExecutor({
      tools: [make('read', true, 'allow'), make('write', false, 'ask')],
      signingKey: KEY,
      softLimits: false,
      session,
    });
    // Counting calls for the snapshot fails (a stand-in for anything failing while it is made).
    session.callCount = () => {
      throw new Error('counter broke');
    };
    const outcome = await runs.execute([
      { id: 'r1', name: 'read', input: { data: 1 } },
      { id: 'w2', name: 'write', input: { data: 2 } },
    ]);
    expect(outcome.status).toBe('completed');
    expect(outcome.results.map((result) => result?.status)).toEqual(['ok', 'cancelled']);
    expect(outcome.results[1]?.content).toMatch(
      /could not suspend for approval \(counter broke\); this call did not run/,
    );
    expect(ran.map((entry) => entry.name)).toEqual(['read']);
  });

  it('the plain executor takes a model input nested 5,000 deep (default engine, soft limits on)', async () => {
    const { make, ran } = tools();
    const { createExecutor } = await import('./executor');
    const executor = createExecutor({ tools: [make('read', true, 'allow')] });
    const results = await executor.execute([
      { id: 'a', name: 'read', input: { data: deep(5000) } },
      { id: 'b', name: 'read', input: { data: deep(5000) } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok']);
    expect(ran).toHaveLength(2);
  });
});
