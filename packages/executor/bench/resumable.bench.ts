/**
 * Resumable runs (run by `pnpm bench`): a turn of 10 calls whose 5th needs approval,
 *   (a) as one live run, the prompter approving at once;
 *   (b) suspended at the approval, the snapshot through JSON text (as a host stores it),
 *       verified and resumed on a second instance with the in-memory ledger.
 * Reports the ratio (b)/(a): what suspending and resuming costs over waiting in memory.
 * With Postgres as the ledger: packages/postgres/bench/resumable.bench.ts.
 */
import { createExecutor, createResumableExecutor } from '../src/index';
import { calls, KEY, median, tools } from './resumable-turn';

async function live(): Promise<number> {
  const executor = createExecutor({ tools, approvals: { prompt: () => 'allow-once' } });
  const start = performance.now();
  const results = await executor.execute(calls);
  const ms = performance.now() - start;
  if (results.some((result) => result.status !== 'ok')) throw new Error('live run failed');
  return ms;
}

async function suspendResume(): Promise<{ total: number; suspend: number; resume: number; bytes: number }> {
  const first = createResumableExecutor({ tools, signingKey: KEY });
  const second = createResumableExecutor({ tools, signingKey: KEY });
  const start = performance.now();
  const outcome = await first.execute(calls);
  if (outcome.status !== 'suspended') throw new Error('expected a suspension');
  const text = JSON.stringify(outcome.snapshot);
  const middle = performance.now();
  const done = await second.resume(text, { c4: 'allow-once' });
  const end = performance.now();
  if (done.status !== 'completed' || done.results.some((result) => result.status !== 'ok')) {
    throw new Error('resume failed');
  }
  return { total: end - start, suspend: middle - start, resume: end - middle, bytes: text.length };
}

const ROUNDS = Number(process.env.RESUMABLE_BENCH_ROUNDS ?? 200);
const liveMs: number[] = [];
const sr: Awaited<ReturnType<typeof suspendResume>>[] = [];
for (let round = 0; round <= ROUNDS; round += 1) {
  const a = await live();
  const b = await suspendResume();
  if (round > 0) {
    liveMs.push(a);
    sr.push(b);
  }
}
const liveMedian = median(liveMs);
const total = median(sr.map((entry) => entry.total));
console.log(`\nresumable runs: 10 calls, the 5th asks (median of ${ROUNDS} rounds)`);
console.table([
  { variant: 'one live run, approved at once', 'median ms': liveMedian.toFixed(3), ratio: '1.00×' },
  {
    variant: 'suspend + JSON + verify + resume (in-memory ledger)',
    'median ms': total.toFixed(3),
    ratio: `${(total / liveMedian).toFixed(2)}×`,
  },
  {
    variant: '  of which: run to suspension, sign',
    'median ms': median(sr.map((e) => e.suspend)).toFixed(3),
    ratio: '',
  },
  {
    variant: '  of which: verify, claim, resume',
    'median ms': median(sr.map((e) => e.resume)).toFixed(3),
    ratio: '',
  },
]);
console.log(
  `   snapshot: ${sr[0]?.bytes ?? 0} bytes of JSON. A suspension waits one event-loop turn (setImmediate)\n   after the last running call before it stops the run.`,
);
