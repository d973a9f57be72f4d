/**
 * Durable turns in this process against a real PostgreSQL: the answers a live prompter can
 * give, the refusals (bad calls, approvals not pending), the approval timeout, a failing tool.
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { defineTool } from '@dexter/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostgresSessionStore, type PostgresSessionStore } from '../../postgres/src/index';
import { createDatabase, databaseUrl } from '../../postgres/test/database';
import { answerApproval, type DurableTurns, readTurn, registerDurableTurns } from './durable-turns';
import { DurableTurnError } from './errors';

const server = databaseUrl('@dexter/dbos durable turns');

const ran: string[] = [];
const keys: Record<string, string | undefined> = {};
const tools = [
  defineTool({
    name: 'read',
    description: 'Reads.',
    compactDescription: 'Read',
    inputSchema: z.object({ key: z.string() }),
    concurrencySafe: true,
    approval: 'allow',
    async execute({ key }, { toolCallId }) {
      ran.push(toolCallId);
      if (key === 'boom') throw new TypeError('the read failed');
      return { key };
    },
  }),
  defineTool({
    name: 'write',
    description: 'Writes.',
    compactDescription: 'Write',
    inputSchema: z.object({ path: z.string() }),
    approval: 'ask',
    async execute({ path }, { toolCallId, idempotencyKey }) {
      ran.push(toolCallId);
      keys[toolCallId] = idempotencyKey;
      return { wrote: path };
    },
  }),
];

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (DurableTurnError.isInstance(error) ? error.code : String(error)),
  );

describe.skipIf(server === '')('registerDurableTurns', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let turns: DurableTurns;
  let quick: DurableTurns;
  let withSessions: DurableTurns;
  let store: PostgresSessionStore;
  beforeAll(async () => {
    database = await createDatabase(server, 'dbos_turns');
    store = createPostgresSessionStore({ connectionString: database.url });
    DBOS.setConfig({ name: 'dexter-dbos-tests', systemDatabaseUrl: database.url, logLevel: 'error' });
    turns = registerDurableTurns({ tools });
    quick = registerDurableTurns({ tools, name: 'dexter.turn.quick', approvalTimeoutSeconds: 1 });
    withSessions = registerDurableTurns({ tools, name: 'dexter.turn.sessions', sessions: store });
    await DBOS.launch();
  });
  afterAll(async () => {
    // Every turn here has completed, but DBOS may still be finishing one's bookkeeping: let it
    // (a shutdown without a drain ends the pools under it).
    if (DBOS.isInitialized()) await DBOS.shutdown({ workflowCompletionTimeoutMS: 10_000 });
    await store?.close();
    await database?.drop();
  });

  it('refuses calls without unique ids before starting anything', async () => {
    expect(await code(turns.start('nope' as never))).toBe('invalid_calls');
    expect(
      await code(
        turns.start([
          { id: 'a', name: 'read', input: { key: 'x' } },
          { id: 'a', name: 'read', input: { key: 'y' } },
        ]),
      ),
    ).toBe('invalid_calls');
    expect(await code(turns.start([{ id: '', name: 'read', input: {} }]))).toBe('invalid_calls');
    expect(() => registerDurableTurns({ tools, name: 'x', approvalTimeoutSeconds: 0 })).toThrow(/positive/);
  });

  it('runs an approve-with-edit answer as a live prompt would (edited input re-validated)', async () => {
    const turnId = await turns.start([
      { id: 'r1', name: 'read', input: { key: 'a' } },
      { id: 'w1', name: 'write', input: { path: 'draft.md' } },
    ]);
    const state = await turns.settle(turnId);
    expect(state.status).toBe('suspended');
    expect(state.pending[0]).toMatchObject({ toolCallId: 'w1', tool: 'write', input: { path: 'draft.md' } });
    const approvalId = state.pending[0]!.approvalId;
    await answerApproval(approvalId, { decision: 'allow-once', updatedInput: { path: 'final.md' } });
    const done = await turns.settle(turnId, { after: approvalId });
    expect(done.status).toBe('completed');
    expect(done.results.map((r) => [r.toolCallId, r.status, r.output])).toEqual([
      ['r1', 'ok', { key: 'a' }],
      ['w1', 'ok', { wrote: 'final.md' }],
    ]);
    expect(await turns.result(turnId)).toEqual(done.results);
  });

  it('reads an unreadable answer as a deny, and keeps a failing tool to its own result', async () => {
    const before = ran.length;
    const turnId = await turns.start([
      { id: 'r1', name: 'read', input: { key: 'boom' } },
      { id: 'w1', name: 'write', input: { path: 'x.md' } },
    ]);
    const state = await turns.settle(turnId);
    await answerApproval(state.pending[0]!.approvalId, { decision: 'yes please' } as never);
    const done = await turns.settle(turnId, { after: state.pending[0]!.approvalId });
    expect(done.results.map((r) => [r.toolCallId, r.status])).toEqual([
      ['r1', 'error'],
      ['w1', 'denied'],
    ]);
    expect(done.results[0]!.error).toMatchObject({ message: expect.stringContaining('the read failed') });
    expect(ran.slice(before)).toEqual(['r1']);
  });

  it('refuses answers to approvals that are not waiting: malformed, unknown turn, not asked yet; a repeat is idempotent, a different answer a conflict', async () => {
    const turnId = await turns.start([
      { id: 'w1', name: 'write', input: { path: 'one.md' } },
      { id: 'w2', name: 'write', input: { path: 'two.md' } },
    ]);
    const state = await turns.settle(turnId);
    const approvalId = state.pending[0]!.approvalId;
    expect(await code(answerApproval('no-separator', 'allow-once'))).toBe('approval_not_pending');
    expect(await code(answerApproval('nobody~0', 'allow-once'))).toBe('approval_not_pending');
    expect(await code(answerApproval(`${turnId}\u0000~0`, 'allow-once'))).toBe('approval_not_pending');
    expect(await code(readTurn(`${turnId}\u0000`))).toBe('unknown_turn');
    // w2's approval id can be guessed, but w2 has not been asked: no pre-approving it.
    expect(await code(answerApproval(`${turnId}~1`, 'allow-once'))).toBe('approval_not_pending');
    expect(await answerApproval(approvalId, 'deny')).toEqual({ turnId, repeated: false });
    const next = await turns.settle(turnId, { after: approvalId });
    expect(next.pending[0]?.toolCallId).toBe('w2');
    expect(await answerApproval(approvalId, { decision: 'deny', message: 'again' })).toEqual({
      turnId,
      repeated: true,
    });
    expect(await code(answerApproval(approvalId, 'allow-once'))).toBe('approval_answered');
    // Two different answers at once: one wins, the other is told so.
    const racing = await Promise.all([
      code(answerApproval(next.pending[0]!.approvalId, 'allow-once')),
      code(answerApproval(next.pending[0]!.approvalId, 'deny')),
    ]);
    expect(racing.sort()).toEqual(['approval_answered', 'resolved']);
    const done = await turns.settle(turnId, { after: next.pending[0]!.approvalId });
    const statuses = done.results.map((r) => r.status);
    expect(statuses[0]).toBe('denied');
    if (statuses[1] === 'ok') {
      // The tool body saw its step's idempotency key: <turn id>:<DBOS step number>.
      expect(keys.w2).toMatch(new RegExp(`^${turnId}:\\d+$`));
    } else expect(statuses[1]).toBe('denied');
    expect(await code(readTurn('no-such-turn'))).toBe('unknown_turn');
  });

  it('denies an approval nobody answers before the timeout', async () => {
    const turnId = await quick.start([{ id: 'w1', name: 'write', input: { path: 'late.md' } }]);
    const done = await quick.settle(turnId, { after: `${turnId}~0` });
    expect(done.status).toBe('completed');
    expect(done.results[0]).toMatchObject({ toolCallId: 'w1', status: 'denied' });
    expect(done.results[0]!.content).toMatch(/timed out/);
  });

  it('with a SessionStore: an allow-session answer is a shared grant, later turns skip the prompt, all audited', async () => {
    const write = (id: string) => [{ id, name: 'write', input: { path: `${id}.md` } }];
    const first = await withSessions.start(write('w1'), { sessionId: 's1' });
    const asked = await withSessions.settle(first);
    expect(asked.status).toBe('suspended');
    await answerApproval(asked.pending[0]!.approvalId, 'allow-session', { actor: 'ana' });
    expect((await withSessions.settle(first, { after: asked.pending[0]!.approvalId })).status).toBe(
      'completed',
    );
    const grants = await store.grants('s1');
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ grantedBy: 'ana' });
    expect(grants[0]!.expiresAt).toBeGreaterThan(Date.now());

    // The grant answers the next turn's prompt: it completes without suspending.
    const second = await withSessions.start(write('w2'), { sessionId: 's1' });
    const done = await withSessions.settle(second);
    expect(done.status).toBe('completed');
    expect(done.results[0]).toMatchObject({ toolCallId: 'w2', status: 'ok' });

    // Another session is asked; after a revocation, so is this one.
    const other = await withSessions.start(write('w3'), { sessionId: 's2' });
    const otherState = await withSessions.settle(other);
    expect(otherState.status).toBe('suspended');
    await answerApproval(otherState.pending[0]!.approvalId, 'deny', { actor: 'bo' });
    await withSessions.settle(other, { after: otherState.pending[0]!.approvalId });
    await store.revoke({ sessionId: 's1', sessionKey: grants[0]!.sessionKey, cwd: grants[0]!.cwd });
    const third = await withSessions.start(write('w4'), { sessionId: 's1' });
    const thirdState = await withSessions.settle(third);
    expect(thirdState.status).toBe('suspended');
    await answerApproval(thirdState.pending[0]!.approvalId, 'deny');
    await withSessions.settle(third, { after: thirdState.pending[0]!.approvalId });

    expect((await store.audit('s1')).map((r) => [r.toolCallId, r.decision, r.actor ?? null])).toEqual([
      ['w1', 'allow-session', 'ana'],
      ['w2', 'allow-session', 'session-grant'],
      ['w4', 'deny', null],
    ]);
    expect(
      (await store.audit('s2')).map((r) => [r.toolCallId, r.decision, r.actor ?? null, r.input]),
    ).toEqual([['w3', 'deny', 'bo', { path: 'w3.md' }]]);
  });
});
