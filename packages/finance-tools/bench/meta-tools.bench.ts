/**
 * get_financials: parallel sub-calls and the result cache.
 *
 * 1. A query touching 3 companies × 3 statements (9 provider requests) against a provider
 *    that takes 50 ms per request: the meta-tool (default cap 10) versus the same plan run
 *    one request at a time (cap 1, what a naive loop does). Reported as multiples of one
 *    request's latency.
 * 2. The same query repeated with a warm cache (answered from the answer cache), and
 *    reworded queries needing the same provider requests (request cache; routing, merging
 *    and markdown still run), versus a cold call.
 *
 * Run: pnpm bench meta-tools
 */
import { invokeTool } from '@dexter/registry';
import { createGetFinancialsTool, createResultCache } from '../src/index';
import {
  balanceSheet,
  cashFlowStatement,
  createFakeProvider,
  fixedClock,
  incomeStatement,
} from '../src/testing';

const LATENCY_MS = 50;
const QUERY = 'Apple, Nvidia and AMD revenue, total assets and free cash flow in FY2025';
const tickers = ['AAPL', 'NVDA', 'AMD'];
const data = {
  incomeStatements: tickers.map((ticker) => incomeStatement({ ticker, fiscalYear: 2025, revenue: 1_000 })),
  balanceSheets: tickers.map((ticker) => balanceSheet({ ticker, fiscalYear: 2025, totalAssets: 2_000 })),
  cashFlowStatements: tickers.map((ticker) =>
    cashFlowStatement({ ticker, fiscalYear: 2025, freeCashFlow: 3_000 }),
  ),
};
const clock = fixedClock('2026-11-30');
const context = () => ({
  signal: new AbortController().signal,
  toolCallId: 'bench',
  progress: () => undefined,
});

/** CPU time (user + system) since `since`, in µs: steadier than wall time on a shared box. */
function cpuMicros(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeQuery(
  maxConcurrency: number | undefined,
): Promise<{ ms: number; requests: number; peak: number }> {
  const provider = createFakeProvider({ data, latencyMs: LATENCY_MS });
  const tool = createGetFinancialsTool({
    provider,
    clock,
    cache: false,
    ...(maxConcurrency ? { maxConcurrency } : {}),
  });
  const started = performance.now();
  const result = await invokeTool(tool, { query: QUERY }, context());
  const ms = performance.now() - started;
  if (Object.keys(result.data).length !== 9)
    throw new Error(`expected 9 keys, got ${Object.keys(result.data).length}`);
  return { ms, requests: provider.requests.length, peak: provider.maxInFlight() };
}

const RUNS = 7;
const parallel: number[] = [];
const serial: number[] = [];
let requests = 0;
let peak = 0;
for (let run = 0; run < RUNS; run += 1) {
  const fast = await timeQuery(undefined);
  parallel.push(fast.ms);
  requests = fast.requests;
  peak = fast.peak;
  serial.push((await timeQuery(1)).ms);
}
const parallelMs = median(parallel);
const serialMs = median(serial);

// Cache: one cold answer, then many warm ones.
const provider = createFakeProvider({ data, latencyMs: LATENCY_MS });
const cache = createResultCache();
const tool = createGetFinancialsTool({ provider, clock, cache });
let started = performance.now();
await invokeTool(tool, { query: QUERY }, context());
const coldMs = performance.now() - started;
const WARM = 3_000;
for (let index = 0; index < 200; index += 1) await invokeTool(tool, { query: QUERY }, context());
started = performance.now();
let cpu = process.cpuUsage();
for (let index = 0; index < WARM; index += 1) await invokeTool(tool, { query: QUERY }, context());
const warmMs = (performance.now() - started) / WARM;
const warmCpuUs = cpuMicros(cpu) / WARM;
// Request-level cache only: a differently worded query each time (so the answer cache
// misses) that needs the same 9 provider requests — routing, merging and markdown still run.
started = performance.now();
cpu = process.cpuUsage();
const REWORDED = 1_000;
for (let index = 0; index < REWORDED; index += 1) {
  await invokeTool(tool, { query: `${QUERY} (request ${index})` }, context());
}
const rewordedMs = (performance.now() - started) / REWORDED;
const rewordedCpuUs = cpuMicros(cpu) / REWORDED;
if (provider.requests.length !== 9) throw new Error(`cache missed: ${provider.requests.length} requests`);

console.log(
  `query: "${QUERY}" → ${requests} provider requests of ${LATENCY_MS} ms each (median of ${RUNS} runs)\n`,
);
console.table([
  {
    case: 'get_financials (parallel, default cap 10)',
    'time (ms)': parallelMs.toFixed(1),
    'x one request': (parallelMs / LATENCY_MS).toFixed(2),
    'peak in flight': peak,
  },
  {
    case: 'same plan, one request at a time',
    'time (ms)': serialMs.toFixed(1),
    'x one request': (serialMs / LATENCY_MS).toFixed(2),
    'peak in flight': 1,
  },
]);
console.log(
  `parallel vs serial: ${(serialMs / parallelMs).toFixed(1)}x faster (serial sum = ${requests} × ${LATENCY_MS} ms)\n`,
);
console.table([
  { case: 'cold (9 requests)', 'wall per answer': `${coldMs.toFixed(1)} ms`, 'CPU per answer': '—' },
  {
    case: `same query again (answer cache, mean of ${WARM})`,
    'wall per answer': `${(warmMs * 1000).toFixed(1)} µs`,
    'CPU per answer': `${warmCpuUs.toFixed(1)} µs`,
  },
  {
    case: `reworded query (request cache, mean of ${REWORDED})`,
    'wall per answer': `${(rewordedMs * 1000).toFixed(1)} µs`,
    'CPU per answer': `${rewordedCpuUs.toFixed(1)} µs`,
  },
]);
console.log(
  `cache: repeated query ${(coldMs / warmMs).toFixed(0)}x faster than cold; ${warmMs < 1 ? 'well under' : 'NOT under'} 1 ms`,
);
