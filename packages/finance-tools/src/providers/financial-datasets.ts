/**
 * HTTP provider for financialdatasets.ai (the Dexter seed's data API).
 *
 * - Key: `apiKey` option or `FINANCIAL_DATASETS_API_KEY`, sent as `X-API-KEY`; without one
 *   the constructor throws `configuration`.
 * - Endpoints (base `https://api.financialdatasets.ai`): `/financials/income-statements/`,
 *   `/financials/balance-sheets/`, `/financials/cash-flow-statements/`,
 *   `/financial-metrics/` (+ `/financial-metrics/snapshot/`),
 *   `/financials/segmented-revenues/`, `/earnings/`, `/filings/`, with query parameters
 *   `ticker`, `period` (annual | quarterly | ttm), `limit`, `report_period_gte/lte`.
 * - HTTP behaviour (timeouts that abort, retries with backoff honouring Retry-After,
 *   concurrency cap, de-duplication, TTL cache) comes from `http/http-client.ts`.
 * The API has no fiscal-year filter: with `fiscalYear`/`fiscalQuarter` the provider asks
 * for a wider window and filters locally.
 */
import { FinanceError } from '../errors';
import type { Filing, KeyMetrics, Period, PeriodRow, Source } from '../models';
import {
  type BaseRequest,
  DEFAULT_LIMIT,
  type FinancialCapability,
  type FinancialDataProvider,
  type PeriodRequest,
  type ProviderResult,
} from '../provider';
import { filterRows, validatePeriodRequest } from './company-book';
import {
  type ApiRecord,
  mapBalanceSheet,
  mapCashFlowStatement,
  mapEarnings,
  mapFiling,
  mapIncomeStatement,
  mapKeyMetrics,
  mapSegmentedRevenue,
} from './financial-datasets-mapping';
import type { HttpClock } from './http/clock';
import { createHttpClient, type HttpClient, type HttpClientStats } from './http/http-client';

/** Options of `createFinancialDatasetsProvider`. */
export interface FinancialDatasetsProviderOptions {
  /** Default: `env.FINANCIAL_DATASETS_API_KEY`. */
  apiKey?: string;
  /** Where to read the key from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Default `https://api.financialdatasets.ai`. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  clock?: HttpClock;
  /** Per-request timeout (default 15 000 ms). */
  timeoutMs?: number;
  /** Retries on 429/5xx (default 2). */
  retries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxRetryAfterMs?: number;
  random?: () => number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Response cache lifetime (default 300 000 ms; 0 disables). */
  cacheTtlMs?: number;
  /** Default `financial-datasets`. */
  name?: string;
}

/** The provider plus HTTP counters (for tests and diagnostics). */
export interface FinancialDatasetsProvider extends FinancialDataProvider {
  httpStats(): HttpClientStats;
}

type Mapper<Row> = (record: ApiRecord, ticker: string, period: Period, source: Source) => Row;

const TICKER = /^[A-Za-z0-9][A-Za-z0-9.-]{0,9}$/;

/**
 * Creates the financialdatasets.ai provider.
 *
 * @example
 * ```ts
 * const provider = createFinancialDatasetsProvider(); // reads FINANCIAL_DATASETS_API_KEY
 * const { data } = await provider.getIncomeStatements!({ ticker: 'NVDA', period: 'annual', limit: 2 });
 * ```
 */
