import type { MetaToolResult } from '@dexter/finance-tools';
import { createFinanceTools, createGetFinancialsTool } from '@dexter/finance-tools';
import { invokeTool } from '@dexter/registry';
import { expect, it, vi } from 'vitest';

const context = () => ({ signal: new AbortController().signal, toolCallId: 'test', progress: () => {} });

it('answers the quick-start query offline with the exact figure and the 10-K', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const { registry, result } = await import('./pkg-finance-tools-quick-start');
  const logged = log.mock.calls.map((args) => args[0]);
  log.mockRestore();
  expect(registry.names()).toEqual(['get_financials', 'get_market_data', 'read_filings']);
  const output = result as MetaToolResult;
  expect(output.answer).toContain('416,161,000,000');
  expect(output.answer).toMatch(/https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/\S+/);
  expect(output.data['AAPL.income_statements.annual']?.[0]).toMatchObject({ revenue: 416161000000 });
  expect(logged).toContain(output.answer);
  expect(logged).toContain(416161000000);
});

it('routes the comparison as the README shows', async () => {
  const { plan } = await import('./pkg-finance-tools-routers');
  expect(plan.calls).toEqual([
    {
      tool: 'income_statements',
      ticker: 'NVDA',
      period: 'annual',
      limit: 2,
      endOnOrBefore: '2026-11-30',
      fields: ['netIncome'],
    },
    {
      tool: 'income_statements',
      ticker: 'AAPL',
      period: 'annual',
      limit: 2,
      endOnOrBefore: '2026-11-30',
      fields: ['netIncome'],
    },
  ]);
});

it('falls back to the rule router when the model picks no sub-call', async () => {
  const { tool, llm } = await import('./pkg-finance-tools-routers');
  const result = await invokeTool(tool, { query: 'AAPL revenue FY2025' }, context());
  expect(llm.requests).toHaveLength(1);
  expect(result.plan.router).toBe('rule');
  expect(result.answer).toContain('The LLM router chose no sub-calls; used the rule router instead.');
});

it('serves a fake provider to the meta-tools, counting requests', async () => {
  const { provider, fixedClock } = await import('./pkg-finance-tools-testing');
  const [getFinancials] = createFinanceTools({ provider, clock: fixedClock('2026-11-30') });
  const result = (await invokeTool(
    getFinancials!,
    { query: 'Apple revenue FY2025' },
    context(),
  )) as MetaToolResult;
  expect(result.answer).toContain('416,161,000,000');
  expect(provider.requests.map((entry) => entry.method)).toEqual(['getIncomeStatements']);
  expect([provider.inFlight(), provider.maxInFlight(), provider.aborted()]).toEqual([0, 1, 0]);
  expect(createGetFinancialsTool).toBeTypeOf('function');
});
