/**
 * Stock splits, as the filings imply them. A company does not tag its splits in a way every
 * filer follows, but its filings show them: after a split, later filings restate the same
 * period's per-share values (divided by the ratio) and share counts (multiplied by it), and
 * the cover page's shares outstanding jumps by the ratio between two consecutive filings.
 *
 * - `detectSplits` finds the events: for each period reported twice, the ratio between the
 *   earlier and the later filing's value, snapped to a whole split ratio (2-for-1 … 50-for-1,
 *   or the reverse), dates the split between the two filing dates; events with the same ratio
 *   whose windows overlap are narrowed to their intersection; a window spanning two splits
 *   (ratio 40 over a 4-for-1 and a 10-for-1) is dropped as their product.
 * - `splitFactor(events, filed)` is how many of today's shares one share had when a value
 *   was filed on `filed`: the product of the ratios of the splits after that filing. A
 *   per-share value filed then is divided by it, a share count multiplied by it.
 *
 * NVIDIA (4-for-1 in July 2021, 10-for-1 in June 2024): its FY2022 diluted EPS 3.85 (last
 * filed 2024-02-21, before the 10-for-1) is 0.385 on today's basis; FY2023's 1.74 as first
 * filed (2023-02-24) is 0.174, restated as 0.17 in the 10-K of 2025-02-26.
 */
import type { SecCompanyFacts, SecFactRecord } from './types';

/** One split, dated between the last filing before it and the first one after it. */
export interface SplitEvent {
  /** New shares per old share (10 for a 10-for-1 split; 0.1 for a 1-for-10 reverse split). */
  ratio: number;
  /** Filing date of the last filing known to use the old basis. */
  after: string;
  /** Filing date of the first filing known to use the new basis. */
  by: string;
}

/** Per-share concepts (a split divides them) and share counts (a split multiplies them). */
export const PER_SHARE_CONCEPTS = ['EarningsPerShareBasic', 'EarningsPerShareDiluted'] as const;
export const SHARE_COUNT_CONCEPTS = [
  'WeightedAverageNumberOfSharesOutstandingBasic',
  'WeightedAverageNumberOfDilutedSharesOutstanding',
] as const;

const PERIODIC_FORM = /^(10-K|10-Q|20-F|40-F)/;

/** A whole split ratio near `ratio` (new shares per old), or `undefined`. */
export function snapRatio(ratio: number, tolerance: number): number | undefined {
  if (!Number.isFinite(ratio) || ratio <= 0) return undefined;
  const forward = ratio >= 1;
  const size = forward ? ratio : 1 / ratio;
  const whole = Math.round(size);
  if (whole < 2 || whole > 50 || Math.abs(size - whole) / whole > tolerance) return undefined;
  return forward ? whole : 1 / whole;
}

function recordsOf(facts: SecCompanyFacts, taxonomy: string, concept: string, unit: string): SecFactRecord[] {
  return (facts.facts[taxonomy]?.[concept]?.units[unit] ?? []).filter(
    (record) => typeof record.val === 'number' && PERIODIC_FORM.test(record.form),
  );
}

