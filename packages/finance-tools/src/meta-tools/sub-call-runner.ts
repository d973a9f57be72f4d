/**
 * Runs one planned sub-call against a `FinancialDataProvider`: picks the port method, splits
 * a multi-year request into one provider request per fiscal year, applies the per-call
 * timeout, the caller's signal and the result cache, then filters, sorts (newest first),
 * de-duplicates and cuts the rows to the plan's limit — the same rules whatever the provider.
 */
import { FinanceError, isFinanceError } from '../errors';
import type { Filing, KeyMetrics, PeriodRow } from '../models';
import type {
  FilingsRequest,
  FinancialCapability,
  FinancialDataProvider,
  PeriodRequest,
  ProviderResult,
} from '../provider';
import { MAX_PERIODS } from '../router/period-parser';
import type { SubCall, SubToolName } from '../router/types';
import { callWithTimeout } from './abortable-call';
import type { ResultCache } from './result-cache';

/** A row of any statement kind, or a filing. */
export type SubCallRow =
  | (PeriodRow & Record<string, unknown>)
  | Filing
  | KeyMetrics
  | Record<string, unknown>;

/** What one sub-call produced. */
export interface SubCallOutcome {
  call: SubCall;
  /** The merge key, e.g. `AAPL.income_statements.annual`. */
  key: string;
  rows: SubCallRow[];
  /** Providers that served the rows. */
  providers: string[];
  warnings: string[];
  /** Provider requests answered from the cache / made. */
  cacheHits: number;
  requests: number;
}

/** Options of `runSubCall`. */
export interface RunSubCallOptions {
  signal?: AbortSignal;
  /** Per provider request. Default 20 s. */
  timeoutMs?: number;
  cache?: ResultCache;
}

const METHODS: Readonly<Record<Exclude<SubToolName, 'key_metrics' | 'filings'>, FinancialCapability>> = {
  income_statements: 'getIncomeStatements',
  balance_sheets: 'getBalanceSheets',
  cash_flow_statements: 'getCashFlowStatements',
  segmented_revenues: 'getSegmentedRevenues',
  earnings: 'getEarnings',
};

/** The merge key of a sub-call: annual and quarterly rows of one ticker never collide. */
export function subCallKey(call: SubCall): string {
  if (call.tool === 'filings') return `${call.ticker}.filings`;
  if (call.tool === 'key_metrics' && isSnapshot(call)) return `${call.ticker}.key_metrics.latest`;
  return `${call.ticker}.${call.tool}.${call.period}`;
}

/** A key-metrics call with no period selection asks for the latest snapshot. */
function isSnapshot(call: SubCall): boolean {
  return (
    call.tool === 'key_metrics' &&
    !call.fiscalYears &&
    !call.endOnOrAfter &&
    (call.limit ?? 1) === 1 &&
    call.period !== 'quarterly'
  );
}

function has(provider: FinancialDataProvider, capability: FinancialCapability): boolean {
  return provider.capabilities.includes(capability) && typeof provider[capability] === 'function';
}

function unsupported(provider: FinancialDataProvider, what: string): FinanceError {
  return new FinanceError('unsupported', `the ${provider.name} data source does not offer ${what}`, {
    provider: provider.name,
  });
}

const LABELS: Readonly<Record<SubToolName, string>> = {
  income_statements: 'income statements',
  balance_sheets: 'balance sheets',
  cash_flow_statements: 'cash-flow statements',
  key_metrics: 'key metrics',
  segmented_revenues: 'segmented revenues',
  earnings: 'earnings',
  filings: 'filings',
};

/** Words for a sub-tool ("income statements"). */
export function subToolLabel(tool: SubToolName): string {
  return LABELS[tool];
}

type Request = PeriodRequest | FilingsRequest | { ticker: string };

function plannedRequests(call: SubCall): Array<{ method: FinancialCapability; request: Request }> {
  const ticker = call.ticker;
  if (call.tool === 'filings') {
    const request: FilingsRequest = { ticker, limit: call.limit ?? 10 };
    if (call.forms?.length) request.forms = [...call.forms];
    if (call.endOnOrAfter) request.filedFrom = call.endOnOrAfter;
    if (call.endOnOrBefore) request.filedTo = call.endOnOrBefore;
    return [{ method: 'getFilings', request }];
  }
  if (isSnapshot(call)) return [{ method: 'getKeyMetrics', request: { ticker } }];
  const method = call.tool === 'key_metrics' ? 'getKeyMetricsHistory' : METHODS[call.tool];
  if (call.fiscalYears?.length) {
    return call.fiscalYears.map((fiscalYear) => {
      const request: PeriodRequest = {
        ticker,
        period: call.period,
        fiscalYear,
        limit: call.period === 'quarterly' ? 5 : 2,
      };
      if (call.fiscalQuarter) request.fiscalQuarter = call.fiscalQuarter;
      return { method, request };
    });
  }
  const request: PeriodRequest = {
    ticker,
    period: call.period,
    // A date window has no count of its own: ask for enough rows to cover it.
    limit: call.limit ?? (call.endOnOrAfter ? MAX_PERIODS : 4),
  };
  if (call.fiscalQuarter) request.fiscalQuarter = call.fiscalQuarter;
  if (call.endOnOrAfter) request.periodEndFrom = call.endOnOrAfter;
  if (call.endOnOrBefore) request.periodEndTo = call.endOnOrBefore;
  return [{ method, request }];
}

