/**
 * Options shared by the meta-tools, and the default router they build: hybrid (the LLM
 * router when an `llm` is given, else rules), with the provider's `resolveTicker` as the
 * rule router's fallback for company names it does not know.
 */
import type { AvailabilityPredicate, LlmClient } from '@dexter/registry';
import type { FinancialDataProvider } from '../provider';
import { type Clock, systemClock } from '../router/clock';
import { createHybridRouter } from '../router/hybrid-router';
import { createLlmRouter } from '../router/llm-router';
import { createRuleRouter, type TickerLookup } from '../router/rule-router';
import type { FinancialQueryRouter } from '../router/types';
import { createResultCache, type ResultCache } from './result-cache';

/** Options of `createGetFinancialsTool`, `createGetMarketDataTool` and `createReadFilingsTool`. */
export interface MetaToolOptions {
  /** Where the data comes from (embedded, SEC EDGAR, financialdatasets.ai, composite). */
  provider: FinancialDataProvider;
  /** How queries become sub-calls. Default: hybrid over `llm` (if given) and the rule router. */
  router?: FinancialQueryRouter;
  /** A model for the default router's LLM step. Without it the rule router alone is used. */
  llm?: LlmClient;
  /** "Today" for relative periods. Default: the system clock. */
  clock?: Clock;
  /** Extra lower-case company name → ticker aliases for the rule router. */
  aliases?: Readonly<Record<string, string>>;
  /** Sub-calls in flight at once. Default 10 (a 3-company × 3-statement query runs in one round). */
  maxConcurrency?: number;
  /** Budget of each provider request, in ms. Default 20 000. */
  subCallTimeoutMs?: number;
  /**
   * Cache of provider results: a shared `createResultCache()`, or `false` for none.
   * Default: a private 5-minute cache per tool.
   */
  cache?: ResultCache | false;
  /** Replaces the availability predicate (default: listed when the provider offers the data). */
  available?: AvailabilityPredicate;
  /**
   * Answers questions asking for figures "as originally reported" (`asOriginallyReportedPattern`):
   * a provider serving each period's first-filed values, e.g.
   * `createSecEdgarProvider({ userAgent, values: 'first' })`. Without it such questions get the
   * restated figures and a note saying so.
   */
  asOriginallyReported?: FinancialDataProvider;
}

/** The settled pieces every meta-tool needs. */
export interface ResolvedMetaToolOptions {
  provider: FinancialDataProvider;
  router: FinancialQueryRouter;
  clock: Clock;
  maxConcurrency: number;
  subCallTimeoutMs: number;
  cache: ResultCache | undefined;
  asOriginallyReported: FinancialDataProvider | undefined;
}

function providerLookup(provider: FinancialDataProvider): TickerLookup | undefined {
  const resolve = provider.resolveTicker;
  if (!provider.capabilities.includes('resolveTicker') || typeof resolve !== 'function') return undefined;
  return async (name, signal) => {
    try {
      const company = await resolve.call(provider, { query: name, ...(signal ? { signal } : {}) });
      return company?.ticker;
    } catch {
      // A failed lookup only means the name stays unresolved; the plan says so.
      return undefined;
    }
  };
}

/** Builds the default router for a provider. */
export function defaultRouter(options: MetaToolOptions): FinancialQueryRouter {
  const clock = options.clock ?? systemClock;
  const lookup = providerLookup(options.provider);
  const rules = createRuleRouter({
    clock,
    ...(options.aliases ? { aliases: options.aliases } : {}),
    ...(lookup ? { lookup } : {}),
  });
  return createHybridRouter({
    rules,
    ...(options.llm ? { llm: createLlmRouter({ llm: options.llm, clock }) } : {}),
  });
}

/** Checks the options and fills in defaults; throws a `TypeError` naming the problem. */
export function resolveMetaToolOptions(options: MetaToolOptions, toolName: string): ResolvedMetaToolOptions {
  if (!options || typeof options !== 'object' || !options.provider) {
    throw new TypeError(`${toolName}: pass { provider } — e.g. createEmbeddedProvider()`);
  }
  if (!Array.isArray(options.provider.capabilities)) {
    throw new TypeError(`${toolName}: provider.capabilities must list the methods the provider implements`);
  }
  const maxConcurrency = options.maxConcurrency ?? 10;
  if (!(Number.isInteger(maxConcurrency) && maxConcurrency >= 1)) {
    throw new TypeError(`${toolName}: maxConcurrency must be a positive integer, got ${maxConcurrency}`);
  }
  const subCallTimeoutMs = options.subCallTimeoutMs ?? 20_000;
  if (!(subCallTimeoutMs > 0)) {
    throw new TypeError(`${toolName}: subCallTimeoutMs must be a positive number, got ${subCallTimeoutMs}`);
  }
  return {
    provider: options.provider,
    router: options.router ?? defaultRouter(options),
    clock: options.clock ?? systemClock,
    maxConcurrency,
    subCallTimeoutMs,
    cache: options.cache === false ? undefined : (options.cache ?? createResultCache()),
    asOriginallyReported: options.asOriginallyReported,
  };
}
