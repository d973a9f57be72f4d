/**
 * How figures read in the model-facing markdown. Amounts are printed exactly (every digit,
 * thousands separators), never rounded to "416.2B": the model quotes what it reads.
 * Ratios stored as fractions print as percentages; the structured `data` keeps raw numbers.
 */

const LABELS: Readonly<Record<string, string>> = {
  revenue: 'Revenue',
  costOfRevenue: 'Cost of revenue',
  grossProfit: 'Gross profit',
  researchAndDevelopment: 'R&D',
  sellingGeneralAndAdministrative: 'SG&A',
  operatingExpense: 'Operating expense',
  operatingIncome: 'Operating income',
  interestExpense: 'Interest expense',
  incomeBeforeTax: 'Income before tax',
  incomeTaxExpense: 'Income tax',
  netIncome: 'Net income',
  epsBasic: 'EPS (basic)',
  epsDiluted: 'EPS (diluted)',
  weightedAverageShares: 'Weighted avg. shares',
  weightedAverageSharesDiluted: 'Weighted avg. shares (diluted)',
  dividendsPerShare: 'Dividends per share',
  totalAssets: 'Total assets',
  currentAssets: 'Current assets',
  cashAndEquivalents: 'Cash and equivalents',
  shortTermInvestments: 'Short-term investments',
  accountsReceivable: 'Accounts receivable',
  inventory: 'Inventory',
  propertyPlantAndEquipmentNet: 'PP&E (net)',
  goodwill: 'Goodwill',
  intangibleAssets: 'Intangible assets',
  totalLiabilities: 'Total liabilities',
  currentLiabilities: 'Current liabilities',
  accountsPayable: 'Accounts payable',
  shortTermDebt: 'Short-term debt',
  commercialPaper: 'Commercial paper',
  totalLiabilitiesAndEquity: 'Total liabilities and equity',
  longTermDebt: 'Long-term debt',
  deferredRevenue: 'Deferred revenue',
  shareholdersEquity: "Shareholders' equity",
  retainedEarnings: 'Retained earnings',
  sharesOutstanding: 'Shares outstanding',
  operatingCashFlow: 'Operating cash flow',
  investingCashFlow: 'Investing cash flow',
  financingCashFlow: 'Financing cash flow',
  capitalExpenditure: 'Capital expenditure',
  freeCashFlow: 'Free cash flow',
  depreciationAndAmortization: 'D&A',
  shareBasedCompensation: 'Stock-based compensation',
  shareRepurchases: 'Share repurchases',
  dividendsPaid: 'Dividends paid',
  acquisitions: 'Acquisitions',
  debtIssuance: 'Debt issued',
  debtRepayment: 'Debt repaid',
  endingCash: 'Ending cash',
  grossMargin: 'Gross margin',
  operatingMargin: 'Operating margin',
  netMargin: 'Net margin',
  revenueGrowth: 'Revenue growth (YoY)',
  netIncomeGrowth: 'Net income growth (YoY)',
  epsGrowth: 'EPS growth (YoY)',
  freeCashFlowMargin: 'FCF margin',
  returnOnEquity: 'Return on equity',
  returnOnAssets: 'Return on assets',
  currentRatio: 'Current ratio',
  debtToEquity: 'Debt to equity',
  marketCap: 'Market cap',
  enterpriseValue: 'Enterprise value',
  priceToEarnings: 'P/E',
  priceToSales: 'P/S',
  priceToBook: 'P/B',
  epsActual: 'EPS (actual)',
  epsEstimate: 'EPS (estimate)',
  revenueActual: 'Revenue (actual)',
  revenueEstimate: 'Revenue (estimate)',
};

/** Fields that describe a row rather than being figures. */
export const ROW_META_FIELDS: ReadonlySet<string> = new Set([
  'ticker',
  'period',
  'fiscalYear',
  'fiscalPeriod',
  'periodStart',
  'periodEnd',
  'currency',
  'derived',
  'sources',
  'reportDate',
  'ttmMethod',
]);

/** A readable label for a model field name. */
export function fieldLabel(field: string): string {
  return LABELS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

const PERCENT_FIELD = /Margin$|Growth$|^returnOn/;
const MULTIPLE_FIELD = /^priceTo|^currentRatio$|^debtToEquity$/;
const PER_SHARE_FIELD = /^eps|PerShare$/;

/** Groups digits in threes, keeping every digit and the exact decimals. */
function exact(value: number): string {
  const negative = value < 0;
  const [whole, fraction] = Math.abs(value).toString().split('.');
  if (whole === undefined || /e/i.test(whole)) return String(value);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Formats one figure for the markdown answer; `null` prints as an em dash. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return String(value);
  if (PERCENT_FIELD.test(field)) return `${(value * 100).toFixed(2)}%`;
  if (MULTIPLE_FIELD.test(field)) return value.toFixed(2);
  if (PER_SHARE_FIELD.test(field)) return String(value);
  return exact(value);
}

/** A period's label: `FY2025 (ended 2025-09-27)`, `Q3 FY2025 (ended 2025-06-28)`, `TTM to 2025-12-27`. */
export function periodLabel(row: Record<string, unknown>): string {
  const end = typeof row.periodEnd === 'string' ? row.periodEnd : '?';
  const fiscalPeriod = String(row.fiscalPeriod ?? '');
  if (fiscalPeriod === 'TTM' || row.period === 'ttm') {
    if (row.ttmMethod === 'filed fiscal year') return `TTM to ${end} (= FY${row.fiscalYear} as filed)`;
    if (row.ttmMethod === 'sum of four quarters') return `TTM to ${end} (sum of 4 quarters)`;
    return `TTM to ${end}`;
  }
  if (fiscalPeriod === 'FY' || fiscalPeriod === '') return `FY${row.fiscalYear} (ended ${end})`;
  return `${fiscalPeriod} FY${row.fiscalYear} (ended ${end})`;
}
