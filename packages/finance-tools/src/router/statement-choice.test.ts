import { describe, expect, it } from 'vitest';
import { chooseStatements } from './statement-choice';

describe('chooseStatements', () => {
  it.each([
    ['revenue', ['income_statements'], ['revenue']],
    ['net income', ['income_statements'], ['netIncome']],
    ['diluted EPS', ['income_statements'], ['epsDiluted', 'epsBasic']],
    ['gross margin', ['income_statements'], ['grossProfit', 'revenue']],
    [
      'cash and debt',
      ['balance_sheets'],
      ['cashAndEquivalents', 'shortTermInvestments', 'shortTermDebt', 'longTermDebt'],
    ],
    ['total assets', ['balance_sheets'], ['totalAssets']],
    ['free cash flow', ['cash_flow_statements'], ['freeCashFlow']],
    ['operating cash flow and capex', ['cash_flow_statements'], ['operatingCashFlow', 'capitalExpenditure']],
    ['P/E ratio and market cap', ['key_metrics'], ['priceToEarnings', 'marketCap', 'enterpriseValue']],
    ['return on equity', ['key_metrics'], ['returnOnEquity']],
    ['revenue by segment', ['income_statements', 'segmented_revenues'], ['revenue']],
    ['latest earnings report', ['earnings'], []],
    ['latest 10-K', ['filings'], []],
  ])('%s', (query, tools, fields) => {
    const choice = chooseStatements(query);
    expect(choice.tools).toEqual(tools);
    expect(choice.fields).toEqual(fields);
    expect(choice.explicit).toBe(true);
  });

  it('combines statements in a stable order', () => {
    expect(chooseStatements('free cash flow, debt and revenue').tools).toEqual([
      'income_statements',
      'balance_sheets',
      'cash_flow_statements',
    ]);
  });

  it('defaults to the income statement and says it guessed', () => {
    expect(chooseStatements('how is Apple doing')).toEqual({
      tools: ['income_statements'],
      fields: [],
      explicit: false,
    });
  });
});
