/**
 * The behaviour every `SessionStore` must have, as a vitest suite a store's own tests call
 * (the in-memory store here, the Postgres store in `@dexter/postgres`). Test-only: not
 * exported from the package.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionStore } from '../src/session-store';

/** Runs the contract against stores made by `make`; each test gets a fresh session id. */
export function describeSessionStoreContract(
  name: string,
  make: () => Promise<SessionStore>,
  options: { skip?: boolean } = {},
): void {
  describe.skipIf(options.skip === true)(`SessionStore contract: ${name}`, () => {
    let store: SessionStore;
    let counter = 0;
    const session = () => `contract_${process.pid}_${Date.now().toString(36)}_${(counter += 1)}`;
    beforeAll(async () => {
      store = await make();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('grants per session, key and cwd; a grant without cwd holds in every cwd', async () => {
      const s = session();
      await store.grant({ sessionId: s, sessionKey: 'write_file', cwd: '/repo' });
      expect(await store.isGranted({ sessionId: s, sessionKey: 'write_file', cwd: '/repo' })).toBe(true);
      expect(await store.isGranted({ sessionId: s, sessionKey: 'write_file', cwd: '/elsewhere' })).toBe(
        false,
      );
      expect(await store.isGranted({ sessionId: s, sessionKey: 'bash:ls', cwd: '/repo' })).toBe(false);
      expect(await store.isGranted({ sessionId: session(), sessionKey: 'write_file', cwd: '/repo' })).toBe(
        false,
      );
      await store.grant({ sessionId: s, sessionKey: 'bash:ls' });
      expect(await store.isGranted({ sessionId: s, sessionKey: 'bash:ls', cwd: '/anywhere' })).toBe(true);
      const listed = await store.grants(s);
      expect(listed.map((g) => [g.sessionKey, g.cwd])).toEqual([
        ['write_file', '/repo'],
        ['bash:ls', ''],
      ]);
    });

    it('expires grants at expiresAt and renews them on a second grant', async () => {
      const s = session();
      const now = Date.now();
      const grant = await store.grant({ sessionId: s, sessionKey: 'k', cwd: '/w', expiresAt: now + 60_000 });
      expect(grant.expiresAt).toBe(now + 60_000);
      expect(await store.isGranted({ sessionId: s, sessionKey: 'k', cwd: '/w' }, now + 59_999)).toBe(true);
      expect(await store.isGranted({ sessionId: s, sessionKey: 'k', cwd: '/w' }, now + 60_000)).toBe(false);
      expect(await store.grants(s, now + 60_000)).toEqual([]);
      await store.grant({ sessionId: s, sessionKey: 'k', cwd: '/w', expiresAt: new Date(now + 120_000) });
      expect(await store.isGranted({ sessionId: s, sessionKey: 'k', cwd: '/w' }, now + 60_000)).toBe(true);
      const ttl = await store.grant({ sessionId: s, sessionKey: 'ttl', ttlMs: 1000 });
      expect(ttl.expiresAt).toBeGreaterThanOrEqual(now + 1000);
    });

    it('revokes exactly the grant named', async () => {
      const s = session();
      await store.grant({ sessionId: s, sessionKey: 'k', cwd: '/a' });
      await store.grant({ sessionId: s, sessionKey: 'k', cwd: '/b' });
      expect(await store.revoke({ sessionId: s, sessionKey: 'k', cwd: '/a' })).toBe(true);
      expect(await store.revoke({ sessionId: s, sessionKey: 'k', cwd: '/a' })).toBe(false);
      expect(await store.isGranted({ sessionId: s, sessionKey: 'k', cwd: '/a' })).toBe(false);
      expect(await store.isGranted({ sessionId: s, sessionKey: 'k', cwd: '/b' })).toBe(true);
    });

    it('counts atomically per session and name', async () => {
      const s = session();
      expect(await store.counter(s, 'get_financials')).toBe(0);
      const values = await Promise.all(
        Array.from({ length: 20 }, () => store.incrementCounter(s, 'get_financials')),
      );
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await store.incrementCounter(s, 'get_financials', 5)).toBe(25);
      expect(await store.counter(s, 'write_file')).toBe(0);
    });

    it('says true to exactly one claim of a snapshot id', async () => {
      const id = `snap_${session()}`;
      const claims = await Promise.all(Array.from({ length: 10 }, () => store.claimResume(id)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claimResume(id)).toBe(false);
      expect(await store.claimResume(`${id}_other`)).toBe(true);
    });

    it('keeps the audit trail in order with who, what, when and the answer', async () => {
      const s = session();
      await store.recordAudit({
        sessionId: s,
        toolCallId: 'c1',
        tool: 'write_file',
        decision: 'allow-once',
        actor: 'ana',
        input: { path: 'report.md', n: [1, 2] },
        message: 'ok',
        at: 1000,
      });
      await store.recordAudit({ sessionId: s, toolCallId: 'c2', tool: 'bash', decision: 'deny' });
      const trail = await store.audit(s);
      expect(trail.map((r) => [r.toolCallId, r.decision, r.actor ?? null])).toEqual([
        ['c1', 'allow-once', 'ana'],
        ['c2', 'deny', null],
      ]);
      expect(trail[0]).toMatchObject({ at: 1000, input: { path: 'report.md', n: [1, 2] }, message: 'ok' });
      expect(trail[1]!.at).toBeGreaterThan(1000);
    });

    it('rejects malformed arguments with a TypeError and stores nothing', async () => {
      const s = session();
      await expect(store.grant({ sessionId: '', sessionKey: 'k' })).rejects.toBeInstanceOf(TypeError);
      await expect(store.grant({ sessionId: s, sessionKey: 'k', ttlMs: -1 })).rejects.toBeInstanceOf(
        TypeError,
      );
      await expect(
        store.grant({ sessionId: s, sessionKey: 'k', expiresAt: Number.NaN }),
      ).rejects.toBeInstanceOf(TypeError);
      await expect(store.incrementCounter(s, 'x', 1.5)).rejects.toBeInstanceOf(TypeError);
      await expect(store.claimResume('')).rejects.toBeInstanceOf(TypeError);
      await expect(
        store.recordAudit({ sessionId: s, toolCallId: 'c', tool: '', decision: 'deny' }),
      ).rejects.toBeInstanceOf(TypeError);
      expect(await store.grants(s)).toEqual([]);
      expect(await store.audit(s)).toEqual([]);
    });
  });
}
