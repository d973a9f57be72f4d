import { describe, expect, it } from 'vitest';
import { describeSessionStoreContract } from '../test/session-store-contract';
import { createMemorySessionStore } from './session-store';

describeSessionStoreContract('in memory', async () => createMemorySessionStore());

describe('createMemorySessionStore', () => {
  it('reads time from the injected clock for grants and expiry', async () => {
    let now = 5_000;
    const store = createMemorySessionStore({ now: () => now });
    const grant = await store.grant({ sessionId: 's', sessionKey: 'k', ttlMs: 100 });
    expect(grant).toMatchObject({ grantedAt: 5_000, expiresAt: 5_100 });
    expect(await store.isGranted({ sessionId: 's', sessionKey: 'k' })).toBe(true);
    now = 5_100;
    expect(await store.isGranted({ sessionId: 's', sessionKey: 'k' })).toBe(false);
  });

  it('hands out copies: changing a returned grant or audit record changes nothing stored', async () => {
    const store = createMemorySessionStore();
    const grant = await store.grant({ sessionId: 's', sessionKey: 'k' });
    grant.cwd = '/elsewhere';
    expect((await store.grants('s'))[0]!.cwd).toBe('');
    const input = { path: 'a' };
    await store.recordAudit({ sessionId: 's', toolCallId: 'c', tool: 't', decision: 'deny', input });
    input.path = 'b';
    expect((await store.audit('s'))[0]!.input).toEqual({ path: 'a' });
  });
});
