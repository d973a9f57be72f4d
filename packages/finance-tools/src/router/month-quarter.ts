/**
 * Quarters named by the month they end in, as analysts write them: "the December 2024
 * quarter", "the March 2025 quarter", "quarter ended March 31, 2025", "three months ended
 * June 28, 2025". Each company's fiscal quarter ending in that month is meant, whatever its
 * fiscal numbering (Apple's December 2024 quarter is its Q1 FY2025), so the reading is a
 * window of period-end dates, not a fiscal quarter number.
 */
import type { PeriodIntent } from './period-parser';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const YEAR = String.raw`((?:19|20)\d{2})`;

/** Days a 52/53-week quarter may end after its month ("the December quarter" ending 2025-01-03). */
const SLACK_DAYS = 7;

function monthIndex(word: string): number {
  return MONTHS.findIndex((name) => name.startsWith(word.slice(0, 3)));
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The period-end window of a month-named quarter, or `undefined` when the text names none.
 *
 * @example
 * ```ts
 * monthQuarter('apple revenue in the december 2024 quarter');
 * // { period: 'quarterly', endOnOrAfter: '2024-12-01', endOnOrBefore: '2025-01-07', limit: 1, ... }
 * ```
 */
export function monthQuarter(
  text: string,
): (Omit<PeriodIntent, 'explicit' | 'notes'> & { notes: string[] }) | undefined {
  const named =
    new RegExp(String.raw`\b${MONTH}\s+${YEAR}\s+quarter\b`).exec(text) ??
    new RegExp(
      String.raw`\b(?:quarter|three\s+months|3\s+months|period)\s+(?:ended|ending|that\s+ended)\s+(?:on\s+|in\s+)?${MONTH}\s+(?:(\d{1,2})(?:st|nd|rd|th)?,?\s+)?${YEAR}\b`,
    ).exec(text);
  if (!named) return undefined;
  const month = monthIndex(named[1]!);
  const day = named.length > 3 && named[2] && named[3] ? Number(named[2]) : undefined;
  const year = Number(named.length > 3 && named[3] ? named[3] : named[2]);
  if (month < 0) return undefined;
  const first = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(year, month + 1, 0));
  const from = day ? new Date(Date.UTC(year, month, day) - SLACK_DAYS * 86_400_000) : first;
  const to = new Date((day ? Date.UTC(year, month, day) : last.getTime()) + SLACK_DAYS * 86_400_000);
  const name = `${MONTHS[month]!.replace(/^./, (c) => c.toUpperCase())} ${year}`;
  const what = day ? `the quarter ended ${iso(new Date(Date.UTC(year, month, day)))}` : `the ${name} quarter`;
  return {
    period: 'quarterly',
    limit: 1,
    endOnOrAfter: iso(from),
    endOnOrBefore: iso(to),
    description: `${what}: each company's fiscal quarter ending between ${iso(from)} and ${iso(to)}`,
    notes: [
      `"${named[0]}" read as each company's fiscal quarter ending ${day ? `within ${SLACK_DAYS} days of that date` : `in ${name} (or up to ${SLACK_DAYS} days after, for 52/53-week calendars)`}, whatever its fiscal quarter number.`,
    ],
  };
}
