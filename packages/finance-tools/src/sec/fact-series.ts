/**
 * Turns the records of one concept into one value per period.
 *
 * Rules (see `../shared/data/sec/SOURCES.md` for the traps they answer):
 * - A period is `(start, end)` for durations and `end` for instants.
 * - Several filings report the same period (a 10-K repeats the two previous years). With
 *   the `latest` policy (default) the latest-filed value wins — it reflects restatements
 *   such as NVIDIA's EPS after its stock splits (FY2023 diluted EPS 1.74 as first filed,
 *   0.17 as restated); with `first` the value as originally filed wins.
 * - 10-Q cash flows (and some income lines) are year-to-date. For additive `flow` concepts
 *   the discrete quarter is derived by differencing consecutive YTD values that share a
 *   start date: Q2 = 6M − 3M, Q3 = 9M − 6M, fiscal Q4 = FY − 9M. Derivation always uses the
 *   values as first filed, so both operands come from the same fiscal year's filings
 *   (a restated FY minus an original 9M would push the whole restatement into Q4).
 *   A reported value for the exact period always wins over a derived one.
 */
import type { FieldKind } from './concepts';
import { addDays, durationKind } from './fiscal-calendar';
import type { SecCompanyFacts, SecFactRecord } from './types';

/** Which of several values reported for the same period wins. */
export type ValuePolicy = 'latest' | 'first';

/**
 * Only periodic reports count. Full companyfacts also carry values from registration
 * statements and 8-Ks (S-1, S-4, 8-K …), which must not override what the 10-K/10-Q said.
 */
const PERIODIC_FORM = /^(10-K|10-Q|20-F|40-F)/;

/** One concept's value for one period. */
export interface PeriodValue {
  start: string | null;
  end: string;
  value: number;
  concept: string;
  derived: boolean;
  /** The records the value came from (one when reported; minuend then subtrahend when derived). */
  records: SecFactRecord[];
}

/** `a − b`, without binary floating-point noise for fractional (per-share) values. */
function difference(a: number, b: number): number {
  if (Number.isInteger(a) && Number.isInteger(b)) return a - b;
  return Math.round((a - b) * 1e6) / 1e6;
}

/** `start|end` for durations, `|end` for instants. */
export function periodKey(start: string | null | undefined, end: string): string {
  return `${start ?? ''}|${end}`;
}

function isBetter(candidate: SecFactRecord, current: SecFactRecord, policy: ValuePolicy): boolean {
  if (candidate.filed !== current.filed) {
    return policy === 'latest' ? candidate.filed > current.filed : candidate.filed < current.filed;
  }
  // Same filing date: prefer the record SEC chose for a frame, then an original form over an amendment.
  if (Boolean(candidate.frame) !== Boolean(current.frame)) return Boolean(candidate.frame);
  return candidate.form.length < current.form.length;
}

/**
 * Picks one record per period according to `policy`. With `latest`, the value is the
 * latest-filed one, but the citation is the EARLIEST filing that reported that same value
 * (a 10-Q repeats last year's quarter unchanged; the original filing is the better source).
 */
export function pickPerPeriod(
  records: readonly SecFactRecord[],
  policy: ValuePolicy,
): Map<string, SecFactRecord> {
  const picked = new Map<string, SecFactRecord>();
  const byKey = new Map<string, SecFactRecord[]>();
  for (const record of records) {
    if (typeof record.val !== 'number' || !Number.isFinite(record.val)) continue;
    const key = periodKey(record.start, record.end);
    byKey.set(key, [...(byKey.get(key) ?? []), record]);
    const current = picked.get(key);
    if (!current || isBetter(record, current, policy)) picked.set(key, record);
  }
  if (policy === 'latest') {
    for (const [key, chosen] of picked) {
      for (const record of byKey.get(key) ?? []) {
        const best = picked.get(key) as SecFactRecord;
        if (record.val === chosen.val && isBetter(record, best, 'first')) picked.set(key, record);
      }
    }
  }
  return picked;
}

/** The records of `concept` (us-gaap) in `unit`, or an empty list. */
export function conceptRecords(facts: SecCompanyFacts, concept: string, unit: string): SecFactRecord[] {
  return facts.facts['us-gaap']?.[concept]?.units[unit] ?? [];
}

/**
 * One value per period for one concept: reported values picked by `policy`, plus, for
 * `flow` concepts, discrete quarters derived from year-to-date values.
 */
export function conceptSeries(
  facts: SecCompanyFacts,
  concept: string,
  unit: string,
  kind: FieldKind,
  policy: ValuePolicy,
): Map<string, PeriodValue> {
  const records = conceptRecords(facts, concept, unit).filter(
    (record) =>
      PERIODIC_FORM.test(record.form) &&
      (kind === 'instant' ? record.start === undefined : record.start !== undefined),
  );
  const series = new Map<string, PeriodValue>();
  for (const [key, record] of pickPerPeriod(records, policy)) {
    series.set(key, {
      start: record.start ?? null,
      end: record.end,
      value: record.val,
      concept,
      derived: false,
      records: [record],
    });
  }
  if (kind !== 'flow') return series;

  // Year-to-date chains: values that share a start date, ordered by end.
  const original = pickPerPeriod(records, 'first');
  const chains = new Map<string, SecFactRecord[]>();
  for (const record of original.values()) {
    const start = record.start as string;
    const chain = chains.get(start) ?? [];
    chain.push(record);
    chains.set(start, chain);
  }
  for (const chain of chains.values()) {
    chain.sort((left, right) => (left.end < right.end ? -1 : left.end > right.end ? 1 : 0));
    for (let index = 1; index < chain.length; index++) {
      const shorter = chain[index - 1] as SecFactRecord;
      const longer = chain[index] as SecFactRecord;
      const start = addDays(shorter.end, 1);
      if (durationKind(start, longer.end) !== 'quarter') continue;
      const key = periodKey(start, longer.end);
      if (series.has(key)) continue;
      series.set(key, {
        start,
        end: longer.end,
        value: difference(longer.val, shorter.val),
        concept,
        derived: true,
        records: [longer, shorter],
      });
    }
  }
  return series;
}
