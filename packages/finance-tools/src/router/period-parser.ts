/**
 * Period inference for the rule router: reads "FY2024", "fiscal 2025", "Q3 2025", "last two
 * fiscal years", "last quarter", "TTM", "over the last year", "2023 vs 2024" and turns them
 * into a period selection resolved against `asOf` (the injected clock's date).
 *
 * Relative phrases never guess a fiscal-year number: "the last two fiscal years" becomes
 * "the 2 newest annual periods ending on or before asOf", so each company's own fiscal
 * calendar (Apple: late September, NVIDIA: late January, P&G: June) and the data actually
 * available decide which years those are.
 */
import { calendarPeriod } from './calendar-period';
import { shiftYears } from './clock';
import { monthQuarter } from './month-quarter';
import type { PeriodKind } from './types';

/** The period part of a plan, shared by every sub-call of one query. */
export interface PeriodIntent {
  period: PeriodKind;
  fiscalYears?: number[];
  fiscalQuarter?: 1 | 2 | 3 | 4;
  limit?: number;
  endOnOrAfter?: string;
  /** Set for relative phrases (the clock's date); absent for explicit fiscal years. */
  endOnOrBefore?: string;
  /** Human-readable reading of the phrase. */
  description: string;
  /** False when the query named no period and the default (latest fiscal year) was used. */
  explicit: boolean;
  /** Assumptions worth telling the model. */
  notes: string[];
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};

const ORDINAL_QUARTERS: Readonly<Record<string, 1 | 2 | 3 | 4>> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};

/** Upper bound on "last N periods" so a typo cannot ask for a thousand statements. */
export const MAX_PERIODS = 20;

function count(word: string | undefined, fallback: number): number {
  if (word === undefined) return fallback;
  const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()];
  if (value === undefined || value < 1) return fallback;
  return Math.min(value, MAX_PERIODS);
}

function fullYear(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits);
}

