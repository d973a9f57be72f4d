import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedProvider } from '../providers/embedded';
import { fixedClock } from '../router/clock';
import { createFakeProvider, incomeStatement } from '../testing';
import { answerFinancialQuery } from './get-financials';
import { resolveMetaToolOptions } from './meta-tool-options';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeEach(() => {
  warnings.length = 0;
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

/** Lets queued 'warning' events (emitted on process.nextTick) arrive. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('abort listeners on the caller signal', () => {
  it('a query with more than 10 provider requests on one signal prints no MaxListenersExceededWarning', async () => {
    const tickers = ['AAA', 'BBB', 'CCC', 'DDD'];
    const provider = createFakeProvider({
      latencyMs: 5,
      data: {
        incomeStatements: tickers.flatMap((ticker) =>
          [2021, 2022, 2023, 2024, 2025].map((fiscalYear) =>
            incomeStatement({ ticker, fiscalYear, periodEnd: `${fiscalYear}-12-31`, revenue: fiscalYear }),
          ),
        ),
      },
    });
    const resolved = resolveMetaToolOptions(
      { provider, clock: fixedClock('2026-04-30'), cache: false, maxConcurrency: 20 },
      'test',
    );
    const controller = new AbortController();
    const result = await answerFinancialQuery(`${tickers.join(' ')} revenue 2021 to 2025`, resolved, {
      signal: controller.signal,
    });
    await flush();
    expect(provider.maxInFlight()).toBeGreaterThan(10);
    expect(result.stats.requests).toBe(20);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('sequential queries on one long-lived signal leave no listeners behind', async () => {
    const resolved = resolveMetaToolOptions(
      { provider: createEmbeddedProvider(), clock: fixedClock('2026-04-30'), cache: false },
      'test',
    );
    const controller = new AbortController();
    for (let round = 0; round < 15; round++) {
      await answerFinancialQuery('AAPL NVDA GOOGL revenue FY2024', resolved, { signal: controller.signal });
    }
    await flush();
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
