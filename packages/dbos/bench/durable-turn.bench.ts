/**
 * `@dexter/dbos` bench (run by `pnpm bench`): what durability costs per tool call. The same
 * turn of 10 no-op parallel-safe calls through a plain `executor.execute` and as a durable
 * turn (workflow start, 10 checkpointed steps, result), against a local PostgreSQL. Skips
 * with a notice when no server is reachable or startable.
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { createExecutor } from '@dexter/executor';
import { defineTool } from '@dexter/registry';
import pg from 'pg';
import { z } from 'zod';
import { benchDatabase } from '../../postgres/bench/bench-database';
import { registerDurableTurns } from '../src/index';

const CALLS = 10;
const TURNS = Number(process.env.BENCH_TURNS ?? 20);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const noop = defineTool({
  name: 'noop',
  description: 'Does nothing.',
  compactDescription: 'Does nothing',
  inputSchema: z.object({ i: z.number() }),
  concurrencySafe: true,
  approval: 'allow',
  execute: async ({ i }) => ({ i }),
});
const calls = Array.from({ length: CALLS }, (_, i) => ({ id: `c${i}`, name: 'noop', input: { i } }));

const server = await benchDatabase('dbos durable-turn bench');
if (server !== undefined) {
  const database = `dbos_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const url = new URL(server.url);
  url.pathname = `/${database}`;
  try {
    DBOS.setConfig({ name: 'dexter-bench', systemDatabaseUrl: url.toString(), logLevel: 'error' });
    const turns = registerDurableTurns({ tools: [noop] });
    await DBOS.launch();
    const executor = createExecutor({ tools: [noop] });
    const plain: number[] = [];
    const durable: number[] = [];
    for (let round = 0; round < TURNS + 3; round += 1) {
      let started = performance.now();
      await executor.execute(calls);
      const plainMs = performance.now() - started;
      started = performance.now();
      const turnId = await turns.start(calls);
      await turns.result(turnId);
      const durableMs = performance.now() - started;
      if (round >= 3) {
        plain.push(plainMs);
        durable.push(durableMs);
      }
    }
    await DBOS.shutdown();
    const perCall = (ms: number) => `${((ms / CALLS) * 1000).toFixed(0).padStart(8)} µs`;
    console.log(`median of ${TURNS} turns of ${CALLS} no-op calls, PostgreSQL on 127.0.0.1`);
    console.log('                          per turn      per call');
    console.log(
      `plain executor.execute  ${median(plain).toFixed(2).padStart(8)} ms  ${perCall(median(plain))}`,
    );
    console.log(
      `durable turn (DBOS)     ${median(durable).toFixed(2).padStart(8)} ms  ${perCall(median(durable))}`,
    );
    console.log(`ratio durable / plain   ${(median(durable) / median(plain)).toFixed(0)}x`);
    console.log(
      `DBOS overhead per call  ${(((median(durable) - median(plain)) / CALLS) * 1000).toFixed(0)} µs (start, steps, result)`,
    );
  } finally {
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => {});
    await admin.end();
    server.stop();
  }
}