const COUNT = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)`;
const YEAR = String.raw`((?:19|20)\d{2})`;
const FY = String.raw`(?:fy\s?'?|fiscal\s+(?:year\s+)?)((?:19|20)?\d{2})\b`;

/**
 * Reads the period of a query.
 *
 * @example
 * ```ts
 * parsePeriod('NVDA revenue for the last two fiscal years', '2026-11-30');
 * // { period: 'annual', limit: 2, endOnOrBefore: '2026-11-30', ... }
 * ```
 */
export function parsePeriod(query: string, asOf: string): PeriodIntent {
  const text = query.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const base = { endOnOrBefore: asOf, explicit: true, notes: [] as string[] };
  const fixed = { explicit: true, notes: [] as string[] };
  const quarterlyWord = /\bquarter(?:ly|s)?\b|\bq[1-4]\b/.test(text);

  // Trailing twelve months.
  if (
    /\b(ttm|ltm|trailing[\s-]+(?:twelve|12)[\s-]+months?|(?<!(?:over|during|in|within)\s+the\s+)(?:last|past)[\s-]+(?:twelve|12)[\s-]+months)\b/.test(
      text,
    )
  ) {
    return {
      ...base,
      period: 'ttm',
      limit: 1,
      description: `trailing twelve months (latest available as of ${asOf})`,
    };
  }

  // Calendar periods, for comparing companies whose fiscal years differ.
  const calendar = calendarPeriod(text);
  if (calendar) return { ...fixed, ...calendar };

  // A quarter named by the month it ends in: "the December 2024 quarter", "quarter ended March 31, 2025".
  const month = monthQuarter(text);
  if (month) return { ...fixed, ...month };

  // A specific fiscal quarter: "Q3 2025", "Q3 FY2025", "FY2025 Q3", "third quarter of fiscal 2025".
  const quarterMatch =
    /\bq([1-4])\s*(?:of\s+)?(?:fy\s?'?|fiscal\s+(?:year\s+)?)?((?:19|20)?\d{2})\b/.exec(text) ??
    /\b(?:fy\s?'?|fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})\s*q([1-4])\b/.exec(text);
  const ordinalMatch =
    /\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?((?:19|20)\d{2})\b/.exec(
      text,
    );
  if (quarterMatch || ordinalMatch) {
    let quarter: 1 | 2 | 3 | 4;
    let year: number;
    if (ordinalMatch) {
      quarter = ORDINAL_QUARTERS[ordinalMatch[1]!]!;
      year = fullYear(ordinalMatch[2]!);
    } else if (quarterMatch![0].startsWith('q')) {
      quarter = Number(quarterMatch![1]) as 1 | 2 | 3 | 4;
      year = fullYear(quarterMatch![2]!);
    } else {
      quarter = Number(quarterMatch![2]) as 1 | 2 | 3 | 4;
      year = fullYear(quarterMatch![1]!);
    }
    return {
      ...fixed,
      period: 'quarterly',
      fiscalYears: [year],
      fiscalQuarter: quarter,
      description: `fiscal Q${quarter} ${year} (the company's own fiscal calendar)`,
      notes: [`"Q${quarter} ${year}" read as fiscal quarter ${quarter} of fiscal year ${year}.`],
    };
  }

  // "last N quarters", "last quarter", "latest quarter", "most recent quarter".
  const lastQuarters = new RegExp(
    String.raw`\b(?:last|past|previous|prior|latest|most\s+recent|recent|trailing)\s+(?:${COUNT}\s+)?(?:fiscal\s+)?quarters?\b`,
  ).exec(text);
  if (lastQuarters) {
    const n = count(lastQuarters[1], /quarters\b/.test(lastQuarters[0]) ? 4 : 1);
    return {
      ...base,
      period: 'quarterly',
      limit: n,
      description: `the ${n === 1 ? 'latest quarter' : `${n} latest quarters`} ending on or before ${asOf}`,
    };
  }

  // "over the last year", "past 12 months", "in the past year": a window of time, by quarter.
  const window = new RegExp(
    String.raw`\b(?:over|during|in|within)\s+the\s+(?:last|past|previous)\s+(?:${COUNT}\s+)?(years?|12\s+months|twelve\s+months)\b`,
  ).exec(text);
  const growthWords =
    /\bgr[eo]w(?:th|n|s|ing)?\b|\bcagr\b|\bcompound|\bchange[ds]?\b|\bincrease[ds]?\b|\bdecline[ds]?\b/.test(
      text,
    );
  if (window && /years/.test(window[2]!) && growthWords && !quarterlyWord) {
    // "how fast did revenue grow over the last three years": annual growth over those years.
    const n = count(window[1], 1);
    return {
      ...base,
      period: 'annual',
      limit: n,
      description: `the ${n} latest fiscal years ending on or before ${asOf} (each company's own fiscal calendar)`,
      notes: [
        `"${window[0].trim()}" read as the ${n} latest fiscal years, with the growth of each year and the compound annual growth over them.`,
      ],
    };
  }
  if (window) {
    const years = /years?/.test(window[2]!) ? count(window[1], 1) : 1;
    const from = shiftYears(asOf, -years);
    return {
      ...base,
      period: 'quarterly',
      endOnOrAfter: from,
      description: `quarters ending between ${from} and ${asOf}`,
      notes: [
        `"${window[0].trim()}" read as the quarters ending in the ${years === 1 ? 'year' : `${years} years`} before ${asOf}.`,
      ],
    };
  }

  // "last N fiscal years", "past three years", "last year", "latest fiscal year".
  const lastYears = new RegExp(
    String.raw`\b(?:last|past|previous|prior|latest|most\s+recent|recent|trailing)\s+(?:${COUNT}\s+)?(?:full\s+)?(?:fiscal\s+|financial\s+)?years?\b`,
  ).exec(text);
  if (lastYears) {
    const n = count(lastYears[1], /years\b/.test(lastYears[0]) ? 3 : 1);
    const period: PeriodKind = quarterlyWord ? 'quarterly' : 'annual';
    if (period === 'quarterly') {
      const from = shiftYears(asOf, -n);
      return {
        ...base,
        period,
        endOnOrAfter: from,
        description: `quarters ending between ${from} and ${asOf}`,
      };
    }
    return {
      ...base,
      period,
      limit: n,
      description: `the ${n === 1 ? 'latest fiscal year' : `${n} latest fiscal years`} ending on or before ${asOf} (each company's own fiscal calendar)`,
    };
  }

  // Explicit fiscal years: "FY2024", "FY24", "fiscal 2025", ranges "2022-2024", lists "2023 vs 2024".
  const years = new Set<number>();
  for (const match of text.matchAll(new RegExp(FY, 'g'))) years.add(fullYear(match[1]!));
  const PREFIX = String.raw`(?:fy\s?'?|fiscal\s+(?:years?\s+)?)?`;
  for (const match of text.matchAll(
    new RegExp(
      String.raw`(?:\bfrom\s+|\bbetween\s+)?(?<![\w$.,])${PREFIX}((?:19|20)?\d{2})\s*(?:-|–|—|to|through|thru|until|till|and)\s*${PREFIX}((?:19|20)?\d{2})\b`,
      'g',
    ),
  )) {
    // Two-digit years only with a fiscal prefix ("FY22–FY26"), and "and" only after "between".
    const twoDigit = match[1]!.length === 2 || match[2]!.length === 2;
    if (twoDigit && !/fy|fiscal/.test(match[0])) continue;
    if (/\band\b/.test(match[0]) && !/^between/.test(match[0])) continue;
    const [from, to] = [fullYear(match[1]!), fullYear(match[2]!)].sort((a, b) => a - b) as [number, number];
    for (let year = from; year <= to && year - from < MAX_PERIODS; year += 1) years.add(year);
  }
  const since = new RegExp(String.raw`\bsince\s+(?:fy\s?|fiscal\s+(?:year\s+)?)?${YEAR}\b`).exec(text);
  if (since) {
    const current = Number(asOf.slice(0, 4));
    for (let year = Number(since[1]); year <= current && years.size < MAX_PERIODS; year += 1) years.add(year);
  }
  for (const match of text.matchAll(new RegExp(String.raw`(?<![\d$.,])${YEAR}(?![\d,.]*\d)`, 'g'))) {
    years.add(Number(match[1]));
  }
  if (years.size > 0) {
    const sorted = [...years].sort((a, b) => a - b);
    const period: PeriodKind = quarterlyWord ? 'quarterly' : 'annual';
    const label = sorted.map((year) => `FY${year}`).join(', ');
    return {
      ...fixed,
      period,
      fiscalYears: sorted,
      description: `${period === 'quarterly' ? 'the quarters of ' : ''}fiscal ${sorted.length === 1 ? 'year' : 'years'} ${label} (the company's own fiscal calendar)`,
      notes: /\bfy|fiscal/.test(text)
        ? []
        : [`Years read as fiscal years (${label}); fiscal years follow each company's own calendar.`],
    };
  }

  if (quarterlyWord) {
    return {
      ...base,
      period: 'quarterly',
      limit: 4,
      description: `the 4 latest quarters ending on or before ${asOf}`,
    };
  }
  return {
    ...base,
    explicit: false,
    period: 'annual',
    limit: 1,
    description: `the latest fiscal year ending on or before ${asOf}`,
    notes: [`No period in the query; used the latest fiscal year ending on or before ${asOf}.`],
  };
}
