/**
 * `createFinanceTools`: the three meta-tools over one provider, sharing one router and one
 * result cache — what most hosts want to hand their registry.
 */
import type { AnyTool } from '@dexter/registry';
import { createGetFinancialsTool } from './get-financials';
import { createGetMarketDataTool } from './get-market-data';
import { defaultRouter, type MetaToolOptions } from './meta-tool-options';
import { createReadFilingsTool } from './read-filings';
import { createResultCache } from './result-cache';

/**
 * @example
 * ```ts
 * const registry = createToolRegistry([...createFinanceTools({ provider: createEmbeddedProvider() }), writeFile]);
 * ```
 */
export function createFinanceTools(options: MetaToolOptions): AnyTool[] {
  if (!options?.provider)
    throw new TypeError('createFinanceTools: pass { provider } — e.g. createEmbeddedProvider()');
  const shared: MetaToolOptions = {
    ...options,
    router: options.router ?? defaultRouter(options),
    cache: options.cache ?? createResultCache(),
  };
  return [createGetFinancialsTool(shared), createGetMarketDataTool(shared), createReadFilingsTool(shared)];
}
