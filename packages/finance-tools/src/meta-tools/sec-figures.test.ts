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

describe.skipIf(!hasSharedSecData)('stock splits: one share basis per series', () => {
  it('NVDA EPS growth FY2023 is computed on one basis: −54.8 %, the ratio of the values as first filed', async () => {
    const fy2023 = filed('NVDA', 'EarningsPerShareDiluted', '2022-01-31', '2023-01-29', {
      unit: 'USD/shares',
    });
    const fy2022 = filed('NVDA', 'EarningsPerShareDiluted', '2021-02-01', '2022-01-30', {
      unit: 'USD/shares',
    });
    expect([fy2023, fy2022]).toEqual([1.74, 3.85]); // both filed before the 2024 10-for-1 split
    const result = await askMarket('NVDA EPS growth FY2023');
    const [row] = rowsOf(result, 'NVDA.key_metrics.annual');
    expect(row?.epsGrowth).toBeCloseTo(fy2023 / fy2022 - 1, 12);
    expect(result.answer).toContain('-54.81%');
  });

  it('the split ratio used is the one the filings imply (restated share counts)', async () => {
    const first = filed(
      'NVDA',
      'WeightedAverageNumberOfDilutedSharesOutstanding',
      '2022-01-31',
      '2023-01-29',
      {
        unit: 'shares',
      },
    );
    const restated = filed(
      'NVDA',
      'WeightedAverageNumberOfDilutedSharesOutstanding',
      '2022-01-31',
      '2023-01-29',
      {
        unit: 'shares',
        latest: true,
      },
    );
    const result = await ask('NVDA EPS and diluted shares FY2023');
    const [row] = rowsOf(result, 'NVDA.income_statements.annual');
    const adjustment = (row?.splitAdjusted as Record<string, { factor: number; asFiled: number }> | undefined)
      ?.epsDiluted;
    expect(adjustment?.factor).toBe(restated / first);
    expect(adjustment?.asFiled).toBe(1.74);
    expect(row?.epsDiluted).toBeCloseTo(1.74 / (restated / first), 12);
    expect(row?.weightedAverageSharesDiluted).toBe(restated);
    expect(result.answer).toContain('0.174†');
  });

  it('property: EPS × diluted shares ≈ net income on every row of every company (one basis per row and series)', async () => {
    let checked = 0;
    for (const ticker of ['AAPL', 'NVDA', 'GOOGL', 'AMD', 'PG']) {
      for (const period of ['annual', 'quarterly'] as const) {
        const response = await provider.getIncomeStatements!({ ticker, period, limit: 40 });
        for (const row of response.data) {
          const { epsDiluted, weightedAverageSharesDiluted, netIncome } = row;
          if (epsDiluted === null || weightedAverageSharesDiluted === null || !netIncome) continue;
          if (Math.abs(netIncome) < 1e9) continue;
          checked += 1;
          expect(
            Math.abs(epsDiluted * weightedAverageSharesDiluted - netIncome) / Math.abs(netIncome),
          ).toBeLessThan(0.03);
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('NVDA quarterly EPS and dividends per share read on one basis across the 2024 split', async () => {
    const response = await provider.getIncomeStatements!({ ticker: 'NVDA', period: 'quarterly', limit: 40 });
    const byEnd = new Map(response.data.map((row) => [row.periodEnd, row]));
    // Q1 FY2025 (to 2024-04-28) was filed before the split; Q2 after.
    const q1 = filed('NVDA', 'EarningsPerShareDiluted', '2024-01-29', '2024-04-28', { unit: 'USD/shares' });
    const q2 = filed('NVDA', 'EarningsPerShareDiluted', '2024-04-29', '2024-07-28', { unit: 'USD/shares' });
    expect(byEnd.get('2024-04-28')?.epsDiluted).toBeCloseTo(q1 / 10, 12);
    expect(byEnd.get('2024-07-28')?.epsDiluted).toBe(q2);
    const dividends = response.data
      .filter((row) => row.periodEnd >= '2022-05-01' && row.dividendsPerShare !== null)
      .map((row) => row.dividendsPerShare as number);
    expect(dividends.length).toBeGreaterThan(8);
    // $0.04 a quarter before the split is $0.004 after it; then $0.01.
    for (const value of dividends) expect([0.004, 0.01]).toContain(value);
  });
});

describe.skipIf(!hasSharedSecData)('derivable items and missing figures', () => {
  it('AMD total liabilities = liabilities and equity − equity (Liabilities is not filed)', async () => {
    const result = await ask('AMD total liabilities FY2025');
    const [row] = rowsOf(result, 'AMD.balance_sheets.annual');
    expect(() => filed('AMD', 'Liabilities', undefined, '2025-12-27')).toThrow();
    const expected =
      filed('AMD', 'LiabilitiesAndStockholdersEquity', undefined, '2025-12-27') -
      filed('AMD', 'StockholdersEquity', undefined, '2025-12-27');
    expect(row?.totalLiabilities).toBe(expected);
    expect(row?.derived).toContain('totalLiabilities');
    expect(result.answer).toContain("total liabilities and equity − shareholders' equity");
  });

  it('P&G cash comes from the cash-and-restricted-cash concept, and the answer says so', async () => {
    const result = await ask('PG cash FY2025');
    const [row] = rowsOf(result, 'PG.balance_sheets.annual');
    expect(() => filed('PG', 'CashAndCashEquivalentsAtCarryingValue', undefined, '2025-06-30')).toThrow();
    expect(row?.cashAndEquivalents).toBe(
      filed('PG', 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents', undefined, '2025-06-30'),
    );
    expect(result.answer).toMatch(/restricted cash is included/);
  });

  it('every — in an answer comes with a reason', async () => {
    for (const query of [
      'Apple revenue and EPS TTM',
      'PG cash and total liabilities FY2025',
      'AAPL EPS Q4 2025',
    ]) {
      const result = await ask(query);
      const dashes = result.answer.split('\n').filter((line) => line.startsWith('|') && / — \|/.test(line));
      expect(dashes.length, query).toBeGreaterThan(0);
      expect(result.answer, query).toMatch(/^- — .+: .+\(.+\)\.$/m);
    }
  });
});

describe.skipIf(!hasSharedSecData)(
  'computed metrics in get_financials (recomputed from the SEC files)',
  () => {
    type Figure = {
      ticker: string;
      metric: string;
      value: number | null;
      formula: string;
      inputs: unknown[];
    };
    const figures = (result: { computed?: { figures: Figure[] } }) => result.computed?.figures ?? [];
    const AAPL_FY25 = ['2024-09-29', '2025-09-27'] as const;
    const AAPL_REVENUE = 'RevenueFromContractWithCustomerExcludingAssessedTax';

    it('margins: gross, operating and net, each with its formula and filed inputs', async () => {
      const result = await ask('Apple margins FY2025');
      const revenue = filed('AAPL', AAPL_REVENUE, ...AAPL_FY25);
      const expected: Record<string, number> = {
        grossMargin: filed('AAPL', 'GrossProfit', ...AAPL_FY25) / revenue,
        operatingMargin: filed('AAPL', 'OperatingIncomeLoss', ...AAPL_FY25) / revenue,
        netMargin: filed('AAPL', 'NetIncomeLoss', ...AAPL_FY25) / revenue,
      };
      for (const [metric, value] of Object.entries(expected)) {
        const figure = figures(result).find((entry) => entry.metric === metric);
        expect(figure?.value, metric).toBe(value);
        expect(figure?.inputs).toHaveLength(2);
      }
      expect(result.answer).toContain('46.91%');
      expect(result.answer).toContain('gross profit ÷ revenue');
    });

    it('YoY growth fetches the year before; CAGR over the years asked', async () => {
      const growth = await ask('NVDA revenue growth FY2025');
      const fy25 = filed('NVDA', 'Revenues', '2024-01-29', '2025-01-26', { latest: true });
      const fy24 = filed('NVDA', 'Revenues', '2023-01-30', '2024-01-28', { latest: true });
      expect(figures(growth).find((entry) => entry.metric === 'revenueGrowth')?.value).toBe(fy25 / fy24 - 1);
      const cagr = await ask('NVDA revenue CAGR 2022 to 2026');
      const fy26 = filed('NVDA', 'Revenues', '2025-01-27', '2026-01-25');
      const fy22 = filed('NVDA', 'Revenues', '2021-02-01', '2022-01-30', { latest: true });
      expect(figures(cagr).find((entry) => entry.metric === 'revenueCagr')?.value).toBe(
        (fy26 / fy22) ** (1 / 4) - 1,
      );
    });

    it('free cash flow, R&D as % of revenue, total debt with commercial paper and debt to equity', async () => {
      const fcf = await ask('AAPL free cash flow FY2025');
      const ocf = filed('AAPL', 'NetCashProvidedByUsedInOperatingActivities', ...AAPL_FY25);
      const capex = filed('AAPL', 'PaymentsToAcquirePropertyPlantAndEquipment', ...AAPL_FY25);
      expect(figures(fcf).find((entry) => entry.metric === 'freeCashFlow')?.value).toBe(ocf - capex);

      const rd = await ask('Alphabet R&D as % of revenue FY2025');
      expect(figures(rd).find((entry) => entry.metric === 'researchAndDevelopmentToRevenue')?.value).toBe(
        filed('GOOGL', 'ResearchAndDevelopmentExpense', '2025-01-01', '2025-12-31') /
          filed('GOOGL', 'Revenues', '2025-01-01', '2025-12-31'),
      );

      const debt = await ask('Apple debt to equity FY2025');
      const at = '2025-09-27';
      const totalDebt =
        filed('AAPL', 'LongTermDebtCurrent', undefined, at) +
        filed('AAPL', 'CommercialPaper', undefined, at) +
        filed('AAPL', 'LongTermDebtNoncurrent', undefined, at);
      expect(figures(debt).find((entry) => entry.metric === 'totalDebt')?.value).toBe(totalDebt);
      expect(figures(debt).find((entry) => entry.metric === 'debtToEquity')?.value).toBe(
        totalDebt / filed('AAPL', 'StockholdersEquity', undefined, at),
      );
      expect(debt.answer).toMatch(/equity is shareholders' equity as filed/);
    });

    it('ranks companies: "which had the highest net margin"', async () => {
      const result = await ask('which had the highest net margin in FY2025, AAPL, NVDA or GOOGL');
      const margins = {
        AAPL: filed('AAPL', 'NetIncomeLoss', ...AAPL_FY25) / filed('AAPL', AAPL_REVENUE, ...AAPL_FY25),
        NVDA:
          filed('NVDA', 'NetIncomeLoss', '2024-01-29', '2025-01-26', { latest: true }) /
          filed('NVDA', 'Revenues', '2024-01-29', '2025-01-26', { latest: true }),
        GOOGL:
          filed('GOOGL', 'NetIncomeLoss', '2025-01-01', '2025-12-31') /
          filed('GOOGL', 'Revenues', '2025-01-01', '2025-12-31'),
      };
      const order = Object.entries(margins)
        .sort((left, right) => right[1] - left[1])
        .map(([ticker]) => ticker);
      const ranking = (result as { computed?: { ranking?: { entries: Figure[] } } }).computed?.ranking;
      expect(ranking?.entries.map((entry) => entry.ticker)).toEqual(order);
      expect(ranking?.entries.map((entry) => entry.value)).toEqual(
        order.map((ticker) => margins[ticker as 'AAPL']),
      );
      expect(result.answer).toMatch(/Ranking \(highest net margin first/);
    });

    it('no metric words, no computed section', async () => {
      const result = await ask('Apple revenue FY2025');
      expect(result.computed).toBeUndefined();
      expect(result.answer).not.toContain('### Computed');
    });
  },
);
