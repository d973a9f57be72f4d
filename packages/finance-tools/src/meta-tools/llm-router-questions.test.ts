/**
 * The same analysts' questions through the LLM router (a configured model, here the
 * scripted client from @dexter/registry/testing replying as a model following the routing
 * prompt would) and through the rule router: both must pass the same checks, every figure
 * recomputed from the SEC files. The script is the model's plan only; the figures, the
 * computed metrics and the notes come from the tool, so a wrong tool step fails here.
 */
import { invokeTool, type ToolCall } from '@dexter/registry';
import { createScriptedLlmClient } from '@dexter/registry/testing';
import { describe, expect, it } from 'vitest';
import { expectFigure, latest, rowsOf } from '../../test/answer-checks';
import { hasSharedSecData } from '../../test/shared-data';
import { createEmbeddedProvider } from '../providers/embedded';
import { fixedClock } from '../router/clock';
import { routingPrompt } from '../router/llm-router';
import type { MetaToolResult } from './execute-plan';
import { createGetFinancialsTool } from './get-financials';

const provider = createEmbeddedProvider();
const AS_OF = '2026-04-30';
const APPLE_REVENUE = 'RevenueFromContractWithCustomerExcludingAssessedTax';
const AAPL_FY2025 = ['2024-09-29', '2025-09-27'] as const;

interface Case {
  query: string;
  /** What a model following `routingPrompt` calls. */
  calls: Array<Omit<ToolCall, 'id'>>;
  check: (result: MetaToolResult) => void;
}

