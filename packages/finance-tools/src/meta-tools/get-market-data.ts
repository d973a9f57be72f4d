/**
 * `get_market_data`: valuation and ratio snapshots (market cap, P/E, P/S, P/B, margins,
 * growth, returns) in the same one-query pattern as `get_financials`. Where the provider has
 * no prices (the embedded dataset, SEC EDGAR) the market-based fields are `null` and the
 * answer says so; where it has no key metrics at all the call fails with `unsupported`.
 */
import { defineTool, type Tool } from '@dexter/registry';
import type { FinancialDataProvider } from '../provider';
import { chooseStatements } from '../router/statement-choice';
import type { RoutePlan } from '../router/types';
import { type MetricId, metricRequest } from './computed-metrics';
import type { MetaToolResult } from './execute-plan';
import { answerFinancialQuery, financialQueryInputSchema } from './get-financials';
import { type MetaToolOptions, resolveMetaToolOptions } from './meta-tool-options';
import { singleToolPlan } from './single-tool-plan';

const MARKET_FIELDS = [
  'marketCap',
  'enterpriseValue',
  'priceToEarnings',
  'priceToSales',
  'priceToBook',
] as const;

/**
 * Keeps the plan's key-metrics calls; every other ticker gets key metrics for the period its
 * other calls asked for (fiscal years, a quarter, a date window) or, with no period in the
 * query, the latest snapshot.
 */
export function marketDataPlan(plan: RoutePlan, query?: string): RoutePlan {
  const narrowed = singleToolPlan(plan, 'key_metrics', 1, true);
  if (query === undefined) return narrowed;
  // "P/E and net margin": every key metric the question names is singled out, not only the first.
  const { inKeyMetrics } = askedMetrics(query, plan);
  if (inKeyMetrics.length === 0) return narrowed;
  return {
    ...narrowed,
    calls: narrowed.calls.map((call) => ({
      ...call,
      fields: [...new Set([...(call.fields ?? []), ...inKeyMetrics])],
    })),
  };
}

/** Computed metrics that are also key-metric fields (same names), and those that are not. */
const KEY_METRIC_IDS: ReadonlySet<string> = new Set([
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'freeCashFlow',
  'freeCashFlowMargin',
  'currentRatio',
  'debtToEquity',
]);
const KEY_METRIC_GROWTH: Readonly<Record<string, string>> = {
  revenue: 'revenueGrowth',
  netIncome: 'netIncomeGrowth',
  epsDiluted: 'epsGrowth',
};

function askedMetrics(query: string, plan: RoutePlan): { inKeyMetrics: string[]; elsewhere: MetricId[] } {
  const request = metricRequest(query, plan);
  const inKeyMetrics = request.metrics.filter((id) => KEY_METRIC_IDS.has(id)) as string[];
  for (const field of request.growth) {
    const growth = KEY_METRIC_GROWTH[field];
    if (growth) inKeyMetrics.push(growth);
  }
  return {
    inKeyMetrics,
    elsewhere: request.metrics.filter((id) => !KEY_METRIC_IDS.has(id) && id !== 'totalDebt'),
  };
}

const EMPTY_PLAN: RoutePlan = {
  calls: [],
  interpretation: { tickers: [], period: '', tools: [], fields: [], asOf: '' },
  router: 'rule',
  notes: [],
};

function hasMarketData(provider: FinancialDataProvider): boolean {
  return (
    provider.capabilities.includes('getKeyMetrics') || provider.capabilities.includes('getKeyMetricsHistory')
  );
}

/**
 * Creates the `get_market_data` tool.
 *
 * @example
 * ```ts
 * const tool = createGetMarketDataTool({ provider: createFinancialDatasetsProvider({ apiKey }) });
 * // model calls get_market_data({ query: 'NVDA and AMD P/E and market cap' })
 * ```
 */
export function createGetMarketDataTool(
  options: MetaToolOptions,
): Tool<typeof financialQueryInputSchema, MetaToolResult> {
  const resolved = resolveMetaToolOptions(options, 'createGetMarketDataTool');
  const { provider } = resolved;
  return defineTool({
    name: 'get_market_data',
    inputSchema: financialQueryInputSchema,
    description: [
      'Valuation and ratio snapshot for one or more companies from a plain-language query: market cap, enterprise value, P/E, P/S, P/B, margins, growth, return on equity/assets, current ratio, debt to equity.',
      'Market-based figures need a data source with prices (financialdatasets.ai); with SEC-derived data they come back empty and the answer says so.',
      'Use get_financials for statement line items (revenue, net income, cash, debt) and read_filings for SEC documents.',
    ].join(' '),
    compactDescription: 'Valuation multiples and key ratios (market cap, P/E, margins) for companies',
    concurrencySafe: true,
    approval: 'allow',
    similarityKey: (input) => input.query,
    // The model reads the markdown (figures, notes, sources); hosts get the whole object.
    formatOutput: (result) => result.answer,
    available:
      options.available ??
      (() =>
        hasMarketData(provider) || `the ${provider.name} data source offers no key metrics or market data`),
    execute: (input, context) =>
      answerFinancialQuery(input.query, resolved, context, {
        name: 'get_market_data',
        adjustPlan: marketDataPlan,
        review: (data, query) => {
          const rows = Object.values(data).flat() as Array<Record<string, unknown>>;
          const priced = rows.some((row) => MARKET_FIELDS.some((field) => typeof row[field] === 'number'));
          const notes =
            priced || rows.length === 0
              ? []
              : [
                  `The ${provider.name} data source has no market prices: market cap, enterprise value, P/E, P/S and P/B are unavailable (a host can configure a source with prices, such as financialdatasets.ai).`,
                ];
          const { elsewhere } = askedMetrics(query, { ...EMPTY_PLAN });
          if (elsewhere.length > 0)
            notes.push(
              `Not among the key metrics: ${elsewhere.map((id) => id.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)).join(', ')} — call get_financials with the same question to have it computed from the filed statements.`,
            );
          const asksDebtToEquity =
            /debt[\s-]+to[\s-]+equity|\bd\s*\/\s*e\b|leverage|gearing/i.test(query) ||
            chooseStatements(query).fields.length === 0;
          if (asksDebtToEquity && rows.some((row) => typeof row.debtToEquity === 'number'))
            notes.push(
              "Debt to equity here is the data source's key metric; the embedded and SEC data compute it as (current portion of long-term debt + long-term debt) ÷ shareholders' equity, leaving out commercial paper. get_financials computes debt to equity with commercial paper included and names both when they differ.",
            );
          return notes;
        },
      }),
  });
}
