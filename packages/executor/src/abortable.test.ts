import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { settleOrAbort } from './abortable';
import { createExecutor } from './executor';

describe('settleOrAbort', () => {
  it('settles with the value, the error, or aborted', async () => {
    const signal = new AbortController().signal;
    expect(await settleOrAbort(() => 1, signal)).toEqual({ status: 'fulfilled', value: 1 });
    expect(await settleOrAbort(async () => 2, signal)).toEqual({ status: 'fulfilled', value: 2 });
    const error = new Error('x');
    expect(await settleOrAbort(() => Promise.reject(error), signal)).toEqual({
      status: 'rejected',
      reason: error,
    });
    expect(
      await settleOrAbort(() => {
        throw error;
      }, signal),
    ).toEqual({ status: 'rejected', reason: error });
  });

  it('settles as aborted when the work itself aborts the signal and never settles', async () => {
    const controller = new AbortController();
    const settled = await settleOrAbort(() => {
      controller.abort();
      return new Promise<never>(() => undefined);
    }, controller.signal);
    expect(settled).toEqual({ status: 'aborted' });
  });

  it('leaves no listener behind once settled', async () => {
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      added += 1;
      add(...args);
    }) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      removed += 1;
      remove(...args);
    }) as typeof remove;
    await settleOrAbort(async () => 'ok', signal);
    expect(added).toBe(1);
    expect(removed).toBe(1);
  });
});

describe('a prompter that cancels the run from inside prompt()', () => {
  it('still gets the run settled, with the call cancelled', async () => {
    const tool = defineTool({
      name: 'w',
      inputSchema: z.object({}),
      description: 'Writes.',
      compactDescription: 'Writes',
      approval: 'ask',
      execute: () => 'x',
    });
    const controller = new AbortController();
    const executor = createExecutor({
      tools: [tool],
      approvals: {
        prompt: () => {
          controller.abort();
          return new Promise<never>(() => undefined);
        },
      },
    });
    const results = await executor.execute([{ id: 'a', name: 'w', input: {} }], {
      signal: controller.signal,
    });
    expect(results.map((result) => result.status)).toEqual(['cancelled']);
  });
});