function candidates(facts: SecCompanyFacts): SplitEvent[] {
  const events: SplitEvent[] = [];
  const pairs = (records: SecFactRecord[], perShare: boolean, tolerance: number) => {
    const byPeriod = new Map<string, SecFactRecord[]>();
    for (const record of records) {
      const key = `${record.start ?? ''}|${record.end}`;
      byPeriod.set(key, [...(byPeriod.get(key) ?? []), record]);
    }
    for (const list of byPeriod.values()) {
      list.sort((left, right) => left.filed.localeCompare(right.filed));
      for (let index = 1; index < list.length; index++) {
        const earlier = list[index - 1] as SecFactRecord;
        const later = list[index] as SecFactRecord;
        if (earlier.filed === later.filed || earlier.val === 0 || later.val === 0) continue;
        // Per-share values below 5 cents are too coarsely rounded to date a split.
        if (perShare && Math.min(Math.abs(earlier.val), Math.abs(later.val)) < 0.05) continue;
        const ratio = perShare ? earlier.val / later.val : later.val / earlier.val;
        const snapped = snapRatio(ratio, tolerance);
        if (snapped !== undefined) events.push({ ratio: snapped, after: earlier.filed, by: later.filed });
      }
    }
  };
  for (const concept of PER_SHARE_CONCEPTS)
    pairs(recordsOf(facts, 'us-gaap', concept, 'USD/shares'), true, 0.06);
  for (const concept of SHARE_COUNT_CONCEPTS)
    pairs(recordsOf(facts, 'us-gaap', concept, 'shares'), false, 0.02);
  // The cover page: shares outstanding from one filing to the next.
  const cover = (facts.facts.dei?.EntityCommonStockSharesOutstanding?.units.shares ?? [])
    .filter((record) => typeof record.val === 'number' && record.val > 0)
    .sort((left, right) => left.filed.localeCompare(right.filed));
  for (let index = 1; index < cover.length; index++) {
    const earlier = cover[index - 1] as SecFactRecord;
    const later = cover[index] as SecFactRecord;
    if (earlier.filed === later.filed) continue;
    const snapped = snapRatio(later.val / earlier.val, 0.04);
    if (snapped !== undefined) events.push({ ratio: snapped, after: earlier.filed, by: later.filed });
  }
  return events;
}

const overlaps = (left: SplitEvent, right: SplitEvent) => left.after < right.by && right.after < left.by;
const within = (inner: SplitEvent, outer: SplitEvent) => inner.after >= outer.after && inner.by <= outer.by;

/**
 * The splits the filings of one company imply, oldest first.
 *
 * @example
 * ```ts
 * detectSplits(nvidiaFacts);
 * // [{ ratio: 4, after: '2021-05-26', by: '2021-08-20' }, { ratio: 10, after: '2024-05-29', by: '2024-08-28' }]
 * ```
 */
export function detectSplits(facts: SecCompanyFacts): SplitEvent[] {
  const clusters: SplitEvent[] = [];
  for (const event of candidates(facts)) {
    const same = clusters.find((cluster) => cluster.ratio === event.ratio && overlaps(cluster, event));
    if (!same) {
      clusters.push({ ...event });
      continue;
    }
    if (event.after > same.after) same.after = event.after;
    if (event.by < same.by) same.by = event.by;
  }
  // Drop windows that span several splits (their ratio is the product of the ones inside).
  const elementary = clusters.filter((cluster) => {
    const inside = clusters.filter((other) => other !== cluster && within(other, cluster));
    if (inside.length < 2) return true;
    const product = inside.reduce((total, other) => total * other.ratio, 1);
    return Math.abs(product - cluster.ratio) > 1e-9;
  });
  return elementary.sort((left, right) => left.by.localeCompare(right.by));
}

/**
 * Shares of today per share at the time a value was filed on `filed`: the product of the
 * ratios of the splits whose old basis that filing still used (`filed <= after`).
 */
export function splitFactor(events: readonly SplitEvent[], filed: string): number {
  let factor = 1;
  for (const event of events) if (filed <= event.after) factor *= event.ratio;
  return factor;
}

/** `value` on today's share basis: per-share values divided by `factor`, share counts multiplied. */
export function toCurrentBasis(value: number, factor: number, kind: 'perShare' | 'shares'): number {
  if (factor === 1) return value;
  const adjusted = kind === 'perShare' ? value / factor : value * factor;
  return kind === 'perShare' ? Math.round(adjusted * 1e9) / 1e9 : Math.round(adjusted);
}

/** Words for a split: `10-for-1`, `1-for-10`. */
export function splitLabel(ratio: number): string {
  return ratio >= 1 ? `${ratio}-for-1` : `1-for-${Math.round(1 / ratio)}`;
}
