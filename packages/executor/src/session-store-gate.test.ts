/**
 * The live gate on a `SessionStore` (`createExecutor({ sessionStore })`): grants, revocation,
 * expiry, the audit trail and soft-limit counters shared by executors that share nothing
 * but the store and a session id — two processes of a web app, as far as the executor can
 * tell. The same checks run against PostgreSQL in `@dexter/postgres`.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { describe, expect, it, vi } from 'vitest';
import { ExecutorError } from './errors';
import type { ExecutorEvent } from './events';
import { createExecutor } from './executor';
import type { AlwaysAnswers } from './executor-options';
import { createResumableExecutor } from './resumable-executor';
import { createSession } from './session';
import { createMemorySessionStore, type SessionStore } from './session-store';
import { COUNTER_WAIT_MS } from './store-counters';
import { call, readTool, writeTool } from './test-support';
import { createRecordingPrompter } from './testing';

const askWrite = () =>
  writeTool('write', undefined, {
    approval: 'ask',
    permissionSubject: (input: { path: string }) => ({ kind: 'file', access: 'write', path: input.path }),
  });

/** One "process": its own executor, in-process session and prompter; only the store is shared. */
function processWith(store: SessionStore, answers: Parameters<typeof createRecordingPrompter>[0] = []) {
  const prompter = createRecordingPrompter(answers);
  const events: ExecutorEvent[] = [];
  const executor = createExecutor({
    tools: [askWrite(), readTool('read')],
    approvals: prompter,
    sessionStore: store,
    cwd: '/repo',
    session: createSession({ id: 'conversation-1' }),
  });
  const run = (id: string, name = 'write', input: unknown = { path: 'notes.md' }) =>
    executor.execute([call(id, name, input)], { onEvent: (event) => void events.push(event) });
  return { executor, prompter, events, run };
}

const approvals = (events: readonly ExecutorEvent[]) =>
  events.filter((event) => event.type === 'tool_approval');

