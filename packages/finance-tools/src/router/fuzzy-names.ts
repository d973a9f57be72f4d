/**
 * Near-miss company names ("Aple", "Nvidea", "Alphbet"): the closest known name within a small
 * edit distance (optimal string alignment: insertions, deletions, substitutions and swaps of
 * two adjacent letters). Only words of four letters or more are tried, against names of at
 * least four, and the match must be unique at its distance, so ordinary words do not turn
 * into tickers.
 */

/** Edit distance with adjacent transpositions (optimal string alignment), capped at `limit + 1`. */
export function editDistance(left: string, right: string, limit = 3): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= left.length; i++) {
    rows.push(new Array<number>(right.length + 1).fill(0));
    (rows[i] as number[])[0] = i;
  }
  for (let j = 0; j <= right.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= left.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return Math.min((rows[left.length] as number[])[right.length] as number, limit + 1);
}

/** How far a word of this length may be from a name: 1 for 4–6 letters, 2 from 7. */
export function allowedDistance(length: number): number {
  return length < 4 ? 0 : length < 7 ? 1 : 2;
}

/**
 * The name in `names` (lower-case keys) closest to `word`, when it is within the allowed
 * distance and no other name is as close; `undefined` otherwise.
 *
 * @example
 * ```ts
 * closestName('Nvidea', { nvidia: 'NVDA', apple: 'AAPL' }); // { name: 'nvidia', ticker: 'NVDA', distance: 1 }
 * ```
 */
export function closestName(
  word: string,
  names: Readonly<Record<string, string>>,
): { name: string; ticker: string; distance: number } | undefined {
  const lower = word.toLowerCase();
  const allowed = allowedDistance(lower.length);
  if (allowed === 0 || !/^[a-z][a-z&.\- ]*$/.test(lower)) return undefined;
  let best: { name: string; ticker: string; distance: number } | undefined;
  let tie = false;
  for (const [name, ticker] of Object.entries(names)) {
    if (name.length < 4 || name === lower) continue;
    const distance = editDistance(lower, name, allowed);
    if (distance > allowed) continue;
    if (!best || distance < best.distance) {
      best = { name, ticker, distance };
      tie = false;
    } else if (distance === best.distance && ticker !== best.ticker) tie = true;
  }
  return tie ? undefined : best;
}
