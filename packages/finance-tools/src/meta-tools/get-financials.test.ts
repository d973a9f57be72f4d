import { invokeTool, openAIStrictness, type ProgressUpdate } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { FinanceError } from '../errors';
import { fixedClock } from '../router/clock';
import { createRuleRouter } from '../router/rule-router';
import type { FinancialQueryRouter, RoutePlan, SubCall } from '../router/types';
import { balanceSheet, cashFlowStatement, createFakeProvider, incomeStatement } from '../testing';
import { createGetFinancialsTool } from './get-financials';
import { createResultCache } from './result-cache';

const clock = fixedClock('2026-11-30');

const data = {
  incomeStatements: [
    incomeStatement({
      ticker: 'AAPL',
      fiscalYear: 2024,
      periodEnd: '2024-09-28',
      revenue: 391_035_000_000,
      netIncome: 93_736_000_000,
    }),
    incomeStatement({
      ticker: 'AAPL',
      fiscalYear: 2025,
      periodEnd: '2025-09-27',
      revenue: 416_161_000_000,
      netIncome: 112_010_000_000,
    }),
    incomeStatement({
      ticker: 'AAPL',
      fiscalYear: 2026,
      period: 'quarterly',
      fiscalPeriod: 'Q1',
      periodEnd: '2025-12-27',
      revenue: 143_756_000_000,
    }),
    incomeStatement({
      ticker: 'NVDA',
      fiscalYear: 2025,
      periodEnd: '2025-01-26',
      revenue: 130_497_000_000,
      netIncome: 72_880_000_000,
    }),
    incomeStatement({
      ticker: 'NVDA',
      fiscalYear: 2026,
      periodEnd: '2026-01-25',
      revenue: 215_938_000_000,
      netIncome: 120_067_000_000,
    }),
  ],
  balanceSheets: [
    balanceSheet({
      ticker: 'AAPL',
      fiscalYear: 2026,
      period: 'quarterly',
      fiscalPeriod: 'Q1',
      periodEnd: '2025-12-27',
      totalAssets: 379_297_000_000,
    }),
  ],
  cashFlowStatements: [
    cashFlowStatement({
      ticker: 'AAPL',
      fiscalYear: 2025,
      periodEnd: '2025-09-27',
      operatingCashFlow: 111_482_000_000,
    }),
  ],
};

function context(signal = new AbortController().signal) {
  const updates: ProgressUpdate[] = [];
  return {
    updates,
    context: {
      signal,
      toolCallId: 'call_1',
      progress: (update: string | ProgressUpdate) =>
        updates.push(typeof update === 'string' ? { message: update } : update),
    },
  };
}

/** A router that returns a fixed plan, to drive the executor directly. */
function planRouter(calls: SubCall[]): FinancialQueryRouter {
  return {
    kind: 'rule',
    route: async (): Promise<RoutePlan> => ({
      calls,
      interpretation: { tickers: [], period: 'fixed', tools: [], fields: [], asOf: '2026-11-30' },
      router: 'rule',
      notes: [],
    }),
  };
}

