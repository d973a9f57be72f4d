// Quoted in docs/guides/outgrowing-one-process.md and packages/postgres/README.md.
// #region store
import { createPostgresSessionStore } from '@dexter/postgres';

export async function rememberAnswer(databaseUrl: string, sessionId: string, cwd: string) {
  // Tables are created in schema "dexter" on first use (or call store.migrate() at deploy).
  const store = createPostgresSessionStore({ connectionString: databaseUrl });

  // The user answered "allow for this session": every process of the app sees it now.
  await store.grant({ sessionId, sessionKey: 'file-write', cwd, ttlMs: 8 * 3_600_000, grantedBy: 'ana' });
  await store.recordAudit({
    sessionId,
    toolCallId: 'call_write_1',
    tool: 'write_file',
    decision: 'allow-session',
    actor: 'ana',
    input: { path: 'report.md' },
  });
  const granted = await store.isGranted({ sessionId, sessionKey: 'file-write', cwd }); // true
  await store.revoke({ sessionId, sessionKey: 'file-write', cwd }); // takes effect everywhere

  // The resume ledger: true for exactly one caller, whichever process asks first.
  const mine = await store.claimResume('snapshot_7f3a');
  await store.close();
  return { granted, mine };
}
// #endregion store
