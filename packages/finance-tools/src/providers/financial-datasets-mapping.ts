/**
 * Maps financialdatasets.ai payloads (snake_case, see docs.financialdatasets.ai) to the
 * normalized models. Every number is checked: anything that is not a finite number
 * becomes `null` (never 0). The API gives net figures where the models want gross ones
 * (net equity issuance/repurchase, net debt issuance/repayment, goodwill and intangibles
 * combined); those model fields stay `null` rather than carrying a different quantity.
 */
import type {
  BalanceSheet,
  CashFlowStatement,
  Earnings,
  Filing,
  FiscalPeriod,
  IncomeStatement,
  KeyMetrics,
  Period,
  PeriodRow,
  SegmentedRevenue,
  Source,
} from '../models';
import { filingIndexUrl, padCik } from '../sec/filing-url';
import { fiscalPosition, quarterLabel } from '../sec/fiscal-calendar';

/** A raw API record. */
export type ApiRecord = Record<string, unknown>;

/** A finite number or `null`. */
export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function outflow(value: unknown): number | null {
  const number = numberOrNull(value);
  return number === null ? null : -Math.abs(number);
}

/**
 * Fiscal year and period from the API's `fiscal_period` (`FY2025`, `2025-Q3`, `Q3 2025`),
 * falling back to the calendar position of `report_period`.
 */
export function parseFiscalPeriod(
  fiscalPeriod: unknown,
  reportPeriod: string,
  period: Period,
): { fiscalYear: number; fiscalPeriod: FiscalPeriod } {
  const label = text(fiscalPeriod) ?? '';
  const year = /(\d{4})/.exec(label)?.[1];
  const quarter = /Q([1-4])/i.exec(label)?.[1];
  const fallback = fiscalPosition(reportPeriod, '1231');
  const fiscalYear = year ? Number(year) : fallback.fiscalYear;
  if (period === 'annual') return { fiscalYear, fiscalPeriod: 'FY' };
  if (period === 'ttm') return { fiscalYear, fiscalPeriod: 'TTM' };
  return {
    fiscalYear,
    fiscalPeriod: quarter ? (`Q${quarter}` as FiscalPeriod) : quarterLabel(fallback.quarter),
  };
}

function baseRow(record: ApiRecord, ticker: string, period: Period, source: Source): PeriodRow {
  const periodEnd = text(record.report_period) ?? text(record.calendar_date);
  if (!periodEnd || !/^\d{4}-\d{2}-\d{2}/.test(periodEnd)) {
    throw new TypeError('record without a report_period');
  }
  const end = periodEnd.slice(0, 10);
  return {
    ticker: (text(record.ticker) ?? ticker).toUpperCase(),
    period,
    ...parseFiscalPeriod(record.fiscal_period, end, period),
    periodStart: null,
    periodEnd: end,
    currency: text(record.currency) ?? 'USD',
    derived: [],
    sources: [source],
  };
}

/** One `income_statements` record. */
export function mapIncomeStatement(
  record: ApiRecord,
  ticker: string,
  period: Period,
  source: Source,
): IncomeStatement {
  return {
    ...baseRow(record, ticker, period, source),
    revenue: numberOrNull(record.revenue),
    costOfRevenue: numberOrNull(record.cost_of_revenue),
    grossProfit: numberOrNull(record.gross_profit),
    researchAndDevelopment: numberOrNull(record.research_and_development),
    sellingGeneralAndAdministrative: numberOrNull(record.selling_general_and_administrative_expenses),
    operatingExpense: numberOrNull(record.operating_expense),
    operatingIncome: numberOrNull(record.operating_income),
    interestExpense: numberOrNull(record.interest_expense),
    incomeBeforeTax: numberOrNull(record.income_before_tax),
    incomeTaxExpense: numberOrNull(record.income_tax_expense),
    netIncome: numberOrNull(record.net_income),
    epsBasic: numberOrNull(record.earnings_per_share),
    epsDiluted: numberOrNull(record.earnings_per_share_diluted),
    weightedAverageShares: numberOrNull(record.weighted_average_shares),
    weightedAverageSharesDiluted: numberOrNull(record.weighted_average_shares_diluted),
    dividendsPerShare: numberOrNull(record.dividends_per_common_share),
  };
}

