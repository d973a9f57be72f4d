import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock';
import { candidateNames, createRuleRouter } from './rule-router';

const router = createRuleRouter({ clock: fixedClock('2026-11-30') });

describe('rule router', () => {
  it("plans Apple's fiscal 2025 revenue", async () => {
    const plan = await router.route("What was Apple's revenue in fiscal 2025?");
    expect(plan.router).toBe('rule');
    expect(plan.calls).toEqual([
      {
        tool: 'income_statements',
        ticker: 'AAPL',
        period: 'annual',
        fiscalYears: [2025],
        fields: ['revenue'],
      },
    ]);
    expect(plan.interpretation.tickers).toEqual([{ ticker: 'AAPL', matched: 'Apple', via: 'alias' }]);
    expect(plan.interpretation.asOf).toBe('2026-11-30');
  });

  it('plans "last two fiscal years" relative to the clock, per company', async () => {
    const plan = await router.route('compare NVDA and AAPL net income for the last two fiscal years');
    expect(plan.calls).toEqual(
      ['NVDA', 'AAPL'].map((ticker) => ({
        tool: 'income_statements',
        ticker,
        period: 'annual',
        limit: 2,
        endOnOrBefore: '2026-11-30',
        fields: ['netIncome'],
      })),
    );
  });

  it('moves with the injected clock', async () => {
    const earlier = createRuleRouter({ clock: fixedClock('2025-03-01') });
    const plan = await earlier.route('AMD revenue last quarter');
    expect(plan.calls[0]).toMatchObject({ period: 'quarterly', limit: 1, endOnOrBefore: '2025-03-01' });
  });

  it('makes one call per ticker and statement', async () => {
    const plan = await router.route('Apple, Nvidia and Google revenue, cash and free cash flow in FY2024');
    expect(plan.calls).toHaveLength(9);
    const keys = plan.calls.map((call) => `${call.ticker}.${call.tool}`);
    expect(new Set(keys).size).toBe(9);
    expect(plan.interpretation.tools).toEqual([
      'income_statements',
      'balance_sheets',
      'cash_flow_statements',
    ]);
  });

  it('asks filings for the forms named', async () => {
    const plan = await router.route('latest AAPL 10-K');
    expect(plan.calls).toEqual([
      {
        tool: 'filings',
        ticker: 'AAPL',
        period: 'annual',
        forms: ['10-K'],
        limit: 10,
        endOnOrBefore: '2026-11-30',
      },
    ]);
  });

  it('reads an undated balance-sheet question as the latest quarter', async () => {
    const plan = await router.route("What is Apple's cash position?");
    expect(plan.calls).toEqual([
      {
        tool: 'balance_sheets',
        ticker: 'AAPL',
        period: 'quarterly',
        limit: 1,
        endOnOrBefore: '2026-11-30',
        fields: ['cashAndEquivalents', 'shortTermInvestments'],
      },
    ]);
    // With a statement over a period in the same query, the latest fiscal year is kept for both.
    const mixed = await router.route('Apple revenue and cash');
    expect(mixed.calls.map((call) => call.period)).toEqual(['annual', 'annual']);
  });

  it('reads "latest earnings" as the latest quarter', async () => {
    const plan = await router.route('NVDA latest earnings report');
    expect(plan.calls).toEqual([
      { tool: 'earnings', ticker: 'NVDA', period: 'quarterly', limit: 1, endOnOrBefore: '2026-11-30' },
    ]);
    expect(plan.notes.join(' ')).toMatch(/latest quarter/);
  });

  it('returns no calls and a clear note when no company is named', async () => {
    const plan = await router.route('what is IT worth NOW');
    expect(plan.calls).toEqual([]);
    expect(plan.notes.join(' ')).toMatch(/No company or ticker found/);
  });

  it('falls back to a lookup for unknown names', async () => {
    const looked: string[] = [];
    const withLookup = createRuleRouter({
      clock: fixedClock('2026-11-30'),
      lookup: async (name) => {
        looked.push(name);
        return name === 'Palo Alto Networks' ? 'panw' : undefined;
      },
    });
    const plan = await withLookup.route('What was Palo Alto Networks revenue?');
    expect(looked).toContain('Palo Alto Networks');
    expect(plan.calls.map((call) => call.ticker)).toEqual(['PANW']);
  });

  it('caps the number of tickers with a note', async () => {
    const capped = createRuleRouter({ clock: fixedClock('2026-11-30'), maxTickers: 2 });
    const plan = await capped.route('AAPL NVDA AMD revenue');
    expect(plan.calls.map((call) => call.ticker)).toEqual(['AAPL', 'NVDA']);
    expect(plan.notes.join(' ')).toMatch(/first 2 of 3/);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(router.route('AAPL revenue', { signal: controller.signal })).rejects.toThrow('stop');
  });
});

describe('candidateNames', () => {
  it('keeps capitalized phrases, not question words', () => {
    expect(candidateNames("What was Costco's revenue and how did Palo Alto Networks do?")).toEqual([
      'Costco',
      'Palo Alto Networks',
    ]);
  });
});
