/**
 * One racer of the multi-process store test: waits for the parent's "go" on stdin, then
 * grants, revokes, counts, claims snapshots and writes audit rows as fast as it can, and
 * prints what it did as one JSON line. Run with: node --conditions=@dexter/source --import tsx.
 */
import { createPostgresSessionStore } from '../src/postgres-session-store';

const [url, schema, workerText, roundsText] = process.argv.slice(2);
const worker = Number(workerText);
const rounds = Number(roundsText);
const store = createPostgresSessionStore({ connectionString: url!, schema: schema! });
// Both racers migrate the fresh schema at the same moment too.
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.destroy(); // an open stdin would keep this process alive
await store.migrate();
const claimed: string[] = [];
const revoked: string[] = [];
await Promise.all(
  Array.from({ length: rounds }, async (_, round) => {
    const mine = `w${worker}-${round}`;
    await store.grant({ sessionId: 'race', sessionKey: mine, cwd: '/repo', grantedBy: `worker${worker}` });
    await store.grant({ sessionId: 'race', sessionKey: `shared-${round}`, cwd: '/repo' });
    await store.incrementCounter('race', 'calls');
    if (round % 2 === 1 && (await store.revoke({ sessionId: 'race', sessionKey: mine, cwd: '/repo' }))) {
      revoked.push(mine);
    }
    if (await store.claimResume(`snap-${round}`, `worker${worker}`)) claimed.push(`snap-${round}`);
    await store.recordAudit({
      sessionId: 'race',
      toolCallId: mine,
      tool: 'write_file',
      decision: round % 3 === 0 ? 'deny' : 'allow-session',
      actor: `worker${worker}`,
    });
  }),
);
await store.close();
process.stdout.write(`${JSON.stringify({ worker, claimed, revoked })}\n`);
