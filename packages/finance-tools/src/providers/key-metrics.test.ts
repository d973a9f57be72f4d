import { describe, expect, it } from 'vitest';
import { createEmbeddedProvider } from './embedded';

const provider = createEmbeddedProvider();

describe('key metrics computed from statements', () => {
  it('compares a TTM row with the TTM that ended a year earlier', async () => {
    const ttm = (await provider.getIncomeStatements!({ ticker: 'AAPL', period: 'ttm', limit: 8 })).data;
    const [latest] = (await provider.getKeyMetricsHistory!({ ticker: 'AAPL', period: 'ttm', limit: 1 })).data;
    const yearEarlier = ttm.find((row) => row.periodEnd === '2024-12-28');
    expect(latest?.periodEnd).toBe('2025-12-27');
    expect(latest?.revenueGrowth).toBe((ttm[0]?.revenue as number) / (yearEarlier?.revenue as number) - 1);
  });

  it('compares a quarter with the same quarter a year earlier and leaves returns to yearly rows', async () => {
    const [q1] = (await provider.getKeyMetricsHistory!({ ticker: 'AAPL', period: 'quarterly', limit: 1 }))
      .data;
    expect(q1?.revenueGrowth).toBe(143_756_000_000 / 124_300_000_000 - 1);
    expect(q1?.returnOnEquity).toBeNull();
    expect(q1?.currentRatio).not.toBeNull();
  });

  it('computes ratios as fractions with their inputs cited, and no market figures', async () => {
    const [fy] = (
      await provider.getKeyMetricsHistory!({ ticker: 'NVDA', period: 'annual', fiscalYear: 2026 })
    ).data;
    const income = (
      await provider.getIncomeStatements!({ ticker: 'NVDA', period: 'annual', fiscalYear: 2026 })
    ).data[0];
    const balance = (await provider.getBalanceSheets!({ ticker: 'NVDA', period: 'annual', fiscalYear: 2026 }))
      .data[0];
    expect(fy?.netMargin).toBe(120_067_000_000 / 215_938_000_000);
    expect(fy?.returnOnEquity).toBe((income?.netIncome as number) / (balance?.shareholdersEquity as number));
    expect(fy?.priceToEarnings).toBeNull();
    for (const metric of fy?.derived ?? []) {
      expect(
        fy?.sources.some((source) => source.field === metric),
        metric,
      ).toBe(true);
    }
  });
});
