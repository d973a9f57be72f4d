/**
 * The way analysts ask, answered with the figure asked for — in `computed`/`data` and in the
 * markdown — and every figure recomputed here from the SEC companyfacts files (read raw,
 * never from our own output): line-item abbreviations, month-named quarters, year ranges,
 * share measures, pretax income, several metrics at once, the multi-step figures (QoQ and
 * same-quarter growth, effective tax rate, payout ratio, share-count change, change and CAGR
 * between two years, interest coverage, current and quick ratio, EBITDA), one definition of
 * debt to equity, and what is said when data is absent or old.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { invokeTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { expectFigure, latest, rowsOf } from '../../test/answer-checks';
import { filed, records } from '../../test/sec-facts';
import { hasSharedSecData, SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { createEmbeddedProvider } from '../providers/embedded';
import { createSecEdgarProvider } from '../providers/sec-edgar';
import { fixedClock } from '../router/clock';
import { createRuleRouter } from '../router/rule-router';
import type { MetaToolResult } from './execute-plan';
import { createGetFinancialsTool } from './get-financials';
import { createGetMarketDataTool } from './get-market-data';

const provider = createEmbeddedProvider();
const context = () => ({
  signal: new AbortController().signal,
  toolCallId: 'call_1',
  progress: () => undefined,
});

async function ask(query: string, date = '2026-04-30'): Promise<MetaToolResult> {
  const tool = createGetFinancialsTool({ provider, clock: fixedClock(date), cache: false });
  return invokeTool(tool, { query }, context());
}

async function askMarket(query: string, date = '2026-04-30'): Promise<MetaToolResult> {
  const tool = createGetMarketDataTool({ provider, clock: fixedClock(date), cache: false });
  return invokeTool(tool, { query }, context());
}

const APPLE_REVENUE = 'RevenueFromContractWithCustomerExcludingAssessedTax';
const PRETAX = 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest';
const AAPL_FY2025 = ['2024-09-29', '2025-09-27'] as const;
const AAPL_FY2022 = ['2021-09-26', '2022-09-24'] as const;

describe('line items by the names analysts use', () => {
  it('"SG&A" is a line item, never the ticker SG', async () => {
    const router = createRuleRouter({ clock: fixedClock('2026-04-30'), knownTickers: ['SG'] });
    const plan = await router.route('SG&A for NVDA and Apple, FY2025');
    expect(plan.interpretation.tickers.map((hit) => hit.ticker)).toEqual(['NVDA', 'AAPL']);
    expect(plan.interpretation.fields).toEqual(['sellingGeneralAndAdministrative']);
    const alone = await router.route("What was Procter & Gamble's SG&A in fiscal 2025?");
    expect(alone.interpretation.tickers.map((hit) => hit.ticker)).toEqual(['PG']);
  });

  it('"AP" and "AR" beside a company are payables and receivables; alone, AR stays a ticker', async () => {
    const router = createRuleRouter({ clock: fixedClock('2026-04-30') });
    const plan = await router.route('NVDA AP and AR FY2025');
    expect(plan.calls.map((call) => [call.ticker, call.tool])).toEqual([['NVDA', 'balance_sheets']]);
    expect(plan.interpretation.fields).toEqual(['accountsPayable', 'accountsReceivable']);
    expect((await router.route('AR revenue FY2025')).calls.map((call) => call.ticker)).toEqual(['AR']);
    expect((await router.route('$AP revenue FY2025')).calls.map((call) => call.ticker)).toEqual(['AP']);
  });

  it.each([
    ['COGS', 'income_statements', 'costOfRevenue'],
    ['D&A', 'cash_flow_statements', 'depreciationAndAmortization'],
    ['capex', 'cash_flow_statements', 'capitalExpenditure'],
    ['FCF', 'cash_flow_statements', 'freeCashFlow'],
    ['EBIT', 'income_statements', 'operatingIncome'],
    ['opex', 'income_statements', 'operatingExpense'],
    ['PP&E', 'balance_sheets', 'propertyPlantAndEquipmentNet'],
    ['accounts receivable', 'balance_sheets', 'accountsReceivable'],
  ])('"Apple %s FY2025"', async (words, tool, field) => {
    const plan = await createRuleRouter({ clock: fixedClock('2026-04-30') }).route(`Apple ${words} FY2025`);
    expect(plan.interpretation.tickers.map((hit) => hit.ticker)).toEqual(['AAPL']);
    expect(plan.calls.map((call) => call.tool)).toContain(tool);
    expect(plan.interpretation.fields).toContain(field);
  });
});

describe.skipIf(!hasSharedSecData)('answers recomputed from the SEC files', () => {
  it('"Apple SG&A in fiscal 2025"', async () => {
    const result = await ask('Apple SG&A in fiscal 2025');
    const [row] = rowsOf(result, 'AAPL.income_statements.annual');
    const expected = latest('AAPL', 'SellingGeneralAndAdministrativeExpense', ...AAPL_FY2025);
    expect(row?.sellingGeneralAndAdministrative).toBe(expected);
    expect(result.answer).toContain(expected.toLocaleString('en-US'));
  });

  it('"the December 2024 quarter" is Apple\'s fiscal Q1 2025 (ended 2024-12-28)', async () => {
    const result = await ask('Apple revenue in the December 2024 quarter');
    const rows = rowsOf(result, 'AAPL.income_statements.quarterly');
    expect(rows.map((row) => [row.fiscalYear, row.fiscalPeriod, row.periodEnd])).toEqual([
      [2025, 'Q1', '2024-12-28'],
    ]);
    expect(rows[0]?.revenue).toBe(latest('AAPL', APPLE_REVENUE, '2024-09-29', '2024-12-28'));
    expect(result.notes.join(' ')).toMatch(
      /december 2024 quarter" read as each company's fiscal quarter ending/,
    );
  });

  it('"the quarter ended April 27, 2025" is NVIDIA\'s fiscal Q1 2026', async () => {
    const result = await ask('NVIDIA revenue for the quarter ended April 27, 2025');
    const rows = rowsOf(result, 'NVDA.income_statements.quarterly');
    expect(rows.map((row) => [row.fiscalYear, row.fiscalPeriod])).toEqual([[2026, 'Q1']]);
    expect(rows[0]?.revenue).toBe(latest('NVDA', 'Revenues', '2025-01-27', '2025-04-27'));
  });

  it('"the March 2025 quarter" for Apple and Alphabet: each one\'s quarter ending in March', async () => {
    const result = await ask('Apple and Alphabet net income for the March 2025 quarter');
    const apple = rowsOf(result, 'AAPL.income_statements.quarterly');
    const alphabet = rowsOf(result, 'GOOGL.income_statements.quarterly');
    expect(apple.map((row) => [row.fiscalYear, row.fiscalPeriod, row.periodEnd])).toEqual([
      [2025, 'Q2', '2025-03-29'],
    ]);
    expect(alphabet.map((row) => [row.fiscalYear, row.fiscalPeriod, row.periodEnd])).toEqual([
      [2025, 'Q1', '2025-03-31'],
    ]);
    expect(apple[0]?.netIncome).toBe(latest('AAPL', 'NetIncomeLoss', '2024-12-29', '2025-03-29'));
    expect(alphabet[0]?.netIncome).toBe(latest('GOOGL', 'NetIncomeLoss', '2025-01-01', '2025-03-31'));
  });

  it.each([
    'NVIDIA revenue fiscal 2022 through fiscal 2026',
    'NVIDIA revenue FY22–FY26',
    'NVIDIA revenue from fiscal 2022 until fiscal 2026',
    'NVIDIA revenue 2022 to 2026',
  ])('"%s" is five fiscal years', async (query) => {
    const result = await ask(query);
    const rows = rowsOf(result, 'NVDA.income_statements.annual');
    expect(rows.map((row) => row.fiscalYear)).toEqual([2026, 2025, 2024, 2023, 2022]);
    for (const row of rows) {
      const start = row.periodStart as string;
      const days = (Date.parse(row.periodEnd) - Date.parse(start)) / 86_400_000;
      expect(days).toBeGreaterThan(350);
      expect(row.revenue).toBe(latest('NVDA', 'Revenues', start, row.periodEnd));
    }
  });

  it('"accounts payable" is read from the balance sheet', async () => {
    const result = await ask('Apple accounts payable at the end of fiscal 2025');
    expect(result.plan.calls.map((call) => call.tool)).toEqual(['balance_sheets']);
    const [row] = rowsOf(result, 'AAPL.balance_sheets.annual');
    expect(row?.accountsPayable).toBe(latest('AAPL', 'AccountsPayableCurrent', undefined, '2025-09-27'));
    expect(result.answer).toContain('| Accounts payable |');
  });

  it('"diluted weighted average shares" is the weighted diluted count, not period-end shares', async () => {
    const result = await ask('Apple diluted weighted average shares fiscal 2025');
    const [row] = rowsOf(result, 'AAPL.income_statements.annual');
    const expected = latest(
      'AAPL',
      'WeightedAverageNumberOfDilutedSharesOutstanding',
      ...AAPL_FY2025,
      'shares',
    );
    expect(row?.weightedAverageSharesDiluted).toBe(expected);
    expect(result.answer).toContain(`| ${expected.toLocaleString('en-US')} |`);
    expect(result.answer).not.toContain('Shares outstanding');
    const outstanding = await ask('Apple shares outstanding at the end of fiscal 2025');
    const [balance] = rowsOf(outstanding, 'AAPL.balance_sheets.annual');
    expect(balance?.sharesOutstanding).toBe(
      latest('AAPL', 'CommonStockSharesOutstanding', undefined, '2025-09-27', 'shares'),
    );
  });

  it('"income before tax" is pretax income, not the tax', async () => {
    const result = await ask('Apple income before tax FY2025');
    expect(result.plan.interpretation.fields).toEqual(['incomeBeforeTax']);
    const [row] = rowsOf(result, 'AAPL.income_statements.annual');
    expect(row?.incomeBeforeTax).toBe(latest('AAPL', PRETAX, ...AAPL_FY2025));
    expect(result.answer).toContain('| Income before tax |');
    expect(result.answer).not.toContain('| Income tax |');
  });

  it('"gross and operating margins" answers both', async () => {
    const result = await ask('Apple gross and operating margins fiscal 2025');
    const revenue = latest('AAPL', APPLE_REVENUE, ...AAPL_FY2025);
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'grossMargin' },
      latest('AAPL', 'GrossProfit', ...AAPL_FY2025) / revenue,
    );
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'operatingMargin' },
      latest('AAPL', 'OperatingIncomeLoss', ...AAPL_FY2025) / revenue,
    );
  });

  it('"how fast did revenue grow over the last three years": each year\'s growth and the CAGR', async () => {
    const result = await ask('how fast did Apple revenue grow over the last three years');
    const ends = ['2022-09-24', '2023-09-30', '2024-09-28', '2025-09-27'];
    const starts = ['2021-09-26', '2022-09-25', '2023-10-01', '2024-09-29'];
    const revenue = ends.map((end, index) => latest('AAPL', APPLE_REVENUE, starts[index], end));
    for (let index = 1; index < 4; index += 1) {
      expectFigure(
        result,
        { ticker: 'AAPL', metric: 'revenueGrowth', periodEnd: ends[index] },
        revenue[index]! / revenue[index - 1]! - 1,
      );
    }
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'revenueCagr' },
      (revenue[3]! / revenue[0]!) ** (1 / 3) - 1,
    );
    expect(result.plan.calls.every((call) => call.period === 'annual')).toBe(true);
  });

  it('quarter-over-quarter growth (Apple, the latest quarter against the one before)', async () => {
    const result = await ask('Apple revenue QoQ growth last quarter');
    const q1 = latest('AAPL', APPLE_REVENUE, '2025-09-28', '2025-12-27');
    // Fiscal Q4 is the year less the nine months to date.
    const q4 =
      latest('AAPL', APPLE_REVENUE, ...AAPL_FY2025) -
      latest('AAPL', APPLE_REVENUE, '2024-09-29', '2025-06-28');
    expectFigure(result, { ticker: 'AAPL', metric: 'revenueQoqGrowth' }, q1 / q4 - 1);
  });

  it('same-quarter year-over-year growth (Q1 FY2026 against Q1 FY2025)', async () => {
    const result = await ask('Apple revenue growth in Q1 FY2026 year over year');
    const now = latest('AAPL', APPLE_REVENUE, '2025-09-28', '2025-12-27');
    const before = latest('AAPL', APPLE_REVENUE, '2024-09-29', '2024-12-28');
    const figure = expectFigure(
      result,
      { ticker: 'AAPL', metric: 'revenueGrowth', periodEnd: '2025-12-27' },
      now / before - 1,
    );
    expect(figure.label).toBe('Revenue growth (YoY, same quarter)');
  });

  it('effective tax rate', async () => {
    const result = await ask('Apple effective tax rate FY2025');
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'effectiveTaxRate' },
      latest('AAPL', 'IncomeTaxExpenseBenefit', ...AAPL_FY2025) / latest('AAPL', PRETAX, ...AAPL_FY2025),
    );
  });

  it('dividend payout ratio (P&G), and "no dividend declared" for AMD', async () => {
    const range = ['2024-07-01', '2025-06-30'] as const;
    const result = await ask('Procter & Gamble dividend payout ratio fiscal 2025');
    expectFigure(
      result,
      { ticker: 'PG', metric: 'payoutRatio' },
      latest('PG', 'PaymentsOfDividends', ...range) / latest('PG', 'NetIncomeLoss', ...range),
    );
    const amd = await ask('AMD payout ratio FY2025');
    // AMD files no dividends at all.
    expect(records('AMD', 'PaymentsOfDividends')).toEqual([]);
    expect(records('AMD', 'CommonStockDividendsPerShareDeclared', 'USD/shares')).toEqual([]);
    const figure = expectFigure(amd, { ticker: 'AMD', metric: 'payoutRatio' }, null);
    expect(figure.note).toMatch(/no dividend declared/);
    expect(amd.answer).toContain('no dividend declared');
  });

  it('change in share count and change between two years that are not adjacent', async () => {
    const result = await ask('Apple diluted share count change from FY2022 to FY2025');
    const concept = 'WeightedAverageNumberOfDilutedSharesOutstanding';
    const last = latest('AAPL', concept, ...AAPL_FY2025, 'shares');
    const first = latest('AAPL', concept, ...AAPL_FY2022, 'shares');
    expectFigure(result, { ticker: 'AAPL', metric: 'weightedAverageSharesDilutedChange' }, last - first);
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'weightedAverageSharesDilutedChangePercent' },
      last / first - 1,
    );
    expect(result.computed?.figures.some((figure) => figure.metric.startsWith('sharesOutstanding'))).toBe(
      false,
    );

    const alphabet = await ask('Alphabet revenue change from 2022 to 2025');
    // Alphabet's revenue tag changed between these years (SOURCES.md): the one filed for each.
    const r2025 = latest('GOOGL', 'Revenues', '2025-01-01', '2025-12-31');
    const r2022 = latest(
      'GOOGL',
      'RevenueFromContractWithCustomerExcludingAssessedTax',
      '2022-01-01',
      '2022-12-31',
    );
    expectFigure(alphabet, { ticker: 'GOOGL', metric: 'revenueChange' }, r2025 - r2022);
    expectFigure(alphabet, { ticker: 'GOOGL', metric: 'revenueChangePercent' }, r2025 / r2022 - 1);

    const cagr = await ask('NVDA net income CAGR FY2023 to FY2026');
    const n2026 = latest('NVDA', 'NetIncomeLoss', '2025-01-27', '2026-01-25');
    const n2023 = latest('NVDA', 'NetIncomeLoss', '2022-01-31', '2023-01-29');
    expectFigure(cagr, { ticker: 'NVDA', metric: 'netIncomeCagr' }, (n2026 / n2023) ** (1 / 3) - 1);
  });

  it('interest coverage', async () => {
    const result = await ask('Apple interest coverage FY2023');
    const range = ['2022-09-25', '2023-09-30'] as const;
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'interestCoverage' },
      latest('AAPL', 'OperatingIncomeLoss', ...range) / latest('AAPL', 'InterestExpense', ...range),
    );
  });

  it('current and quick ratio; a quick ratio with a component not filed is not computed', async () => {
    const result = await ask('Apple current and quick ratios at the end of fiscal 2025');
    const at = (concept: string) => latest('AAPL', concept, undefined, '2025-09-27');
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'currentRatio' },
      at('AssetsCurrent') / at('LiabilitiesCurrent'),
    );
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'quickRatio' },
      (at('CashAndCashEquivalentsAtCarryingValue') +
        at('MarketableSecuritiesCurrent') +
        at('AccountsReceivableNetCurrent')) /
        at('LiabilitiesCurrent'),
    );
    const nvidia = await ask('NVDA quick ratio FY2026');
    const figure = expectFigure(nvidia, { ticker: 'NVDA', metric: 'quickRatio' }, null);
    expect(figure.note).toMatch(/Short-term investments not available/);
  });

  it('EBITDA with revenue and net income: every metric asked is answered, or said missing', async () => {
    const result = await ask('Apple revenue, net income and EBITDA FY2025');
    const [row] = rowsOf(result, 'AAPL.income_statements.annual');
    expect(row?.revenue).toBe(latest('AAPL', APPLE_REVENUE, ...AAPL_FY2025));
    expect(row?.netIncome).toBe(latest('AAPL', 'NetIncomeLoss', ...AAPL_FY2025));
    expectFigure(
      result,
      { ticker: 'AAPL', metric: 'ebitda' },
      latest('AAPL', 'OperatingIncomeLoss', ...AAPL_FY2025) +
        latest('AAPL', 'DepreciationDepletionAndAmortization', ...AAPL_FY2025),
    );
    // AMD files no depreciation-and-amortization total for FY2025: EBITDA is not made up.
    const amd = await ask('AMD revenue and EBITDA FY2025');
    const range = ['2024-12-29', '2025-12-27'] as const;
    for (const concept of ['DepreciationDepletionAndAmortization', 'DepreciationAndAmortization'])
      expect(records('AMD', concept).some((r) => r.start === range[0] && r.end === range[1])).toBe(false);
    const figure = expectFigure(amd, { ticker: 'AMD', metric: 'ebitda' }, null);
    expect(figure.note).toMatch(/not computable: D&A not available/);
  });

  it('"P/E and net margin": both answered, P/E named as unavailable (get_market_data and get_financials)', async () => {
    const range = ['2025-01-27', '2026-01-25'] as const;
    const margin = latest('NVDA', 'NetIncomeLoss', ...range) / latest('NVDA', 'Revenues', ...range);
    const market = await askMarket('NVDA P/E and net margin');
    const [metrics] = rowsOf(market, 'NVDA.key_metrics.latest');
    expect(metrics?.periodEnd).toBe('2026-01-25');
    expect(metrics?.netMargin).toBeCloseTo(margin, 12);
    expect(market.answer).toContain('| P/E | Net margin |');
    expect(market.answer).toContain(`${(margin * 100).toFixed(2)}%`);
    expect(market.notes.join(' ')).toMatch(/needs market prices.*P\/E/);

    const financials = await ask('NVDA P/E and net margin FY2026');
    expectFigure(financials, { ticker: 'NVDA', metric: 'netMargin' }, margin);
    expect(financials.notes.join(' ')).toMatch(/needs market prices.*P\/E/);
  });
});

describe.skipIf(!hasSharedSecData)('one definition per metric per answer', () => {
  it.each([
    ['Apple debt to equity and return on equity FY2025', 'AAPL', ['2025-09-27'], 1.34, 1.23],
    ['P&G debt-to-equity and ROE fiscal 2025', 'PG', ['2025-06-30'], 0.66, 0.58],
  ])(
    "%s: ours, and the data source's named beside it with the reason",
    async (query, ticker, [end], ours, theirs) => {
      const result = await ask(query);
      const at = (concept: string) => latest(ticker, concept, undefined, end!);
      // Parent's equity where filed; P&G files only the total with noncontrolling interests.
      const equity =
        ticker === 'PG'
          ? at('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest')
          : at('StockholdersEquity');
      const withPaper =
        (at('LongTermDebtCurrent') + at('CommercialPaper') + at('LongTermDebtNoncurrent')) / equity;
      const withoutPaper = (at('LongTermDebtCurrent') + at('LongTermDebtNoncurrent')) / equity;
      expect(withPaper.toFixed(2)).toBe(ours.toFixed(2));
      expect(withoutPaper.toFixed(2)).toBe(theirs.toFixed(2));
      const figure = expectFigure(result, { ticker, metric: 'debtToEquity' }, withPaper);
      expect(figure.note).toContain(`the data source's key metrics give ${withoutPaper.toFixed(2)}`);
      expect(figure.note).toMatch(/leaving out commercial paper/);
      // The provider's figure appears once, in that note, never as a second unexplained number.
      expect(result.answer.split(withoutPaper.toFixed(2)).length - 1).toBe(1);
    },
  );
});

describe.skipIf(!hasSharedSecData)('saying what is true when data is old or absent', () => {
  it('a trailing-twelve-month answer 11 months old says so', async () => {
    const result = await ask('Apple revenue TTM', '2026-11-30');
    expect(result.notes.join(' ')).toMatch(
      /trailing twelve months end 2025-12-27, about 11 months before 2026-11-30.*not the current trailing twelve months/,
    );
    const fresh = await ask('Apple revenue TTM', '2026-02-15');
    expect(fresh.notes.join(' ')).not.toMatch(/not the current trailing twelve months/);
  });
});

describe.skipIf(!hasSharedSecData)('"as originally reported"', () => {
  /** SEC EDGAR's own provider, its HTTP answered from the shared files on disk. */
  function secProvider(values: 'first' | 'latest') {
    const fetchFromDisk: typeof fetch = async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const file = url.pathname.startsWith('/api/xbrl/companyfacts/')
        ? `companyfacts/${url.pathname.split('/').pop()}`
        : url.pathname.startsWith('/submissions/')
          ? `submissions/${url.pathname.split('/').pop()}`
          : url.pathname === '/files/company_tickers.json'
            ? 'reference/company_tickers.json'
            : undefined;
      if (!file) return new Response('not found', { status: 404 });
      return new Response(readFileSync(path.join(SHARED_SEC_DIRECTORY, file)), {
        headers: { 'content-type': 'application/json' },
      });
    };
    return createSecEdgarProvider({
      userAgent: 'Dexter tests dexter-tests@example.com',
      values,
      fetch: fetchFromDisk,
    });
  }

  it('answers from the first-filed values when the host gives a source of them, and says so', async () => {
    const range = ['2023-01-01', '2023-12-30'] as const;
    const concept = 'SellingGeneralAndAdministrativeExpense';
    const first = filed('AMD', concept, ...range);
    const restated = latest('AMD', concept, ...range);
    expect(first).not.toBe(restated); // AMD restated its FY2023 SG&A in a later 10-K.
    const tool = createGetFinancialsTool({
      provider: secProvider('latest'),
      asOriginallyReported: secProvider('first'),
      clock: fixedClock('2026-04-30'),
    });
    const original = await invokeTool(
      tool,
      { query: 'AMD SG&A fiscal 2023 as originally reported' },
      context(),
    );
    expect(rowsOf(original, 'AMD.income_statements.annual')[0]?.sellingGeneralAndAdministrative).toBe(first);
    expect(original.notes.join(' ')).toMatch(
      /as originally reported: each period's value from the first filing/i,
    );
    const current = await invokeTool(tool, { query: 'AMD SG&A fiscal 2023' }, context());
    expect(rowsOf(current, 'AMD.income_statements.annual')[0]?.sellingGeneralAndAdministrative).toBe(
      restated,
    );
  });

  it('without such a source, says the figures are restated and how a host gets the original ones', async () => {
    const result = await ask('AMD SG&A fiscal 2023 as originally reported');
    expect(rowsOf(result, 'AMD.income_statements.annual')[0]?.sellingGeneralAndAdministrative).toBe(
      latest('AMD', 'SellingGeneralAndAdministrativeExpense', '2023-01-01', '2023-12-30'),
    );
    expect(result.answer).toMatch(/as restated by the latest filing.*asOriginallyReported/);
  });
});
