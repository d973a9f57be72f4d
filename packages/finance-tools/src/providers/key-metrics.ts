/**
 * Key metrics computed from normalized statements, for providers without a metrics feed
 * (embedded dataset, SEC EDGAR). Ratios are fractions; growth compares with the same
 * fiscal period one year earlier. Returns on equity/assets are only computed for annual
 * and TTM rows (a quarter's income over a year-end balance would mislead). Market-based
 * fields need prices, which these providers do not have: they stay `null`.
 */
import type { BalanceSheet, CashFlowStatement, IncomeStatement, KeyMetrics, Source } from '../models';
import { dayNumber } from '../sec/fiscal-calendar';

function ratio(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  if (numerator === null || numerator === undefined || !denominator) return null;
  return numerator / denominator;
}

function growth(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current === null || current === undefined || !previous || previous < 0) return null;
  return current / previous - 1;
}

/** The statements one metrics row is computed from. */
export interface MetricsInputs {
  income: IncomeStatement;
  /** The same period one fiscal year earlier. */
  previousIncome?: IncomeStatement;
  /** The balance sheet at `income.periodEnd`. */
  balance?: BalanceSheet;
  /** The cash-flow statement of the same period. */
  cashFlow?: CashFlowStatement;
}

function cite(sources: Source[], fields: readonly string[], metric: string): Source[] {
  return sources
    .filter((source) => source.field !== undefined && fields.includes(source.field))
    .map((source) => ({ ...source, field: metric }));
}

/**
 * One key-metrics row from a period's statements.
 *
 * @example
 * ```ts
 * computeKeyMetrics({ income, previousIncome, balance, cashFlow }).grossMargin; // 0.469...
 * ```
 */
export function computeKeyMetrics(inputs: MetricsInputs): KeyMetrics {
  const { income, previousIncome, balance, cashFlow } = inputs;
  const yearly = income.period !== 'quarterly';
  const debt =
    balance && (balance.shortTermDebt !== null || balance.longTermDebt !== null)
      ? (balance.shortTermDebt ?? 0) + (balance.longTermDebt ?? 0)
      : null;
  const values: Omit<KeyMetrics, keyof IncomeStatement & keyof KeyMetrics> = {
    grossMargin: ratio(income.grossProfit, income.revenue),
    operatingMargin: ratio(income.operatingIncome, income.revenue),
    netMargin: ratio(income.netIncome, income.revenue),
    revenueGrowth: growth(income.revenue, previousIncome?.revenue),
    netIncomeGrowth: growth(income.netIncome, previousIncome?.netIncome),
    epsGrowth: growth(income.epsDiluted, previousIncome?.epsDiluted),
    freeCashFlow: cashFlow?.freeCashFlow ?? null,
    freeCashFlowMargin: ratio(cashFlow?.freeCashFlow, income.revenue),
    returnOnEquity: yearly ? ratio(income.netIncome, balance?.shareholdersEquity) : null,
    returnOnAssets: yearly ? ratio(income.netIncome, balance?.totalAssets) : null,
    currentRatio: ratio(balance?.currentAssets, balance?.currentLiabilities),
    debtToEquity: ratio(debt, balance?.shareholdersEquity),
    marketCap: null,
    enterpriseValue: null,
    priceToEarnings: null,
    priceToSales: null,
    priceToBook: null,
  };
  const inputsOf: Record<string, [Source[], readonly string[]][]> = {
    grossMargin: [[income.sources, ['grossProfit', 'revenue']]],
    operatingMargin: [[income.sources, ['operatingIncome', 'revenue']]],
    netMargin: [[income.sources, ['netIncome', 'revenue']]],
    revenueGrowth: [
      [income.sources, ['revenue']],
      [previousIncome?.sources ?? [], ['revenue']],
    ],
    netIncomeGrowth: [
      [income.sources, ['netIncome']],
      [previousIncome?.sources ?? [], ['netIncome']],
    ],
    epsGrowth: [
      [income.sources, ['epsDiluted']],
      [previousIncome?.sources ?? [], ['epsDiluted']],
    ],
    freeCashFlow: [[cashFlow?.sources ?? [], ['freeCashFlow']]],
    freeCashFlowMargin: [
      [cashFlow?.sources ?? [], ['freeCashFlow']],
      [income.sources, ['revenue']],
    ],
    returnOnEquity: [
      [income.sources, ['netIncome']],
      [balance?.sources ?? [], ['shareholdersEquity']],
    ],
    returnOnAssets: [
      [income.sources, ['netIncome']],
      [balance?.sources ?? [], ['totalAssets']],
    ],
    currentRatio: [[balance?.sources ?? [], ['currentAssets', 'currentLiabilities']]],
    debtToEquity: [[balance?.sources ?? [], ['shortTermDebt', 'longTermDebt', 'shareholdersEquity']]],
  };
  const derived: string[] = [];
  const sources: Source[] = [];
  for (const [metric, value] of Object.entries(values)) {
    if (value === null) continue;
    derived.push(metric);
    for (const [from, fields] of inputsOf[metric] ?? []) sources.push(...cite(from, fields, metric));
  }
  return {
    ticker: income.ticker,
    period: income.period,
    fiscalYear: income.fiscalYear,
    fiscalPeriod: income.fiscalPeriod,
    periodStart: income.periodStart,
    periodEnd: income.periodEnd,
    currency: income.currency,
    ...values,
    derived,
    sources,
  };
}

/** Rows of the same kind whose period ended about one year (355–375 days) before `row`'s. */
function yearEarlier<Row extends IncomeStatement>(row: Row, candidates: readonly Row[]): Row | undefined {
  const end = dayNumber(row.periodEnd);
  return candidates.find((candidate) => {
    if (candidate.period !== row.period) return false;
    const gap = end - dayNumber(candidate.periodEnd);
    return gap >= 355 && gap <= 375;
  });
}

/**
 * Metrics rows for every income row, matching balance sheets by date, cash flows by
 * period and end date, and the comparison row by an end date one year earlier (so TTM
 * rows compare with the TTM that ended a year before, not any TTM of the previous year).
 */
export function keyMetricsHistory(
  incomeRows: readonly IncomeStatement[],
  allIncomeRows: readonly IncomeStatement[],
  balanceSheets: readonly BalanceSheet[],
  cashFlows: readonly CashFlowStatement[],
): KeyMetrics[] {
  return incomeRows.map((income) =>
    computeKeyMetrics({
      income,
      previousIncome: yearEarlier(income, allIncomeRows),
      balance: balanceSheets.find((row) => row.periodEnd === income.periodEnd),
      cashFlow: cashFlows.find((row) => row.period === income.period && row.periodEnd === income.periodEnd),
    }),
  );
}
