/**
 * docs/reference/events.md must agree with reality: each row of "Sequences per call" and
 * "What an abort does at each step" is produced by a real run here, and the row's event
 * list (notes in parentheses aside) must be exactly what the run emitted for that call.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApprovalPrompter } from './approval';
import type { ExecutorEvent, ExecutorEventType } from './events';
import { createExecutor, type ExecutorOptions } from './index';
import { call, readTool, turnsToSettle, writeTool } from './test-support';
import { checkRunEvents, createStaticDecider } from './testing';

const doc = readFileSync(
  fileURLToPath(new URL('../../../docs/reference/events.md', import.meta.url)),
  'utf8',
);

const withoutNotes = (text: string) => text.replace(/\s*\([^)]*\)/g, '').trim();

/** The event list of the table row whose first cell is `label`; notes in parentheses are left out of both. */
function documented(label: string): string {
  for (const line of doc.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    if (cells[1] !== undefined && withoutNotes(cells[1]) === label) return withoutNotes(cells[2]!);
  }
  throw new Error(`events.md has no row "${label}"`);
}

function written(types: ExecutorEventType[]): string {
  return types.map((type) => `\`${type}\``).join(' → ');
}

/** Runs one call (plus `extra` before it) and returns the event types of the last call. */
async function sequenceOf(
  options: Omit<ExecutorOptions, 'tools'> & { tools: ExecutorOptions['tools'] },
  calls: unknown[],
  abortOn?: (event: ExecutorEvent) => boolean,
  controller = new AbortController(),
): Promise<ExecutorEventType[]> {
  const executor = createExecutor(options);
  const events: ExecutorEvent[] = [];
  const running = executor.execute(calls as never, {
    signal: controller.signal,
    onEvent: (event) => {
      events.push(event);
      if (abortOn?.(event)) controller.abort();
    },
  });
  expect(await turnsToSettle(running, 50)).toBeDefined();
  const results = await running;
  expect(checkRunEvents(calls.length, events, results)).toEqual([]);
  const last = calls.length - 1;
  return events.filter((event) => event.index === last).map((event) => event.type);
}

const asks = () => writeTool('write', async () => 'wrote', { approval: 'ask' });
const answer = (response: unknown): ApprovalPrompter => ({ prompt: () => response as never });

describe('docs/reference/events.md: sequences per call', () => {
  it('runs', async () => {
    const types = await sequenceOf(
      { tools: [readTool('read', async (_input, context) => context.progress('half'))] },
      [call('a', 'read', { q: 'x' })],
    );
    expect(types).toEqual(['tool_start', 'tool_progress', 'tool_end', 'tool_result']);
    expect(documented('runs')).toContain(written(['tool_start']));
  });

  it.each([
    [
      'is denied by the decider, or with no prompter',
      { tools: [asks()], permissions: createStaticDecider({ write: 'deny' }) },
    ],
    ['is denied by the user', { tools: [asks()], approvals: answer('deny') }],
    ['the prompter fails', { tools: [asks()], approvals: answer(42) }],
    [
      'the user approves an edit that is then denied',
      {
        tools: [asks()],
        permissions: {
          decide: (request: { input: unknown }) => ({
            behavior:
              (request.input as { path: string }).path === 'edited' ? ('deny' as const) : ('ask' as const),
            reason: 'r',
            sessionKey: 'k',
            cacheable: true,
          }),
        },
        approvals: answer({ decision: 'allow-once', updatedInput: { path: 'edited' } }),
      },
    ],
    [
      'the user approves an edit that is invalid',
      { tools: [asks()], approvals: answer({ decision: 'allow-once', updatedInput: { path: 7 } }) },
    ],
  ])('%s', async (label, options) => {
    const types = await sequenceOf(options as never, [call('a', 'write', { path: 'f' })]);
    expect(written(types)).toBe(documented(label));
  });

  it('never valid (unknown tool, invalid input)', async () => {
    for (const each of [call('a', 'nope', {}), call('a', 'read', { q: 1 })]) {
      const types = await sequenceOf({ tools: [readTool('read')] }, [each]);
      expect(written(types)).toBe(documented('never valid'));
    }
  });
});

describe('docs/reference/events.md: what an abort does at each step', () => {
  const abortRow = async (
    label: string,
    options: ExecutorOptions,
    calls: unknown[],
    abortOn?: (event: ExecutorEvent) => boolean,
  ) => {
    const types = await sequenceOf(options as never, calls, abortOn);
    expect(written(types)).toBe(
      documented(label)
        .replace(/\[|\]|…/g, '')
        .replace(/\s+/g, ' '),
    );
    return types;
  };

  it('from inside `tool_approval_request`', async () => {
    let asked = false;
    await abortRow(
      'from inside `tool_approval_request`',
      {
        tools: [asks()],
        approvals: {
          prompt: () => {
            asked = true;
            return 'allow-once';
          },
        },
      },
      [call('a', 'write', { path: 'f' })],
      (event) => event.type === 'tool_approval_request',
    );
    expect(asked).toBe(false);
  });

  it('from inside `tool_approval`', async () => {
    await abortRow(
      'from inside `tool_approval`',
      { tools: [asks()], approvals: answer('allow-once') },
      [call('a', 'write', { path: 'f' })],
      (event) => event.type === 'tool_approval',
    );
  });

  it('from inside `tool_limit`', async () => {
    const types = await sequenceOf(
      { tools: [readTool('read')], softLimits: { maxCallsPerTool: 1, similarityThreshold: false } },
      [call('a', 'read', { q: 'x' }), call('b', 'read', { q: 'y' })],
      (event) => event.type === 'tool_limit',
    );
    expect(types).toEqual(['tool_limit', 'tool_result']);
    expect(documented('from inside `tool_limit`')).toContain(written(['tool_limit']));
    expect(documented('from inside `tool_limit`').endsWith(written(['tool_result']))).toBe(true);
  });

  it('from inside `tool_start`', async () => {
    let invoked = false;
    await abortRow(
      'from inside `tool_start`',
      {
        tools: [
          readTool('read', async () => {
            invoked = true;
            return 'ran';
          }),
        ],
      },
      [call('a', 'read', { q: 'x' })],
      (event) => event.type === 'tool_start',
    );
    expect(invoked).toBe(false);
  });

  it('while the tool runs (or from inside its `tool_progress`)', async () => {
    const types = await sequenceOf(
      {
        tools: [
          readTool('read', async (_input, context) => {
            context.progress('working');
            return new Promise(() => {});
          }),
        ],
      },
      [call('a', 'read', { q: 'x' })],
      (event) => event.type === 'tool_progress',
    );
    expect(types).toEqual(['tool_start', 'tool_progress', 'tool_end', 'tool_result']);
    expect(documented('while the tool runs')).toBe(
      '`tool_start` → [`tool_progress`…] → `tool_end` → `tool_result`',
    );
  });

  it('while a prompt is open', async () => {
    const controller = new AbortController();
    let closed = false;
    const types = await sequenceOf(
      {
        tools: [asks()],
        approvals: {
          prompt: (request) =>
            new Promise((_resolve, reject) => {
              request.signal.addEventListener('abort', () => {
                closed = true;
                reject(new Error('closed'));
              });
              setImmediate(() => controller.abort()); // the user's stop button, while the prompt shows
            }),
        },
      },
      [call('a', 'write', { path: 'f' })],
      undefined,
      controller,
    );
    expect(closed).toBe(true);
    expect(written(types)).toBe(documented('while a prompt is open'));
  });
});
