/**
 * Trailing-twelve-month rows from discrete quarters: each TTM row covers four consecutive
 * quarters ending at one quarter end, and says in `ttmMethod` how it was made:
 *
 * - `filed fiscal year`: the window is a fiscal year (Q1–Q4 of one year) and the annual row
 *   exists — its figures are used as filed (Alphabet's TTM to 2025-12-31 is the 10-K's
 *   402,836,000,000, not the 402,837,000,000 its four quarters add up to). A figure the
 *   annual row lacks is summed from the quarters and listed in `derived`.
 * - `sum of four quarters`: additive lines are summed, EPS is the sum of the quarterly EPS
 *   (the usual TTM convention), weighted share counts are left `null`, and point-in-time
 *   lines (ending cash) come from the last quarter. Every figure is derived.
 */
import type { PeriodRow, Source } from '../models';
import { CASH_FLOW_CONCEPTS, type FieldKind, INCOME_CONCEPTS } from '../sec/concepts';
import { addDays, dayNumber } from '../sec/fiscal-calendar';

type Treatment = 'sum' | 'last' | 'none';

/** How a TTM row was made (see the module comment). */
export type TtmMethod = 'filed fiscal year' | 'sum of four quarters';

/** The `ttmMethod` values. */
export const TTM_METHODS: readonly TtmMethod[] = ['filed fiscal year', 'sum of four quarters'];

function treatments(kind: 'incomeStatements' | 'cashFlowStatements'): Map<string, Treatment> {
  const mappings = kind === 'incomeStatements' ? INCOME_CONCEPTS : CASH_FLOW_CONCEPTS;
  const byKind = (fieldKind: FieldKind, unit: string): Treatment =>
    fieldKind === 'instant' ? 'last' : fieldKind === 'flow' || unit === 'USD/shares' ? 'sum' : 'none';
  const result = new Map<string, Treatment>(
    mappings.map((mapping) => [mapping.field as string, byKind(mapping.kind, mapping.unit)]),
  );
  if (kind === 'cashFlowStatements') result.set('freeCashFlow', 'sum');
  return result;
}

function consecutive(previous: PeriodRow, next: PeriodRow): boolean {
  if (next.periodStart) return next.periodStart === addDays(previous.periodEnd, 1);
  const gap = dayNumber(next.periodEnd) - dayNumber(previous.periodEnd);
  return gap >= 80 && gap <= 100;
}

function uniqueSources(sources: Source[]): Source[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.field}|${source.accession}|${source.concept}|${source.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * TTM rows (newest first) from income or cash-flow rows: the quarterly rows make the
 * windows; annual rows, when passed, replace a window that is exactly a fiscal year.
 *
 * @example
 * ```ts
 * const ttm = trailingTwelveMonths(incomeRows, 'incomeStatements');
 * ttm[0].revenue; // the filed annual revenue when the window is a fiscal year, else the sum of four quarters
 * ttm[0].ttmMethod; // 'filed fiscal year' | 'sum of four quarters'
 * ```
 */
export function trailingTwelveMonths<Row extends PeriodRow>(
  rows: readonly Row[],
  kind: 'incomeStatements' | 'cashFlowStatements',
): Row[] {
  const fields = treatments(kind);
  const quarterly = rows;
  const annualByEnd = new Map(
    rows.filter((row) => row.period === 'annual').map((row) => [row.periodEnd, row] as const),
  );
  const ascending = [...quarterly]
    .filter((row) => row.period === 'quarterly')
    .sort((left, right) =>
      left.periodEnd < right.periodEnd ? -1 : left.periodEnd > right.periodEnd ? 1 : 0,
    );
  const result: Row[] = [];
  for (let end = 3; end < ascending.length; end++) {
    const window = ascending.slice(end - 3, end + 1);
    if (!window.every((row, index) => index === 0 || consecutive(window[index - 1] as Row, row))) continue;
    const last = window[3] as Row;
    const first = window[0] as Row;
    const annual = annualByEnd.get(last.periodEnd);
    const fiscalYearWindow =
      annual !== undefined &&
      window.every((quarter) => quarter.fiscalYear === annual.fiscalYear) &&
      first.fiscalPeriod === 'Q1' &&
      last.fiscalPeriod === 'Q4';
    if (fiscalYearWindow) {
      result.push(fromFiscalYear(annual, window, fields));
      continue;
    }
    const row = {
      ...last,
      period: 'ttm',
      fiscalPeriod: 'TTM',
      periodStart: first.periodStart,
      ttmMethod: 'sum of four quarters' satisfies TtmMethod,
      derived: [] as string[],
      sources: [] as Source[],
    } as unknown as PeriodRow & Record<string, unknown>;
    for (const [field, treatment] of fields) {
      const values = window.map(
        (quarter) => (quarter as unknown as Record<string, number | null>)[field] ?? null,
      );
      let value: number | null = null;
      if (treatment === 'last') value = values[3] ?? null;
      else if (treatment === 'sum' && values.every((entry) => entry !== null)) {
        value = values.reduce<number>((total, entry) => total + (entry as number), 0);
        if (!Number.isInteger(value)) value = Math.round(value * 1e6) / 1e6;
      }
      row[field] = value;
      if (value === null) continue;
      row.derived.push(field);
      const from = treatment === 'last' ? [last] : window;
      row.sources.push(
        ...from.flatMap((quarter) => quarter.sources.filter((source) => source.field === field)),
      );
    }
    row.sources = uniqueSources(row.sources);
    result.push(row as unknown as Row);
  }
  return result.reverse();
}

/** A TTM row that is a fiscal year: the annual row's filed figures, quarters only for gaps. */
function fromFiscalYear<Row extends PeriodRow>(
  annual: Row,
  window: readonly Row[],
  fields: ReadonlyMap<string, Treatment>,
): Row {
  const source = annual as unknown as Record<string, unknown>;
  const row = {
    ...annual,
    period: 'ttm',
    fiscalPeriod: 'TTM',
    ttmMethod: 'filed fiscal year' satisfies TtmMethod,
    derived: [...annual.derived],
    sources: [...annual.sources],
  } as unknown as PeriodRow & Record<string, unknown>;
  for (const [field, treatment] of fields) {
    if (typeof source[field] === 'number' || treatment !== 'sum') continue;
    const values = window.map(
      (quarter) => (quarter as unknown as Record<string, number | null>)[field] ?? null,
    );
    if (!values.every((entry) => entry !== null)) continue;
    let value = values.reduce<number>((total, entry) => total + (entry as number), 0);
    if (!Number.isInteger(value)) value = Math.round(value * 1e6) / 1e6;
    row[field] = value;
    row.derived.push(field);
    row.sources.push(
      ...window.flatMap((quarter) => quarter.sources.filter((entry) => entry.field === field)),
    );
  }
  row.sources = uniqueSources(row.sources);
  return row as unknown as Row;
}
