import type { MetaToolResult } from '@dexter/finance-tools';
import { expect, it } from 'vitest';
import { productionProvider } from './finance-providers';
import { compareRevenue, registry } from './finance-tools';

it('answers the comparison offline with exact, sourced figures', async () => {
  expect(registry.names()).toEqual(['get_financials', 'get_market_data', 'read_filings']);
  const result = await compareRevenue();
  expect(result?.status).toBe('ok');
  const output = result?.output as MetaToolResult;
  expect(output.plan.calls.map((call) => call.ticker)).toEqual(['AAPL', 'NVDA']);
  expect(output.answer).toContain('| AAPL |');
  expect(output.answer).toContain('| NVDA |');
  expect(output.sources.every((url) => url.startsWith('https://www.sec.gov/Archives/edgar/data/'))).toBe(
    true,
  );
  const apple = output.data['AAPL.income_statements.quarterly']?.[0] as { revenue?: number } | undefined;
  expect(apple?.revenue).toBeGreaterThan(0);
  expect(output.answer).toContain(apple?.revenue?.toLocaleString('en-US'));
  // The model reads the markdown answer (the tool's formatOutput), the host keeps the numbers.
  expect(result?.content).toBe(output.answer);
});

it('builds the composite provider from the environment', () => {
  expect(productionProvider({}).capabilities).toContain('getIncomeStatements');
  // Without the SEC's required User-Agent the SEC provider is left out, not misconfigured.
  expect(() => productionProvider({ FINANCIAL_DATASETS_API_KEY: 'fd-test' })).not.toThrow();
});
