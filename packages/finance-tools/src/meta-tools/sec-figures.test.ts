/**
 * Figures the tools return, checked against the values filed with the SEC (the shared
 * companyfacts files, read raw), never against our own output: TTM windows, split-adjusted
 * per-share series, the period get_market_data answers for, partial multi-year answers,
 * computed metrics and derivable line items.
 */
import { invokeTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { filed } from '../../test/sec-facts';
import { hasSharedSecData } from '../../test/shared-data';
import { createEmbeddedProvider } from '../providers/embedded';
import { fixedClock } from '../router/clock';
import { createGetFinancialsTool } from './get-financials';
import { createGetMarketDataTool } from './get-market-data';

const provider = createEmbeddedProvider();
const context = () => ({
  signal: new AbortController().signal,
  toolCallId: 'call_1',
  progress: () => undefined,
});

export async function ask(query: string, date = '2026-04-30') {
  const tool = createGetFinancialsTool({ provider, clock: fixedClock(date), cache: false });
  return invokeTool(tool, { query }, context());
}

export async function askMarket(query: string, date = '2026-04-30') {
  const tool = createGetMarketDataTool({ provider, clock: fixedClock(date), cache: false });
  return invokeTool(tool, { query }, context());
}

type Row = Record<string, unknown>;
const rowsOf = (result: { data: Record<string, unknown[]> }, key: string) =>
  (result.data[key] ?? []) as Row[];

describe.skipIf(!hasSharedSecData)('TTM windows (against the SEC files)', () => {
  it('a TTM window equal to a fiscal year is the filed annual figure, and says so', async () => {
    const result = await ask('Alphabet revenue and EPS TTM');
    const [row] = rowsOf(result, 'GOOGL.income_statements.ttm');
    const annual = filed('GOOGL', 'Revenues', '2025-01-01', '2025-12-31');
    expect(annual).toBe(402_836_000_000);
    expect(row?.periodEnd).toBe('2025-12-31');
    expect(row?.revenue).toBe(annual);
    expect(row?.ttmMethod).toBe('filed fiscal year');
    // EPS for the window is the filed annual EPS.
    expect(row?.epsDiluted).toBe(
      filed('GOOGL', 'EarningsPerShareDiluted', '2025-01-01', '2025-12-31', { unit: 'USD/shares' }),
    );
    expect(result.answer).toContain('TTM to 2025-12-31 (= FY2025 as filed)');
  });

  it('a window that is not a fiscal year sums four quarters and says so', async () => {
    const result = await ask('Apple revenue TTM');
    const [row] = rowsOf(result, 'AAPL.income_statements.ttm');
    const concept = 'RevenueFromContractWithCustomerExcludingAssessedTax';
    const expected =
      filed('AAPL', concept, '2024-09-29', '2025-09-27') +
      filed('AAPL', concept, '2025-09-28', '2025-12-27') -
      filed('AAPL', concept, '2024-09-29', '2024-12-28');
    expect(row?.periodEnd).toBe('2025-12-27');
    expect(row?.revenue).toBe(expected);
    expect(row?.ttmMethod).toBe('sum of four quarters');
    expect(result.answer).toContain('TTM to 2025-12-27 (sum of 4 quarters)');
  });
});

describe.skipIf(!hasSharedSecData)('get_market_data keeps the requested period', () => {
  it('"Apple gross margin fiscal 2025" answers FY2025 (46.91 %), not the latest TTM', async () => {
    const result = await askMarket('Apple gross margin fiscal 2025');
    const [row] = rowsOf(result, 'AAPL.key_metrics.annual');
    const gross = filed('AAPL', 'GrossProfit', '2024-09-29', '2025-09-27');
    const revenue = filed(
      'AAPL',
      'RevenueFromContractWithCustomerExcludingAssessedTax',
      '2024-09-29',
      '2025-09-27',
    );
    expect(row?.fiscalYear).toBe(2025);
    expect(row?.periodEnd).toBe('2025-09-27');
    expect(row?.grossMargin).toBe(gross / revenue);
    expect((100 * gross) / revenue).toBeCloseTo(46.91, 2);
    expect(result.answer).toContain('46.91%');
    expect(result.data['AAPL.key_metrics.latest']).toBeUndefined();
  });

  it('with no period in the query it is still the latest snapshot', async () => {
    const result = await askMarket('Apple gross margin');
    expect(result.data['AAPL.key_metrics.latest']).toHaveLength(1);
  });
});

describe.skipIf(!hasSharedSecData)('partial answers', () => {
  it('"Alphabet revenue 2020–2025" returns FY2022–FY2025 as filed and a note for each missing year', async () => {
    const result = await ask('Alphabet revenue 2020–2025');
    const rows = rowsOf(result, 'GOOGL.income_statements.annual');
    expect(rows.map((row) => row.fiscalYear)).toEqual([2025, 2024, 2023, 2022]);
    for (const row of rows) {
      const year = Number(row.fiscalYear);
      const start = `${year}-01-01`;
      const end = `${year}-12-31`;
      const concept = year >= 2025 ? 'Revenues' : 'RevenueFromContractWithCustomerExcludingAssessedTax';
      expect(row.revenue).toBe(filed('GOOGL', concept, start, end, { latest: true }));
    }
    expect(result.failures).toEqual([]);
    expect(result.warnings.filter((note) => /no data for FY2020\b/.test(note))).toHaveLength(1);
    expect(result.warnings.filter((note) => /no data for FY2021\b/.test(note))).toHaveLength(1);
    expect(result.answer).toContain('no data for FY2020');
  });

  it('"since 2022" returns what exists and notes the year not in the data', async () => {
    const result = await ask('Alphabet revenue since 2022');
    const rows = rowsOf(result, 'GOOGL.income_statements.annual');
    expect(rows.map((row) => row.fiscalYear)).toEqual([2025, 2024, 2023, 2022]);
    expect(result.warnings.some((note) => /no data for FY2026\b/.test(note))).toBe(true);
  });

  it('a single year that is missing still fails with not_found', async () => {
    await expect(ask('Alphabet revenue FY2019')).rejects.toMatchObject({ code: 'not_found' });
  });
});
