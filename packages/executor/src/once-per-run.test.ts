import { describe, expect, it } from 'vitest';
import { createExecutor } from './executor';
import { call, readTool } from './test-support';
import { collectEvents } from './testing';

describe('oncePerRun', () => {
  it('runs a repeat once per run and answers the repeat with an ok "skipped as a duplicate" result', async () => {
    const loaded: string[] = [];
    const load = async ({ q }: { q: string }) => {
      loaded.push(q);
      return `skill ${q} loaded`;
    };
    const loadSkill = readTool('load_skill', load, { oncePerRun: true });
    const executor = createExecutor({ tools: [loadSkill], softLimits: false });
    const calls = [
      call('a', 'load_skill', { q: 'dcf' }),
      call('b', 'load_skill', { q: 'dcf' }),
      call('c', 'load_skill', { q: 'comps' }),
    ];
    const events = await collectEvents(executor.stream(calls));
    const results = events.flatMap((event) => (event.type === 'tool_result' ? [event.result] : []));
    expect(loaded).toEqual(['dcf', 'comps']);
    expect(results.map((result) => [result.status, result.duplicateOf])).toEqual([
      ['ok', undefined],
      ['ok', 'a'],
      ['ok', undefined],
    ]);
    expect(results[1]!.content).toMatch(/Skipped as a duplicate: load_skill .* already ran .* \(call a\)/);
    expect(results[1]!.output).toBeUndefined();
    // The repeat still gets its result event, and nothing else.
    expect(events.filter((event) => event.toolCallId === 'b').map((event) => event.type)).toEqual([
      'tool_result',
    ]);
    // A new run may load it again.
    await executor.execute([call('d', 'load_skill', { q: 'dcf' })]);
    expect(loaded).toEqual(['dcf', 'comps', 'dcf']);
  });

  it('does not treat a denied first attempt as having run', async () => {
    let runs = 0;
    const tool = readTool('once', async () => (runs += 1), { oncePerRun: true, approval: 'ask' });
    let asked = 0;
    const executor = createExecutor({
      tools: [tool],
      approvals: { prompt: () => (++asked === 1 ? 'deny' : 'allow-once') },
    });
    const results = await executor.execute([call('a', 'once', { q: 'x' }), call('b', 'once', { q: 'x' })]);
    expect(results.map((result) => result.status)).toEqual(['denied', 'ok']);
    expect(runs).toBe(1);
  });
});
