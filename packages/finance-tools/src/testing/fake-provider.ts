/**
 * `createFakeProvider`: an in-memory `FinancialDataProvider` for tests and benchmarks. It
 * applies the port's request semantics (period, fiscal year/quarter, date bounds, limit,
 * newest first), waits `latencyMs` per request while honouring the abort signal, throws
 * `unknown_ticker` for tickers it has no rows for, and counts requests and the peak number
 * in flight — so tests can prove parallelism and cancellation without timing anything.
 */
import { FinanceError } from '../errors';
import type {
  BalanceSheet,
  CashFlowStatement,
  Earnings,
  Filing,
  IncomeStatement,
  KeyMetrics,
  SegmentedRevenue,
} from '../models';
import type {
  BaseRequest,
  FilingsRequest,
  FinancialCapability,
  FinancialDataProvider,
  PeriodRequest,
  ProviderResult,
} from '../provider';

/** Rows the fake serves, by kind. */
export interface FakeProviderData {
  incomeStatements?: IncomeStatement[];
  balanceSheets?: BalanceSheet[];
  cashFlowStatements?: CashFlowStatement[];
  keyMetrics?: KeyMetrics[];
  segmentedRevenues?: SegmentedRevenue[];
  earnings?: Earnings[];
  filings?: Filing[];
}

/** Options of `createFakeProvider`. */
export interface FakeProviderOptions {
  name?: string;
  data?: FakeProviderData;
  /** Delay per request (a timer that the abort signal cancels). Default 0. */
  latencyMs?: number | ((method: FinancialCapability, request: BaseRequest) => number);
  /** When true, the fake keeps "working" after an abort (a provider that ignores its signal). */
  ignoreAbort?: boolean;
  /** Makes a request fail: return an error to throw, or undefined to serve it. */
  fail?: (method: FinancialCapability, request: BaseRequest) => Error | undefined;
  /** Restrict the capabilities (default: every kind that has data, plus getFilings when filings exist). */
  capabilities?: FinancialCapability[];
}

/** The fake, with its counters. */
export interface FakeProvider extends FinancialDataProvider {
  /** Every request, in arrival order. */
  readonly requests: Array<{ method: FinancialCapability; request: BaseRequest }>;
  /** Requests currently running. */
  inFlight(): number;
  /** The most requests ever running at once. */
  maxInFlight(): number;
  /** Requests that ended because their signal aborted. */
  aborted(): number;
}

function wait(ms: number, signal: AbortSignal | undefined, ignoreAbort: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ms <= 0 && !signal?.aborted) return resolve();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      if (ignoreAbort) return;
      clearTimeout(timer);
      reject(new FinanceError('aborted', 'request aborted', { cause: signal?.reason }));
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type Row = {
  ticker: string;
  period?: string;
  fiscalYear?: number;
  fiscalPeriod?: string;
  periodEnd?: string;
};

function selectRows<T extends Row>(rows: readonly T[], request: PeriodRequest): T[] {
  const ticker = request.ticker.toUpperCase();
  return rows
    .filter((row) => row.ticker === ticker)
    .filter((row) => row.period === undefined || row.period === request.period)
    .filter((row) => request.fiscalYear === undefined || row.fiscalYear === request.fiscalYear)
    .filter((row) => request.fiscalQuarter === undefined || row.fiscalPeriod === `Q${request.fiscalQuarter}`)
    .filter((row) => !request.periodEndFrom || (row.periodEnd ?? '') >= request.periodEndFrom)
    .filter((row) => !request.periodEndTo || (row.periodEnd ?? '') <= request.periodEndTo)
    .sort((a, b) => (b.periodEnd ?? '').localeCompare(a.periodEnd ?? ''))
    .slice(0, request.limit ?? 4);
}

/**
 * @example
 * ```ts
 * const provider = createFakeProvider({ latencyMs: 50, data: { incomeStatements: [incomeStatement({ ticker: 'AAPL', fiscalYear: 2025, revenue: 1 })] } });
 * ```
 */
