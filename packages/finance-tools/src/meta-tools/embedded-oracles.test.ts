/**
 * get_financials over the real embedded dataset (built from SEC EDGAR), checked against
 * values read from the SEC filings (the known values in shared/data/sec/SOURCES.md).
 */
import { invokeTool } from '@dexter/registry';
import { createScriptedLlmClient } from '@dexter/registry/testing';
import { describe, expect, it } from 'vitest';
import { createEmbeddedProvider } from '../providers/embedded';
import { fixedClock } from '../router/clock';
import { createFinanceTools } from './finance-tools';
import { createGetFinancialsTool } from './get-financials';

const provider = createEmbeddedProvider();
const context = () => ({
  signal: new AbortController().signal,
  toolCallId: 'call_1',
  progress: () => undefined,
});

async function ask(query: string, date = '2026-11-30') {
  const tool = createGetFinancialsTool({ provider, clock: fixedClock(date), cache: false });
  return invokeTool(tool, { query }, context());
}

type Row = Record<string, unknown> & {
  fiscalYear: number;
  fiscalPeriod: string;
  periodEnd: string;
  derived: string[];
};
const rows = (result: Awaited<ReturnType<typeof ask>>, key: string) => (result.data[key] ?? []) as Row[];

describe('get_financials on the embedded SEC dataset', () => {
  it.each([
    [
      "What was Apple's revenue in fiscal 2025?",
      'AAPL.income_statements.annual',
      'revenue',
      2025,
      416_161_000_000,
    ],
    ['AAPL revenue FY2024', 'AAPL.income_statements.annual', 'revenue', 2024, 391_035_000_000],
    ['Apple net income fiscal 2025', 'AAPL.income_statements.annual', 'netIncome', 2025, 112_010_000_000],
    [
      'AAPL operating cash flow FY2025',
      'AAPL.cash_flow_statements.annual',
      'operatingCashFlow',
      2025,
      111_482_000_000,
    ],
    ['Nvidia revenue in fiscal 2026', 'NVDA.income_statements.annual', 'revenue', 2026, 215_938_000_000],
    ['NVDA net income FY2026', 'NVDA.income_statements.annual', 'netIncome', 2026, 120_067_000_000],
    ['NVDA revenue FY2025', 'NVDA.income_statements.annual', 'revenue', 2025, 130_497_000_000],
    ['NVIDIA capex FY2026', 'NVDA.cash_flow_statements.annual', 'capitalExpenditure', 2026, -6_042_000_000],
    ['Alphabet revenue FY2025', 'GOOGL.income_statements.annual', 'revenue', 2025, 402_836_000_000],
    ['AMD revenue fiscal 2025', 'AMD.income_statements.annual', 'revenue', 2025, 34_639_000_000],
    ['Procter & Gamble revenue fiscal 2025', 'PG.income_statements.annual', 'revenue', 2025, 84_284_000_000],
  ])('%s', async (query, key, field, fiscalYear, value) => {
    const result = await ask(query);
    const [row] = rows(result, key);
    expect(row).toMatchObject({ fiscalYear, [field]: value });
    expect(result.answer).toContain(new Intl.NumberFormat('en-US').format(value));
    expect(result.sources.every((url) => url.startsWith('https://www.sec.gov/Archives/edgar/data/'))).toBe(
      true,
    );
    expect(result.sources.length).toBeGreaterThan(0);
  });

  it('compares Google revenue 2024 vs 2025', async () => {
    const result = await ask('Google revenue 2024 vs 2025');
    expect(
      rows(result, 'GOOGL.income_statements.annual').map((row) => [row.fiscalYear, row.revenue]),
    ).toEqual([
      [2025, 402_836_000_000],
      [2024, 350_018_000_000],
    ]);
  });

  it("marks Apple's fiscal Q4 2025 revenue as derived (FY − nine months)", async () => {
    const result = await ask('Apple revenue Q4 FY2025');
    const [row] = rows(result, 'AAPL.income_statements.quarterly');
    expect(row).toMatchObject({ fiscalYear: 2025, fiscalPeriod: 'Q4', revenue: 102_466_000_000 });
    expect(row!.derived).toContain('revenue');
    expect(result.answer).toContain('102,466,000,000*');
  });

  it("reads Apple's last quarter relative to the clock", async () => {
    const result = await ask('AAPL revenue and total assets last quarter', '2026-02-15');
    expect(rows(result, 'AAPL.income_statements.quarterly')[0]).toMatchObject({
      fiscalYear: 2026,
      fiscalPeriod: 'Q1',
      periodEnd: '2025-12-27',
      revenue: 143_756_000_000,
    });
    expect(rows(result, 'AAPL.balance_sheets.quarterly')[0]).toMatchObject({ totalAssets: 379_297_000_000 });
    expect(result.warnings).toEqual([]);
  });

  it('"last two fiscal years" follows each company\'s calendar and the data available', async () => {
    const result = await ask('compare NVDA and AAPL net income for the last two fiscal years');
    expect(rows(result, 'NVDA.income_statements.annual').map((row) => row.fiscalYear)).toEqual([2026, 2025]);
    expect(rows(result, 'AAPL.income_statements.annual').map((row) => row.fiscalYear)).toEqual([2025, 2024]);
    // Earlier in the year, before NVDA's FY2026 ended (2026-01-25), its last two are FY2025 and FY2024.
    const earlier = await ask('compare NVDA and AAPL net income for the last two fiscal years', '2026-01-10');
    expect(rows(earlier, 'NVDA.income_statements.annual').map((row) => row.fiscalYear)).toEqual([2025, 2024]);
    expect(rows(earlier, 'AAPL.income_statements.annual').map((row) => row.fiscalYear)).toEqual([2025, 2024]);
    expect(earlier.warnings).toEqual([]);
  });

  it('"over the last year" is the quarters ending in the year before today', async () => {
    const result = await ask('AMD revenue over the last year', '2026-03-01');
    expect(rows(result, 'AMD.income_statements.quarterly').map((row) => row.periodEnd)).toEqual([
      '2025-12-27',
      '2025-09-27',
      '2025-06-28',
      '2025-03-29',
    ]);
    expect(result.warnings).toEqual([]);
    // Months later the data has no newer quarter: the answer says the source is behind.
    const later = await ask('AMD revenue over the last year', '2026-11-30');
    expect(rows(later, 'AMD.income_statements.quarterly').map((row) => row.periodEnd)).toEqual([
      '2025-12-27',
    ]);
    expect(later.warnings.join(' ')).toMatch(/newest period in the data ends 2025-12-27/);
  });

  it('aligns companies on calendar periods when asked ("calendar 2025", "calendar Q3 2025")', async () => {
    const year = await ask('compare NVDA and AAPL revenue in calendar 2025');
    expect(rows(year, 'NVDA.income_statements.annual').map((row) => [row.fiscalYear, row.revenue])).toEqual([
      [2026, 215_938_000_000],
    ]);
    expect(rows(year, 'AAPL.income_statements.annual').map((row) => [row.fiscalYear, row.revenue])).toEqual([
      [2025, 416_161_000_000],
    ]);
    const quarter = await ask('compare NVDA and AAPL revenue in calendar Q3 2025');
    expect(
      rows(quarter, 'NVDA.income_statements.quarterly').map((row) => [row.fiscalPeriod, row.periodEnd]),
    ).toEqual([['Q3', '2025-10-26']]);
    expect(
      rows(quarter, 'AAPL.income_statements.quarterly').map((row) => [row.fiscalPeriod, row.revenue]),
    ).toEqual([['Q4', 102_466_000_000]]);
  });

  it('keeps annual and quarterly rows of one ticker when the LLM router asks for both', async () => {
    const llm = createScriptedLlmClient([
      {
        toolCalls: [
          {
            id: '1',
            name: 'income_statements',
            input: { ticker: 'AAPL', period: 'annual', fiscalYears: [2025] },
          },
          {
            id: '2',
            name: 'income_statements',
            input: { ticker: 'AAPL', period: 'quarterly', fiscalYears: [2025], fiscalQuarter: 4 },
          },
        ],
      },
    ]);
    const tool = createGetFinancialsTool({ provider, llm, clock: fixedClock('2026-11-30'), cache: false });
    const result = await invokeTool(
      tool,
      { query: "Apple's FY2025 revenue and its fourth quarter" },
      context(),
    );
    expect(result.plan.router).toBe('llm');
    expect(llm.requests[0]!.messages[0]!.content).toContain('Today is 2026-11-30');
    expect(rows(result, 'AAPL.income_statements.annual')[0]!.revenue).toBe(416_161_000_000);
    expect(rows(result, 'AAPL.income_statements.quarterly')[0]!.revenue).toBe(102_466_000_000);
  });

  it('falls back to rules when the model picks nothing, and says so in the answer', async () => {
    const llm = createScriptedLlmClient([{ text: 'Apple is a fruit company.' }]);
    const tool = createGetFinancialsTool({ provider, llm, clock: fixedClock('2026-11-30'), cache: false });
    const result = await invokeTool(tool, { query: "What was Apple's revenue in fiscal 2025?" }, context());
    expect(result.plan.router).toBe('rule');
    expect(result.answer).toMatch(/The LLM router chose no sub-calls; used the rule router instead/);
    expect(rows(result, 'AAPL.income_statements.annual')[0]!.revenue).toBe(416_161_000_000);
  });

  it('offers all three tools over the embedded provider', () => {
    const tools = createFinanceTools({ provider });
    expect(tools.map((tool) => tool.name)).toEqual(['get_financials', 'get_market_data', 'read_filings']);
    expect(tools.map((tool) => tool.available?.({ env: {}, platform: 'linux' }))).toEqual([true, true, true]);
  });
});
