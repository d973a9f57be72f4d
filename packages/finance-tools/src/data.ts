/**
 * The data layer's public surface (providers, models, errors). `src/index.ts` re-exports
 * these names; keep this list explicit.
 */
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