describe('createExecutor({ sessionStore })', () => {
  it('an allow-session grant made in one process answers the prompt in another', async () => {
    const store = createMemorySessionStore();
    const first = processWith(store, [{ decision: 'allow-session', actor: 'ada' }]);
    const second = processWith(store);
    expect((await first.run('a'))[0]!.status).toBe('ok');
    expect(first.prompter.requests).toHaveLength(1);
    const [result] = await second.run('b');
    expect(result!.status).toBe('ok');
    expect(second.prompter.requests).toHaveLength(0);
    expect(approvals(second.events)).toEqual([
      expect.objectContaining({ source: 'session', response: { decision: 'allow-session' } }),
    ]);
    expect(await store.grants('conversation-1')).toEqual([
      expect.objectContaining({
        sessionKey: 'file-write',
        cwd: '/repo',
        grantedBy: 'ada',
        expiresAt: undefined,
      }),
    ]);
    // The grant lives in the store, not in either process's session.
    expect(first.executor.session.grants()).toEqual([]);
  });

  it('a grant revoked through the store asks again, in every process', async () => {
    const store = createMemorySessionStore();
    const first = processWith(store, ['allow-session']);
    const second = processWith(store, ['deny']);
    await first.run('a');
    expect(await store.revoke({ sessionId: 'conversation-1', sessionKey: 'file-write', cwd: '/repo' })).toBe(
      true,
    );
    const [result] = await second.run('b');
    expect(result!.status).toBe('denied');
    expect(second.prompter.requests).toHaveLength(1);
  });

  it('refuses a sessionGrantTtlMs no store could keep, at construction', () => {
    for (const ttl of [1e300, Number.POSITIVE_INFINITY, -1, 0]) {
      expect(() =>
        createExecutor({
          tools: [askWrite()],
          sessionStore: createMemorySessionStore(),
          sessionGrantTtlMs: ttl,
        }),
      ).toThrow(/sessionGrantTtlMs/);
    }
  });

  it('grants expire after sessionGrantTtlMs, and only cover their session and cwd', async () => {
    let now = 1_000;
    const store = createMemorySessionStore({ now: () => now });
    const executor = createExecutor({
      tools: [askWrite()],
      approvals: createRecordingPrompter(['allow-session', 'deny', 'deny', 'deny']),
      sessionStore: store,
      sessionGrantTtlMs: 60_000,
      cwd: '/repo',
    });
    await executor.execute([call('a', 'write', { path: 'x' })]);
    expect((await store.grants(executor.session.id))[0]).toMatchObject({
      grantedAt: 1_000,
      expiresAt: 61_000,
    });
    expect((await executor.execute([call('b', 'write', { path: 'x' })]))[0]!.status).toBe('ok');
    // Another conversation is not covered.
    const other = createSession({ id: 'conversation-2' });
    expect((await executor.execute([call('c', 'write', { path: 'x' })], { session: other }))[0]!.status).toBe(
      'denied',
    );
    now = 61_000;
    expect((await executor.execute([call('d', 'write', { path: 'x' })]))[0]!.status).toBe('denied');
  });

  it('writes every answer to the audit trail: who, what, which answer, with which input', async () => {
    const store = createMemorySessionStore();
    const { run } = processWith(store, [
      { decision: 'allow-once', actor: 'ada', message: 'fine' },
      { decision: 'deny', actor: 'bob' },
      { decision: 'allow-once', updatedInput: { path: 'safer.md' }, actor: 'ada' },
      { decision: 'deny', interrupt: true },
    ]);
    for (const id of ['a', 'b', 'c', 'd']) await run(id);
    const trail = await store.audit('conversation-1');
    expect(
      trail.map(({ toolCallId, tool, decision, actor, input, message }) => ({
        toolCallId,
        tool,
        decision,
        actor,
        input,
        message,
      })),
    ).toEqual([
      {
        toolCallId: 'a',
        tool: 'write',
        decision: 'allow-once',
        actor: 'ada',
        input: { path: 'notes.md' },
        message: 'fine',
      },
      {
        toolCallId: 'b',
        tool: 'write',
        decision: 'deny',
        actor: 'bob',
        input: { path: 'notes.md' },
        message: undefined,
      },
      {
        toolCallId: 'c',
        tool: 'write',
        decision: 'allow-once',
        actor: 'ada',
        input: { path: 'safer.md' },
        message: undefined,
      },
      {
        toolCallId: 'd',
        tool: 'write',
        decision: 'deny-interrupt',
        actor: undefined,
        input: { path: 'notes.md' },
        message: undefined,
      },
    ]);
    expect(trail.every((record) => typeof record.at === 'number')).toBe(true);
  });

  it('fails closed on a broken store: a failed lookup asks the person; a failed grant write is reported and the approved call runs', async () => {
    const working = createMemorySessionStore();
    const broken: SessionStore = {
      ...working,
      isGranted: async () => {
        throw new Error('connection refused');
      },
      grant: async () => {
        throw new Error('connection refused');
      },
    };
    const { run, prompter, events } = processWith(broken, ['allow-session', 'allow-session']);
    const first = await run('a');
    expect(first[0]!.status).toBe('ok');
    const second = await run('b');
    expect(second[0]!.status).toBe('ok');
    // The lookup failed, so the person was asked again rather than the call let through.
    expect(prompter.requests).toHaveLength(2);
    const [event] = approvals(events);
    expect(event).toMatchObject({ source: 'prompt' });
    expect((event as { storeError?: string }).storeError).toMatch(
      /the session grant was not saved \(connection refused\)/,
    );
    expect((await working.audit('conversation-1')).map((row) => row.toolCallId)).toEqual(['a', 'b']);
  });

  it('an approved call whose audit row cannot be written does not run (an error result says why)', async () => {
    const working = createMemorySessionStore();
    let fail = true;
    const flaky: SessionStore = {
      ...working,
      recordAudit: async (entry) => {
        if (fail) throw new Error('disk full');
        return working.recordAudit(entry);
      },
    };
    const ran: string[] = [];
    const executor = createExecutor({
      tools: [
        writeTool('write', ({ path }) => void ran.push(path), {
          approval: 'ask',
          permissionSubject: (input: { path: string }) => ({
            kind: 'file',
            access: 'write',
            path: input.path,
          }),
        }),
      ],
      approvals: createRecordingPrompter(['allow-once', 'deny', 'allow-session']),
      sessionStore: flaky,
      cwd: '/repo',
      session: createSession({ id: 'conversation-1' }),
    });
    const [refused] = await executor.execute([call('a', 'write', { path: 'x' })]);
    expect(refused).toMatchObject({ status: 'error' });
    expect(refused!.content).toMatch(
      /did not run: the answer was not written to the audit trail \(disk full\)/,
    );
    // A denial needs no row to stand.
    expect((await executor.execute([call('b', 'write', { path: 'x' })]))[0]!.status).toBe('denied');
    fail = false;
    expect((await executor.execute([call('c', 'write', { path: 'x' })]))[0]!.status).toBe('ok');
    // A grant's use is audited too, and a failed write stops that call as well.
    fail = true;
    expect((await executor.execute([call('d', 'write', { path: 'x' })]))[0]!.status).toBe('error');
    fail = false;
    expect((await executor.execute([call('e', 'write', { path: 'x' })]))[0]!.status).toBe('ok');
    expect((await working.audit('conversation-1')).map((row) => [row.toolCallId, row.decision])).toEqual([
      ['c', 'allow-session'],
      ['e', 'session-grant'],
    ]);
    expect(ran).toEqual(['x', 'x']);
  });

  it('an "always" answer is the store grant: a revocation or expiry in any process ends it everywhere', async () => {
    let now = 1_000;
    const store = createMemorySessionStore({ now: () => now });
    const make = (answers: Parameters<typeof createRecordingPrompter>[0]) => {
      const prompter = createRecordingPrompter(answers);
      const executor = createExecutor({
        tools: [askWrite()],
        approvals: prompter,
        sessionStore: store,
        sessionGrantTtlMs: 60_000,
        cwd: '/repo',
        session: createSession({ id: 'conversation-1' }),
      });
      return { executor, prompter };
    };
    const first = make(['allow-always', 'deny', 'deny']);
    expect((await first.executor.execute([call('a', 'write', { path: 'x' })]))[0]!.status).toBe('ok');
    expect((await first.executor.execute([call('b', 'write', { path: 'x' })]))[0]!.status).toBe('ok');
    expect(first.prompter.requests).toHaveLength(1);
    // Another process revokes the grant: the first process asks again (no rule lingers in its memory).
    await store.revoke({ sessionId: 'conversation-1', sessionKey: 'file-write', cwd: '/repo' });
    expect((await first.executor.execute([call('c', 'write', { path: 'x' })]))[0]!.status).toBe('denied');
    expect(first.prompter.requests).toHaveLength(2);
    // Granted "always" again, it expires with the grant's TTL.
    const second = make(['allow-always']);
    await second.executor.execute([call('d', 'write', { path: 'x' })]);
    now += 60_001;
    expect((await first.executor.execute([call('e', 'write', { path: 'x' })]))[0]!.status).toBe('denied');
    expect(first.prompter.requests).toHaveLength(3);
  });

  it('with a host\'s own in-memory engine too, "always" is the store grant unless the host asks for rules', async () => {
    let now = 1_000;
    const store = createMemorySessionStore({ now: () => now });
    const make = (answers: Parameters<typeof createRecordingPrompter>[0], alwaysAnswers?: AlwaysAnswers) => {
      const prompter = createRecordingPrompter(answers);
      const executor = createExecutor({
        tools: [askWrite()],
        // The host's own engine, no settings store: its rules live in this process's memory.
        permissions: createPermissionEngine({ cwd: '/repo' }),
        approvals: prompter,
        sessionStore: store,
        sessionGrantTtlMs: 60_000,
        cwd: '/repo',
        session: createSession({ id: 'conversation-1' }),
        ...(alwaysAnswers === undefined ? {} : { alwaysAnswers }),
      });
      return { executor, prompter };
    };
    const first = make(['allow-always', 'deny', 'deny']);
    expect((await first.executor.execute([call('a', 'write', { path: 'x' })]))[0]!.status).toBe('ok');
    expect(first.prompter.requests[0]!.scope?.alwaysRules).toEqual([]);
    expect((await first.executor.execute([call('b', 'write', { path: 'x' })]))[0]!.status).toBe('ok');
    expect(first.prompter.requests).toHaveLength(1);
    // Revoked in another process: asked again, no rule lingers in this engine.
    await store.revoke({ sessionId: 'conversation-1', sessionKey: 'file-write', cwd: '/repo' });
    expect((await first.executor.execute([call('c', 'write', { path: 'x' })]))[0]!.status).toBe('denied');
    expect(first.prompter.requests).toHaveLength(2);
    // Expired: asked again.
    const second = make(['allow-always']);
    await second.executor.execute([call('d', 'write', { path: 'x' })]);
    now += 60_001;
    expect((await first.executor.execute([call('e', 'write', { path: 'x' })]))[0]!.status).toBe('denied');
    expect(first.prompter.requests).toHaveLength(3);

    // A host that asks for rules gets the engine's rule — in this engine's memory, which a
    // revocation in the store does not reach (the documented scope of 'rule').
    const rules = make(['allow-always'], 'rule');
    expect((await rules.executor.execute([call('f', 'write', { path: 'y' })]))[0]!.status).toBe('ok');
    expect(rules.prompter.requests[0]!.scope?.alwaysRules.length).toBeGreaterThan(0);
    await store.revoke({ sessionId: 'conversation-1', sessionKey: 'file-write', cwd: '/repo' });
    expect((await rules.executor.execute([call('g', 'write', { path: 'y' })]))[0]!.status).toBe('ok');
    expect(rules.prompter.requests).toHaveLength(1);

    // 'store-grant' needs a store; anything else is refused at construction.
    expect(() => createExecutor({ tools: [askWrite()], alwaysAnswers: 'store-grant' })).toThrow(
      /alwaysAnswers.*sessionStore/,
    );
    expect(() =>
      createExecutor({ tools: [askWrite()], alwaysAnswers: 'forever' as unknown as AlwaysAnswers }),
    ).toThrow(ExecutorError);
  });

  it('counts soft-limit calls across processes: the second sees the first one’s calls', async () => {
    const store = createMemorySessionStore();
    const make = () =>
      createExecutor({
        tools: [readTool('read')],
        sessionStore: store,
        softLimits: { maxCallsPerTool: 3, similarityThreshold: false },
        session: createSession({ id: 'conversation-1' }),
      });
    const first = make();
    await first.execute([
      call('a', 'read', { q: '1' }),
      call('b', 'read', { q: '2' }),
      call('c', 'read', { q: '3' }),
    ]);
    expect(await store.counter('conversation-1', 'read')).toBe(3);
    const second = make();
    const [result] = await second.execute([call('d', 'read', { q: '4' })]);
    expect(result!.content).toMatch(/This is call 4 of read in this session \(suggested maximum 3\)/);
    expect(await store.counter('conversation-1', 'read')).toBe(4);
    // Unknown tools and hostile calls are not counted, and do not break the run.
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('no');
        },
      },
    );
    const results = await second.execute([call('e', 'nope'), hostile as never]);
    expect(results.map((entry) => entry.status)).toEqual(['unknown_tool', 'invalid_input']);
    expect(await store.counter('conversation-1', 'nope')).toBe(0);
  });

  it('a counter store that never answers holds nothing back: an abort ends the wait, else a bounded one', async () => {
    const never = () => new Promise<number>(() => undefined);
    const hanging: SessionStore = { ...createMemorySessionStore(), counter: never, incrementCounter: never };
    const executor = createExecutor({ tools: [readTool('read')], sessionStore: hanging });
    const controller = new AbortController();
    const aborted = executor.execute([call('a', 'read', { q: '1' })], { signal: controller.signal });
    controller.abort();
    expect((await aborted).map((result) => result.status)).toEqual(['cancelled']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const run = executor.execute([call('b', 'read', { q: '2' })]).then((results) => {
        settled = true;
        return results;
      });
      await vi.advanceTimersByTimeAsync(COUNTER_WAIT_MS - 1);
      expect(settled).toBe(false); // still waiting for the counters before the run
      await vi.advanceTimersByTimeAsync(1); // gives up: the call runs; then waits on the push
      await vi.advanceTimersByTimeAsync(COUNTER_WAIT_MS);
      expect((await run).map((result) => result.status)).toEqual(['ok']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects something that is not a store, naming the methods it needs', () => {
    expect(() => createExecutor({ tools: [readTool('read')], sessionStore: {} as never })).toThrow(
      /`sessionStore` must be a SessionStore \(isGranted, grant, recordAudit, counter, incrementCounter\)/,
    );
  });

  it('a resumable executor keeps its resume ledger in the sessionStore when no store is given', async () => {
    const store = createMemorySessionStore();
    const options = { tools: [askWrite()], signingKey: 'k'.repeat(32), sessionStore: store };
    const outcome = await createResumableExecutor(options).execute([call('a', 'write', { path: 'x' })]);
    if (outcome.status !== 'suspended') throw new Error('expected a suspension');
    expect(await store.claimResume(outcome.snapshot.id)).toBe(true);
    await expect(
      createResumableExecutor(options).resume(outcome.snapshot, { a: 'allow-once' }),
    ).rejects.toThrow(/already resumed/);
  });
});
