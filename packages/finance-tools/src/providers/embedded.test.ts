import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FinanceError } from '../errors';
import type { PeriodRequest } from '../provider';
import { supports } from '../provider';
import { createEmbeddedProvider } from './embedded';

const provider = createEmbeddedProvider();

async function failure(promise: Promise<unknown>): Promise<FinanceError> {
  try {
    await promise;
  } catch (error) {
    if (FinanceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a FinanceError');
}

describe('embedded provider: statements', () => {
  it('serves Apple FY2025 revenue as filed, naming itself as the provider', async () => {
    const result = await provider.getIncomeStatements!({
      ticker: 'AAPL',
      period: 'annual',
      fiscalYear: 2025,
    });
    expect(result.provider).toBe('embedded');
    expect(result.warnings).toEqual([]);
    expect(result.data).toHaveLength(1);
    expect(result.data[0]).toMatchObject({ fiscalYear: 2025, fiscalPeriod: 'FY', revenue: 416_161_000_000 });
    expect(result.data[0]?.sources.find((source) => source.field === 'revenue')?.url).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/000032019325000079\//,
    );
  });

  it('returns the last two fiscal years newest first', async () => {
    const { data } = await provider.getIncomeStatements!({ ticker: 'nvda', period: 'annual', limit: 2 });
    expect(data.map((row) => [row.fiscalYear, row.revenue, row.netIncome])).toEqual([
      [2026, 215_938_000_000, 120_067_000_000],
      [2025, 130_497_000_000, 72_880_000_000],
    ]);
  });

  it('serves a derived fiscal Q4 marked as derived', async () => {
    const { data } = await provider.getIncomeStatements!({
      ticker: 'AAPL',
      period: 'quarterly',
      fiscalYear: 2025,
      fiscalQuarter: 4,
    });
    expect(data[0]).toMatchObject({ fiscalPeriod: 'Q4', revenue: 102_466_000_000 });
    expect(data[0]?.derived).toContain('revenue');
  });

  it('computes trailing twelve months from the last four discrete quarters', async () => {
    const quarters = await provider.getIncomeStatements!({ ticker: 'AAPL', period: 'quarterly', limit: 4 });
    const { data } = await provider.getIncomeStatements!({ ticker: 'AAPL', period: 'ttm', limit: 1 });
    const ttm = data[0]!;
    expect(ttm).toMatchObject({
      period: 'ttm',
      fiscalPeriod: 'TTM',
      periodEnd: '2025-12-27',
      periodStart: '2024-12-29',
    });
    expect(ttm.revenue).toBe(quarters.data.reduce((sum, row) => sum + (row.revenue as number), 0));
    expect(ttm.revenue).toBe(143_756_000_000 + 102_466_000_000 + 94_036_000_000 + 95_359_000_000);
    expect(ttm.derived).toContain('revenue');
    expect(ttm.weightedAverageShares).toBeNull();
    const ttmQ1 = await provider.getIncomeStatements!({
      ticker: 'AAPL',
      period: 'ttm',
      fiscalYear: 2025,
      fiscalQuarter: 1,
    });
    expect(ttmQ1.data.map((row) => row.periodEnd)).toEqual(['2024-12-28']);
  });

  it('serves discrete quarterly cash flows and P&G’s June fiscal year', async () => {
    const { data } = await provider.getCashFlowStatements!({
      ticker: 'AAPL',
      period: 'quarterly',
      fiscalYear: 2025,
    });
    expect(data.map((row) => row.operatingCashFlow)).toEqual([
      29_728_000_000, 27_867_000_000, 23_952_000_000, 29_935_000_000,
    ]);
    const pg = await provider.getIncomeStatements!({ ticker: 'PG', period: 'annual', fiscalYear: 2025 });
    expect(pg.data[0]).toMatchObject({ revenue: 84_284_000_000, periodEnd: '2025-06-30' });
  });

  it('serves split-adjusted EPS and balance sheets', async () => {
    const nvda = await provider.getIncomeStatements!({ ticker: 'NVDA', period: 'annual', fiscalYear: 2023 });
    // 1.74 as first filed (2023-02-24), on today's basis after the 10-for-1 split of 2024 (restated 0.17).
    expect(nvda.data[0]?.epsDiluted).toBe(0.174);
    expect(nvda.data[0]?.splitAdjusted?.epsDiluted).toMatchObject({
      factor: 10,
      asFiled: 1.74,
      latestFiled: 0.17,
    });
    const balance = await provider.getBalanceSheets!({ ticker: 'AAPL', period: 'quarterly', limit: 1 });
    expect(balance.data[0]).toMatchObject({ periodEnd: '2025-12-27', totalAssets: 379_297_000_000 });
    const ttmBalance = await provider.getBalanceSheets!({ ticker: 'AAPL', period: 'ttm', limit: 1 });
    expect(ttmBalance.data[0]?.periodEnd).toBe('2025-12-27');
  });

  it('accepts a company name where a ticker is expected', async () => {
    const { data } = await provider.getIncomeStatements!({
      ticker: 'Alphabet',
      period: 'annual',
      fiscalYear: 2025,
    });
    expect(data[0]).toMatchObject({ ticker: 'GOOGL', revenue: 402_836_000_000 });
  });

  it('returns copies: mutating a result does not change the next one', async () => {
    const first = await provider.getIncomeStatements!({ ticker: 'AMD', period: 'annual', limit: 1 });
    first.data[0]!.revenue = 1;
    first.data[0]!.sources.length = 0;
    const second = await provider.getIncomeStatements!({ ticker: 'AMD', period: 'annual', limit: 1 });
    expect(second.data[0]?.revenue).toBe(34_639_000_000);
    expect(second.data[0]?.sources.length).toBeGreaterThan(0);
  });

  it('answers every filter combination with matching rows, newest first, within the limit — or not_found', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('AAPL', 'NVDA', 'GOOGL', 'AMD', 'PG'),
        fc.constantFrom('annual', 'quarterly', 'ttm') as fc.Arbitrary<PeriodRequest['period']>,
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        fc.option(fc.integer({ min: 2020, max: 2027 }), { nil: undefined }),
        fc.option(fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>, { nil: undefined }),
        async (ticker, period, limit, fiscalYear, fiscalQuarter) => {
          const request: PeriodRequest = { ticker, period, limit, fiscalYear, fiscalQuarter };
          try {
            const { data } = await provider.getCashFlowStatements!(request);
            expect(data.length).toBeGreaterThan(0);
            expect(data.length).toBeLessThanOrEqual(limit ?? 4);
            for (const [index, row] of data.entries()) {
              expect(row.period).toBe(period);
              if (fiscalYear !== undefined) expect(row.fiscalYear).toBe(fiscalYear);
              if (fiscalQuarter !== undefined && period === 'quarterly')
                expect(row.fiscalPeriod).toBe(`Q${fiscalQuarter}`);
              if (index > 0) expect(row.periodEnd < (data[index - 1]?.periodEnd ?? '')).toBe(true);
            }
          } catch (error) {
            expect(FinanceError.isInstance(error) && error.code).toBe('not_found');
            // Only legitimately empty requests may fail: years outside the data, or an annual quarter filter.
            expect(
              fiscalYear === undefined ||
                fiscalYear < 2022 ||
                fiscalYear > 2026 ||
                (fiscalQuarter !== undefined && period === 'annual') ||
                fiscalYear === 2026 ||
                (fiscalYear === 2022 && period === 'ttm'),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});

describe('embedded provider: errors', () => {
  it('rejects unknown tickers, empty periods, bad requests and aborted calls with typed errors', async () => {
    const unknown = await failure(provider.getIncomeStatements!({ ticker: 'ZZZQX', period: 'annual' }));
    expect(unknown.code).toBe('unknown_ticker');
    expect(unknown.provider).toBe('embedded');
    const missing = await failure(
      provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual', fiscalYear: 2030 }),
    );
    expect(missing.code).toBe('not_found');
    expect(missing.message).toMatch(/2022–2025/);
    expect((await failure(provider.getIncomeStatements!({ ticker: 'MSFT', period: 'annual' }))).code).toBe(
      'not_found',
    );
    expect(
      (await failure(provider.getIncomeStatements!({ ticker: 'AAPL', period: 'weekly' as 'annual' }))).code,
    ).toBe('invalid_request');
    expect(
      (await failure(provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual', limit: 0 }))).code,
    ).toBe('invalid_request');
    const controller = new AbortController();
    controller.abort();
    expect(
      (
        await failure(
          provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual', signal: controller.signal }),
        )
      ).code,
    ).toBe('aborted');
  });

  it('does not offer segments or filing documents', () => {
    expect(supports(provider, 'getSegmentedRevenues')).toBe(false);
    expect(supports(provider, 'getFilingDocument')).toBe(false);
    expect(supports(provider, 'getIncomeStatements')).toBe(true);
  });
});

describe('embedded provider: names, filings, metrics, earnings', () => {
  it('resolves tickers, names and aliases', async () => {
    const cases: [string, string | undefined][] = [
      ['AAPL', 'AAPL'],
      ['Apple', 'AAPL'],
      ['Apple Inc.', 'AAPL'],
      ['apple inc', 'AAPL'],
      ['NVIDIA', 'NVDA'],
      ['Nvidia Corporation', 'NVDA'],
      ['Google', 'GOOGL'],
      ['Alphabet', 'GOOGL'],
      ['Alphabet Inc.', 'GOOGL'],
      ['GOOG', 'GOOGL'],
      ['AMD', 'AMD'],
      ['Advanced Micro Devices', 'AMD'],
      ['P&G', 'PG'],
      ['Procter & Gamble', 'PG'],
      ['Procter and Gamble', 'PG'],
      ['Microsoft', 'MSFT'],
      ['Amazon', 'AMZN'],
      ['$aapl', 'AAPL'],
      ['Tesla', 'TSLA'], // from the SEC ticker list (no statements offline)
      ['Zzzqx Widgets', undefined],
      ['', undefined],
    ];
    for (const [query, ticker] of cases) {
      expect((await provider.resolveTicker!({ query }))?.ticker, query).toBe(ticker);
    }
    expect(await provider.resolveTicker!({ query: 'Apple' })).toEqual({
      ticker: 'AAPL',
      name: 'Apple Inc.',
      cik: '0000320193',
    });
  });

  it('lists filings with document URLs, filtered by form and date', async () => {
    const { data } = await provider.getFilings!({ ticker: 'MSFT', forms: ['10-K'], limit: 2 });
    expect(data).toHaveLength(2);
    expect(data.every((filing) => filing.form === '10-K' && filing.cik === '0000789019')).toBe(true);
    expect(data[0]!.filed > data[1]!.filed).toBe(true);
    expect(data[0]!.url).toMatch(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/789019\/\d{18}\/.+\.htm$/);
    const apple = await provider.getFilings!({
      ticker: 'AAPL',
      filedFrom: '2025-10-01',
      filedTo: '2025-10-31',
      limit: 10,
    });
    expect(apple.data.map((filing) => filing.accession)).toContain('0000320193-25-000079');
    expect(apple.data.every((filing) => filing.filed >= '2025-10-01' && filing.filed <= '2025-10-31')).toBe(
      true,
    );
  });

  it('computes key metrics from the statements and cites them', async () => {
    const { data } = await provider.getKeyMetricsHistory!({
      ticker: 'AAPL',
      period: 'annual',
      fiscalYear: 2025,
    });
    const metrics = data[0]!;
    const income = (
      await provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual', fiscalYear: 2025 })
    ).data[0]!;
    expect(metrics.grossMargin).toBe((income.grossProfit as number) / 416_161_000_000);
    expect(metrics.revenueGrowth).toBe(416_161_000_000 / 391_035_000_000 - 1);
    expect(metrics.marketCap).toBeNull();
    expect(metrics.derived).toContain('revenueGrowth');
    expect(
      metrics.sources.filter((source) => source.field === 'revenueGrowth').map((source) => source.accession),
    ).toEqual(['0000320193-25-000079', '0000320193-24-000123']);
    const snapshot = await provider.getKeyMetrics!({ ticker: 'AAPL' });
    expect(snapshot.data).toMatchObject({ period: 'ttm', periodEnd: '2025-12-27' });
    expect(snapshot.data.revenueGrowth).not.toBeNull();
  });

  it('reports earnings per quarter with the filing date', async () => {
    const { data } = await provider.getEarnings!({
      ticker: 'AAPL',
      period: 'quarterly',
      fiscalYear: 2025,
      fiscalQuarter: 4,
    });
    expect(data[0]).toMatchObject({
      revenueActual: 102_466_000_000,
      reportDate: '2025-10-31',
      epsEstimate: null,
    });
  });
});
