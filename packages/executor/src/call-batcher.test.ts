import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCallBatcher } from './call-batcher';
import { createExecutor } from './executor';

function recordingTools() {
  const log: string[] = [];
  let running = 0;
  let overlapWithUnsafe = false;
  const gate = (name: string, safe: boolean) =>
    defineTool({
      name,
      inputSchema: z.object({ id: z.string() }),
      description: `${name} test tool.`,
      compactDescription: name,
      concurrencySafe: safe,
      approval: 'allow',
      async execute({ id }) {
        running += 1;
        if (!safe && running > 1) overlapWithUnsafe = true;
        log.push(`start ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${id}`);
        running -= 1;
        if (!safe && running > 0) overlapWithUnsafe = true;
        return id;
      },
    });
  return {
    tools: [gate('read', true), gate('write', false)],
    log,
    overlapped: () => overlapWithUnsafe,
  };
}

describe('createCallBatcher', () => {
  it('runs the calls of one tick as one executor run: reads in parallel, a write alone and in order', async () => {
    const { tools, log, overlapped } = recordingTools();
    const runs: number[] = [];
    const executor = createExecutor({ tools });
    const batcher = createCallBatcher({
      ...executor,
      execute: (calls, options) => {
        runs.push(calls.length);
        return executor.execute(calls, options);
      },
    });
    const results = await Promise.all([
      batcher.run({ id: 'c1', name: 'read', input: { id: 'r1' } }),
      batcher.run({ id: 'c2', name: 'read', input: { id: 'r2' } }),
      batcher.run({ id: 'c3', name: 'write', input: { id: 'w3' } }),
      batcher.run({ id: 'c4', name: 'read', input: { id: 'r4' } }),
    ]);
    expect(results.map((result) => [result.toolCallId, result.status, result.output])).toEqual([
      ['c1', 'ok', 'r1'],
      ['c2', 'ok', 'r2'],
      ['c3', 'ok', 'w3'],
      ['c4', 'ok', 'r4'],
    ]);
    expect(runs).toEqual([4]);
    expect(log.slice(0, 2).sort()).toEqual(['start r1', 'start r2']);
    expect(log.slice(4)).toEqual(['start w3', 'end w3', 'start r4', 'end r4']);
    expect(overlapped()).toBe(false);
  });

  it('runs a call that arrives later after the earlier batch, never beside it', async () => {
    const { tools, log, overlapped } = recordingTools();
    const batcher = createCallBatcher(createExecutor({ tools }));
    const first = batcher.run({ id: 'c1', name: 'write', input: { id: 'w1' } });
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.run({ id: 'c2', name: 'read', input: { id: 'r2' } });
    expect((await Promise.all([first, second])).map((result) => result.status)).toEqual(['ok', 'ok']);
    expect(log).toEqual(['start w1', 'end w1', 'start r2', 'end r2']);
    expect(overlapped()).toBe(false);
  });

  it('gives each call exactly one result, also for unknown tools and bad input', async () => {
    const { tools } = recordingTools();
    const batcher = createCallBatcher(createExecutor({ tools }));
    const results = await Promise.all([
      batcher.run({ id: 'a', name: 'nope', input: {} }),
      batcher.run({ id: 'b', name: 'read', input: { id: 1 } }),
    ]);
    expect(results.map((result) => [result.toolCallId, result.status])).toEqual([
      ['a', 'unknown_tool'],
      ['b', 'invalid_input'],
    ]);
  });

  it('cancels the batch when the signal aborts', async () => {
    const tool = defineTool({
      name: 'wait',
      inputSchema: z.object({}),
      description: 'Waits for its signal.',
      compactDescription: 'wait',
      approval: 'allow',
      execute: (_input, { signal }) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    });
    const batcher = createCallBatcher(createExecutor({ tools: [tool] }));
    const controller = new AbortController();
    const pending = batcher.run({ id: 'w', name: 'wait', input: {} }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect((await pending).status).toBe('cancelled');
  });
});