export function createFakeProvider(options: FakeProviderOptions = {}): FakeProvider {
  const name = options.name ?? 'fake';
  const data = options.data ?? {};
  const requests: FakeProvider['requests'] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let aborted = 0;
  const tickers = new Set<string>();
  for (const rows of Object.values(data) as Array<Array<{ ticker: string }> | undefined>) {
    for (const row of rows ?? []) tickers.add(row.ticker);
  }

  async function serve<T>(
    method: FinancialCapability,
    request: BaseRequest,
    produce: () => T,
  ): Promise<ProviderResult<T>> {
    requests.push({ method, request: { ...request, signal: undefined } as BaseRequest });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const latency =
        typeof options.latencyMs === 'function'
          ? options.latencyMs(method, request)
          : (options.latencyMs ?? 0);
      await wait(latency, request.signal, options.ignoreAbort ?? false);
      const failure = options.fail?.(method, request);
      if (failure) throw failure;
      if (!tickers.has(request.ticker.toUpperCase())) {
        throw new FinanceError('unknown_ticker', `unknown ticker ${request.ticker}`, { provider: name });
      }
      return { data: produce(), provider: name, warnings: [] };
    } catch (error) {
      if (FinanceError.isInstance(error) && error.code === 'aborted') aborted += 1;
      throw error;
    } finally {
      inFlight -= 1;
    }
  }

  const capabilities: FinancialCapability[] = options.capabilities ?? [
    ...(data.incomeStatements ? (['getIncomeStatements'] as const) : []),
    ...(data.balanceSheets ? (['getBalanceSheets'] as const) : []),
    ...(data.cashFlowStatements ? (['getCashFlowStatements'] as const) : []),
    ...(data.keyMetrics ? (['getKeyMetrics', 'getKeyMetricsHistory'] as const) : []),
    ...(data.segmentedRevenues ? (['getSegmentedRevenues'] as const) : []),
    ...(data.earnings ? (['getEarnings'] as const) : []),
    ...(data.filings ? (['getFilings'] as const) : []),
  ];

  return {
    name,
    capabilities,
    requests,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    aborted: () => aborted,
    getIncomeStatements: (request) =>
      serve('getIncomeStatements', request, () => selectRows(data.incomeStatements ?? [], request)),
    getBalanceSheets: (request) =>
      serve('getBalanceSheets', request, () => selectRows(data.balanceSheets ?? [], request)),
    getCashFlowStatements: (request) =>
      serve('getCashFlowStatements', request, () => selectRows(data.cashFlowStatements ?? [], request)),
    getKeyMetricsHistory: (request) =>
      serve('getKeyMetricsHistory', request, () => selectRows(data.keyMetrics ?? [], request)),
    getKeyMetrics: (request) =>
      serve('getKeyMetrics', request, () => {
        const row =
          selectRows(data.keyMetrics ?? [], { ...request, period: 'ttm', limit: 1 })[0] ??
          selectRows(data.keyMetrics ?? [], { ...request, period: 'annual', limit: 1 })[0];
        if (!row)
          throw new FinanceError('not_found', `no key metrics for ${request.ticker}`, { provider: name });
        return row;
      }),
    getSegmentedRevenues: (request) =>
      serve('getSegmentedRevenues', request, () => selectRows(data.segmentedRevenues ?? [], request)),
    getEarnings: (request) => serve('getEarnings', request, () => selectRows(data.earnings ?? [], request)),
    getFilings: (request: FilingsRequest) =>
      serve('getFilings', request, () =>
        (data.filings ?? [])
          .filter((filing) => filing.ticker === request.ticker.toUpperCase())
          .filter((filing) => !request.forms || request.forms.includes(filing.form))
          .filter((filing) => !request.filedFrom || filing.filed >= request.filedFrom)
          .filter((filing) => !request.filedTo || filing.filed <= request.filedTo)
          .sort((a, b) => b.filed.localeCompare(a.filed))
          .slice(0, request.limit ?? 10),
      ),
  };
}