/** One `balance_sheets` record. */
export function mapBalanceSheet(
  record: ApiRecord,
  ticker: string,
  period: Period,
  source: Source,
): BalanceSheet {
  return {
    ...baseRow(record, ticker, period, source),
    totalAssets: numberOrNull(record.total_assets),
    currentAssets: numberOrNull(record.current_assets),
    cashAndEquivalents: numberOrNull(record.cash_and_equivalents),
    shortTermInvestments: numberOrNull(record.current_investments),
    accountsReceivable: numberOrNull(record.trade_and_non_trade_receivables),
    inventory: numberOrNull(record.inventory),
    propertyPlantAndEquipmentNet: numberOrNull(record.property_plant_and_equipment),
    goodwill: null,
    intangibleAssets: null,
    totalLiabilities: numberOrNull(record.total_liabilities),
    currentLiabilities: numberOrNull(record.current_liabilities),
    accountsPayable: numberOrNull(record.trade_and_non_trade_payables),
    shortTermDebt: numberOrNull(record.current_debt),
    commercialPaper: null,
    longTermDebt: numberOrNull(record.non_current_debt),
    deferredRevenue: numberOrNull(record.deferred_revenue),
    shareholdersEquity: numberOrNull(record.shareholders_equity),
    totalLiabilitiesAndEquity: null,
    retainedEarnings: numberOrNull(record.retained_earnings),
    sharesOutstanding: numberOrNull(record.outstanding_shares),
  };
}

/** One `cash_flow_statements` record (capex and dividends forced to outflows). */
export function mapCashFlowStatement(
  record: ApiRecord,
  ticker: string,
  period: Period,
  source: Source,
): CashFlowStatement {
  const row: CashFlowStatement = {
    ...baseRow(record, ticker, period, source),
    operatingCashFlow: numberOrNull(record.net_cash_flow_from_operations),
    investingCashFlow: numberOrNull(record.net_cash_flow_from_investing),
    financingCashFlow: numberOrNull(record.net_cash_flow_from_financing),
    capitalExpenditure: outflow(record.capital_expenditure),
    freeCashFlow: numberOrNull(record.free_cash_flow),
    depreciationAndAmortization: numberOrNull(record.depreciation_and_amortization),
    shareBasedCompensation: numberOrNull(record.share_based_compensation),
    shareRepurchases: null,
    dividendsPaid: outflow(record.dividends_and_other_cash_distributions),
    acquisitions: numberOrNull(record.business_acquisitions_and_disposals),
    debtIssuance: null,
    debtRepayment: null,
    endingCash: numberOrNull(record.ending_cash_balance),
  };
  if (row.freeCashFlow === null && row.operatingCashFlow !== null && row.capitalExpenditure !== null) {
    row.freeCashFlow = row.operatingCashFlow + row.capitalExpenditure;
    row.derived.push('freeCashFlow');
  }
  return row;
}

/** One `financial_metrics` record (or the `snapshot`). */
export function mapKeyMetrics(record: ApiRecord, ticker: string, period: Period, source: Source): KeyMetrics {
  return {
    ...baseRow(record, ticker, period, source),
    grossMargin: numberOrNull(record.gross_margin),
    operatingMargin: numberOrNull(record.operating_margin),
    netMargin: numberOrNull(record.net_margin),
    revenueGrowth: numberOrNull(record.revenue_growth),
    netIncomeGrowth: numberOrNull(record.earnings_growth),
    epsGrowth: numberOrNull(record.earnings_per_share_growth),
    freeCashFlow: numberOrNull(record.free_cash_flow),
    freeCashFlowMargin: numberOrNull(record.free_cash_flow_margin),
    returnOnEquity: numberOrNull(record.return_on_equity),
    returnOnAssets: numberOrNull(record.return_on_assets),
    currentRatio: numberOrNull(record.current_ratio),
    debtToEquity: numberOrNull(record.debt_to_equity),
    marketCap: numberOrNull(record.market_cap),
    enterpriseValue: numberOrNull(record.enterprise_value),
    priceToEarnings: numberOrNull(record.price_to_earnings_ratio),
    priceToSales: numberOrNull(record.price_to_sales_ratio),
    priceToBook: numberOrNull(record.price_to_book_ratio),
  };
}

