/**
 * Calendar periods ("calendar 2025", "calendar Q3 2025", "CY2025"): a way to line up
 * companies whose fiscal years end in different months, part of the rule router's period
 * inference (`parsePeriod`).
 */
import type { PeriodIntent } from './period-parser';

const DAY = 86_400_000;

function isoPlusDays(year: number, month: number, day: number, days: number): string {
  return new Date(Date.UTC(year, month - 1, day) + days * DAY).toISOString().slice(0, 10);
}

/**
 * "calendar Q3 2025", "CY2025 Q3", "Q3 CY2025": the fiscal quarters ending within 45 days of
 * the calendar quarter's end (NVIDIA's quarter ending 2025-10-26 is its calendar Q3, as in
 * the SEC's CY2025Q3 frame). "calendar 2025", "CY2025": the fiscal years ending between
 * 2025-07-01 and 2026-06-30, i.e. mostly inside calendar 2025 (Apple FY2025, NVIDIA FY2026).
 */
export function calendarPeriod(
  text: string,
): (Omit<PeriodIntent, 'explicit' | 'notes'> & { notes: string[] }) | undefined {
  const quarter =
    /\b(?:calendar|cy)\s*(?:year\s+)?q([1-4])\s*((?:19|20)\d{2})\b/.exec(text) ??
    /\bq([1-4])\s*(?:of\s+)?(?:calendar\s+(?:year\s+)?|cy\s*)((?:19|20)\d{2})\b/.exec(text) ??
    /\b(?:calendar\s+(?:year\s+)?|cy\s*)((?:19|20)\d{2})\s*q([1-4])\b/.exec(text);
  if (quarter) {
    const swapped = quarter[1]!.length === 4;
    const number = Number(swapped ? quarter[2] : quarter[1]);
    const year = Number(swapped ? quarter[1] : quarter[2]);
    const endMonth = number * 3;
    const endDay = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
    return {
      period: 'quarterly',
      endOnOrAfter: isoPlusDays(year, endMonth, endDay, -45),
      endOnOrBefore: isoPlusDays(year, endMonth, endDay, 45),
      description: `calendar Q${number} ${year} (fiscal quarters ending within 45 days of ${year}-${String(endMonth).padStart(2, '0')}-${endDay})`,
      notes: [
        `"calendar Q${number} ${year}" read as each company's fiscal quarter ending closest to the calendar quarter's end.`,
      ],
    };
  }
  const range =
    /\b(?:calendar\s+(?:years?\s+)?|cy\s*)((?:19|20)\d{2})\s*(?:-|–|—|to|through|thru|until|till)\s*(?:calendar\s+(?:year\s+)?|cy\s*)?((?:19|20)\d{2})\b/.exec(
      text,
    );
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b) as [number, number];
    return {
      period: 'annual',
      endOnOrAfter: `${from}-07-01`,
      endOnOrBefore: `${to + 1}-06-30`,
      description: `calendar ${from} to ${to} (fiscal years ending between ${from}-07-01 and ${to + 1}-06-30)`,
      notes: [
        `"calendar ${from} to ${to}" read as each company's fiscal years that lie mostly in ${from} to ${to}.`,
      ],
    };
  }
  const year = /\b(?:calendar\s+(?:year\s+)?|cy\s*)((?:19|20)\d{2})\b/.exec(text);
  if (year) {
    const value = Number(year[1]);
    return {
      period: 'annual',
      endOnOrAfter: `${value}-07-01`,
      endOnOrBefore: `${value + 1}-06-30`,
      description: `calendar ${value} (fiscal years ending between ${value}-07-01 and ${value + 1}-06-30)`,
      notes: [`"calendar ${value}" read as each company's fiscal year that lies mostly in ${value}.`],
    };
  }
  return undefined;
}
