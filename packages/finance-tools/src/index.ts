/**
 * `@dexter/finance-tools`: financial-research meta-tools for LLM agents — the data layer
 * (provider port, models, errors, SEC normalizer, embedded/SEC/HTTP providers), the query
 * routers, the meta-tools (`get_financials`, `get_market_data`, `read_filings`) and the
 * `dexter-finance` CLI as a function. Every public name is listed here explicitly.
 */

// CLI as a function.
export { defaultCliProviders } from './cli/default-providers';
export type { CliArguments, CliProviderName, CliToolName } from './cli/parse-args';
export { CliUsageError, parseCliArguments } from './cli/parse-args';
export type { CliIo, CliProviderFactory } from './cli/run-cli';
export { chooseProvider, runCli } from './cli/run-cli';
// The data layer (providers, models, errors, SEC normalizer).
export type {
  BalanceSheet,
  BaseRequest,
  BookProviderOptions,
  CashFlowStatement,
  CompanyBook,
  CompanyProfile,
  CompanyRef,
  CompositeAttempt,
  CompositeProviderOptions,
  Earnings,
  EmbeddedDataset,
  EmbeddedProviderOptions,
  Filing,
  FilingDocument,
  FilingDocumentRequest,
  FilingsRequest,
  FinanceErrorCode,
  FinanceErrorOptions,
  FinancialCapability,
  FinancialDataProvider,
  FinancialDatasetsProvider,
  FinancialDatasetsProviderOptions,
  FiscalPeriod,
  FiscalPosition,
  HttpClientStats,
  HttpClock,
  IncomeStatement,
  KeyMetrics,
  MetricsInputs,
  NormalizedFinancials,
  NormalizeOptions,
  NormalizeSecCompanyOptions,
  Period,
  PeriodRequest,
  PeriodRow,
  ProviderResult,
  ResolveTickerRequest,
  RevenueSegment,
  SecCompanyData,
  SecCompanyFacts,
  SecCompanyProfile,
  SecCompanyTickers,
  SecEdgarProvider,
  SecEdgarProviderOptions,
  SecFactRecord,
  SecSubmissions,
  SegmentedRevenue,
  Source,
  SplitAdjustment,
  SplitEvent,
  TtmMethod,
  ValuePolicy,
} from './data';
export {
  COMPANY_ALIASES,
  computeKeyMetrics,
  createBookProvider,
  createCompositeProvider,
  createEmbeddedProvider,
  createFinancialDatasetsProvider,
  createSecEdgarProvider,
  DEFAULT_FALL_THROUGH_CODES,
  DEFAULT_LIMIT,
  detectSplits,
  EMBEDDED_DATASET,
  FINANCE_ERROR_CODES,
  FINANCIAL_CAPABILITIES,
  FinanceError,
  filingIndexUrl,
  filingUrl,
  fiscalPosition,
  htmlToText,
  isFinanceError,
  normalizeCompanyFacts,
  normalizeCompanyName,
  normalizeSecCompany,
  PERIODS,
  splitFactor,
  supports,
  systemClock as systemHttpClock,
  TTM_METHODS,
  trailingTwelveMonths,
} from './data';
// Meta-tools.
export type {
  ComputedFigure,
  ComputedInput,
  ComputedMetrics,
  MetricId,
  MetricRequest,
  Ranking,
} from './meta-tools/computed-metrics';
export { computeMetrics, metricRequest, planForMetrics } from './meta-tools/computed-metrics';
export type { ExecutePlanOptions, MetaToolResult, SubCallFailure } from './meta-tools/execute-plan';
export { executePlan } from './meta-tools/execute-plan';
export { createFinanceTools } from './meta-tools/finance-tools';
export { quotedHeading } from './meta-tools/format-answer';
export { fieldLabel, formatValue, periodLabel } from './meta-tools/format-values';
export type { FinancialQueryInput, QueryHooks } from './meta-tools/get-financials';
export {
  answerFinancialQuery,
  createGetFinancialsTool,
  financialQueryInputSchema,
} from './meta-tools/get-financials';
export { createGetMarketDataTool, marketDataPlan } from './meta-tools/get-market-data';
export type { MetaToolOptions, ResolvedMetaToolOptions } from './meta-tools/meta-tool-options';
export { defaultRouter, resolveMetaToolOptions } from './meta-tools/meta-tool-options';
export type { ReadFilingsInput, ReadFilingsResult } from './meta-tools/read-filings';
export { createReadFilingsTool, filingsPlan, readFilingsInputSchema } from './meta-tools/read-filings';
export type { ResultCache, ResultCacheOptions } from './meta-tools/result-cache';
export { createResultCache } from './meta-tools/result-cache';
export type { RunSubCallOptions, SubCallOutcome, SubCallRow } from './meta-tools/sub-call-runner';
export { runSubCall, subCallKey } from './meta-tools/sub-call-runner';
// Routers.
export type { Clock } from './router/clock';
export { fixedClock, parseIsoDate, systemClock, toIsoDate } from './router/clock';
export { ROUTER_COMPANY_NAMES } from './router/company-aliases';
export type { HybridRouterOptions } from './router/hybrid-router';
export { createHybridRouter } from './router/hybrid-router';
export type { LlmRouterOptions } from './router/llm-router';
export { createLlmRouter, routingPrompt } from './router/llm-router';
export type { PeriodIntent } from './router/period-parser';
export { MAX_PERIODS, parsePeriod } from './router/period-parser';
export { createRoutingTools } from './router/routing-tools';
export type { RuleRouterOptions, TickerLookup } from './router/rule-router';
export { candidateNames, createRuleRouter } from './router/rule-router';
export type { StatementChoice } from './router/statement-choice';
export { chooseStatements } from './router/statement-choice';
export type { SubToolInput } from './router/sub-call-schema';
export { subCallSchema, subToolInputSchema, validateSubCall } from './router/sub-call-schema';
export type { TickerVocabulary } from './router/ticker-extractor';
export { createTickerExtractor, NOT_TICKERS } from './router/ticker-extractor';
export type {
  FinancialQueryRouter,
  PeriodKind,
  ResolvedTicker,
  RouteInterpretation,
  RouteOptions,
  RoutePlan,
  SubCall,
  SubToolName,
} from './router/types';
export { SUB_TOOL_NAMES } from './router/types';
