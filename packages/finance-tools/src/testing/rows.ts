/**
 * Row builders for tests: a complete model row with every figure `null` unless given, so a
 * test states only the numbers it checks.
 */
import type {
  BalanceSheet,
  CashFlowStatement,
  Filing,
  IncomeStatement,
  KeyMetrics,
  PeriodRow,
} from '../models';

type RowBase = Pick<PeriodRow, 'ticker' | 'fiscalYear'> & Partial<PeriodRow>;

function periodRow(base: RowBase): PeriodRow {
  const period = base.period ?? 'annual';
  return {
    ticker: base.ticker.toUpperCase(),
    period,
    fiscalYear: base.fiscalYear,
    fiscalPeriod: base.fiscalPeriod ?? (period === 'annual' ? 'FY' : period === 'ttm' ? 'TTM' : 'Q4'),
    periodStart: base.periodStart ?? null,
    periodEnd: base.periodEnd ?? `${base.fiscalYear}-12-31`,
    currency: base.currency ?? 'USD',
    derived: base.derived ?? [],
    sources: base.sources ?? [
      {
        url: `https://www.sec.gov/Archives/edgar/data/0/${base.ticker.toLowerCase()}-${base.fiscalYear}-${base.fiscalPeriod ?? 'FY'}.htm`,
        form: period === 'annual' ? '10-K' : '10-Q',
        accession: '',
        filed: '',
      },
    ],
  };
}

const nullIncome = {
  revenue: null,
  costOfRevenue: null,
  grossProfit: null,
  researchAndDevelopment: null,
  sellingGeneralAndAdministrative: null,
  operatingExpense: null,
  operatingIncome: null,
  interestExpense: null,
  incomeBeforeTax: null,
  incomeTaxExpense: null,
  netIncome: null,
  epsBasic: null,
  epsDiluted: null,
  weightedAverageShares: null,
  weightedAverageSharesDiluted: null,
  dividendsPerShare: null,
};

/** An income-statement row; unspecified figures are `null`. */
export function incomeStatement(row: RowBase & Partial<IncomeStatement>): IncomeStatement {
  return { ...nullIncome, ...row, ...periodRow(row) };
}

/** A balance-sheet row; unspecified figures are `null`. */
export function balanceSheet(row: RowBase & Partial<BalanceSheet>): BalanceSheet {
  return {
    totalAssets: null,
    currentAssets: null,
    cashAndEquivalents: null,
    shortTermInvestments: null,
    accountsReceivable: null,
    inventory: null,
    propertyPlantAndEquipmentNet: null,
    goodwill: null,
    intangibleAssets: null,
    totalLiabilities: null,
    currentLiabilities: null,
    accountsPayable: null,
    shortTermDebt: null,
    commercialPaper: null,
    longTermDebt: null,
    deferredRevenue: null,
    shareholdersEquity: null,
    totalLiabilitiesAndEquity: null,
    retainedEarnings: null,
    sharesOutstanding: null,
    ...row,
    ...periodRow(row),
  };
}

/** A cash-flow row; unspecified figures are `null`. */
export function cashFlowStatement(row: RowBase & Partial<CashFlowStatement>): CashFlowStatement {
  return {
    operatingCashFlow: null,
    investingCashFlow: null,
    financingCashFlow: null,
    capitalExpenditure: null,
    freeCashFlow: null,
    depreciationAndAmortization: null,
    shareBasedCompensation: null,
    shareRepurchases: null,
    dividendsPaid: null,
    acquisitions: null,
    debtIssuance: null,
    debtRepayment: null,
    endingCash: null,
    ...row,
    ...periodRow(row),
  };
}

/** A key-metrics row; unspecified figures are `null`. */
export function keyMetrics(row: RowBase & Partial<KeyMetrics>): KeyMetrics {
  return {
    grossMargin: null,
    operatingMargin: null,
    netMargin: null,
    revenueGrowth: null,
    netIncomeGrowth: null,
    epsGrowth: null,
    freeCashFlow: null,
    freeCashFlowMargin: null,
    returnOnEquity: null,
    returnOnAssets: null,
    currentRatio: null,
    debtToEquity: null,
    marketCap: null,
    enterpriseValue: null,
    priceToEarnings: null,
    priceToSales: null,
    priceToBook: null,
    ...row,
    ...periodRow(row),
  };
}

/** A filing; the URLs follow EDGAR's layout. */
export function filing(
  row: Pick<Filing, 'ticker' | 'accession' | 'form' | 'filed'> & Partial<Filing>,
): Filing {
  const cik = row.cik ?? '0000000000';
  const folder = `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${row.accession.replace(/-/g, '')}`;
  return {
    cik,
    reportDate: null,
    url: `${folder}/primary.htm`,
    indexUrl: `${folder}/${row.accession}-index.htm`,
    description: null,
    items: [],
    ...row,
  };
}
