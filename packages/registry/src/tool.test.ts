import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RegistryError } from './errors';
import { defineTool, invokeTool, type ProgressUpdate, toolNameProblem } from './tool';

const base = {
  name: 'get_price',
  inputSchema: z.object({ ticker: z.string() }),
  description: 'Latest price of a stock. Use for quotes; not for fundamentals.',
  compactDescription: 'Latest stock price',
  execute: ({ ticker }: { ticker: string }) => ({ ticker, price: 1 }),
};

function contextFor(signal = new AbortController().signal) {
  const updates: (string | ProgressUpdate)[] = [];
  return {
    updates,
    context: { signal, toolCallId: 'call_1', progress: (u: string | ProgressUpdate) => updates.push(u) },
  };
}

describe('defineTool', () => {
  it('fills safe defaults and freezes the tool', () => {
    const tool = defineTool(base);
    expect(tool.concurrencySafe).toBe(false);
    expect(tool.approval).toBe('ask');
    expect(tool.oncePerRun).toBe(false);
    expect(tool.kind).toBe('dexter.tool');
    expect(Object.isFrozen(tool)).toBe(true);
  });

  it.each([
    [{ name: 'has space' }, 'invalid_name', /letters, digits/],
    [{ name: 'x'.repeat(65) }, 'invalid_name', /at most 64/],
    [{ name: '' }, 'invalid_name', /non-empty/],
    [{ inputSchema: z.string() }, 'invalid_definition', /z\.object/],
    [{ inputSchema: { parse() {} } }, 'invalid_definition', /zod 4 schema/],
    [{ compactDescription: '   ' }, 'invalid_definition', /compactDescription is empty/],
    [{ compactDescription: 'two\nlines' }, 'invalid_definition', /single line/],
    [{ description: '' }, 'invalid_definition', /description is empty/],
    [{ timeoutMs: 0 }, 'invalid_definition', /timeoutMs/],
    [{ timeoutMs: Number.NaN }, 'invalid_definition', /timeoutMs/],
    [{ approval: 'maybe' }, 'invalid_definition', /approval/],
    [{ execute: 'run' }, 'invalid_definition', /execute/],
  ])('rejects %o with %s', (patch, code, message) => {
    let caught: unknown;
    try {
      defineTool({ ...base, ...(patch as object) } as never);
    } catch (error) {
      caught = error;
    }
    expect(RegistryError.isInstance(caught)).toBe(true);
    expect((caught as RegistryError).code).toBe(code);
    expect((caught as Error).message).toMatch(message);
  });

  it('validates names against the provider rule', () => {
    expect(toolNameProblem('get_financials')).toBeUndefined();
    expect(toolNameProblem('read-file')).toBeUndefined();
    expect(toolNameProblem('a.b')).toMatch(/only contain/);
    expect(toolNameProblem('ünïcode')).toMatch(/only contain/);
  });
});

describe('invokeTool', () => {
  it('awaits plain and async results', async () => {
    const { context } = contextFor();
    expect(await invokeTool(defineTool(base), { ticker: 'AAPL' }, context)).toEqual({
      ticker: 'AAPL',
      price: 1,
    });
    const asyncTool = defineTool({ ...base, execute: async ({ ticker }) => ticker.toLowerCase() });
    expect(await invokeTool(asyncTool, { ticker: 'AAPL' }, context)).toBe('aapl');
  });

  it('forwards generator yields as progress and returns the final value', async () => {
    const tool = defineTool({
      ...base,
      async *execute({ ticker }) {
        yield 'Fetching';
        yield { message: 'Half', percent: 50 };
        return `${ticker} done`;
      },
    });
    const { context, updates } = contextFor();
    expect(await invokeTool(tool, { ticker: 'NVDA' }, context)).toBe('NVDA done');
    expect(updates).toEqual(['Fetching', { message: 'Half', percent: 50 }]);
  });

  it('closes a generator when the signal aborts, running its finally block', async () => {
    const controller = new AbortController();
    let cleaned = false;
    const tool = defineTool({
      ...base,
      async *execute() {
        try {
          for (let i = 0; ; i += 1) {
            if (i === 3) controller.abort(new Error('stop'));
            yield `step ${i}`;
          }
        } finally {
          cleaned = true;
        }
      },
    });
    const { context, updates } = contextFor(controller.signal);
    await expect(invokeTool(tool, { ticker: 'X' }, context)).rejects.toThrow('stop');
    expect(cleaned).toBe(true);
    expect(updates).toHaveLength(4);
  });
});
