/**
 * The clock port. Relative phrases ("last quarter", "last two fiscal years") are resolved
 * against an injected clock, never `Date.now()` directly, so tests and the CLI's `--date`
 * can pin "today".
 */

/** Where "now" comes from. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = Object.freeze({ now: () => new Date() });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses a strict `YYYY-MM-DD` date (UTC midnight). Returns `undefined` for anything else,
 * including impossible dates such as `2026-02-30`.
 */
export function parseIsoDate(text: string): Date | undefined {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return date;
}

/** `YYYY-MM-DD` of a date, in UTC. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A clock that always answers the same instant.
 *
 * @example
 * ```ts
 * const clock = fixedClock('2026-11-30');
 * ```
 */
export function fixedClock(date: string | Date): Clock {
  const instant = typeof date === 'string' ? parseIsoDate(date) : new Date(date.getTime());
  if (instant === undefined || Number.isNaN(instant.getTime())) {
    throw new TypeError(`fixedClock expects a YYYY-MM-DD date or a Date, got ${JSON.stringify(date)}`);
  }
  const frozen = instant.getTime();
  return Object.freeze({ now: () => new Date(frozen) });
}

/** Shifts an ISO date by whole years (Feb 29 becomes Feb 28 in non-leap years). */
export function shiftYears(isoDate: string, years: number): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new TypeError(`not a YYYY-MM-DD date: ${isoDate}`);
  const year = date.getUTCFullYear() + years;
  const month = date.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return toIsoDate(new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay))));
}
