/**
 * The data layer's public surface (providers, models, errors). `src/index.ts` re-exports
 * these names; keep this list explicit.
 */

export type { EmbeddedDataset } from './dataset/format';
export type { FinanceErrorCode, FinanceErrorOptions } from './errors';
export { FINANCE_ERROR_CODES, FinanceError, isFinanceError } from './errors';
export type {
  BalanceSheet,
  CashFlowStatement,
  CompanyRef,
  Earnings,
  Filing,
  FilingDocument,
  FiscalPeriod,
  IncomeStatement,
  KeyMetrics,
  Period,
  PeriodRow,
  RevenueSegment,
  SegmentedRevenue,
  Source,
  SplitAdjustment,
} from './models';
export { PERIODS } from './models';
export type {
  BaseRequest,
  FilingDocumentRequest,
  FilingsRequest,
  FinancialCapability,
  FinancialDataProvider,
  PeriodRequest,
  ProviderResult,
  ResolveTickerRequest,
} from './provider';
export { DEFAULT_LIMIT, FINANCIAL_CAPABILITIES, supports } from './provider';
export type { BookProviderOptions } from './providers/book-provider';
export { createBookProvider } from './providers/book-provider';
export type { CompanyBook, CompanyProfile } from './providers/company-book';
export { COMPANY_ALIASES, normalizeCompanyName } from './providers/company-names';
export type { CompositeAttempt, CompositeProviderOptions } from './providers/composite';
export { createCompositeProvider, DEFAULT_FALL_THROUGH_CODES } from './providers/composite';
export type { EmbeddedProviderOptions } from './providers/embedded';
export { createEmbeddedProvider, EMBEDDED_DATASET } from './providers/embedded';
export type {
  FinancialDatasetsProvider,
  FinancialDatasetsProviderOptions,
} from './providers/financial-datasets';
export { createFinancialDatasetsProvider } from './providers/financial-datasets';
export type { HttpClock } from './providers/http/clock';
export { systemClock } from './providers/http/clock';
export type { HttpClientStats } from './providers/http/http-client';
export type { MetricsInputs } from './providers/key-metrics';
export { computeKeyMetrics } from './providers/key-metrics';
export type { SecEdgarProvider, SecEdgarProviderOptions } from './providers/sec-edgar';
export { createSecEdgarProvider } from './providers/sec-edgar';
export type { TtmMethod } from './providers/trailing-twelve-months';
export { TTM_METHODS, trailingTwelveMonths } from './providers/trailing-twelve-months';
export type { ValuePolicy } from './sec/fact-series';
export { filingIndexUrl, filingUrl } from './sec/filing-url';
export type { FiscalPosition } from './sec/fiscal-calendar';
export { fiscalPosition } from './sec/fiscal-calendar';
export { htmlToText } from './sec/html-to-text';
export type { NormalizedFinancials, NormalizeOptions } from './sec/normalize';
export { normalizeCompanyFacts } from './sec/normalize';
export type { NormalizeSecCompanyOptions, SecCompanyData } from './sec/normalize-company';
export { normalizeSecCompany } from './sec/normalize-company';
export type { SplitEvent } from './sec/splits';
export { detectSplits, splitFactor } from './sec/splits';
export type { SecCompanyProfile } from './sec/submissions';
export type { SecCompanyFacts, SecCompanyTickers, SecFactRecord, SecSubmissions } from './sec/types';
