/**
 * Snippets for docs/guides/finance-tools.md: the meta-tools over the embedded offline
 * dataset, run through the executor like any other tool.
 */
// #region tools
import { createExecutor } from '@dexter/executor';
import { createEmbeddedProvider, createFinanceTools, fixedClock } from '@dexter/finance-tools';
import { createToolRegistry } from '@dexter/registry';

const financeTools = createFinanceTools({
  provider: createEmbeddedProvider(), // offline, no key: compact SEC EDGAR figures shipped in the package
  clock: fixedClock('2026-11-30'), // "last year" is relative to this date
});
export const registry = createToolRegistry(financeTools);
export const executor = createExecutor({ registry });

export async function compareRevenue() {
  const [result] = await executor.execute([
    {
      id: 'call_1',
      name: 'get_financials',
      input: { query: 'compare AAPL and NVDA revenue over the last year' },
    },
  ]);
  return result; // content: the markdown answer; output: { answer, data (exact rows), sources, warnings, plan }
}
// #endregion tools
