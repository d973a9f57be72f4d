/**
 * `get_financials`: the meta-tool. One natural-language query in; routing, parallel
 * sub-calls, merging and formatting inside; markdown plus exact numbers and sources out.
 */
import { defineTool, type Tool } from '@dexter/registry';
import { z } from 'zod';
import { FINANCE_ERROR_CODES, FinanceError, type FinanceErrorCode } from '../errors';
import type { FinancialCapability } from '../provider';
import { toIsoDate } from '../router/clock';
import type { RoutePlan } from '../router/types';
import { computeMetrics, metricRequest, planForMetrics, wantsMetrics } from './computed-metrics';
import { executePlan, type MetaToolResult } from './execute-plan';
import {
  type MetaToolOptions,
  type ResolvedMetaToolOptions,
  resolveMetaToolOptions,
} from './meta-tool-options';

/** Input of `get_financials`, `get_market_data` and `read_filings`. */
export const financialQueryInputSchema = z.object({
  // Length rules as refinements, not min/max: they stay out of the JSON schema, which keeps
  // the tool eligible for OpenAI's strict mode.
  query: z
    .string()
    .trim()
    .refine((query) => query.length > 0, 'the query is empty')
    .refine((query) => query.length <= 2000, 'the query is longer than 2000 characters')
    .describe(
      'The question in plain words, with companies and periods, e.g. "compare NVDA and AAPL net income for the last two fiscal years".',
    ),
});

/** Input of the query meta-tools. */
export type FinancialQueryInput = z.output<typeof financialQueryInputSchema>;

const STATEMENT_CAPABILITIES: readonly FinancialCapability[] = [
  'getIncomeStatements',
  'getBalanceSheets',
  'getCashFlowStatements',
  'getKeyMetrics',
  'getKeyMetricsHistory',
  'getSegmentedRevenues',
  'getEarnings',
];

/** Words asking for the values first filed, before any restatement. */
export const asOriginallyReportedPattern =
  /\bas\s+(?:originally|first|initially)\s+(?:reported|filed)\b|\boriginally\s+(?:reported|filed)\b|\bbefore\s+(?:any\s+)?restatements?\b|\bunrestated\b/i;

/** Freezes a cached answer so no caller can change what the next one reads. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** Throws a `FinanceError` when a plan has nothing to run. */
export function assertPlanHasCalls(plan: RoutePlan, query: string): void {
  if (plan.calls.length > 0) return;
  const reason = plan.notes.join(' ') || 'The query named no company or data.';
  throw new FinanceError('invalid_request', `Could not plan any data request for "${query}". ${reason}`, {
    details: { notes: plan.notes },
  });
}

/**
 * Throws when no sub-call produced data: the model (and the CLI) get one clear error that
 * lists each failure, with the first failure's code (`unknown_ticker`, `unsupported`, ...).
 */
export function assertSomeData(result: MetaToolResult): void {
  if (Object.keys(result.data).length > 0) return;
  const first = result.failures[0];
  const code = first && isKnownCode(first.code) ? first.code : 'not_found';
  const details =
    result.warnings.length > 0 ? result.warnings.join('; ') : 'no rows matched the requested periods';
  throw new FinanceError(code, `No data found: ${details}`, {
    details: { failures: result.failures, plan: result.plan },
  });
}

function isKnownCode(code: string): code is FinanceErrorCode {
  return (FINANCE_ERROR_CODES as readonly string[]).includes(code);
}

/** How a sibling meta-tool shapes the shared pipeline. */
export interface QueryHooks {
  /** The tool's name: answers are cached per tool. */
  name?: string;
  /** Keeps only, or adds, the sub-calls the tool is about. */
  adjustPlan?: (plan: RoutePlan, query: string) => RoutePlan;
  /** Extra notes from the merged data, shown before the sources. */
  review?: (data: MetaToolResult['data'], query: string) => string[];
}

/**
 * Runs a query end to end with resolved options (shared by the CLI and the tools);
 * `hooks` let a sibling tool narrow the plan and add notes.
 */
