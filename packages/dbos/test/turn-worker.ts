/**
 * One process of the crash test, run with node --conditions=@dexter/source --import tsx:
 *   start   URL TURN          launch DBOS, start the turn, print its state once suspended, then hang
 *   answer  URL APPROVAL DEC  answer an approval through a DBOSClient (no workflows run here)
 *   recover URL TURN AFTER    launch DBOS (which recovers the turn), answer the next approval
 *                             with allow-once, print the final state
 * Every line printed is one JSON object.
 */
import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk';
import { answerApproval, registerDurableTurns, settleTurn } from '../src/index';
import { createSideEffectLog, createTurnTools, TURN_CALLS } from './turn-tools';

const [mode, url, first, second] = process.argv.slice(2) as [string, string, string, string | undefined];
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

if (mode === 'answer') {
  const client = await DBOSClient.create({ systemDatabaseUrl: url });
  await answerApproval(first, second === 'deny' ? 'deny' : 'allow-once', { client });
  await client.destroy();
  say({ answered: first });
  process.exit(0);
}

const log = await createSideEffectLog(url);
DBOS.setConfig({ name: 'dexter-crash-test', systemDatabaseUrl: url, logLevel: 'error' });
const turns = registerDurableTurns({ tools: createTurnTools(log) });
await DBOS.launch();

if (mode === 'start') {
  const turnId = await turns.start(TURN_CALLS, { turnId: first });
  say(await turns.settle(turnId));
  setInterval(() => {}, 1000); // wait to be killed
} else if (mode === 'recover') {
  // Recovery started at launch; wait until it passes the approval answered while we were down.
  const suspended = await settleTurn(first, { after: second });
  say(suspended);
  if (suspended.status === 'suspended') {
    await answerApproval(suspended.pending[0]!.approvalId, 'allow-once');
    say(await settleTurn(first, { after: suspended.pending[0]!.approvalId }));
  }
  await DBOS.shutdown();
  await log.end();
  process.exit(0);
}
