/**
 * Normalized financial models shared by every provider (embedded, SEC EDGAR,
 * financialdatasets.ai). The contract:
 *
 * - Numbers are plain JS numbers in the statement's currency units (USD, not millions),
 *   never rounded strings. Per-share figures are per share.
 * - A figure the source does not report is `null` — never `0`.
 * - Cash-flow figures carry their cash effect: outflows are negative (capex, buybacks,
 *   dividends paid, acquisitions, debt repaid), as on the printed statement.
 * - `derived` lists the fields the provider computed rather than read (e.g. a fiscal Q4
 *   revenue computed as FY − 9M YTD, a discrete Q2 cash flow computed as 6M − 3M YTD,
 *   free cash flow = operating cash flow + capex). Everything else was reported as is.
 * - `sources` cites where the figures came from (the SEC filing URL where known).
 * - Lists come newest first.
 */

/** Which kind of period a statement covers. */
export type Period = 'annual' | 'quarterly' | 'ttm';

/** All `Period` values. */
export const PERIODS: readonly Period[] = ['annual', 'quarterly', 'ttm'];

/** The period within the fiscal year: the full year, one of its quarters, or trailing twelve months. */
export type FiscalPeriod = 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'TTM';

/** Where a figure came from. */
export interface Source {
  /** The model field this source backs; absent when it backs the whole row. */
  field?: string;
  /** The filing URL (primary document when known, else the EDGAR filing index) or API URL. */
  url: string;
  /** Form type: `10-K`, `10-Q`, `10-K/A`, ..., or `api` for a data API. */
  form: string;
  /** SEC accession number `0000320193-25-000079`; empty for non-SEC sources. */
  accession: string;
  /** Filing date `YYYY-MM-DD`; empty when unknown. */
  filed: string;
  /** The XBRL concept the value was read from (`us-gaap:Revenues`), when known. */
  concept?: string;
}

/**
 * How a per-share value or share count was put on today's share basis (see `sec/splits.ts`):
 * the value shown is `asFiled / factor` (per share) or `asFiled × factor` (share counts).
 */
export interface SplitAdjustment {
  /** Today's shares per share at the filing the value was taken from (1 when no split since). */
  factor: number;
  /** The value as that filing reported it. */
  asFiled: number;
  /** That filing. */
  accession: string;
  filed: string;
  /** The value as first filed for the period (possibly on an older share basis). */
  firstFiled: number;
  /** The value in the latest filing that reported the period (possibly restated for a split). */
  latestFiled: number;
}

/** Fields every period row carries. */
export interface PeriodRow {
  ticker: string;
  period: Period;
  /** The company's fiscal year that contains `periodEnd` (named for the year it ends in). */
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  /** First day of the period `YYYY-MM-DD` (`null` for instants or when unknown). */
  periodStart: string | null;
  /** Last day of the period (or the balance-sheet date) `YYYY-MM-DD`. */
  periodEnd: string;
  /** ISO currency code of monetary fields, e.g. `USD`. */
  currency: string;
  /** Names of fields that were computed rather than read from a filing. */
  derived: string[];
  /** Where the figures came from. */
  sources: Source[];
  /**
   * Per-share values and share counts put on today's share basis after a stock split, by
   * field, with the values as filed. Absent when nothing was adjusted.
   */
  splitAdjusted?: Record<string, SplitAdjustment>;
}

/** An income statement for one period. */
export interface IncomeStatement extends PeriodRow {
  revenue: number | null;
  costOfRevenue: number | null;
  grossProfit: number | null;
  researchAndDevelopment: number | null;
  sellingGeneralAndAdministrative: number | null;
  operatingExpense: number | null;
  operatingIncome: number | null;
  interestExpense: number | null;
  incomeBeforeTax: number | null;
  incomeTaxExpense: number | null;
  netIncome: number | null;
  epsBasic: number | null;
  epsDiluted: number | null;
  weightedAverageShares: number | null;
  weightedAverageSharesDiluted: number | null;
  dividendsPerShare: number | null;
}