export async function answerFinancialQuery(
  query: string,
  resolved: ResolvedMetaToolOptions,
  context: {
    signal?: AbortSignal;
    progress?: (update: string | { message: string; percent?: number }) => void;
  },
  hooks: QueryHooks = {},
): Promise<MetaToolResult> {
  const answerKey = resolved.cache
    ? `answer|${hooks.name ?? 'get_financials'}|${toIsoDate(resolved.clock.now())}|${query}`
    : '';
  const cached = resolved.cache?.peek<MetaToolResult>(answerKey);
  if (cached) {
    context.progress?.({ message: 'Answered from cache', percent: 100 });
    return { ...cached, stats: { calls: cached.stats.calls, requests: 0, cacheHits: cached.stats.calls } };
  }
  context.progress?.({ message: 'Resolving tickers…', percent: 0 });
  const routed = await resolved.router.route(query, context.signal ? { signal: context.signal } : {});
  const adjusted = hooks.adjustPlan ? hooks.adjustPlan(routed, query) : routed;
  // get_financials computes the metrics the question asks for (its siblings have their own focus).
  const metrics = hooks.name === undefined ? metricRequest(query, adjusted) : undefined;
  const planned = { ...(metrics && wantsMetrics(metrics) ? planForMetrics(adjusted, metrics) : adjusted) };
  if (metrics?.notComputed?.length)
    planned.notes = [
      ...planned.notes,
      ...metrics.notComputed.map((why) => `Asked for but not in this answer: ${why}.`),
    ];
  const original = asOriginallyReportedPattern.test(query);
  const provider =
    original && resolved.asOriginallyReported ? resolved.asOriginallyReported : resolved.provider;
  const plan: RoutePlan = original
    ? {
        ...planned,
        notes: [
          ...planned.notes,
          resolved.asOriginallyReported
            ? `Figures as originally reported: each period's value from the first filing that reported it (${provider.name}), before any later restatement or split adjustment.`
            : `Figures are as restated by the latest filing that reported each period; ${resolved.provider.name} does not keep the values as originally reported. A host gets them by giving the tools asOriginallyReported (a data source of first-filed values, such as the SEC EDGAR one with values: 'first'); per-share figures changed only by a split keep their as-filed value in the row's splitAdjusted.`,
        ],
      }
    : planned;
  assertPlanHasCalls(plan, query);
  const result = await executePlan(plan, {
    provider,
    maxConcurrency: resolved.maxConcurrency,
    subCallTimeoutMs: resolved.subCallTimeoutMs,
    title: query,
    ...(context.signal ? { signal: context.signal } : {}),
    ...(resolved.cache ? { cache: resolved.cache } : {}),
    ...(context.progress ? { progress: context.progress } : {}),
    ...(hooks.review ? { review: (data) => hooks.review?.(data, query) ?? [] } : {}),
    ...(metrics && wantsMetrics(metrics) ? { compute: (data) => computeMetrics(metrics, data) } : {}),
  });
  assertSomeData(result);
  // A frozen copy: the rows may belong to the provider, which this must not freeze.
  resolved.cache?.set(answerKey, deepFreeze(structuredClone(result)));
  return result;
}

/**
 * Creates the `get_financials` tool.
 *
 * @example
 * ```ts
 * const getFinancials = createGetFinancialsTool({ provider: createEmbeddedProvider() });
 * const registry = createToolRegistry([getFinancials]);
 * // model calls get_financials({ query: "What was Apple's revenue in fiscal 2025?" })
 * ```
 */
export function createGetFinancialsTool(
  options: MetaToolOptions,
): Tool<typeof financialQueryInputSchema, MetaToolResult> {
  const resolved = resolveMetaToolOptions(options, 'createGetFinancialsTool');
  const { provider } = resolved;
  return defineTool({
    name: 'get_financials',
    inputSchema: financialQueryInputSchema,
    description: [
      "Answers a question about companies' reported financials in one call: income statements (revenue, net income, EPS, margins), balance sheets (cash, debt, assets, equity), cash-flow statements (operating cash flow, capex, free cash flow), key ratios, segment revenue and earnings.",
      'Pass the whole question in plain words; name companies or tickers and periods ("FY2024", "last quarter", "last two fiscal years", "Q3 2025", "TTM"). Several companies and statements can go in one query; they are fetched in parallel.',
      'Computes on request, each with formula and filed inputs: margins, YoY/QoQ growth, change and CAGR between years, effective tax rate, payout ratio, interest coverage, current/quick ratio, EBITDA, free cash flow, debt to equity.',
      'Returns markdown tables with exact figures, how the query was read (tickers, fiscal periods per each company\'s calendar), notes on missing data, and the source filing URLs. Figures are as restated by later filings; say "as originally reported" for the first-filed values.',
      'Do not use it for stock prices or market data (use get_market_data) or to list or read SEC filings (use read_filings).',
    ].join(' '),
    compactDescription:
      'Company financial statements and ratios from a plain-language query (multi-company, multi-period)',
    concurrencySafe: true,
    approval: 'allow',
    similarityKey: (input) => input.query,
    // The model reads the markdown (figures, notes, sources); hosts get the whole object.
    formatOutput: (result) => result.answer,
    available:
      options.available ??
      (() =>
        STATEMENT_CAPABILITIES.some((capability) => provider.capabilities.includes(capability)) ||
        `the ${provider.name} data source offers no financial statements`),
    execute: (input, context) => answerFinancialQuery(input.query, resolved, context),
  });
}
