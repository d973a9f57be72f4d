/**
 * Issue 15, re-entrancy: host code called by the run — `onEvent`, a prompter, a decider —
 * may abort the run, throw, or start another run from inside, at any event type. The run
 * still delivers one `tool_result` per call, last for its call, in call order, equal to
 * `results`, with legal per-call sequences, and settles.
 */
import { describe, expect, it } from 'vitest';
import { EXECUTOR_EVENT_TYPES, type ExecutorEvent, type ExecutorEventType } from './events';
import { createExecutor, type Executor } from './executor';
import { call, readTool, turnsToSettle, writeTool } from './test-support';
import { checkRunEvents, createRecordingPrompter } from './testing';
import type { ToolResult } from './tool-result';

/** An executor and calls that between them produce every event type. */
function everyEventScenario() {
  const executor = createExecutor({
    tools: [
      readTool('read', async ({ q }, context) => {
        context.progress(`reading ${q}`);
        await new Promise((resolve) => setImmediate(resolve));
        return q;
      }),
      writeTool('write', async ({ path }) => `wrote ${path}`, { approval: 'ask' }),
      writeTool('fail', async () => {
        throw new Error('boom');
      }),
    ],
    approvals: createRecordingPrompter([], {
      fallback: (request) => ((request.input as { path: string }).path === 'no' ? 'deny' : 'allow-once'),
    }),
    softLimits: { maxCallsPerTool: 1 },
  });
  const calls = [
    call('r1', 'read', { q: 'a' }),
    call('r2', 'read', { q: 'b' }),
    call('u', 'unknown_tool', {}),
    call('w1', 'write', { path: 'yes' }),
    call('w2', 'write', { path: 'no' }),
    call('f', 'fail', { path: 'x' }),
    call('r3', 'read', { q: 'c' }),
  ];
  return { executor, calls };
}

type Action = 'abort' | 'throw' | 'nested run' | 'async reject';

async function runWithAction(type: ExecutorEventType, action: Action) {
  const { executor, calls } = everyEventScenario();
  const controller = new AbortController();
  const events: ExecutorEvent[] = [];
  const nested: Array<{ events: ExecutorEvent[]; done: Promise<ToolResult[]> }> = [];
  let fired = false;
  const startNested = (on: Executor) => {
    const own: ExecutorEvent[] = [];
    nested.push({ events: own, done: on.execute(calls, { onEvent: (event) => own.push(event) }) });
  };
  const running = executor.execute(calls, {
    signal: controller.signal,
    onEvent: (event) => {
      events.push(event);
      if (fired || event.type !== type) return undefined;
      fired = true;
      switch (action) {
        case 'abort':
          controller.abort(new Error('stop from inside'));
          return undefined;
        case 'throw':
          throw new Error('observer bug');
        case 'nested run':
          startNested(executor);
          return undefined;
        case 'async reject':
          return Promise.reject(new Error('async observer bug'));
      }
    },
  });
  expect(await turnsToSettle(running, 200)).toBeDefined();
  const results = await running;
  expect(fired).toBe(true);
  expect(checkRunEvents(calls.length, events, results)).toEqual([]);
  for (const run of nested) {
    expect(await turnsToSettle(run.done, 200)).toBeDefined();
    expect(checkRunEvents(calls.length, run.events, await run.done)).toEqual([]);
  }
  return { results, events };
}

describe('re-entrant onEvent at every event type', () => {
  const actions: Action[] = ['abort', 'throw', 'nested run', 'async reject'];
  for (const action of actions) {
    it.each(EXECUTOR_EVENT_TYPES.map((type) => [type]))(
      `${action} at %s keeps every promise`,
      async (type) => {
        const { results } = await runWithAction(type, action);
        if (action !== 'abort') {
          expect(results.map((result) => result.status)).toEqual([
            'ok',
            'ok',
            'unknown_tool',
            'ok',
            'denied',
            'error',
            'ok',
          ]);
        }
      },
    );
  }
});

describe('stop after the first answer', () => {
  it('aborting at the first tool_result neither duplicates nor loses a tool_result', async () => {
    // The first call answers at once while the others still run (and finish out of order):
    // the abort inside its tool_result finalizes the rest from inside the emitting loop.
    const delays = [0, 5, 3, 1, 4, 2];
    const executor = createExecutor({
      tools: [
        readTool('slow', async ({ q }) => {
          for (let turn = 0; turn < Number(q); turn += 1)
            await new Promise((resolve) => setImmediate(resolve));
          return q;
        }),
      ],
    });
    const calls = delays.map((delay, index) => call(`c${index}`, 'slow', { q: String(delay) }));
    const controller = new AbortController();
    const events: ExecutorEvent[] = [];
    const results = await executor.execute(calls, {
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'tool_result') controller.abort();
      },
    });
    expect(checkRunEvents(calls.length, events, results)).toEqual([]);
    const resultIds = events.filter((event) => event.type === 'tool_result').map((event) => event.toolCallId);
    expect(resultIds).toEqual(calls.map((each) => each.id));
  });
});

describe('abort from inside tool_start', () => {
  it('reaches the tool: a tool waiting for its signal never hangs the run', async () => {
    let invoked = false;
    let sawAbort = false;
    const executor = createExecutor({
      tools: [
        readTool('waits', (_input, context) => {
          invoked = true;
          return new Promise((resolve) => {
            context.signal.addEventListener('abort', () => {
              sawAbort = true;
              resolve('stopped');
            });
          });
        }),
      ],
    });
    const controller = new AbortController();
    const events: ExecutorEvent[] = [];
    const running = executor.execute([call('a', 'waits', { q: 'x' })], {
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'tool_start') controller.abort();
      },
    });
    expect(await turnsToSettle(running, 20)).toBeDefined();
    const results = await running;
    expect(results[0]!.status).toBe('cancelled');
    expect(checkRunEvents(1, events, results)).toEqual([]);
    // Either it never ran, or it was told to stop: never left running.
    expect(!invoked || sawAbort).toBe(true);
  });
});

describe('re-entrant prompter and decider', () => {
  it('a prompter that aborts the run and then answers: the call is cancelled, the run settles', async () => {
    const controller = new AbortController();
    const executor = createExecutor({
      tools: [writeTool('write', undefined, { approval: 'ask' }), readTool('read')],
      approvals: {
        prompt() {
          controller.abort();
          return 'allow-once';
        },
      },
    });
    const events: ExecutorEvent[] = [];
    const calls = [call('w', 'write', { path: 'x' }), call('r', 'read', { q: 'y' })];
    const results = await executor.execute(calls, {
      signal: controller.signal,
      onEvent: (event) => events.push(event),
    });
    expect(results.map((result) => result.status)).toEqual(['cancelled', 'cancelled']);
    expect(checkRunEvents(2, events, results)).toEqual([]);
  });

  it('a decider that starts another run from inside: both runs keep their promises', async () => {
    let executor: Executor | undefined;
    const inner: Array<Promise<ToolResult[]>> = [];
    executor = createExecutor({
      tools: [readTool('read')],
      permissions: {
        decide(request) {
          if ((request.input as { q: string }).q === 'outer') {
            inner.push(executor!.execute([call('i', 'read', { q: 'inner' })]));
          }
          return { behavior: 'allow', reason: 'ok', sessionKey: 'k', cacheable: true };
        },
      },
    });
    const results = await executor.execute([call('o', 'read', { q: 'outer' })]);
    expect(results[0]!.status).toBe('ok');
    expect(inner).toHaveLength(1);
    expect((await inner[0]!)[0]!.status).toBe('ok');
  });
});
