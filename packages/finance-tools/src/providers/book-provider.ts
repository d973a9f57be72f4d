/**
 * A `FinancialDataProvider` over in-memory `CompanyBook`s. The embedded dataset and the
 * SEC EDGAR provider (after downloading and normalizing) both answer through it, so they
 * honour one contract: same filters, same ordering, same errors.
 */
import { FinanceError } from '../errors';
import type {
  CashFlowStatement,
  CompanyRef,
  Earnings,
  FilingDocument,
  IncomeStatement,
  KeyMetrics,
} from '../models';
import type {
  BaseRequest,
  FilingDocumentRequest,
  FinancialCapability,
  FinancialDataProvider,
  PeriodRequest,
  ProviderResult,
  ResolveTickerRequest,
} from '../provider';
import {
  type CompanyBook,
  selectFilings,
  selectStatements,
  ttmRows,
  validatePeriodRequest,
} from './company-book';
import { keyMetricsHistory } from './key-metrics';

/** What `createBookProvider` needs. */
export interface BookProviderOptions {
  name: string;
  /** The book of `ticker` (upper-cased); throws `unknown_ticker` when there is none. */
  loadBook(ticker: string, signal?: AbortSignal): Promise<CompanyBook>;
  resolveTicker(query: string, signal?: AbortSignal): Promise<CompanyRef | undefined>;
  getFilingDocument?(request: FilingDocumentRequest): Promise<FilingDocument>;
}

/** Throws `aborted` when the caller's signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined, provider: string): void {
  if (signal?.aborted)
    throw new FinanceError('aborted', 'The request was aborted', { provider, cause: signal.reason });
}

/** Results are copies: callers may mutate them without corrupting the provider's books. */
function result<T>(data: T, provider: string): ProviderResult<T> {
  return { data: structuredClone(data), provider, warnings: [] };
}

function earningsOf(income: IncomeStatement): Earnings {
  const firstFiled = ['revenue', 'netIncome']
    .map((field) => income.sources.find((source) => source.field === field)?.filed)
    .filter((filed): filed is string => Boolean(filed))
    .sort()[0];
  return {
    ticker: income.ticker,
    fiscalYear: income.fiscalYear,
    fiscalPeriod: income.fiscalPeriod,
    periodEnd: income.periodEnd,
    reportDate: firstFiled ?? null,
    currency: income.currency,
    epsActual: income.epsDiluted,
    epsEstimate: null,
    revenueActual: income.revenue,
    revenueEstimate: null,
    derived: income.derived.filter((field) => field === 'revenue' || field === 'epsDiluted'),
    sources: income.sources.filter((source) => source.field === 'revenue' || source.field === 'epsDiluted'),
  };
}

/**
 * Builds a provider answering from company books.
 *
 * @example
 * ```ts
 * const provider = createBookProvider({ name: 'memory', loadBook, resolveTicker });
 * ```
 */
export function createBookProvider(options: BookProviderOptions): FinancialDataProvider {
  const { name } = options;
  const load = async (request: BaseRequest): Promise<CompanyBook> => {
    throwIfAborted(request.signal, name);
    if (typeof request.ticker !== 'string' || request.ticker.trim() === '') {
      throw new FinanceError('invalid_request', 'ticker is required', { provider: name });
    }
    const book = await options.loadBook(request.ticker.trim().toUpperCase(), request.signal);
    throwIfAborted(request.signal, name);
    return book;
  };

  const metricsHistory = async (request: PeriodRequest): Promise<KeyMetrics[]> => {
    validatePeriodRequest(request, name);
    const book = await load(request);
    const income = selectStatements(book, 'incomeStatements', request, name);
    const allIncome =
      request.period === 'ttm'
        ? (ttmRows(book.incomeStatements ?? [], 'incomeStatements') as IncomeStatement[])
        : (book.incomeStatements ?? []);
    const cashFlows = book.cashFlowStatements ?? [];
    const periodCashFlows =
      request.period === 'ttm'
        ? (ttmRows(cashFlows, 'cashFlowStatements') as CashFlowStatement[])
        : cashFlows;
    return keyMetricsHistory(income, allIncome, book.balanceSheets ?? [], periodCashFlows);
  };

  const capabilities: FinancialCapability[] = [
    'getIncomeStatements',
    'getBalanceSheets',
    'getCashFlowStatements',
    'getKeyMetrics',
    'getKeyMetricsHistory',
    'getEarnings',
    'getFilings',
    'resolveTicker',
  ];
  if (options.getFilingDocument) capabilities.push('getFilingDocument');

  const provider: FinancialDataProvider = {
    name,
    capabilities,
    async getIncomeStatements(request) {
      return result(selectStatements(await load(request), 'incomeStatements', request, name), name);
    },
    async getBalanceSheets(request) {
      return result(selectStatements(await load(request), 'balanceSheets', request, name), name);
    },
    async getCashFlowStatements(request) {
      return result(selectStatements(await load(request), 'cashFlowStatements', request, name), name);
    },
    async getKeyMetricsHistory(request) {
      return result(await metricsHistory(request), name);
    },
    async getKeyMetrics(request) {
      for (const period of ['ttm', 'annual'] as const) {
        try {
          const [latest] = await metricsHistory({
            ticker: request.ticker,
            signal: request.signal,
            period,
            limit: 1,
          });
          if (latest) return result(latest, name);
        } catch (error) {
          if (!(FinanceError.isInstance(error) && error.code === 'not_found')) throw error;
        }
      }
      throw new FinanceError(
        'not_found',
        `${name} has no statements to compute key metrics for ${request.ticker}`,
        {
          provider: name,
          details: { ticker: request.ticker },
        },
      );
    },
    async getEarnings(request) {
      const income = selectStatements(await load(request), 'incomeStatements', request, name);
      return result(income.map(earningsOf), name);
    },
    async getFilings(request) {
      return result(selectFilings(await load(request), request), name);
    },
    async resolveTicker(request: ResolveTickerRequest) {
      throwIfAborted(request.signal, name);
      return options.resolveTicker(request.query, request.signal);
    },
  };
  if (options.getFilingDocument) {
    const fetchDocument = options.getFilingDocument;
    provider.getFilingDocument = async (request) => {
      throwIfAborted(request.signal, name);
      return result(await fetchDocument(request), name);
    };
  }
  return provider;
}
