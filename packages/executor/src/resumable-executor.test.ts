import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResumableExecutor } from './resumable-executor';
import { openRunSnapshot, RunSnapshotError } from './run-snapshot';
import { createMemorySessionStore } from './session-store';

const KEY = 'k'.repeat(32);

function tools() {
  const ran: string[] = [];
  const make = (name: string, options: { safe: boolean; approval: 'allow' | 'ask' }) =>
    defineTool({
      name,
      inputSchema: z.object({ id: z.string() }),
      description: `${name} test tool.`,
      compactDescription: name,
      concurrencySafe: options.safe,
      approval: options.approval,
      async execute({ id }) {
        ran.push(id);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return `${name}:${id}`;
      },
    });
  return {
    ran,
    list: [
      make('read', { safe: true, approval: 'allow' }),
      make('fetch', { safe: true, approval: 'ask' }),
      make('write', { safe: false, approval: 'ask' }),
    ],
  };
}

const call = (id: string, name: string) => ({ id, name, input: { id } });

describe('createResumableExecutor', () => {
  it('suspends at an approval with the results so far, then resumes the rest once, in order', async () => {
    const { ran, list } = tools();
    const runs = createResumableExecutor({ tools: list, signingKey: KEY });
    const calls = [call('r1', 'read'), call('w2', 'write'), call('r3', 'read')];
    const first = await runs.execute(calls);
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    expect(ran).toEqual(['r1']);
    expect(first.results.map((result) => result?.status)).toEqual(['ok', undefined, undefined]);
    expect(first.pending).toMatchObject([{ approvalId: 'w2', index: 1, tool: 'write', input: { id: 'w2' } }]);
    expect(first.pending[0]?.reason).toMatch(/write/);
    expect(openRunSnapshot(first.snapshot, KEY).state.notStarted).toEqual([2]);

    // Plain JSON: through text and back, on another instance with the same key.
    const other = createResumableExecutor({ tools: list, signingKey: KEY });
    const second = await other.resume(JSON.stringify(first.snapshot), { w2: 'allow-once' });
    expect(second.status).toBe('completed');
    if (second.status !== 'completed') return;
    expect(second.results.map((result) => [result.toolCallId, result.status, result.output])).toEqual([
      ['r1', 'ok', 'read:r1'],
      ['w2', 'ok', 'write:w2'],
      ['r3', 'ok', 'read:r3'],
    ]);
    expect(ran).toEqual(['r1', 'w2', 'r3']);
  });

  it('lists every approval the turn needs in one suspension, and runs each call once', async () => {
    const { ran, list } = tools();
    const runs = createResumableExecutor({ tools: list, signingKey: KEY });
    const outcome = await runs.execute([call('f1', 'fetch'), call('r2', 'read'), call('f3', 'fetch')]);
    if (outcome.status !== 'suspended') throw new Error('expected a suspension');
    // The executor opens one prompt at a time (f3 waited behind f1 and was never asked), but
    // the suspension lists what f3 will need too: one round of answers finishes the turn.
    expect(outcome.pending.map((entry) => [entry.approvalId, entry.index, entry.tool])).toEqual([
      ['f1', 0, 'fetch'],
      ['f3', 2, 'fetch'],
    ]);
    expect(outcome.pending[1]).toMatchObject({ toolCallId: 'f3', input: { id: 'f3' } });
    expect(outcome.pending[1]!.reason).toBe(outcome.pending[0]!.reason);
    // r2 may or may not have run before the suspension (the batch's calls wait behind its
    // open prompt); either way it runs exactly once in all.
    expect(ran.filter((id) => id !== 'r2')).toEqual([]);
    const done = await runs.resume(outcome.snapshot, {
      f1: 'allow-once',
      f3: { decision: 'deny', message: 'no' },
    });
    expect(done.status === 'completed' && done.results.map((result) => result.status)).toEqual([
      'ok',
      'ok',
      'denied',
    ]);
    expect(ran.sort()).toEqual(['f1', 'r2']);
  });

  it('an answer given ahead is used only if the call still asks; a missing one asks again', async () => {
    const { ran, list } = tools();
    const runs = createResumableExecutor({ tools: list, signingKey: KEY });
    const first = await runs.execute([call('w1', 'write'), call('w2', 'write'), call('w3', 'write')]);
    if (first.status !== 'suspended') throw new Error('expected a suspension');
    expect(first.pending.map((entry) => entry.approvalId)).toEqual(['w1', 'w2', 'w3']);
    // allow-session on w1 grants every later write of the session: w2's answer ahead ("deny")
    // is never used, because w2 no longer asks; w3 had no answer, and asks nothing either.
    const done = await runs.resume(first.snapshot, { w1: 'allow-session', w2: 'deny' });
    expect(done.status === 'completed' && done.results.map((result) => result.status)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(ran).toEqual(['w1', 'w2', 'w3']);
    // A suspension while a grant holds lists nothing the grant covers.
    const granted = await runs.execute([call('w4', 'write'), call('f5', 'fetch')]);
    if (granted.status !== 'suspended') throw new Error('fetch still asks');
    expect(granted.pending.map((entry) => entry.approvalId)).toEqual(['f5']);
  });

  it('never cuts a running call short: a suspension waits for it, and it never runs again', async () => {
    const { ran, list } = tools();
    let finishedSlow = 0;
    const slow = defineTool({
      name: 'slow',
      inputSchema: z.object({ id: z.string() }),
      description: 'Slow read.',
      compactDescription: 'slow',
      concurrencySafe: true,
      approval: 'allow',
      async execute({ id }, { signal }) {
        ran.push(id);
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (signal.aborted) throw new Error('cut short');
        finishedSlow += 1;
        return id;
      },
    });
    const runs = createResumableExecutor({ tools: [...list, slow], signingKey: KEY });
    const first = await runs.execute([call('s1', 'slow'), call('f2', 'fetch'), call('w3', 'write')]);
    if (first.status !== 'suspended') throw new Error('expected a suspension');
    const done = await runs.resume(first.snapshot, { f2: 'allow-once', w3: 'allow-once' });
    const final = done.status === 'suspended' ? await runs.resume(done.snapshot, { w3: 'allow-once' }) : done;
    expect(final.status === 'completed' && final.results.map((result) => result.status)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(ran.filter((id) => id === 's1')).toEqual(['s1']);
    expect(finishedSlow).toBe(1);
  });

  it('takes every answer a live prompt can: edit, interrupt; a missing answer asks again', async () => {
    const { ran, list } = tools();
    const runs = createResumableExecutor({ tools: list, signingKey: KEY });
    const first = await runs.execute([call('w1', 'write'), call('w2', 'write'), call('r3', 'read')]);
    if (first.status !== 'suspended') throw new Error('expected a suspension');
    const edited = await runs.resume(first.snapshot, {
      w1: { decision: 'allow-once', updatedInput: { id: 'w1-edited' } },
    });
    if (edited.status !== 'suspended') throw new Error('w2 still needs an answer');
    expect(ran).toEqual(['w1-edited']);
    expect(edited.pending.map((entry) => entry.approvalId)).toEqual(['w2']);
    expect(edited.snapshot.id).not.toBe(first.snapshot.id);
    const stopped = await runs.resume(edited.snapshot, { w2: { decision: 'deny', interrupt: true } });
    expect(stopped.status === 'completed' && stopped.results.map((result) => result.status)).toEqual([
      'ok',
      'denied',
      'cancelled',
    ]);
    expect(ran).toEqual(['w1-edited']);
  });

  it('refuses tampered, truncated, foreign, wrong-version and replayed snapshots, and runs nothing', async () => {
    const { ran, list } = tools();
    const store = createMemorySessionStore();
    const runs = createResumableExecutor({ tools: list, signingKey: KEY, store });
    const outcome = await runs.execute([call('w1', 'write'), call('r2', 'read')]);
    if (outcome.status !== 'suspended') throw new Error('expected a suspension');
    const { snapshot } = outcome;
    const answers = { w1: 'allow-once' as const };
    const refused = async (input: unknown, key = KEY) => {
      const engine = createResumableExecutor({ tools: list, signingKey: key, store });
      try {
        await engine.resume(input as never, answers);
      } catch (error) {
        return RunSnapshotError.isInstance(error) ? error.code : `other: ${String(error)}`;
      }
      return 'resumed';
    };
    const body = JSON.parse(snapshot.body);
    expect(await refused({ ...snapshot, body: JSON.stringify({ ...body, notStarted: [] }) })).toBe(
      'snapshot_tampered',
    );
    expect(
      await refused({
        ...snapshot,
        body: JSON.stringify({ ...body, calls: [call('w1', 'write'), call('rm', 'write')] }),
      }),
    ).toBe('snapshot_tampered');
    expect(await refused({ ...snapshot, body: ` ${snapshot.body}` })).toBe('snapshot_tampered');
    expect(await refused({ ...snapshot, sessionId: 'another' })).toBe('snapshot_tampered');
    expect(await refused({ ...snapshot, extra: 1 })).toBe('snapshot_malformed');
    expect(await refused(JSON.stringify(snapshot).slice(0, 200))).toBe('snapshot_malformed');
    expect(await refused({ ...snapshot, signature: undefined })).toBe('snapshot_malformed');
    expect(await refused(snapshot, 'x'.repeat(32))).toBe('snapshot_foreign_key');
    expect(await refused({ ...snapshot, version: 1 })).toBe('snapshot_version');
    expect(ran).toEqual([]);
    expect(await refused(snapshot)).toBe('resumed');
    expect(await refused(snapshot)).toBe('snapshot_already_resumed');
    expect(ran).toEqual(['w1', 'r2']);
  });

  it('carries the soft-limit call counts to another process', async () => {
    const { list } = tools();
    const runs = createResumableExecutor({ tools: list, signingKey: KEY });
    const outcome = await runs.execute([call('r1', 'read'), call('r2', 'read'), call('w3', 'write')]);
    if (outcome.status !== 'suspended') throw new Error('expected a suspension');
    expect(openRunSnapshot(outcome.snapshot, KEY).state.callCounts).toMatchObject({ read: 2 });
    const fresh = createResumableExecutor({ tools: list, signingKey: KEY });
    await fresh.resume(outcome.snapshot, { w3: 'allow-once' });
    expect(fresh.session.callCount('read')).toBe(2);
    // The write is not counted: soft limits leave tools that write alone unless they opt in.
    expect(fresh.session.callCount('write')).toBe(0);
  });

  it('completes without a snapshot when nothing asks, and rejects a short key', async () => {
    const { list } = tools();
    const runs = createResumableExecutor({ tools: list, signingKey: KEY });
    const outcome = await runs.execute([call('r1', 'read')]);
    expect(outcome).toMatchObject({ status: 'completed', results: [{ status: 'ok' }] });
    expect(() => createResumableExecutor({ tools: list, signingKey: 'short' })).toThrow(/32 bytes/);
  });
});
