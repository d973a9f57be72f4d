import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolLimitEvent } from './events';
import { createExecutor } from './executor';
import { createSession } from './session';
import { call, readTool, writeTool } from './test-support';
import { collectEvents } from './testing';

const search = () =>
  readTool('search', async ({ q }) => `results for ${q}`, {
    similarityKey: (input: { q: string }) => input.q,
  });

describe('soft limits', () => {
  it('warns on calls over the per-tool maximum — counted within one batch — and never blocks', async () => {
    const executor = createExecutor({
      tools: [search()],
      softLimits: { maxCallsPerTool: 2, similarityThreshold: false },
    });
    const events = await collectEvents(
      executor.stream(['apple', 'nvidia', 'tesla', 'amd'].map((q, i) => call(`c${i}`, 'search', { q }))),
    );
    const results = events.flatMap((event) => (event.type === 'tool_result' ? [event.result] : []));
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(results.map((result) => result.notes?.length ?? 0)).toEqual([0, 0, 1, 1]);
    expect(results[2]!.content).toMatch(
      /^results for tesla\n\nNotes:\n- This is call 3 of search in this session \(suggested maximum 2\)/,
    );
    const limits = events.filter((event): event is ToolLimitEvent => event.type === 'tool_limit');
    expect(limits.map((event) => [event.toolCallId, event.kind, event.count, event.limit])).toEqual([
      ['c2', 'call_count', 3, 2],
      ['c3', 'call_count', 4, 2],
    ]);
    // Each tool_limit comes before its call starts.
    const order = events.map((event) => `${event.toolCallId}:${event.type}`);
    expect(order.indexOf('c2:tool_limit')).toBeLessThan(order.indexOf('c2:tool_start'));
  });

  it('counts across turns of one session, per tool, with per-tool overrides', async () => {
    const executor = createExecutor({
      tools: [search(), writeTool('write')],
      // `write` is not concurrency-safe: counted only because a perTool limit names it.
      softLimits: { maxCallsPerTool: 1, perTool: { search: 3, write: 1 }, similarityThreshold: false },
    });
    await executor.execute([call('a', 'search', { q: '1' }), call('b', 'write', { path: 'x' })]);
    const results = await executor.execute([
      call('c', 'search', { q: '2' }),
      call('d', 'write', { path: 'y' }),
    ]);
    expect(results.map((result) => result.notes)).toEqual([
      undefined,
      [expect.stringMatching(/call 2 of write/)],
    ]);
    expect(executor.session.callCount('search')).toBe(2);
    // A fresh session starts counting again.
    const fresh = await executor.execute([call('e', 'write', { path: 'z' })], { session: createSession() });
    expect(fresh[0]!.notes).toBeUndefined();
  });

  it('leaves tools that write or run commands alone unless they opt in', async () => {
    const shell = defineTool({
      name: 'bash',
      inputSchema: z.object({ command: z.string() }),
      description: 'runs a command',
      compactDescription: 'run a command',
      concurrencySafe: true,
      approval: 'allow',
      permissionSubject: ({ command }) => ({ kind: 'shell', command }),
      execute: async ({ command }) => `ran ${command}`,
    });
    const edit = writeTool('edit');
    const permissions = createPermissionEngine({ rules: { allow: ['Bash(npm test)', 'Bash(sh:*)'] } });
    const executor = createExecutor({
      tools: [shell, edit],
      permissions,
      softLimits: { maxCallsPerTool: 2 },
    });
    // The edit-then-test loop: the same rewrite and the same check, again and again.
    const loop = Array.from({ length: 12 }, (_, turn) => [
      call(`e${turn}`, 'edit', { path: 'src/a.ts' }),
      call(`t${turn}`, 'bash', { command: 'npm test' }),
    ]).flat();
    const results = await executor.execute(loop);
    expect(results.map((result) => [result.status, result.notes])).toEqual(loop.map(() => ['ok', undefined]));

    // Opted in with a similarityKey: the notes speak of commands, not of queries.
    const keyed = defineTool({
      ...shell,
      name: 'sh',
      similarityKey: (input: { command: string }) => input.command,
    });
    const opted = createExecutor({ tools: [keyed], permissions, softLimits: { maxCallsPerTool: 1 } });
    const [, again] = await opted.execute([
      call('a', 'sh', { command: 'npm test' }),
      call('b', 'sh', { command: 'npm test' }),
    ]);
    expect(again!.notes).toEqual([
      'This sh call repeats an earlier one (a: "npm test"). If nothing it depends on changed since, expect the same result.',
      'This is call 2 of sh in this session (suggested maximum 1). Check that the task still needs more of them.',
    ]);
  });

  it('flags near-duplicate queries (similarityKey, token sets), inside one parallel batch too', async () => {
    const executor = createExecutor({ tools: [search()] });
    const results = await executor.execute([
      call('a', 'search', { q: 'Apple revenue 2023 annual report' }),
      call('b', 'search', { q: 'annual report: apple REVENUE 2023' }), // same tokens
      call('c', 'search', { q: 'Apple revenue 2024 annual report' }), // one token differs: 4/6
      call('d', 'search', { q: 'apple revenue 2023 annual report filing' }), // 5/6 ≥ 0.8
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(results[0]!.notes).toBeUndefined();
    expect(results[1]!.notes?.[0]).toMatch(
      /repeats an earlier one \(a: "Apple revenue 2023 annual report"\)/,
    );
    expect(results[2]!.notes).toBeUndefined();
    expect(results[3]!.notes?.[0]).toMatch(/nearly repeats an earlier one \(a: /);
  });

  it('emits one tool_limit per note, in note order, with similarTo for near-duplicates', async () => {
    const executor = createExecutor({ tools: [search()], softLimits: { maxCallsPerTool: 2 } });
    const events = await collectEvents(
      executor.stream([
        call('a', 'search', { q: 'apple revenue 2023' }),
        call('b', 'search', { q: 'nvidia margins' }),
        call('c', 'search', { q: 'Revenue 2023, Apple' }), // exact token repeat of a, and call 3 of 2
      ]),
    );
    const limits = events.filter((event): event is ToolLimitEvent => event.type === 'tool_limit');
    expect(limits.map((event) => [event.toolCallId, event.kind, event.count])).toEqual([
      ['c', 'near_duplicate', 3],
      ['c', 'call_count', 3],
    ]);
    expect(limits[0]!.similarTo).toEqual({ toolCallId: 'a', key: 'apple revenue 2023', similarity: 1 });
    expect('limit' in limits[0]!).toBe(false);
    expect(limits[1]!.limit).toBe(2);
    expect('similarTo' in limits[1]!).toBe(false);
    const results = events.flatMap((event) => (event.type === 'tool_result' ? [event.result] : []));
    expect(results[2]!.notes).toEqual(limits.map((event) => event.note));
    expect(results[2]!.content).toBe(
      `results for Revenue 2023, Apple\n\nNotes:\n- ${limits[0]!.note}\n- ${limits[1]!.note}`,
    );
  });

  it('falls back to the canonical JSON of the input without a similarityKey', async () => {
    const executor = createExecutor({ tools: [readTool('plain')] });
    const results = await executor.execute([
      { id: 'a', name: 'plain', input: { q: 'same' } },
      { id: 'b', name: 'plain', input: { q: 'same' } },
    ]);
    expect(results[1]!.notes?.[0]).toMatch(/repeats an earlier one/);
  });

  it('is silent with softLimits: false', async () => {
    const executor = createExecutor({ tools: [search()], softLimits: false });
    const results = await executor.execute(
      Array.from({ length: 20 }, (_, i) => call(`${i}`, 'search', { q: 'x' })),
    );
    expect(results.every((result) => result.notes === undefined)).toBe(true);
  });

  it('does not count calls that never ran (denied, invalid)', async () => {
    const executor = createExecutor({
      tools: [search(), writeTool('write', undefined, { approval: 'ask' })],
    });
    await executor.execute([call('a', 'write', { path: 'x' }), call('b', 'search', { q: 5 })]);
    expect(executor.session.callCount('write')).toBe(0);
    expect(executor.session.callCount('search')).toBe(0);
  });
});