describe('get_financials', () => {
  it('is a concurrency-safe, allow-by-default registry entry keyed by its query', () => {
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), clock });
    expect(tool.name).toBe('get_financials');
    expect(tool.concurrencySafe).toBe(true);
    expect(tool.approval).toBe('allow');
    expect(tool.compactDescription).not.toMatch(/\n/);
    expect(tool.description).toMatch(/get_market_data/);
    expect(tool.similarityKey?.({ query: 'AAPL revenue' })).toBe('AAPL revenue');
    expect(tool.inputSchema.safeParse({ query: '  ' }).success).toBe(false);
    expect(tool.inputSchema.safeParse({ query: 'x'.repeat(2001) }).success).toBe(false);
    // One required string field and no unsupported keywords: eligible for OpenAI strict mode.
    expect(openAIStrictness(tool).strict).toBe(true);
  });

  it("answers Apple's fiscal 2025 revenue with the exact number, in data and in the markdown", async () => {
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), clock });
    const { context: ctx, updates } = context();
    const result = await invokeTool(tool, { query: "What was Apple's revenue in fiscal 2025?" }, ctx);
    expect(Object.keys(result.data)).toEqual(['AAPL.income_statements.annual']);
    const [row] = result.data['AAPL.income_statements.annual'] as Array<{
      revenue: number;
      fiscalYear: number;
    }>;
    expect(row).toMatchObject({ fiscalYear: 2025, revenue: 416_161_000_000 });
    expect(result.answer).toContain('| AAPL | FY2025 (ended 2025-09-27) | 416,161,000,000 | [1] |');
    expect(result.answer).not.toContain('391,035,000,000');
    expect(result.sources).toEqual(['https://www.sec.gov/Archives/edgar/data/0/aapl-2025-FY.htm']);
    expect(result.answer).toContain('https://www.sec.gov/Archives/edgar/data/0/aapl-2025-FY.htm');
    expect(updates[0]).toEqual({ message: 'Resolving tickers…', percent: 0 });
    expect(updates.some((update) => update.message === 'Fetching AAPL income statements…')).toBe(true);
    expect(updates.at(-1)?.percent).toBe(100);
    // What the model reads: the markdown, sources included — not the JSON of the whole object.
    expect(tool.formatOutput?.(result)).toBe(result.answer);
    expect(result.answer).toMatch(/### Sources\n1\. https:\/\/www\.sec\.gov\//);
  });

  it('compares two companies over "the last two fiscal years" of each one\'s own calendar', async () => {
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), clock });
    const result = await invokeTool(
      tool,
      { query: 'compare NVDA and AAPL net income for the last two fiscal years' },
      context().context,
    );
    const years = (key: string) =>
      (result.data[key] as Array<{ fiscalYear: number }>).map((row) => row.fiscalYear);
    expect(years('NVDA.income_statements.annual')).toEqual([2026, 2025]);
    expect(years('AAPL.income_statements.annual')).toEqual([2025, 2024]);
    expect(result.answer).toContain('120,067,000,000');
    expect(result.answer).toContain('112,010,000,000');
    // AAPL's FY2026 (ended late September 2026) should be out by 2026-11-30 but is not in the data.
    expect(result.warnings.join(' ')).toMatch(
      /AAPL income statements \(annual\): the newest period in the data ends 2025-09-27/,
    );
    expect(result.warnings.join(' ')).not.toMatch(/NVDA income statements \(annual\): the newest/);
  });

  it('keeps annual and quarterly rows of one ticker under separate keys', async () => {
    const calls: SubCall[] = [
      { tool: 'income_statements', ticker: 'AAPL', period: 'annual', fiscalYears: [2025] },
      { tool: 'income_statements', ticker: 'AAPL', period: 'quarterly', limit: 1 },
      { tool: 'income_statements', ticker: 'AAPL', period: 'annual', fiscalYears: [2024] },
    ];
    const tool = createGetFinancialsTool({
      provider: createFakeProvider({ data }),
      router: planRouter(calls),
    });
    const result = await invokeTool(tool, { query: 'x' }, context().context);
    expect(Object.keys(result.data).sort()).toEqual([
      'AAPL.income_statements.annual',
      'AAPL.income_statements.quarterly',
    ]);
    expect(
      (result.data['AAPL.income_statements.annual'] as Array<{ fiscalYear: number }>).map(
        (row) => row.fiscalYear,
      ),
    ).toEqual([2025, 2024]);
    expect((result.data['AAPL.income_statements.quarterly'] as Array<{ revenue: number }>)[0]!.revenue).toBe(
      143_756_000_000,
    );
  });

  it('returns what worked plus a clear note when some sub-calls fail', async () => {
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), clock });
    const result = await invokeTool(tool, { query: 'AAPL and TSLA revenue in FY2025' }, context().context);
    expect(Object.keys(result.data)).toEqual(['AAPL.income_statements.annual']);
    expect(result.failures).toEqual([
      expect.objectContaining({
        ticker: 'TSLA',
        code: 'unknown_ticker',
        key: 'TSLA.income_statements.annual',
      }),
    ]);
    expect(result.answer).toMatch(/TSLA income statements: unknown ticker TSLA \[unknown_ticker\]/);
  });

  it('fails with the typed error when nothing could be fetched', async () => {
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), clock });
    const error = await invokeTool(tool, { query: 'TSLA revenue FY2025' }, context().context).catch(
      (caught) => caught,
    );
    expect(FinanceError.isInstance(error)).toBe(true);
    expect(error.code).toBe('unknown_ticker');
    expect(error.message).toMatch(/TSLA/);
  });

  it('fails clearly when the query names no company', async () => {
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), clock });
    const error = await invokeTool(tool, { query: 'what was revenue last year?' }, context().context).catch(
      (caught) => caught,
    );
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/No company or ticker found/);
  });

  it('reports a period the data does not have', async () => {
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), clock });
    const error = await invokeTool(tool, { query: 'AAPL revenue FY2019' }, context().context).catch(
      (caught) => caught,
    );
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/no rows match/);
  });

  it('runs sub-calls in parallel up to the cap', async () => {
    const provider = createFakeProvider({ data, latencyMs: 20 });
    const tool = createGetFinancialsTool({ provider, clock, maxConcurrency: 2, cache: false });
    await invokeTool(
      tool,
      { query: 'AAPL and NVDA revenue, total assets and operating cash flow in FY2025' },
      context().context,
    ).catch(() => undefined);
    expect(provider.requests).toHaveLength(6);
    expect(provider.maxInFlight()).toBe(2);

    const wide = createFakeProvider({ data, latencyMs: 20 });
    const wideTool = createGetFinancialsTool({ provider: wide, clock, maxConcurrency: 8, cache: false });
    await invokeTool(
      wideTool,
      { query: 'AAPL and NVDA revenue, total assets and operating cash flow in FY2025' },
      context().context,
    );
    expect(wide.maxInFlight()).toBe(6);
  });

  it('aborts in-flight provider calls when the tool is cancelled', async () => {
    const provider = createFakeProvider({ data, latencyMs: 60_000 });
    const tool = createGetFinancialsTool({ provider, clock, cache: false });
    const controller = new AbortController();
    const pending = invokeTool(
      tool,
      { query: 'AAPL and NVDA revenue FY2025' },
      context(controller.signal).context,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(provider.inFlight()).toBe(2);
    controller.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
    expect(provider.inFlight()).toBe(0);
    expect(provider.aborted()).toBe(2);
  });

  it('times out a slow sub-call without losing the others', async () => {
    const provider = createFakeProvider({
      data,
      latencyMs: (_method, request) => (request.ticker === 'NVDA' ? 60_000 : 1),
    });
    const tool = createGetFinancialsTool({ provider, clock, subCallTimeoutMs: 30, cache: false });
    const result = await invokeTool(tool, { query: 'AAPL and NVDA revenue FY2025' }, context().context);
    expect(Object.keys(result.data)).toEqual(['AAPL.income_statements.annual']);
    expect(result.failures).toEqual([expect.objectContaining({ ticker: 'NVDA', code: 'timeout' })]);
    expect(provider.aborted()).toBe(1);
  });

  it('answers a repeated query from the cache', async () => {
    const provider = createFakeProvider({ data });
    const cache = createResultCache();
    const tool = createGetFinancialsTool({ provider, clock, cache });
    const first = await invokeTool(tool, { query: 'AAPL and NVDA revenue FY2025' }, context().context);
    const second = await invokeTool(tool, { query: 'AAPL and NVDA revenue FY2025' }, context().context);
    expect(provider.requests).toHaveLength(2);
    expect(first.stats).toMatchObject({ requests: 2, cacheHits: 0 });
    expect(second.stats).toMatchObject({ requests: 0, cacheHits: 2 });
    expect(second.data).toEqual(first.data);
  });

  it('shares provider results between different queries, and freezes cached answers', async () => {
    const provider = createFakeProvider({ data });
    const tool = createGetFinancialsTool({ provider, clock });
    await invokeTool(tool, { query: 'AAPL and NVDA revenue FY2025' }, context().context);
    const narrower = await invokeTool(tool, { query: 'Apple revenue in fiscal 2025' }, context().context);
    expect(provider.requests).toHaveLength(2);
    expect(narrower.stats).toMatchObject({ requests: 0, cacheHits: 1 });
    // The first answer and the provider's own rows stay unfrozen; the cache keeps a frozen copy.
    expect(Object.isFrozen(narrower.data['AAPL.income_statements.annual']![0])).toBe(false);
    const again = await invokeTool(tool, { query: 'Apple revenue in fiscal 2025' }, context().context);
    expect(Object.isFrozen(again.data['AAPL.income_statements.annual'])).toBe(true);
    expect(() => {
      (again.data['AAPL.income_statements.annual'] as unknown[]).push('x');
    }).toThrow(TypeError);
  });

  it('does not cache answers across days or when the cache is off', async () => {
    let today = '2026-11-30';
    const provider = createFakeProvider({ data });
    const tool = createGetFinancialsTool({ provider, clock: { now: () => new Date(today) }, cache: false });
    await invokeTool(tool, { query: 'AAPL revenue FY2025' }, context().context);
    today = '2026-12-01';
    await invokeTool(tool, { query: 'AAPL revenue FY2025' }, context().context);
    expect(provider.requests).toHaveLength(2);
  });

  it('is listed only when its provider offers statements', () => {
    const none = createGetFinancialsTool({ provider: createFakeProvider({ capabilities: [] }) });
    expect(none.available?.({ env: {}, platform: 'linux' })).toMatch(/offers no financial statements/);
    const some = createGetFinancialsTool({ provider: createFakeProvider({ data }) });
    expect(some.available?.({ env: {}, platform: 'linux' })).toBe(true);
  });

  it('rejects bad options at construction', () => {
    expect(() => createGetFinancialsTool({} as never)).toThrow(/provider/);
    expect(() =>
      createGetFinancialsTool({ provider: createFakeProvider({ data }), maxConcurrency: 0 }),
    ).toThrow(/maxConcurrency/);
  });

  it('uses an injected router', async () => {
    const router = createRuleRouter({ clock: fixedClock('2025-03-01') });
    const tool = createGetFinancialsTool({ provider: createFakeProvider({ data }), router });
    const result = await invokeTool(tool, { query: 'NVDA revenue last fiscal year' }, context().context);
    expect(
      (result.data['NVDA.income_statements.annual'] as Array<{ fiscalYear: number }>)[0]!.fiscalYear,
    ).toBe(2025);
  });
});
