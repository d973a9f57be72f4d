import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedClock, toIsoDate } from './clock';
import { createRuleRouter } from './rule-router';
import type { SubToolName } from './types';

const companies: ReadonlyArray<[string, string]> = [
  ['Apple', 'AAPL'],
  ['AAPL', 'AAPL'],
  ['Nvidia', 'NVDA'],
  ['nvda', 'NVDA'],
  ['Google', 'GOOGL'],
  ['Alphabet', 'GOOGL'],
  ['AMD', 'AMD'],
  ['Procter & Gamble', 'PG'],
  ['P&G', 'PG'],
  ['$MSFT', 'MSFT'],
];
const statements: ReadonlyArray<[string, SubToolName]> = [
  ['revenue', 'income_statements'],
  ['net income', 'income_statements'],
  ['EPS', 'income_statements'],
  ['total debt', 'balance_sheets'],
  ['cash and equivalents', 'balance_sheets'],
  ['free cash flow', 'cash_flow_statements'],
  ['capex', 'cash_flow_statements'],
  ['P/E ratio', 'key_metrics'],
];
type Expectation = {
  period: string;
  limit?: number;
  fiscalYears?: number[];
  fiscalQuarter?: number;
  relative: boolean;
};
const periods: ReadonlyArray<[string, Expectation]> = [
  ['in fiscal 2025', { period: 'annual', fiscalYears: [2025], relative: false }],
  ['for FY2023', { period: 'annual', fiscalYears: [2023], relative: false }],
  ['for the last two fiscal years', { period: 'annual', limit: 2, relative: true }],
  ['last year', { period: 'annual', limit: 1, relative: true }],
  ['last quarter', { period: 'quarterly', limit: 1, relative: true }],
  ['in Q3 2025', { period: 'quarterly', fiscalYears: [2025], fiscalQuarter: 3, relative: false }],
  ['TTM', { period: 'ttm', limit: 1, relative: true }],
];
const fillers = ['', 'What was', 'Show me', 'compare', 'please give', 'I want to see'];

describe('rule router (properties)', () => {
  it('plans exactly companies × statements with the period asked, whatever the wording order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...companies), {
          minLength: 1,
          maxLength: 3,
          selector: ([, ticker]) => ticker,
        }),
        fc.uniqueArray(fc.constantFrom(...statements), {
          minLength: 1,
          maxLength: 2,
          selector: ([, tool]) => tool,
        }),
        fc.constantFrom(...periods),
        fc.constantFrom(...fillers),
        fc.boolean(),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        async (named, asked, [phrase, expected], filler, periodFirst, today) => {
          const who = named.map(([name]) => name).join(' and ');
          const what = asked.map(([words]) => words).join(' and ');
          const query = periodFirst
            ? `${filler} ${phrase} ${who} ${what}`
            : `${filler} ${who} ${what} ${phrase}`;
          const asOf = toIsoDate(today);
          const plan = await createRuleRouter({ clock: fixedClock(asOf) }).route(query);
          const tickers = [...new Set(named.map(([, ticker]) => ticker))];
          const tools = [...new Set(asked.map(([, tool]) => tool))];
          expect(plan.interpretation.tickers.map((hit) => hit.ticker).sort()).toEqual([...tickers].sort());
          expect(plan.calls).toHaveLength(tickers.length * tools.length);
          for (const call of plan.calls) {
            expect(tickers).toContain(call.ticker);
            expect(tools).toContain(call.tool);
            expect(call.period).toBe(expected.period);
            expect(call.limit).toBe(expected.limit);
            expect(call.fiscalYears).toEqual(expected.fiscalYears);
            expect(call.fiscalQuarter).toBe(expected.fiscalQuarter);
            expect(call.endOnOrBefore).toBe(expected.relative ? asOf : undefined);
          }
          expect(new Set(plan.calls.map((call) => `${call.ticker}.${call.tool}`)).size).toBe(
            plan.calls.length,
          );
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000); // property runs; the 2-core machine is shared, so no tight default timeout
});
