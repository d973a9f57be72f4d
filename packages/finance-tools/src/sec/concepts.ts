/**
 * Which us-gaap concepts feed which model field.
 *
 * Companies switch tags over time (NVIDIA reported `RevenueFromContractWithCustomer…`
 * until FY2022 and `Revenues` since; Alphabet reported both until 2025 and only
 * `Revenues` after), so each field lists candidates in order of preference and the
 * normalizer picks, PER PERIOD, the first candidate that has a value for that exact
 * period (a reported value beats a derived one).
 */
import type { BalanceSheet, CashFlowStatement, IncomeStatement } from '../models';

/**
 * How a field behaves over time:
 * - `flow`: an additive amount over a duration (revenue, cash flows) — discrete quarters
 *   may be derived by differencing year-to-date values.
 * - `ratio`: a non-additive per-period figure (EPS, weighted average shares) — never derived.
 * - `instant`: a balance at a date.
 */
export type FieldKind = 'flow' | 'ratio' | 'instant';

/** How one model field is read from companyfacts. */
export interface ConceptMapping<Field extends string> {
  field: Field;
  kind: FieldKind;
  /** `USD`, `USD/shares` or `shares`. */
  unit: string;
  /** us-gaap concept names, most preferred first. */
  concepts: readonly string[];
  /** `-1` when the concept reports a payment as a positive number but the model wants the cash effect. */
  sign?: 1 | -1;
}

type NumericFields<Row> = {
  [Key in keyof Row]-?: Row[Key] extends number | null ? (null extends Row[Key] ? Key : never) : never;
}[keyof Row] &
  string;

/** Numeric fields of `IncomeStatement`. */
export type IncomeField = Exclude<NumericFields<IncomeStatement>, 'fiscalYear'>;
/** Numeric fields of `BalanceSheet`. */
export type BalanceField = Exclude<NumericFields<BalanceSheet>, 'fiscalYear'>;
/** Numeric fields of `CashFlowStatement`. */
export type CashFlowField = Exclude<NumericFields<CashFlowStatement>, 'fiscalYear'>;

/** Income-statement fields. `grossProfit` falls back to revenue − cost of revenue (derived). */
export const INCOME_CONCEPTS: readonly ConceptMapping<IncomeField>[] = [
  {
    field: 'revenue',
    kind: 'flow',
    unit: 'USD',
    concepts: [
      'RevenueFromContractWithCustomerExcludingAssessedTax',
      'Revenues',
      'SalesRevenueNet',
      'RevenueFromContractWithCustomerIncludingAssessedTax',
    ],
  },
  {
    field: 'costOfRevenue',
    kind: 'flow',
    unit: 'USD',
    concepts: ['CostOfGoodsAndServicesSold', 'CostOfRevenue', 'CostOfGoodsSold'],
  },
  { field: 'grossProfit', kind: 'flow', unit: 'USD', concepts: ['GrossProfit'] },
  { field: 'researchAndDevelopment', kind: 'flow', unit: 'USD', concepts: ['ResearchAndDevelopmentExpense'] },
  {
    field: 'sellingGeneralAndAdministrative',
    kind: 'flow',
    unit: 'USD',
    concepts: ['SellingGeneralAndAdministrativeExpense'],
  },
  { field: 'operatingExpense', kind: 'flow', unit: 'USD', concepts: ['OperatingExpenses'] },
  { field: 'operatingIncome', kind: 'flow', unit: 'USD', concepts: ['OperatingIncomeLoss'] },
  {
    field: 'interestExpense',
    kind: 'flow',
    unit: 'USD',
    concepts: ['InterestExpense', 'InterestExpenseNonoperating'],
  },
  {
    field: 'incomeBeforeTax',
    kind: 'flow',
    unit: 'USD',
    concepts: [
      'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest',
      'IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments',
    ],
  },
  { field: 'incomeTaxExpense', kind: 'flow', unit: 'USD', concepts: ['IncomeTaxExpenseBenefit'] },
  { field: 'netIncome', kind: 'flow', unit: 'USD', concepts: ['NetIncomeLoss', 'ProfitLoss'] },
  { field: 'epsBasic', kind: 'ratio', unit: 'USD/shares', concepts: ['EarningsPerShareBasic'] },
  { field: 'epsDiluted', kind: 'ratio', unit: 'USD/shares', concepts: ['EarningsPerShareDiluted'] },
  {
    field: 'weightedAverageShares',
    kind: 'ratio',
    unit: 'shares',
    concepts: ['WeightedAverageNumberOfSharesOutstandingBasic'],
  },
  {
    field: 'weightedAverageSharesDiluted',
    kind: 'ratio',
    unit: 'shares',
    concepts: ['WeightedAverageNumberOfDilutedSharesOutstanding'],
  },
  {
    field: 'dividendsPerShare',
    kind: 'flow',
    unit: 'USD/shares',
    concepts: ['CommonStockDividendsPerShareDeclared'],
  },
];

