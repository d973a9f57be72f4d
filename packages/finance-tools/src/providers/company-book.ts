/**
 * A company's normalized data held in memory, and the queries every in-memory provider
 * (embedded dataset, SEC EDGAR after download) answers from it: filter by period kind,
 * fiscal year/quarter and dates, newest first, capped by `limit`.
 */
import { FinanceError } from '../errors';
import type { BalanceSheet, CashFlowStatement, Filing, IncomeStatement, PeriodRow } from '../models';
import { DEFAULT_LIMIT, type FilingsRequest, type PeriodRequest } from '../provider';
import { trailingTwelveMonths } from './trailing-twelve-months';

/** The company a book is about. */
export interface CompanyProfile {
  ticker: string;
  name: string;
  /** 10 digits, zero-padded. */
  cik: string;
  /** `MMDD`. */
  fiscalYearEnd: string;
}

/** Everything a provider knows about one company, annual and quarterly rows newest first. */
export interface CompanyBook {
  profile: CompanyProfile;
  /** `undefined` when only the filing list is known (no statements). */
  incomeStatements: IncomeStatement[] | undefined;
  balanceSheets: BalanceSheet[] | undefined;
  cashFlowStatements: CashFlowStatement[] | undefined;
  filings: Filing[];
}

/** The statement lists of a book. */
export type StatementKind = 'incomeStatements' | 'balanceSheets' | 'cashFlowStatements';

const LABELS: Record<StatementKind, string> = {
  incomeStatements: 'income statements',
  balanceSheets: 'balance sheets',
  cashFlowStatements: 'cash-flow statements',
};

/** Checks the common request fields; throws `invalid_request`. */
export function validatePeriodRequest(request: PeriodRequest, provider: string): void {
  if (!['annual', 'quarterly', 'ttm'].includes(request.period)) {
    throw new FinanceError(
      'invalid_request',
      `period must be annual, quarterly or ttm (got ${String(request.period)})`,
      {
        provider,
      },
    );
  }
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw new FinanceError('invalid_request', `limit must be a positive integer (got ${request.limit})`, {
      provider,
    });
  }
  if (request.fiscalQuarter !== undefined && ![1, 2, 3, 4].includes(request.fiscalQuarter)) {
    throw new FinanceError('invalid_request', `fiscalQuarter must be 1-4 (got ${request.fiscalQuarter})`, {
      provider,
    });
  }
}

/**
 * Applies the period request's filters to `rows` (already of the right period kind),
 * newest first, capped by `limit`. TTM rows match a `fiscalQuarter` through the quarter
 * they end with (`quarterEnds`: period ends of the quarterly rows of that quarter).
 */
export function filterRows<Row extends PeriodRow>(
  rows: readonly Row[],
  request: PeriodRequest,
  quarterEnds?: ReadonlySet<string>,
): Row[] {
  const matching = rows.filter(
    (row) =>
      (request.fiscalYear === undefined || row.fiscalYear === request.fiscalYear) &&
      (request.fiscalQuarter === undefined ||
        row.fiscalPeriod === `Q${request.fiscalQuarter}` ||
        (row.fiscalPeriod === 'TTM' && quarterEnds?.has(row.periodEnd) === true)) &&
      (request.periodEndFrom === undefined || row.periodEnd >= request.periodEndFrom) &&
      (request.periodEndTo === undefined || row.periodEnd <= request.periodEndTo),
  );
  return [...matching]
    .sort((left, right) => (left.periodEnd < right.periodEnd ? 1 : left.periodEnd > right.periodEnd ? -1 : 0))
    .slice(0, request.limit ?? DEFAULT_LIMIT);
}

const ttmCache = new WeakMap<readonly PeriodRow[], PeriodRow[]>();

/** TTM rows of a statement list, computed once per list (books are immutable once built). */
export function ttmRows(
  rows: readonly PeriodRow[],
  kind: 'incomeStatements' | 'cashFlowStatements',
): PeriodRow[] {
  let cached = ttmCache.get(rows);
  if (!cached) {
    // Quarterly rows make the windows; annual rows stand in for a window that is a fiscal year.
    cached = trailingTwelveMonths(rows, kind);
    ttmCache.set(rows, cached);
  }
  return cached;
}

/**
 * The rows of one statement kind answering `request`. Balance sheets are points in time:
 * for `ttm` they are the quarterly balance sheets.
 */
export function selectStatements<Kind extends StatementKind>(
  book: CompanyBook,
  kind: Kind,
  request: PeriodRequest,
  provider: string,
): NonNullable<CompanyBook[Kind]> {
  validatePeriodRequest(request, provider);
  const all = book[kind] as PeriodRow[] | undefined;
  if (!all) {
    throw new FinanceError(
      'not_found',
      `${provider} has no ${LABELS[kind]} for ${book.profile.ticker} (${book.profile.name}): it holds only its filing list, which read_filings({ query: "${book.profile.ticker} 10-K" }) returns. Its statements need live SEC data, which the host provides by configuring the SEC EDGAR data source (createSecEdgarProvider with a declared SEC_USER_AGENT).`,
      { provider, details: { ticker: book.profile.ticker, remedy: 'sec_provider' } },
    );
  }
  let rows: PeriodRow[];
  const quarterly = all.filter((row) => row.period === 'quarterly');
  if (request.period === 'ttm') {
    rows = kind === 'balanceSheets' ? quarterly : ttmRows(all, kind);
  } else {
    rows = all.filter((row) => row.period === request.period);
  }
  const quarterEnds = new Set(
    quarterly.filter((row) => row.fiscalPeriod === `Q${request.fiscalQuarter}`).map((row) => row.periodEnd),
  );
  const selected = filterRows(rows, request, quarterEnds);
  if (selected.length === 0) {
    const years = [...new Set(rows.map((row) => row.fiscalYear))].sort();
    const available =
      years.length > 0 ? `available fiscal years: ${years[0]}–${years[years.length - 1]}` : 'none';
    throw new FinanceError(
      'not_found',
      `${provider} has no ${request.period} ${LABELS[kind]} for ${book.profile.ticker} matching the request (${available})`,
      { provider, details: { ticker: book.profile.ticker, request: { ...request, signal: undefined } } },
    );
  }
  return selected as NonNullable<CompanyBook[Kind]>;
}

/** The filings answering `request`, newest first (default limit 10). */
export function selectFilings(book: CompanyBook, request: FilingsRequest): Filing[] {
  const forms = request.forms?.map((form) => form.toUpperCase());
  return book.filings
    .filter(
      (filing) =>
        (!forms || forms.includes(filing.form.toUpperCase())) &&
        (request.filedFrom === undefined || filing.filed >= request.filedFrom) &&
        (request.filedTo === undefined || filing.filed <= request.filedTo),
    )
    .slice(0, request.limit ?? 10);
}
