/**
 * One process of the effect-ledger crash test, run with node --conditions=@dexter/source --import tsx:
 *   start   URL TURN   launch, start a turn of two `charge` calls; the second call's body commits
 *                      its effect, prints {"effect": key} and hangs before its step checkpoints
 *   drain   URL TURN   launch, start a turn whose first call takes 1.5 s; print {"started": key} when
 *                      it begins; on SIGTERM drain (shutdownDbos), print {"drained": ...}, exit 0
 *   recover URL TURN   launch (which recovers the turn), print the results and the keys seen
 * `charge` counts every run of its body in `attempts` (autocommit, at least once) and writes
 * its effect to `charges` through the ledger with its idempotency key (exactly once).
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { defineTool } from '@dexter/registry';
import pg from 'pg';
import { z } from 'zod';
import { createEffectLedger, launchDbos, registerDurableTurns, shutdownDbos } from '../src/index';

const [mode, url, turnId] = process.argv.slice(2) as [string, string, string];
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const pool = new pg.Pool({ connectionString: url, max: 3 });
pool.on('error', () => {});
await pool.query(`create table if not exists attempts (key text not null, tool_call_id text not null);
  create table if not exists charges (key text not null, tool_call_id text not null, amount int not null)`);
const ledger = createEffectLedger({ pool });
const keys: Record<string, string> = {};

const charge = defineTool({
  name: 'charge',
  description: 'Charges an amount.',
  compactDescription: 'Charge',
  inputSchema: z.object({ amount: z.number().int(), slowMs: z.number().optional() }),
  approval: 'allow',
  async execute({ amount, slowMs }, { toolCallId, idempotencyKey }) {
    const key = idempotencyKey ?? 'none';
    keys[toolCallId] = key;
    await pool.query('insert into attempts (key, tool_call_id) values ($1, $2)', [key, toolCallId]);
    if (slowMs !== undefined) {
      if (mode === 'drain') say({ started: key });
      await new Promise((resolve) => setTimeout(resolve, slowMs));
    }
    const value = await ledger.once(key, async (client) => {
      await client.query('insert into charges (key, tool_call_id, amount) values ($1, $2, $3)', [
        key,
        toolCallId,
        amount,
      ]);
      return { charged: amount };
    });
    if (mode === 'start' && toolCallId === 'c2') {
      say({ effect: key });
      await new Promise(() => {}); // killed here: the effect committed, the step's checkpoint not
    }
    return value;
  },
});

const turns = registerDurableTurns({ tools: [charge], name: 'dexter.effect-test' });
await launchDbos({ name: 'dexter-effect-test', databaseUrl: url, logLevel: 'error' });

if (mode === 'start') {
  await turns.start(
    [
      { id: 'c1', name: 'charge', input: { amount: 5 } },
      { id: 'c2', name: 'charge', input: { amount: 7 } },
    ],
    { turnId },
  );
  setInterval(() => {}, 1000); // wait to be killed
} else if (mode === 'drain') {
  process.once('SIGTERM', () => {
    void shutdownDbos({ drainTimeoutMs: 10_000 }).then(async () => {
      say({ drained: true });
      await pool.end();
      process.exit(0);
    });
  });
  await turns.start(
    [
      { id: 'c1', name: 'charge', input: { amount: 5, slowMs: 1500 } },
      { id: 'c2', name: 'charge', input: { amount: 7 } },
    ],
    { turnId },
  );
  setInterval(() => {}, 1000); // wait for SIGTERM
} else {
  const results = await DBOS.retrieveWorkflow(turnId).getResult();
  say({ results, keys });
  await shutdownDbos();
  await pool.end();
  process.exit(0);
}
