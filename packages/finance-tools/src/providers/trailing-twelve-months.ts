/**
 * Trailing-twelve-month rows from discrete quarters: each TTM row sums four consecutive
 * quarters ending at one quarter end. Additive lines are summed, EPS is the sum of the
 * quarterly EPS (the usual TTM convention), weighted share counts are left `null`, and
 * point-in-time lines (ending cash) come from the last quarter. Every figure is derived.
 */
import type { PeriodRow, Source } from '../models';
import { CASH_FLOW_CONCEPTS, type FieldKind, INCOME_CONCEPTS } from '../sec/concepts';
import { addDays, dayNumber } from '../sec/fiscal-calendar';

type Treatment = 'sum' | 'last' | 'none';

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
 * TTM rows (newest first) from quarterly income or cash-flow rows.
 *
 * @example
 * ```ts
 * const ttm = trailingTwelveMonths(quarterlyIncome, 'incomeStatements');
 * ttm[0].revenue; // sum of the last four quarters' revenue
 * ```
 */
export function trailingTwelveMonths<Row extends PeriodRow>(
  quarterly: readonly Row[],
  kind: 'incomeStatements' | 'cashFlowStatements',
): Row[] {
  const fields = treatments(kind);
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
    const row = {
      ...last,
      period: 'ttm',
      fiscalPeriod: 'TTM',
      periodStart: first.periodStart,
      derived: [] as string[],
      sources: [] as Source[],
    } as PeriodRow & Record<string, unknown>;
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
