/**
 * Shared helpers for this package's own tests (not part of the public API): tiny tool
 * factories and a way to count event-loop turns instead of measuring wall time.
 */
import { type AnyTool, defineTool, type ToolContext } from '@dexter/registry';
import { z } from 'zod';

/** A concurrency-safe, auto-allowed tool whose behaviour the test supplies. */
export function readTool(
  name: string,
  execute: (input: { q: string }, context: ToolContext) => unknown = async ({ q }) => ({ q }),
  extra: Record<string, unknown> = {},
): AnyTool {
  return defineTool({
    name,
    inputSchema: z.object({ q: z.string() }),
    description: `${name} (test read tool)`,
    compactDescription: `${name} test tool`,
    concurrencySafe: true,
    approval: 'allow',
    execute: execute as never,
    ...extra,
  } as never);
}

/** A non-concurrency-safe tool (a "write") whose behaviour the test supplies. */
export function writeTool(
  name: string,
  execute: (input: { path: string }, context: ToolContext) => unknown = async ({ path }) => `wrote ${path}`,
  extra: Record<string, unknown> = {},
): AnyTool {
  return defineTool({
    name,
    inputSchema: z.object({ path: z.string() }),
    description: `${name} (test write tool)`,
    compactDescription: `${name} test tool`,
    concurrencySafe: false,
    approval: 'allow',
    execute: execute as never,
    ...extra,
  } as never);
}

/** Resolves after `turns` macrotask turns (setImmediate), for counting instead of timing. */
export async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Awaits `promise` for at most `maxTurns` event-loop turns; returns how many turns it took,
 * or `undefined` if it had not settled by then.
 */
export async function turnsToSettle(
  promise: Promise<unknown>,
  maxTurns: number,
): Promise<number | undefined> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let turn = 0; turn <= maxTurns; turn += 1) {
    if (settled) return turn;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return settled ? maxTurns : undefined;
}

/** A promise with its resolve function exposed. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A call literal. */
export function call(id: string, name: string, input: unknown = {}) {
  return { id, name, input };
}

/** A Proxy on which every operation throws — even the error it throws throws when touched. */
export function poison(): object {
  const trap = () => {
    throw poisonous;
  };
  const handler: ProxyHandler<object> = {
    get: trap,
    has: trap,
    ownKeys: trap,
    getOwnPropertyDescriptor: trap,
    getPrototypeOf: trap,
    apply: trap,
    construct: trap,
    set: trap,
    defineProperty: trap,
    deleteProperty: trap,
    isExtensible: trap,
    preventExtensions: trap,
    setPrototypeOf: trap,
  };
  const poisonous: object = new Proxy({}, handler);
  return new Proxy({}, handler);
}
