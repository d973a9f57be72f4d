import { createMemorySessionStore } from '@dexter/executor';
import { describe, expect, it } from 'vitest';
import { createTurns } from './executor-session-store';

describe('outgrowing one process: the executor on a shared SessionStore', () => {
  it('a grant given in one process answers in another, and the answer is audited', async () => {
    const store = createMemorySessionStore();
    const asked: string[] = [];
    const first = createTurns(store, {
      prompt: (request) => {
        asked.push(request.toolCallId);
        return { decision: 'allow-session', actor: 'ana' };
      },
    });
    const second = createTurns(store, {
      prompt: (request) => {
        asked.push(request.toolCallId);
        return 'deny';
      },
    });
    const call = (id: string) => ({ id, name: 'write_file', input: { path: 'a.md', text: 'hi' } });
    expect((await first('conv-9', [call('c1')]))[0]!.status).toBe('ok');
    expect((await second('conv-9', [call('c2')]))[0]!.status).toBe('ok');
    expect(asked).toEqual(['c1']);
    expect((await store.grants('conv-9'))[0]).toMatchObject({ cwd: '/srv/project', grantedBy: 'ana' });
    expect((await store.audit('conv-9')).map((row) => [row.toolCallId, row.decision, row.actor])).toEqual([
      ['c1', 'allow-session', 'ana'],
      // The grant answered c2 in the second process: its use is on the trail too.
      ['c2', 'session-grant', undefined],
    ]);
    // Another conversation has no grant: asked, and denied.
    expect((await second('conv-10', [call('c3')]))[0]!.status).toBe('denied');
  });
});
