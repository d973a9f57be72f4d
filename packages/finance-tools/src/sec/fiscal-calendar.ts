/**
 * Fiscal-year arithmetic from period dates.
 *
 * The `fy`/`fp` fields of companyfacts records name the fiscal period of the FILING that
 * reported a value (a 10-K for FY2025 also reports FY2024 and FY2023 values, all tagged
 * `fy: 2025`), so we never trust them for the period itself. Instead the fiscal year is
 * computed from the period's end date and the company's nominal fiscal-year end (`MMDD`
 * from submissions). Many companies close on a 52/53-week calendar (Apple: last Saturday
 * of September; NVIDIA: last Sunday of January), so actual year ends drift a few days
 * around the nominal date; a period ending up to `SLACK_DAYS` after the nominal date
 * still belongs to the year that nominally ends then.
 */
import type { FiscalPeriod } from '../models';

const DAY_MS = 86_400_000;
const SLACK_DAYS = 15;
const QUARTER_DAYS = 365.25 / 4;

/** A fiscal position: the year (named for the calendar year it ends in) and quarter 1–4. */
export interface FiscalPosition {
  fiscalYear: number;
  /** 1–4; 4 is also the quarter that ends at the fiscal year end. */
  quarter: 1 | 2 | 3 | 4;
}

/** Parses `YYYY-MM-DD` as a UTC day number (days since the epoch). */
export function dayNumber(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new TypeError(`Invalid date: ${date}`);
  return Math.round(time / DAY_MS);
}

/** The inverse of `dayNumber`. */
export function dateFromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Adds `days` to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return dateFromDayNumber(dayNumber(date) + days);
}

/** Days from `start` to `end` inclusive (a 91-day quarter has start + 90 = end). */
export function durationDays(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

function nominalEnd(year: number, monthDay: string): number {
  const month = Number(monthDay.slice(0, 2));
  let day = Number(monthDay.slice(2, 4));
  // 0229 in a non-leap year: use the 28th.
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) day = last;
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/**
 * The fiscal year and quarter that a period ending on `periodEnd` belongs to, for a company
 * whose fiscal year nominally ends on `fiscalYearEnd` (`MMDD`, e.g. `0926`; default `1231`).
 *
 * @example
 * ```ts
 * fiscalPosition('2025-12-27', '0926'); // { fiscalYear: 2026, quarter: 1 } (Apple Q1 FY2026)
 * fiscalPosition('2025-01-26', '0131'); // { fiscalYear: 2025, quarter: 4 } (NVIDIA FY2025)
 * ```
 */
export function fiscalPosition(periodEnd: string, fiscalYearEnd = '1231'): FiscalPosition {
  if (!/^\d{4}$/.test(fiscalYearEnd)) throw new TypeError(`fiscalYearEnd must be MMDD, got ${fiscalYearEnd}`);
  const end = dayNumber(periodEnd);
  const calendarYear = Number(periodEnd.slice(0, 4));
  for (const year of [calendarYear - 1, calendarYear, calendarYear + 1]) {
    const previous = nominalEnd(year - 1, fiscalYearEnd) + SLACK_DAYS;
    const current = nominalEnd(year, fiscalYearEnd) + SLACK_DAYS;
    if (end > previous && end <= current) {
      const sinceStart = end - (previous - SLACK_DAYS);
      const quarter = Math.min(4, Math.max(1, Math.round(sinceStart / QUARTER_DAYS))) as 1 | 2 | 3 | 4;
      return { fiscalYear: year, quarter };
    }
  }
  /* c8 ignore next */
  throw new Error(`No fiscal year found for ${periodEnd}`);
}

/** How long a duration is, in the coarse buckets the normalizer cares about. */
export type DurationKind = 'quarter' | 'half' | 'nine-months' | 'year' | 'other';

/** Classifies a duration by its length in days (13/14-week quarters, 52/53-week years). */
export function durationKind(start: string, end: string): DurationKind {
  const days = durationDays(start, end);
  if (days >= 80 && days <= 100) return 'quarter';
  if (days >= 170 && days <= 192) return 'half';
  if (days >= 260 && days <= 285) return 'nine-months';
  if (days >= 350 && days <= 380) return 'year';
  return 'other';
}

/** The `FiscalPeriod` label of a quarter number. */
export function quarterLabel(quarter: 1 | 2 | 3 | 4): FiscalPeriod {
  return `Q${quarter}` as FiscalPeriod;
}
