import { createToolRegistry, defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExecutorError } from './errors';
import type { ExecutorEvent } from './events';
import { createExecutor } from './executor';
import { call, deferred, readTool, turns, writeTool } from './test-support';
import { collectEvents } from './testing';
import { TOOL_RESULT_STATUSES } from './tool-result';

/** Checks the stream contract on any event list: last event per call is its result, results in order. */
function expectStreamContract(events: ExecutorEvent[], callCount: number) {
  expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index));
  for (const event of events) {
    expect(typeof event.type).toBe('string');
    expect(typeof event.toolCallId).toBe('string');
  }
  const resultEvents = events.filter((event) => event.type === 'tool_result');
  expect(resultEvents.map((event) => event.index)).toEqual(Array.from({ length: callCount }, (_, i) => i));
  for (let index = 0; index < callCount; index += 1) {
    const mine = events.filter((event) => event.index === index);
    expect(mine.at(-1)?.type).toBe('tool_result');
    expect(mine.filter((event) => event.type === 'tool_result')).toHaveLength(1);
  }
}

describe('executor: one result per call, whatever happens', () => {
  const cyclic: Record<string, unknown> = { big: 2n ** 70n, fn: () => 1 };
  cyclic.self = cyclic;
  const tools = [
    readTool('fine', async ({ q }) => ({ echoed: q })),
    readTool('text', async ({ q }) => `plain ${q}`),
    readTool('nothing', async () => undefined),
    readTool('throws_sync', () => {
      throw new RangeError('sync boom');
    }),
    readTool('rejects', async () => Promise.reject('a string, not an Error')),
    readTool('weird_output', async () => cyclic),
    readTool('late_progress', async (_input, context) => {
      setImmediate(() => {
        for (let i = 0; i < 5; i += 1) context.progress(`late ${i}`);
      });
      return 'finished first';
    }),
  ];

  it('maps every outcome to its status and model-readable content', async () => {
    const executor = createExecutor({ tools, softLimits: false });
    const calls = [
      call('1', 'fine', { q: 'a' }),
      call('2', 'text', { q: 'b' }),
      call('3', 'nothing', { q: 'c' }),
      call('4', 'throws_sync', { q: 'd' }),
      call('5', 'rejects', { q: 'e' }),
      call('6', 'weird_output', { q: 'f' }),
      call('7', 'no_such_tool', { q: 'g' }),
      call('8', 'fine', { q: 42 }),
      { id: '9', name: 'fine', input: '{"q": "unterminated', inputError: 'Unexpected end of JSON input' },
      null as never,
      call('11', 'late_progress', { q: 'h' }),
    ];
    const events = await collectEvents(executor.stream(calls));
    await turns(3); // let the late progress fire
    const results = events.flatMap((event) => (event.type === 'tool_result' ? [event.result] : []));
    expect(results.map((result) => [result.toolCallId, result.status])).toEqual([
      ['1', 'ok'],
      ['2', 'ok'],
      ['3', 'ok'],
      ['4', 'error'],
      ['5', 'error'],
      ['6', 'ok'],
      ['7', 'unknown_tool'],
      ['8', 'invalid_input'],
      ['9', 'invalid_input'],
      ['', 'invalid_input'],
      ['11', 'ok'],
    ]);
    const [ok, text, nothing, sync, rejected, weird, unknown, invalid, badJson, malformed, late] = results;
    expect(ok!.output).toEqual({ echoed: 'a' });
    expect(ok!.content).toBe('{"echoed":"a"}');
    expect(text!.content).toBe('plain b');
    expect(nothing!.content).toMatch(/no output/);
    expect(sync!.error).toMatchObject({ name: 'RangeError', message: 'throws_sync failed: sync boom' });
    expect(rejected!.content).toBe('rejects failed: a string, not an Error');
    expect(JSON.parse(weird!.content)).toEqual({
      big: (2n ** 70n).toString(),
      fn: '[Function fn]',
      self: '[Circular]',
    });
    expect(unknown!.content).toContain('no_such_tool');
    expect(unknown!.content).toContain('Available tools: fine, text');
    expect(invalid!.error?.issues).toEqual([expect.objectContaining({ path: ['q'], code: 'invalid_type' })]);
    expect(invalid!.content).toMatch(/- q: .*expected string/);
    expect(badJson!.content).toMatch(/not valid JSON/);
    expect(badJson!.content).toContain('Unexpected end of JSON input');
    expect(malformed!.content).toMatch(/malformed/);
    expect(late!.content).toBe('finished first');
    // Progress after finishing is dropped: no event for call 11 follows its tool_end.
    const lateEvents = events.filter((event) => event.toolCallId === '11').map((event) => event.type);
    expect(lateEvents).toEqual(['tool_start', 'tool_end', 'tool_result']);
    expectStreamContract(events, calls.length);
    for (const result of results) expect(TOOL_RESULT_STATUSES).toContain(result.status);
  });

  it('does not run a call whose arguments failed to parse or validate', async () => {
    let runs = 0;
    const executor = createExecutor({
      tools: [
        readTool('counted', async () => {
          runs += 1;
          return 'ran';
        }),
      ],
    });
    await executor.execute([
      { id: 'a', name: 'counted', input: {}, inputError: 'bad json' },
      call('b', 'counted', { q: 1 }),
      call('c', 'counted', {}),
    ]);
    expect(runs).toBe(0);
  });

  it('emits tool_error for failures and tool_denied for denials, before the result', async () => {
    const executor = createExecutor({
      tools: [
        readTool('boom', async () => Promise.reject(new Error('x'))),
        writeTool('w', undefined, { approval: 'ask' }),
      ],
    });
    const events = await collectEvents(
      executor.stream([call('a', 'boom', { q: '' }), call('b', 'w', { path: 'p' })]),
    );
    expect(events.map((event) => `${event.toolCallId}:${event.type}`)).toEqual([
      'a:tool_start',
      'a:tool_end',
      'a:tool_error',
      'a:tool_result',
      'b:tool_denied',
      'b:tool_result',
    ]);
  });

  it('refuses every call of a repeated call id, one result each, in order; the others run', async () => {
    let ran = 0;
    const tool = defineTool({
      name: 'r',
      inputSchema: z.object({ q: z.string() }),
      description: 'Reads.',
      compactDescription: 'Reads',
      concurrencySafe: true,
      approval: 'allow',
      execute: (input) => {
        ran += 1;
        return input;
      },
    });
    const executor = createExecutor({ tools: [tool], softLimits: false });
    const results = await executor.execute([
      call('same', 'r', { q: '1' }),
      call('other', 'r', { q: '2' }),
      call('same', 'r', { q: '3' }),
    ]);
    expect(results.map((result) => [result.toolCallId, result.status])).toEqual([
      ['same', 'invalid_input'],
      ['other', 'ok'],
      ['same', 'invalid_input'],
    ]);
    expect(results[0]?.error?.issues?.[0]?.code).toBe('duplicate_call_id');
    expect(results[0]?.content).toMatch(/more than one call/);
    expect(ran).toBe(1);
  });

  it('accepts a registry instead of a tool list', async () => {
    const registry = createToolRegistry([readTool('r')], { env: {} });
    const executor = createExecutor({ registry });
    expect(executor.tools.map((tool) => tool.name)).toEqual(['r']);
    const [result] = await executor.execute([call('a', 'r', { q: 'x' })]);
    expect(result!.status).toBe('ok');
  });

  it('passes the run signal and call id to the tool, and streams generator progress while it runs', async () => {
    const gate = deferred();
    const seen: string[] = [];
    const generatorTool = defineTool({
      name: 'gen',
      inputSchema: z.object({}),
      description: 'generator tool',
      compactDescription: 'generator tool',
      concurrencySafe: true,
      approval: 'allow',
      async *execute(_input, context) {
        seen.push(context.toolCallId, String(context.signal.aborted));
        yield 'step 1';
        yield { message: 'step 2', percent: 250 };
        await gate.promise;
        return 'done';
      },
    });
    const executor = createExecutor({ tools: [generatorTool] });
    const stream = executor.stream([call('g1', 'gen')]);
    const types: string[] = [];
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'tool_progress' && event.message === 'step 2') {
        expect(event.percent).toBe(100); // clamped
        gate.resolve(); // the tool is still running while we see its progress
      }
    }
    expect(seen).toEqual(['g1', 'false']);
    expect(types).toEqual(['tool_start', 'tool_progress', 'tool_progress', 'tool_end', 'tool_result']);
    expect((await stream.results)[0]!.content).toBe('done');
  });

  it('rejects a non-array calls argument with a typed error', () => {
    const executor = createExecutor({ tools: [] });
    expect(() => executor.execute('nope' as never)).toThrow(ExecutorError);
    expect(() => executor.stream({} as never)).toThrow(/expects an array/);
    expect(() => executor.execute([], { signal: 'x' as never })).toThrow(/AbortSignal/);
  });

  it('a stream can be iterated once', async () => {
    const executor = createExecutor({ tools: [readTool('r')] });
    const stream = executor.stream([call('a', 'r', { q: 'x' })]);
    await collectEvents(stream);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(ExecutorError);
  });

  it('delivers events to onEvent and ignores its exceptions', async () => {
    const executor = createExecutor({ tools: [readTool('r')] });
    const events: ExecutorEvent[] = [];
    const results = await executor.execute([call('a', 'r', { q: 'x' })], {
      onEvent(event) {
        events.push(event);
        throw new Error('observer bug');
      },
    });
    expect(results[0]!.status).toBe('ok');
    expect(events.map((event) => event.type)).toEqual(['tool_start', 'tool_end', 'tool_result']);
    expectStreamContract(events, 1);
  });

  it("words ok content with the tool's formatOutput, falling back to JSON when it fails", async () => {
    const executor = createExecutor({
      tools: [
        readTool('pretty', async ({ q }) => ({ rows: [q] }), {
          formatOutput: (output: { rows: string[] }) => `1 row: ${output.rows[0]}`,
        }),
        readTool('broken', async ({ q }) => ({ rows: [q] }), {
          formatOutput: () => {
            throw new Error('formatter bug');
          },
        }),
      ],
    });
    const [pretty, broken] = await executor.execute([
      call('a', 'pretty', { q: 'x' }),
      call('b', 'broken', { q: 'y' }),
    ]);
    expect(pretty).toMatchObject({ status: 'ok', content: '1 row: x', output: { rows: ['x'] } });
    expect(broken).toMatchObject({ status: 'ok', content: '{"rows":["y"]}' });
  });
});