export function createFinancialDatasetsProvider(
  options: FinancialDatasetsProviderOptions = {},
): FinancialDatasetsProvider {
  const name = options.name ?? 'financial-datasets';
  const env = options.env ?? process.env;
  const apiKey = (options.apiKey ?? env.FINANCIAL_DATASETS_API_KEY ?? '').trim();
  if (!apiKey) {
    throw new FinanceError(
      'configuration',
      'financialdatasets.ai needs an API key: pass { apiKey } or set FINANCIAL_DATASETS_API_KEY',
      { provider: name },
    );
  }
  const baseUrl = (options.baseUrl ?? 'https://api.financialdatasets.ai').replace(/\/+$/, '');
  const http: HttpClient = createHttpClient({
    provider: name,
    fetch: options.fetch,
    clock: options.clock,
    headers: { 'X-API-KEY': apiKey, Accept: 'application/json' },
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    backoffBaseMs: options.backoffBaseMs,
    backoffMaxMs: options.backoffMaxMs,
    maxRetryAfterMs: options.maxRetryAfterMs,
    random: options.random,
    concurrency: options.concurrency ?? 4,
    cacheTtlMs: options.cacheTtlMs ?? 300_000,
  });

  const checkTicker = (request: BaseRequest): string => {
    const ticker = typeof request.ticker === 'string' ? request.ticker.trim().toUpperCase() : '';
    if (!TICKER.test(ticker)) {
      throw new FinanceError('invalid_request', `"${String(request.ticker)}" is not a ticker symbol`, {
        provider: name,
      });
    }
    return ticker;
  };

  const url = (path: string, params: Record<string, string | number | undefined>): string => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params).sort(([left], [right]) => left.localeCompare(right))) {
      if (value !== undefined) search.set(key, String(value));
    }
    return `${baseUrl}${path}?${search.toString()}`;
  };

  const apiSource = (address: string): Source => ({ url: address, form: 'api', accession: '', filed: '' });

  const fetchRecords = async (address: string, key: string, signal?: AbortSignal): Promise<ApiRecord[]> => {
    const body = await http.getJson<Record<string, unknown>>(address, { signal });
    const value = body?.[key];
    if (Array.isArray(value))
      return value.filter((entry): entry is ApiRecord => typeof entry === 'object' && entry !== null);
    if (value && typeof value === 'object') return [value as ApiRecord];
    throw new FinanceError('upstream_error', `${name}: the response has no "${key}"`, {
      provider: name,
      details: { url: address },
    });
  };

  const mapAll = <Row>(
    records: ApiRecord[],
    map: Mapper<Row>,
    ticker: string,
    period: Period,
    source: Source,
  ) => {
    try {
      return records.map((record) => map(record, ticker, period, source));
    } catch (error) {
      throw new FinanceError('upstream_error', `${name}: unreadable record (${String(error)})`, {
        provider: name,
        cause: error,
      });
    }
  };

  async function periodRows<Row extends PeriodRow>(
    path: string,
    key: string,
    map: Mapper<Row>,
    request: PeriodRequest,
  ): Promise<ProviderResult<Row[]>> {
    validatePeriodRequest(request, name);
    const ticker = checkTicker(request);
    const wanted = request.limit ?? DEFAULT_LIMIT;
    const widen = request.fiscalYear !== undefined || request.fiscalQuarter !== undefined;
    const limit = widen ? Math.max(wanted, request.period === 'annual' ? 12 : 40) : wanted;
    const address = url(path, {
      ticker,
      period: request.period,
      limit,
      report_period_gte: request.periodEndFrom,
      report_period_lte: request.periodEndTo,
    });
    const records = await fetchRecords(address, key, request.signal);
    const rows = filterRows(mapAll(records, map, ticker, request.period, apiSource(address)), request);
    if (rows.length === 0) {
      throw new FinanceError(
        'not_found',
        `${name} has no ${request.period} ${key.replace(/_/g, ' ')} for ${ticker} matching the request`,
        {
          provider: name,
          details: { ticker },
        },
      );
    }
    return { data: rows, provider: name, warnings: [] };
  }

  const capabilities: FinancialCapability[] = [
    'getIncomeStatements',
    'getBalanceSheets',
    'getCashFlowStatements',
    'getKeyMetrics',
    'getKeyMetricsHistory',
    'getSegmentedRevenues',
    'getEarnings',
    'getFilings',
  ];

  return {
    name,
    capabilities,
    httpStats: () => http.stats(),
    getIncomeStatements: (request) =>
      periodRows('/financials/income-statements/', 'income_statements', mapIncomeStatement, request),
    getBalanceSheets: (request) =>
      periodRows('/financials/balance-sheets/', 'balance_sheets', mapBalanceSheet, request),
    getCashFlowStatements: (request) =>
      periodRows('/financials/cash-flow-statements/', 'cash_flow_statements', mapCashFlowStatement, request),
    getKeyMetricsHistory: (request) =>
      periodRows('/financial-metrics/', 'financial_metrics', mapKeyMetrics, request),
    getSegmentedRevenues: (request) =>
      periodRows('/financials/segmented-revenues/', 'segmented_revenues', mapSegmentedRevenue, request),
    async getKeyMetrics(request): Promise<ProviderResult<KeyMetrics>> {
      const ticker = checkTicker(request);
      const address = url('/financial-metrics/snapshot/', { ticker });
      const [record] = await fetchRecords(address, 'snapshot', request.signal);
      if (!record)
        throw new FinanceError('not_found', `${name} has no metrics snapshot for ${ticker}`, {
          provider: name,
        });
      const today = new Date(options.clock?.now() ?? Date.now()).toISOString().slice(0, 10);
      const withDate = record.report_period ? record : { ...record, report_period: today };
      const [metrics] = mapAll([withDate], mapKeyMetrics, ticker, 'ttm', apiSource(address));
      return { data: metrics as KeyMetrics, provider: name, warnings: [] };
    },
    async getEarnings(request) {
      validatePeriodRequest(request, name);
      const ticker = checkTicker(request);
      const period: Period = request.period === 'annual' ? 'annual' : 'quarterly';
      const address = url('/earnings/', { ticker, limit: Math.max(request.limit ?? DEFAULT_LIMIT, 8) });
      const records = await fetchRecords(address, 'earnings', request.signal);
      // One period may come twice (the 8-K release, then the 10-Q/10-K); the first carries the estimates.
      const seen = new Set<string>();
      const earnings = mapAll(records, mapEarnings, ticker, period, apiSource(address)).filter((entry) => {
        const key = `${entry.fiscalYear}|${entry.fiscalPeriod}|${entry.periodEnd}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const rows = filterRows(
        earnings.map((entry) => ({ ...entry, period, periodStart: null })),
        { ...request, period },
      ).map(({ period: _period, periodStart: _start, ...entry }) => entry);
      if (rows.length === 0)
        throw new FinanceError('not_found', `${name} has no earnings for ${ticker}`, { provider: name });
      return { data: rows, provider: name, warnings: [] };
    },
    async getFilings(request): Promise<ProviderResult<Filing[]>> {
      const ticker = checkTicker(request);
      const forms = request.forms?.map((form) => form.toUpperCase());
      const limit = request.limit ?? 10;
      const address = url('/filings/', {
        ticker,
        filing_type: forms?.length === 1 ? forms[0] : undefined,
        limit: forms && forms.length > 1 ? Math.max(limit * 4, 40) : limit,
      });
      const records = await fetchRecords(address, 'filings', request.signal);
      const filings = records
        .map((record) => mapFiling(record, ticker))
        .filter((filing): filing is Filing => filing !== undefined)
        .filter(
          (filing) =>
            (!forms || forms.includes(filing.form.toUpperCase())) &&
            (request.filedFrom === undefined ||
              (filing.filed || filing.reportDate || '') >= request.filedFrom) &&
            (request.filedTo === undefined || (filing.filed || filing.reportDate || '') <= request.filedTo),
        )
        .sort((left, right) =>
          (left.filed || left.reportDate || '') < (right.filed || right.reportDate || '') ? 1 : -1,
        )
        .slice(0, limit);
      return { data: filings, provider: name, warnings: [] };
    },
  };
}