/** A balance sheet at one date (`periodEnd`). */
export interface BalanceSheet extends PeriodRow {
  totalAssets: number | null;
  currentAssets: number | null;
  cashAndEquivalents: number | null;
  shortTermInvestments: number | null;
  accountsReceivable: number | null;
  inventory: number | null;
  propertyPlantAndEquipmentNet: number | null;
  goodwill: number | null;
  intangibleAssets: number | null;
  totalLiabilities: number | null;
  currentLiabilities: number | null;
  accountsPayable: number | null;
  shortTermDebt: number | null;
  /** Commercial paper outstanding (short-term borrowings outside `shortTermDebt`). */
  commercialPaper: number | null;
  longTermDebt: number | null;
  deferredRevenue: number | null;
  shareholdersEquity: number | null;
  /** Total liabilities and equity (the balance sheet's total). */
  totalLiabilitiesAndEquity: number | null;
  retainedEarnings: number | null;
  sharesOutstanding: number | null;
}

/** A cash-flow statement for one period (outflows negative). */
export interface CashFlowStatement extends PeriodRow {
  operatingCashFlow: number | null;
  investingCashFlow: number | null;
  financingCashFlow: number | null;
  /** Purchases of property, plant and equipment (negative). */
  capitalExpenditure: number | null;
  /** Operating cash flow + capital expenditure. */
  freeCashFlow: number | null;
  depreciationAndAmortization: number | null;
  shareBasedCompensation: number | null;
  /** Repurchases of common stock (negative). */
  shareRepurchases: number | null;
  /** Dividends paid (negative). */
  dividendsPaid: number | null;
  /** Business acquisitions net of cash acquired (negative). */
  acquisitions: number | null;
  debtIssuance: number | null;
  /** Debt repaid (negative). */
  debtRepayment: number | null;
  /** Cash, cash equivalents and restricted cash at the end of the period. */
  endingCash: number | null;
}

/**
 * Key metrics for one period (history) or as of now (snapshot). Ratios are fractions
 * (`0.46` for 46 %), not percents. Market-based fields are `null` when the provider has no prices.
 */
export interface KeyMetrics extends PeriodRow {
  grossMargin: number | null;
  operatingMargin: number | null;
  netMargin: number | null;
  /** Growth versus the same period one year earlier. */
  revenueGrowth: number | null;
  netIncomeGrowth: number | null;
  epsGrowth: number | null;
  freeCashFlow: number | null;
  freeCashFlowMargin: number | null;
  returnOnEquity: number | null;
  returnOnAssets: number | null;
  currentRatio: number | null;
  debtToEquity: number | null;
  marketCap: number | null;
  enterpriseValue: number | null;
  priceToEarnings: number | null;
  priceToSales: number | null;
  priceToBook: number | null;
}

/** One segment's revenue (a product line, a region, ...). */
export interface RevenueSegment {
  /** e.g. `iPhone`, `Americas`. */
  name: string;
  /** The dimension the segment belongs to, e.g. `product`, `geography`, when known. */
  axis: string | null;
  revenue: number | null;
}

/** Revenue broken down by segment for one period. */
export interface SegmentedRevenue extends PeriodRow {
  segments: RevenueSegment[];
}

/** A reported quarter or year with, when the provider knows them, the consensus estimates. */
export interface Earnings {
  ticker: string;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string;
  /** When the results were announced or filed `YYYY-MM-DD`. */
  reportDate: string | null;
  currency: string;
  epsActual: number | null;
  epsEstimate: number | null;
  revenueActual: number | null;
  revenueEstimate: number | null;
  derived: string[];
  sources: Source[];
}

/** A filing in the company's SEC filing history. */
export interface Filing {
  ticker: string;
  cik: string;
  /** Accession number with dashes, `0000320193-25-000079`. */
  accession: string;
  /** `10-K`, `10-Q`, `8-K`, ... */
  form: string;
  /** Filing date `YYYY-MM-DD`. */
  filed: string;
  /** Period of report `YYYY-MM-DD`, when given. */
  reportDate: string | null;
  /** The primary document URL when known, else the filing index URL. */
  url: string;
  /** The EDGAR filing index page. */
  indexUrl: string;
  /** The primary document's description, when given. */
  description: string | null;
  /** 8-K item numbers, e.g. `['2.02', '9.01']`. */
  items: string[];
}

/** The text of one filing document. */
export interface FilingDocument {
  ticker: string;
  accession: string;
  form: string;
  url: string;
  contentType: string;
  /** The document text (HTML tags stripped for HTML documents). */
  text: string;
  /** True when `text` was cut at the request's `maxChars`. */
  truncated: boolean;
}

/** A resolved company. */
export interface CompanyRef {
  ticker: string;
  name: string;
  /** SEC Central Index Key, 10 digits zero-padded, when known. */
  cik?: string;
}