/** One `segmented_revenues` record: `items: [{ name?, amount, segments: [{ label, type|axis }] }]`. */
export function mapSegmentedRevenue(
  record: ApiRecord,
  ticker: string,
  period: Period,
  source: Source,
): SegmentedRevenue {
  const items = Array.isArray(record.items) ? (record.items as ApiRecord[]) : [];
  return {
    ...baseRow(record, ticker, period, source),
    segments: items.map((item) => {
      const parts = Array.isArray(item.segments) ? (item.segments as ApiRecord[]) : [];
      const labels = parts.map((part) => text(part.label) ?? text(part.key)).filter(Boolean);
      return {
        name: text(item.name) ?? (labels.length > 0 ? labels.join(' / ') : 'Unnamed segment'),
        axis: text(parts[0]?.type) ?? text(parts[0]?.axis) ?? null,
        revenue: numberOrNull(item.amount ?? item.revenue),
      };
    }),
  };
}

/** One `earnings` entry (its `quarterly` or `annual` block). */
export function mapEarnings(record: ApiRecord, ticker: string, period: Period, source: Source): Earnings {
  const block = ((period === 'annual' ? record.annual : record.quarterly) ?? {}) as ApiRecord;
  const base = baseRow(
    { ...record, fiscal_period: block.fiscal_period ?? record.fiscal_period },
    ticker,
    period === 'annual' ? 'annual' : 'quarterly',
    source,
  );
  const accession = text(record.accession_number);
  const filingUrl = text(record.filing_url);
  const filed = text(record.filing_date);
  return {
    ticker: base.ticker,
    fiscalYear: base.fiscalYear,
    fiscalPeriod: base.fiscalPeriod,
    periodEnd: base.periodEnd,
    reportDate: filed ? filed.slice(0, 10) : null,
    currency: text(block.currency) ?? base.currency,
    epsActual: numberOrNull(block.earnings_per_share),
    epsEstimate: numberOrNull(block.estimated_earnings_per_share),
    revenueActual: numberOrNull(block.revenue),
    revenueEstimate: numberOrNull(block.estimated_revenue),
    derived: [],
    sources:
      filingUrl && accession
        ? [
            {
              url: filingUrl,
              form: text(record.source_type) ?? '8-K',
              accession,
              filed: filed?.slice(0, 10) ?? '',
            },
            source,
          ]
        : [source],
  };
}

/** One `filings` record: `{ cik, accession_number, filing_type, report_date, filing_date?, url }`. */
export function mapFiling(record: ApiRecord, ticker: string): Filing | undefined {
  const accession = text(record.accession_number);
  const cikValue = record.cik;
  if (!accession || (typeof cikValue !== 'number' && typeof cikValue !== 'string')) return undefined;
  const cik = padCik(cikValue);
  const indexUrl = filingIndexUrl(cik, accession);
  return {
    ticker: (text(record.ticker) ?? ticker).toUpperCase(),
    cik,
    accession,
    form: text(record.filing_type) ?? text(record.form) ?? '',
    filed: (text(record.filing_date) ?? '').slice(0, 10),
    reportDate: text(record.report_date)?.slice(0, 10) ?? null,
    url: text(record.url) ?? indexUrl,
    indexUrl,
    description: text(record.description),
    items: [],
  };
}