function rowMatches(call: SubCall, row: Record<string, unknown>): boolean {
  if (call.tool === 'filings') {
    const filed = String(row.filed ?? '');
    if (call.endOnOrAfter && filed < call.endOnOrAfter) return false;
    if (call.endOnOrBefore && filed > call.endOnOrBefore) return false;
    return true;
  }
  if (call.fiscalYears && !call.fiscalYears.includes(Number(row.fiscalYear))) return false;
  if (call.fiscalQuarter && row.fiscalPeriod !== `Q${call.fiscalQuarter}`) return false;
  const end = typeof row.periodEnd === 'string' ? row.periodEnd : '';
  if (call.endOnOrAfter && end && end < call.endOnOrAfter) return false;
  if (call.endOnOrBefore && end && end > call.endOnOrBefore) return false;
  return true;
}

function rowIdentity(row: Record<string, unknown>): string {
  if (typeof row.accession === 'string' && row.form !== undefined) return `filing:${row.accession}`;
  return `${String(row.periodEnd)}|${String(row.fiscalPeriod)}|${String(row.period)}`;
}

function dateOf(row: Record<string, unknown>): string {
  return String(row.periodEnd ?? row.filed ?? '');
}

/**
 * Runs one sub-call. Rejects with a `FinanceError` (`unsupported`, `unknown_ticker`,
 * `timeout`, `aborted`, ...) when no row could be fetched.
 */
export async function runSubCall(
  provider: FinancialDataProvider,
  call: SubCall,
  options: RunSubCallOptions = {},
): Promise<SubCallOutcome> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let planned = plannedRequests(call);
  if (planned[0]?.method === 'getKeyMetrics' && !has(provider, 'getKeyMetrics')) {
    // No snapshot: the latest row of the history serves instead.
    planned = [
      { method: 'getKeyMetricsHistory', request: { ticker: call.ticker, period: 'annual', limit: 1 } },
    ];
  }
  const warnings: string[] = [];
  const providers = new Set<string>();
  let cacheHits = 0;
  let requests = 0;
  const rows: Record<string, unknown>[] = [];
  for (const { method } of planned) {
    if (!has(provider, method)) throw unsupported(provider, subToolLabel(call.tool));
  }
  const settled = await Promise.allSettled(
    planned.map(async ({ method, request }) => {
      const load = () =>
        callWithTimeout(
          (signal) =>
            (
              provider[method] as (
                input: Request & { signal: AbortSignal },
              ) => Promise<ProviderResult<unknown>>
            )({
              ...request,
              signal,
            }),
          timeoutMs,
          options.signal,
        );
      if (!options.cache) {
        requests += 1;
        return load();
      }
      const cacheKey = `${provider.name}|${method}|${JSON.stringify(request)}`;
      try {
        const { value, hit } = await options.cache.getOrLoad(cacheKey, load);
        if (hit) cacheHits += 1;
        else requests += 1;
        return value;
      } catch (error) {
        // A shared in-flight load cancelled by another caller: try again under our own signal.
        if (isFinanceError(error, 'aborted') && !options.signal?.aborted) {
          requests += 1;
          return load();
        }
        throw error;
      }
    }),
  );
  // Several requests (one per fiscal year): the years that exist are answered, each missing
  // one gets a note. Only when none could be fetched does the call fail.
  const results: ProviderResult<unknown>[] = [];
  const missing: string[] = [];
  let firstError: unknown;
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') {
      results.push(outcome.value);
      return;
    }
    firstError ??= outcome.reason;
    const request = planned[index]?.request as PeriodRequest | undefined;
    const partial =
      planned.length > 1 && isFinanceError(outcome.reason) && !isFinanceError(outcome.reason, 'aborted');
    if (!partial) return;
    const year = request?.fiscalYear !== undefined ? `FY${request.fiscalYear}` : 'one period';
    missing.push(`${year} (${(outcome.reason as Error).message})`);
  });
  if (results.length === 0 || (firstError !== undefined && missing.length === 0)) throw firstError;
  for (const note of missing)
    warnings.push(`${call.ticker} ${subToolLabel(call.tool)} (${call.period}): no data for ${note}.`);
  for (const result of results) {
    providers.add(result.provider);
    warnings.push(...result.warnings);
    const data = result.data;
    if (Array.isArray(data)) rows.push(...(data as Record<string, unknown>[]));
    else if (data && typeof data === 'object') rows.push(data as Record<string, unknown>);
  }
  const seen = new Set<string>();
  const kept = rows
    .filter((row) => rowMatches(call, row))
    .sort((a, b) => dateOf(b).localeCompare(dateOf(a)))
    .filter((row) => {
      const identity = rowIdentity(row);
      if (seen.has(identity)) return false;
      seen.add(identity);
      return true;
    });
  const limited = call.limit !== undefined ? kept.slice(0, call.limit) : kept;
  if (call.tool !== 'filings' && call.fiscalYears && limited.length > 0) {
    const found = new Set(limited.map((row) => Number(row.fiscalYear)));
    for (const year of call.fiscalYears) {
      if (found.has(year) || missing.some((note) => note.startsWith(`FY${year} `))) continue;
      warnings.push(
        `${call.ticker} ${subToolLabel(call.tool)} (${call.period}): no data for FY${year}${call.fiscalQuarter ? ` Q${call.fiscalQuarter}` : ''} in the ${[...providers].join(', ') || provider.name} data.`,
      );
    }
  }
  return {
    call,
    key: subCallKey(call),
    rows: limited as SubCallRow[],
    providers: [...providers],
    warnings,
    cacheHits,
    requests,
  };
}
