/**
 * The router contract: a natural-language finance query becomes a `RoutePlan` — a list of
 * sub-calls against the `FinancialDataProvider` plus the interpretation behind them, so the
 * host (and the model) can see how "last two fiscal years" or "Google" was understood.
 *
 * Plans are data, not code: they are validated with zod (`subCallSchema`), printed in the
 * CLI's `--json` output and compared in tests.
 */

/** The sub-tools a plan may call; each maps to one provider method. */
export type SubToolName =
  | 'income_statements'
  | 'balance_sheets'
  | 'cash_flow_statements'
  | 'key_metrics'
  | 'segmented_revenues'
  | 'earnings'
  | 'filings';

/** Every sub-tool name, in a stable order (plan order, output order). */
export const SUB_TOOL_NAMES: readonly SubToolName[] = Object.freeze([
  'income_statements',
  'balance_sheets',
  'cash_flow_statements',
  'key_metrics',
  'segmented_revenues',
  'earnings',
  'filings',
]);

/** Which kind of reporting period a sub-call wants. */
export type PeriodKind = 'annual' | 'quarterly' | 'ttm';

/**
 * One call the meta-tool will make. Period selection, applied in this order:
 * `fiscalYears` / `fiscalQuarter` filter by the company's own fiscal calendar;
 * `endOnOrAfter` / `endOnOrBefore` filter by period end date (ISO `YYYY-MM-DD`);
 * the remaining periods are sorted newest first and cut to `limit`.
 */
export interface SubCall {
  tool: SubToolName;
  /** Upper-case ticker, e.g. `AAPL`. */
  ticker: string;
  period: PeriodKind;
  /** Fiscal years as the company numbers them (NVDA's FY2026 ends January 2026). */
  fiscalYears?: number[];
  /** With `period: 'quarterly'`: only this fiscal quarter of each fiscal year. */
  fiscalQuarter?: 1 | 2 | 3 | 4;
  /** At most this many periods, newest first. */
  limit?: number;
  /** Only periods ending on or after this date. */
  endOnOrAfter?: string;
  /** Only periods ending on or before this date (the clock's today for relative phrases). */
  endOnOrBefore?: string;
  /** For `filings`: only these forms (`10-K`, `10-Q`, `8-K`, ...). */
  forms?: string[];
  /** Line items the question is about (model field names such as `revenue`); all are still returned. */
  fields?: string[];
}

/** A ticker found in the query, and the words that named it. */
export interface ResolvedTicker {
  ticker: string;
  /** The text in the query that resolved to it ("Apple", "nvda", "$AMD"). */
  matched: string;
  /** How it was found. */
  via: 'alias' | 'ticker' | 'llm';
}

/** How the router read the query. */
export interface RouteInterpretation {
  tickers: ResolvedTicker[];
  /** The period the plan asks for, in words ("the 2 latest fiscal years ending on or before 2026-11-30"). */
  period: string;
  /** Sub-tools chosen, in plan order. */
  tools: SubToolName[];
  /** Line items singled out by the query. */
  fields: string[];
  /** The clock's date (ISO) the relative phrases were resolved against. */
  asOf: string;
}

/** A router's answer. */
export interface RoutePlan {
  calls: SubCall[];
  interpretation: RouteInterpretation;
  /** Which router produced the calls. */
  router: 'rule' | 'llm';
  /** Model-visible remarks: assumptions, dropped calls, fallbacks. */
  notes: string[];
}

/** Options of one `route` call. */
export interface RouteOptions {
  signal?: AbortSignal;
}

/**
 * Turns a query into sub-calls. Implementations: `createRuleRouter` (deterministic, no model),
 * `createLlmRouter` (native tool calling through an `LlmClient`) and `createHybridRouter`.
 *
 * @example
 * ```ts
 * const plan = await router.route('compare NVDA and AAPL net income for the last two fiscal years');
 * for (const call of plan.calls) console.log(call.tool, call.ticker, call.period, call.limit);
 * ```
 */
export interface FinancialQueryRouter {
  readonly kind: 'rule' | 'llm' | 'hybrid';
  route(query: string, options?: RouteOptions): Promise<RoutePlan>;
}