const CASES: Case[] = [
  {
    query: 'Apple SG&A in fiscal 2025',
    calls: [
      {
        name: 'income_statements',
        input: {
          ticker: 'AAPL',
          period: 'annual',
          fiscalYears: [2025],
          fields: ['sellingGeneralAndAdministrative'],
        },
      },
    ],
    check: (result) => {
      expect(result.plan.calls.map((call) => call.ticker)).toEqual(['AAPL']);
      expect(rowsOf(result, 'AAPL.income_statements.annual')[0]?.sellingGeneralAndAdministrative).toBe(
        latest('AAPL', 'SellingGeneralAndAdministrativeExpense', ...AAPL_FY2025),
      );
    },
  },
  {
    query: 'Apple revenue in the December 2024 quarter',
    calls: [
      {
        name: 'income_statements',
        input: {
          ticker: 'AAPL',
          period: 'quarterly',
          limit: 1,
          endOnOrAfter: '2024-12-01',
          endOnOrBefore: '2025-01-07',
          fields: ['revenue'],
        },
      },
    ],
    check: (result) => {
      const rows = rowsOf(result, 'AAPL.income_statements.quarterly');
      expect(rows.map((row) => [row.fiscalYear, row.fiscalPeriod])).toEqual([[2025, 'Q1']]);
      expect(rows[0]?.revenue).toBe(latest('AAPL', APPLE_REVENUE, '2024-09-29', '2024-12-28'));
    },
  },
  {
    query: 'NVIDIA revenue fiscal 2022 through fiscal 2026',
    calls: [
      {
        name: 'income_statements',
        input: {
          ticker: 'NVDA',
          period: 'annual',
          fiscalYears: [2022, 2023, 2024, 2025, 2026],
          fields: ['revenue'],
        },
      },
    ],
    check: (result) => {
      const rows = rowsOf(result, 'NVDA.income_statements.annual');
      expect(rows.map((row) => row.fiscalYear)).toEqual([2026, 2025, 2024, 2023, 2022]);
      for (const row of rows)
        expect(row.revenue).toBe(latest('NVDA', 'Revenues', row.periodStart as string, row.periodEnd));
    },
  },
  {
    query: 'Apple accounts payable at the end of fiscal 2025',
    calls: [
      {
        name: 'balance_sheets',
        input: { ticker: 'AAPL', period: 'annual', fiscalYears: [2025], fields: ['accountsPayable'] },
      },
    ],
    check: (result) => {
      expect(rowsOf(result, 'AAPL.balance_sheets.annual')[0]?.accountsPayable).toBe(
        latest('AAPL', 'AccountsPayableCurrent', undefined, '2025-09-27'),
      );
    },
  },
  {
    query: 'Apple diluted weighted average shares fiscal 2025',
    calls: [
      {
        name: 'income_statements',
        input: {
          ticker: 'AAPL',
          period: 'annual',
          fiscalYears: [2025],
          fields: ['weightedAverageSharesDiluted'],
        },
      },
    ],
    check: (result) => {
      const expected = latest(
        'AAPL',
        'WeightedAverageNumberOfDilutedSharesOutstanding',
        ...AAPL_FY2025,
        'shares',
      );
      expect(rowsOf(result, 'AAPL.income_statements.annual')[0]?.weightedAverageSharesDiluted).toBe(expected);
      expect(result.answer).not.toContain('Shares outstanding');
    },
  },
  {
    query: 'Apple gross and operating margins fiscal 2025',
    calls: [
      {
        name: 'income_statements',
        input: {
          ticker: 'AAPL',
          period: 'annual',
          fiscalYears: [2025],
          fields: ['grossProfit', 'operatingIncome', 'revenue'],
        },
      },
    ],
    check: (result) => {
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
    },
  },
  {
    query: 'how fast did Apple revenue grow over the last three years',
    calls: [
      {
        name: 'income_statements',
        input: { ticker: 'AAPL', period: 'annual', limit: 3, endOnOrBefore: AS_OF, fields: ['revenue'] },
      },
    ],
    check: (result) => {
      const r2025 = latest('AAPL', APPLE_REVENUE, ...AAPL_FY2025);
      const r2022 = latest('AAPL', APPLE_REVENUE, '2021-09-26', '2022-09-24');
      expectFigure(result, { ticker: 'AAPL', metric: 'revenueCagr' }, (r2025 / r2022) ** (1 / 3) - 1);
      expect(result.computed?.figures.filter((figure) => figure.metric === 'revenueGrowth')).toHaveLength(3);
    },
  },
  {
    query: 'Apple effective tax rate FY2025',
    calls: [
      {
        name: 'income_statements',
        input: {
          ticker: 'AAPL',
          period: 'annual',
          fiscalYears: [2025],
          fields: ['incomeTaxExpense', 'incomeBeforeTax'],
        },
      },
    ],
    check: (result) => {
      const pretax =
        'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest';
      expectFigure(
        result,
        { ticker: 'AAPL', metric: 'effectiveTaxRate' },
        latest('AAPL', 'IncomeTaxExpenseBenefit', ...AAPL_FY2025) / latest('AAPL', pretax, ...AAPL_FY2025),
      );
    },
  },
  {
    query: 'Procter & Gamble dividend payout ratio fiscal 2025',
    // The model asks only for net income: the payout ratio's cash-flow statement is added by the tool.
    calls: [{ name: 'income_statements', input: { ticker: 'PG', period: 'annual', fiscalYears: [2025] } }],
    check: (result) => {
      const range = ['2024-07-01', '2025-06-30'] as const;
      expectFigure(
        result,
        { ticker: 'PG', metric: 'payoutRatio' },
        latest('PG', 'PaymentsOfDividends', ...range) / latest('PG', 'NetIncomeLoss', ...range),
      );
    },
  },
  {
    query: 'Apple debt to equity FY2025',
    calls: [{ name: 'balance_sheets', input: { ticker: 'AAPL', period: 'annual', fiscalYears: [2025] } }],
    check: (result) => {
      const at = (concept: string) => latest('AAPL', concept, undefined, '2025-09-27');
      expectFigure(
        result,
        { ticker: 'AAPL', metric: 'debtToEquity' },
        (at('LongTermDebtCurrent') + at('CommercialPaper') + at('LongTermDebtNoncurrent')) /
          at('StockholdersEquity'),
      );
    },
  },
  {
    query: 'NVDA P/E and net margin FY2026',
    calls: [
      {
        name: 'key_metrics',
        input: { ticker: 'NVDA', period: 'annual', fiscalYears: [2026], fields: ['priceToEarnings'] },
      },
      {
        name: 'income_statements',
        input: { ticker: 'NVDA', period: 'annual', fiscalYears: [2026], fields: ['netIncome', 'revenue'] },
      },
    ],
    check: (result) => {
      const range = ['2025-01-27', '2026-01-25'] as const;
      expectFigure(
        result,
        { ticker: 'NVDA', metric: 'netMargin' },
        latest('NVDA', 'NetIncomeLoss', ...range) / latest('NVDA', 'Revenues', ...range),
      );
      // P/E is named as missing, with why.
      expect(result.notes.join(' ')).toMatch(/P\/E/);
      expect(result.notes.join(' ')).toMatch(/need(s)? (market|share) prices/);
    },
  },
];

function tool(router: 'rules' | 'llm', calls: Case['calls']) {
  const llm =
    router === 'llm'
      ? createScriptedLlmClient([
          { toolCalls: calls.map((call, index) => ({ id: `call_${index}`, ...call })) },
        ])
      : undefined;
  return {
    llm,
    tool: createGetFinancialsTool({
      provider,
      clock: fixedClock(AS_OF),
      cache: false,
      ...(llm ? { llm } : {}),
    }),
  };
}

describe.skipIf(!hasSharedSecData)('the same questions through both routers', () => {
  for (const router of ['rules', 'llm'] as const) {
    it.each(CASES.map((entry) => [entry.query, entry] as const))(`${router}: %s`, async (_query, entry) => {
      const { tool: getFinancials, llm } = tool(router, entry.calls);
      const result = await invokeTool(
        getFinancials,
        { query: entry.query },
        { signal: new AbortController().signal, toolCallId: 'call_1', progress: () => undefined },
      );
      expect(result.plan.router).toBe(router === 'llm' ? 'llm' : 'rule');
      if (llm) {
        // The model saw the routing prompt with the vocabulary and the question.
        const [request] = llm.requests;
        expect(request?.messages[0]?.content).toBe(routingPrompt(AS_OF));
        expect(request?.messages[1]?.content).toBe(entry.query);
      }
      entry.check(result);
    });
  }
});
