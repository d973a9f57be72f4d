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

    it('keeps one audit row per idempotencyKey, also when the same entry is written at once by many callers', async () => {
      const s = session();
      const entry = { sessionId: s, toolCallId: 'c1', tool: 'write_file', decision: 'allow-once' };
      const key = `${s}:7`;
      await store.recordAudit({ ...entry, idempotencyKey: key, actor: 'ana' });
      // A re-run of the step that wrote it (same key) adds nothing, even with other fields.
      await Promise.all(
        Array.from({ length: 5 }, () => store.recordAudit({ ...entry, idempotencyKey: key, actor: 'bo' })),
      );
      await store.recordAudit({ ...entry, idempotencyKey: `${s}:8` });
      // Entries without a key are all kept, as before.
      await store.recordAudit(entry);
      await store.recordAudit(entry);
      const trail = await store.audit(s);
      expect(trail.map((r) => [r.idempotencyKey ?? null, r.actor ?? null])).toEqual([
        [key, 'ana'],
        [`${s}:8`, null],
        [null, null],
        [null, null],
      ]);
      await expect(store.recordAudit({ ...entry, idempotencyKey: '' })).rejects.toBeInstanceOf(TypeError);
      expect(await store.audit(s)).toHaveLength(4);
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

    it('validates and normalises expiries the same way in every store', async () => {
      const s = session();
      const now = Date.now();
      // Fractions become whole milliseconds, rounded up (a grant never ends early).
      expect((await store.grant({ sessionId: s, sessionKey: 'a', expiresAt: now + 1000.25 })).expiresAt).toBe(
        Math.ceil(now + 1000.25),
      );
      const ttl = await store.grant({ sessionId: s, sessionKey: 'b', ttlMs: 0.5 });
      expect(ttl.expiresAt).toBe(ttl.grantedAt + 1);
      expect(await store.isGranted({ sessionId: s, sessionKey: 'a' }, now + 0.5)).toBe(true);
      // Beyond a Date's range, or not a time: refused, nothing written.
      for (const bad of [
        { expiresAt: 1e300 },
        { expiresAt: -1e300 },
        { expiresAt: 8.64e15 + 1 },
        { ttlMs: 1e300 },
        { ttlMs: Number.POSITIVE_INFINITY },
        { expiresAt: new Date(Number.NaN) },
        { expiresAt: '2030-01-01' as never },
      ]) {
        await expect(store.grant({ sessionId: s, sessionKey: 'c', ...bad })).rejects.toBeInstanceOf(
          TypeError,
        );
      }
      expect((await store.grants(s, now)).map((grant) => grant.sessionKey)).toEqual(['a', 'b']);
      await expect(store.isGranted({ sessionId: s, sessionKey: 'a' }, Number.NaN)).rejects.toBeInstanceOf(
        TypeError,
      );
      const far = await store.grant({ sessionId: s, sessionKey: 'd', expiresAt: 8.64e15 });
      expect(far.expiresAt).toBe(8.64e15);
    });

    it('keeps any input in the audit trail exactly: NUL, lone surrogates, deep nesting, lookalikes', async () => {
      const s = session();
      let deep: unknown = 'bottom';
      for (let level = 0; level < 3000; level += 1) deep = { d: deep };
      const inputs = [
        { path: 'a\u0000b', 'k\u0000': 1 },
        { text: 'lone \ud800 and \udfff', pair: '\ud83d\ude00' },
        { deep },
        { 'dexter.encoded-json': '{"x":1}' },
        { fraction: 1.5, big: 2 ** 60, nested: [null, true, 'ok'] },
      ];
      for (const [index, input] of inputs.entries()) {
        await store.recordAudit({
          sessionId: s,
          toolCallId: `c${index}`,
          tool: 't',
          decision: 'allow-once',
          input,
          at: 1000.7,
        });
      }
      const trail = await store.audit(s);
      expect(trail.map((row) => row.input)).toEqual(inputs);
      expect(trail[0]!.at).toBe(1000);
    });
  });
}
