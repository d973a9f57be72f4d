/**
 * The `FinancialDataProvider` port: what the meta-tools need from a data source.
 *
 * A provider implements the methods it supports and lists them in `capabilities`; the
 * others are absent. Every data method resolves to a `ProviderResult` envelope — the data
 * plus the name of the provider that actually served it and any warnings (the composite
 * provider fills these when it fell through) — and rejects with a `FinanceError`.
 */
import type {
  BalanceSheet,
  CashFlowStatement,
  CompanyRef,
  Earnings,
  Filing,
  FilingDocument,
  IncomeStatement,
  KeyMetrics,
  Period,
  SegmentedRevenue,
} from './models';

/** Fields every request accepts. */
export interface BaseRequest {
  /** Ticker symbol (`AAPL`); case-insensitive. Resolve names with `resolveTicker` first. */
  ticker: string;
  /** Aborts the call (and its HTTP requests). */
  signal?: AbortSignal;
}

/** Asks for statement rows of one kind of period. */
export interface PeriodRequest extends BaseRequest {
  period: Period;
  /** Maximum rows, newest first. Default `DEFAULT_LIMIT` (4). */
  limit?: number;
  /** Only rows of this fiscal year. */
  fiscalYear?: number;
  /** Only this quarter (1–4) of the fiscal year; meaningful with `period: 'quarterly'`. */
  fiscalQuarter?: 1 | 2 | 3 | 4;
  /** Only rows whose `periodEnd` is on or after this date `YYYY-MM-DD`. */
  periodEndFrom?: string;
  /** Only rows whose `periodEnd` is on or before this date `YYYY-MM-DD`. */
  periodEndTo?: string;
}

/** Default number of rows returned when `limit` is not given. */
export const DEFAULT_LIMIT = 4;

/** Asks for the filing list. */
export interface FilingsRequest extends BaseRequest {
  /** Only these forms (`['10-K', '10-Q']`); default all. */
  forms?: string[];
  /** Maximum filings, newest first. Default 10. */
  limit?: number;
  /** Only filings filed on or after `YYYY-MM-DD`. */
  filedFrom?: string;
  /** Only filings filed on or before `YYYY-MM-DD`. */
  filedTo?: string;
}

/** Asks for one filing document, by accession number (its primary document) or by URL. */
export interface FilingDocumentRequest extends BaseRequest {
  accession?: string;
  url?: string;
  /** Cut the text at this many characters. Default 50 000. */
  maxChars?: number;
}

/** Asks for a company by ticker or name. */
export interface ResolveTickerRequest {
  /** `AAPL`, `Apple`, `Procter & Gamble`, ... */
  query: string;
  signal?: AbortSignal;
}

/** What every data method resolves to. */
export interface ProviderResult<T> {
  data: T;
  /** Name of the provider that served the data. */
  provider: string;
  /** Human-readable notes, e.g. "financial-datasets: unauthorized; served by embedded". */
  warnings: string[];
}

/** The names of the port's methods; `capabilities` lists the ones a provider implements. */
export type FinancialCapability =
  | 'getIncomeStatements'
  | 'getBalanceSheets'
  | 'getCashFlowStatements'
  | 'getKeyMetrics'
  | 'getKeyMetricsHistory'
  | 'getSegmentedRevenues'
  | 'getEarnings'
  | 'getFilings'
  | 'getFilingDocument'
  | 'resolveTicker';

/** Every capability, in a stable order. */
export const FINANCIAL_CAPABILITIES: readonly FinancialCapability[] = [
  'getIncomeStatements',
  'getBalanceSheets',
  'getCashFlowStatements',
  'getKeyMetrics',
  'getKeyMetricsHistory',
  'getSegmentedRevenues',
  'getEarnings',
  'getFilings',
  'getFilingDocument',
  'resolveTicker',
];

/**
 * A source of normalized financial data.
 *
 * @example
 * ```ts
 * const provider: FinancialDataProvider = createEmbeddedProvider();
 * const { data } = await provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual', limit: 2 });
 * data[0].revenue; // 416161000000 (FY2025)
 * ```
 */
export interface FinancialDataProvider {
  /** Stable name used in warnings and results: `embedded`, `sec-edgar`, `financial-datasets`. */
  readonly name: string;
  /** The methods this provider implements. */
  readonly capabilities: readonly FinancialCapability[];
  getIncomeStatements?(request: PeriodRequest): Promise<ProviderResult<IncomeStatement[]>>;
  getBalanceSheets?(request: PeriodRequest): Promise<ProviderResult<BalanceSheet[]>>;
  getCashFlowStatements?(request: PeriodRequest): Promise<ProviderResult<CashFlowStatement[]>>;
  /** The latest key metrics (one row; period `ttm` where the provider can, else latest annual). */
  getKeyMetrics?(request: BaseRequest): Promise<ProviderResult<KeyMetrics>>;
  getKeyMetricsHistory?(request: PeriodRequest): Promise<ProviderResult<KeyMetrics[]>>;
  getSegmentedRevenues?(request: PeriodRequest): Promise<ProviderResult<SegmentedRevenue[]>>;
  getEarnings?(request: PeriodRequest): Promise<ProviderResult<Earnings[]>>;
  getFilings?(request: FilingsRequest): Promise<ProviderResult<Filing[]>>;
  getFilingDocument?(request: FilingDocumentRequest): Promise<ProviderResult<FilingDocument>>;
  /** Resolves a ticker or company name; `undefined` when unknown (not an error). */
  resolveTicker?(request: ResolveTickerRequest): Promise<CompanyRef | undefined>;
}

/** True when `provider` implements `capability`. */
export function supports(provider: FinancialDataProvider, capability: FinancialCapability): boolean {
  return provider.capabilities.includes(capability) && typeof provider[capability] === 'function';
}
