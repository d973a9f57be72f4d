/** Snippet of packages/finance-tools/README.md: the meta-tools over the embedded offline dataset. */
export { registry, result };

// #region quick-start
import { createEmbeddedProvider, createFinanceTools } from '@dexter/finance-tools';
import { createToolRegistry, invokeTool } from '@dexter/registry';

// get_financials, get_market_data and read_filings over one provider, one router, one cache.
const tools = createFinanceTools({ provider: createEmbeddedProvider() });
const registry = createToolRegistry(tools);

// What the executor does when the model calls the tool:
const getFinancials = registry.require('get_financials');
const result = await invokeTool(
  getFinancials,
  { query: "What was Apple's revenue in fiscal 2025?" },
  { signal: AbortSignal.timeout(30_000), toolCallId: 'call_1', progress: console.log },
);
console.log(result.answer); // markdown: a table with 416,161,000,000 and the 10-K URL
console.log(result.data['AAPL.income_statements.annual'][0].revenue); // 416161000000
// #endregion quick-start