/** Balance-sheet fields. */
export const BALANCE_CONCEPTS: readonly ConceptMapping<BalanceField>[] = [
  { field: 'totalAssets', kind: 'instant', unit: 'USD', concepts: ['Assets'] },
  { field: 'currentAssets', kind: 'instant', unit: 'USD', concepts: ['AssetsCurrent'] },
  {
    field: 'cashAndEquivalents',
    kind: 'instant',
    unit: 'USD',
    concepts: ['CashAndCashEquivalentsAtCarryingValue'],
  },
  {
    field: 'shortTermInvestments',
    kind: 'instant',
    unit: 'USD',
    concepts: ['MarketableSecuritiesCurrent', 'ShortTermInvestments'],
  },
  { field: 'accountsReceivable', kind: 'instant', unit: 'USD', concepts: ['AccountsReceivableNetCurrent'] },
  { field: 'inventory', kind: 'instant', unit: 'USD', concepts: ['InventoryNet'] },
  {
    field: 'propertyPlantAndEquipmentNet',
    kind: 'instant',
    unit: 'USD',
    concepts: ['PropertyPlantAndEquipmentNet'],
  },
  { field: 'goodwill', kind: 'instant', unit: 'USD', concepts: ['Goodwill'] },
  {
    field: 'intangibleAssets',
    kind: 'instant',
    unit: 'USD',
    concepts: ['IntangibleAssetsNetExcludingGoodwill'],
  },
  { field: 'totalLiabilities', kind: 'instant', unit: 'USD', concepts: ['Liabilities'] },
  { field: 'currentLiabilities', kind: 'instant', unit: 'USD', concepts: ['LiabilitiesCurrent'] },
  { field: 'accountsPayable', kind: 'instant', unit: 'USD', concepts: ['AccountsPayableCurrent'] },
  { field: 'shortTermDebt', kind: 'instant', unit: 'USD', concepts: ['LongTermDebtCurrent'] },
  { field: 'commercialPaper', kind: 'instant', unit: 'USD', concepts: ['CommercialPaper'] },
  {
    field: 'longTermDebt',
    kind: 'instant',
    unit: 'USD',
    concepts: ['LongTermDebtNoncurrent', 'LongTermDebt'],
  },
  {
    field: 'deferredRevenue',
    kind: 'instant',
    unit: 'USD',
    concepts: ['ContractWithCustomerLiabilityCurrent'],
  },
  {
    field: 'shareholdersEquity',
    kind: 'instant',
    unit: 'USD',
    concepts: [
      'StockholdersEquity',
      'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
    ],
  },
  {
    field: 'totalLiabilitiesAndEquity',
    kind: 'instant',
    unit: 'USD',
    concepts: ['LiabilitiesAndStockholdersEquity'],
  },
  {
    field: 'retainedEarnings',
    kind: 'instant',
    unit: 'USD',
    concepts: ['RetainedEarningsAccumulatedDeficit'],
  },
  { field: 'sharesOutstanding', kind: 'instant', unit: 'shares', concepts: ['CommonStockSharesOutstanding'] },
];

/** Cash-flow fields (outflows negated to their cash effect). `freeCashFlow` is always derived. */
export const CASH_FLOW_CONCEPTS: readonly ConceptMapping<CashFlowField>[] = [
  {
    field: 'operatingCashFlow',
    kind: 'flow',
    unit: 'USD',
    concepts: ['NetCashProvidedByUsedInOperatingActivities'],
  },
  {
    field: 'investingCashFlow',
    kind: 'flow',
    unit: 'USD',
    concepts: ['NetCashProvidedByUsedInInvestingActivities'],
  },
  {
    field: 'financingCashFlow',
    kind: 'flow',
    unit: 'USD',
    concepts: ['NetCashProvidedByUsedInFinancingActivities'],
  },
  {
    field: 'capitalExpenditure',
    kind: 'flow',
    unit: 'USD',
    concepts: ['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'],
    sign: -1,
  },
  {
    field: 'depreciationAndAmortization',
    kind: 'flow',
    unit: 'USD',
    concepts: ['DepreciationDepletionAndAmortization', 'DepreciationAndAmortization'],
  },
  {
    field: 'shareBasedCompensation',
    kind: 'flow',
    unit: 'USD',
    concepts: ['ShareBasedCompensation', 'AllocatedShareBasedCompensationExpense'],
  },
  {
    field: 'shareRepurchases',
    kind: 'flow',
    unit: 'USD',
    concepts: ['PaymentsForRepurchaseOfCommonStock'],
    sign: -1,
  },
  { field: 'dividendsPaid', kind: 'flow', unit: 'USD', concepts: ['PaymentsOfDividends'], sign: -1 },
  {
    field: 'acquisitions',
    kind: 'flow',
    unit: 'USD',
    concepts: ['PaymentsToAcquireBusinessesNetOfCashAcquired'],
    sign: -1,
  },
  { field: 'debtIssuance', kind: 'flow', unit: 'USD', concepts: ['ProceedsFromIssuanceOfLongTermDebt'] },
  { field: 'debtRepayment', kind: 'flow', unit: 'USD', concepts: ['RepaymentsOfLongTermDebt'], sign: -1 },
  {
    field: 'endingCash',
    kind: 'instant',
    unit: 'USD',
    concepts: ['CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'],
  },
];
