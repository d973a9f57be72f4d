/**
 * One process of the audit crash test, run with node --conditions=@dexter/source --import tsx:
 *   start   URL TURN   launch, start a turn (session `s-audit`) whose write asks; answer it
 *                      allow-once as `ana`; the audit step commits its row, prints
 *                      {"audited": key} and hangs before the step checkpoints (killed there)
 *   recover URL TURN   launch (which recovers the turn), print the results and how many times
 *                      the audit step ran here
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { defineTool } from '@dexter/registry';
import { z } from 'zod';
import { createPostgresSessionStore } from '../../postgres/src/index';
import { answerApproval, launchDbos, registerDurableTurns, shutdownDbos } from '../src/index';

const [mode, url, turnId] = process.argv.slice(2) as [string, string, string];
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const store = createPostgresSessionStore({ connectionString: url });
let audits = 0;
const sessions = {
  ...store,
  async recordAudit(entry: Parameters<typeof store.recordAudit>[0]) {
    audits += 1;
    await store.recordAudit(entry);
    if (mode === 'start') {
      say({ audited: entry.idempotencyKey ?? null });
      await new Promise(() => {}); // killed here: the row committed, the step's checkpoint not
    }
  },
};

const write = defineTool({
  name: 'write_file',
  description: 'Writes a file.',
  compactDescription: 'Write a file',
  inputSchema: z.object({ path: z.string() }),
  approval: 'ask',
  async execute({ path }) {
    return { wrote: path };
  },
});

const turns = registerDurableTurns({ tools: [write], name: 'dexter.audit-test', sessions });
await launchDbos({ name: 'dexter-audit-test', databaseUrl: url, logLevel: 'error' });

if (mode === 'start') {
  await turns.start([{ id: 'w1', name: 'write_file', input: { path: 'a.md' } }], {
    turnId,
    sessionId: 's-audit',
  });
  const state = await turns.settle(turnId);
  await answerApproval(state.pending[0]!.approvalId, 'allow-once', {
    actor: 'ana',
    confirmTimeoutSeconds: 0,
  });
  setInterval(() => {}, 1000); // wait to be killed
} else {
  const results = await DBOS.retrieveWorkflow(turnId).getResult();
  say({ results, audits });
  await shutdownDbos();
  await store.close();
  process.exit(0);
}
