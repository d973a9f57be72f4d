/**
 * With no SDK installed (no global tracer or meter provider), a run goes straight to the
 * executor: the very options object the host passed, no event listener added.
 */
import { createExecutor, type ExecuteOptions, type Executor } from '@dexter/executor';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instrumentExecutor } from './instrument-executor';

const echo = defineTool({
  name: 'echo',
  inputSchema: z.object({ text: z.string() }),
  description: 'Echoes its text (test tool).',
  compactDescription: 'Echo',
  approval: 'allow',
  execute: async ({ text }) => text,
});

describe('no SDK installed', () => {
  it('passes runs through untouched and returns the same results', async () => {
    const inner = createExecutor({ tools: [echo] });
    const seen: Array<ExecuteOptions | undefined> = [];
    const spy: Executor = {
      ...inner,
      execute: (calls, options) => {
        seen.push(options);
        return inner.execute(calls, options);
      },
    };
    const executor = instrumentExecutor(spy);
    const options = { signal: new AbortController().signal };
    const results = await executor.execute([{ id: '1', name: 'echo', input: { text: 'hi' } }], options);
    expect(results.map((result) => [result.status, result.output])).toEqual([['ok', 'hi']]);
    expect(seen).toEqual([options]);
    expect(seen[0]).toBe(options);
    expect(executor.recordSandboxViolation({ toolCallId: '1', kind: 'network' })).toBe(false);
  });
});
