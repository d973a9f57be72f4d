/**
 * Suspend + resume of a 10-call turn (the 5th call asks) with the resume ledger in
 * PostgreSQL, next to the same with the in-memory ledger and one live run approved at once.
 * The turn is suspended by one executor and resumed by another with its own pool (two
 * instances of a web app); the snapshot travels as JSON text. Skips with a notice when no
 * PostgreSQL server is reachable or startable.
 */
import {
  createExecutor,
  createMemorySessionStore,
  createResumableExecutor,
  type SessionStore,
} from '@dexter/executor';
import { calls, KEY, median, tools } from '../../executor/bench/resumable-turn';
import { createPostgresSessionStore } from '../src/index';
import { benchDatabase } from './bench-database';

const ROUNDS = Number(process.env.RESUMABLE_BENCH_ROUNDS ?? 150);

const live = createExecutor({ tools, approvals: { prompt: () => 'allow-once' } });
async function liveRun(): Promise<number> {
  const start = performance.now();
  const results = await live.execute(calls);
  if (results.some((result) => result.status !== 'ok')) throw new Error('live run failed');
  return performance.now() - start;
}

async function suspendResume(first: SessionStore, second: SessionStore): Promise<number> {
  const suspending = createResumableExecutor({ tools, signingKey: KEY, store: first });
  const resuming = createResumableExecutor({ tools, signingKey: KEY, store: second });
  const start = performance.now();
  const outcome = await suspending.execute(calls);
  if (outcome.status !== 'suspended') throw new Error('expected a suspension');
  const done = await resuming.resume(JSON.stringify(outcome.snapshot), { c4: 'allow-once' });
  const elapsed = performance.now() - start;
  if (done.status !== 'completed' || done.results.some((result) => result.status !== 'ok')) {
    throw new Error('resume failed');
  }
  return elapsed;
}

const database = await benchDatabase('postgres resumable bench');
if (database !== undefined) {
  const schema = `bench_resume_${Date.now().toString(36)}`;
  const a = createPostgresSessionStore({ connectionString: database.url, schema });
  const b = createPostgresSessionStore({ connectionString: database.url, schema });
  const memory = createMemorySessionStore();
  try {
    await Promise.all([a.migrate(), b.migrate()]);
    const timings = { live: [] as number[], memory: [] as number[], postgres: [] as number[] };
    // Interleaved, so a noisy moment on the shared machine hits all three alike; round 0 warms up.
    for (let round = 0; round <= ROUNDS; round += 1) {
      const l = await liveRun();
      const m = await suspendResume(memory, memory);
      const p = await suspendResume(a, b);
      if (round === 0) continue;
      timings.live.push(l);
      timings.memory.push(m);
      timings.postgres.push(p);
    }
    const base = median(timings.live);
    const row = (label: string, values: number[]) =>
      console.log(
        `${label.padEnd(58)} ${median(values).toFixed(3).padStart(8)} ms ${(median(values) / base).toFixed(2).padStart(7)}×`,
      );
    console.log(`10 calls, the 5th asks; median of ${ROUNDS} interleaved rounds, PostgreSQL on 127.0.0.1`);
    console.log(`${'turn'.padEnd(58)} ${'median'.padStart(11)} ${'vs live'.padStart(8)}`);
    row('one live run, approved at once', timings.live);
    row('suspend + JSON + resume elsewhere, in-memory ledger', timings.memory);
    row('suspend + JSON + resume elsewhere, Postgres ledger (2 pools)', timings.postgres);
  } finally {
    await Promise.all([a.close(), b.close()]);
    database.stop();
  }
}
