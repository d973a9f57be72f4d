import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { records, SHARED_CIKS } from '../../test/sec-facts';
import { hasSharedSecData, SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { detectSplits, snapRatio, splitFactor, toCurrentBasis } from './splits';
import type { SecCompanyFacts } from './types';

const facts = (ticker: string): SecCompanyFacts =>
  JSON.parse(
    readFileSync(path.join(SHARED_SEC_DIRECTORY, 'companyfacts', `CIK${SHARED_CIKS[ticker]}.json`), 'utf8'),
  );

describe('snapRatio', () => {
  it('property: a whole ratio 2..50 (or its reverse), within the tolerance, snaps back to itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 50 }),
        fc.double({ min: -0.005, max: 0.005, noNaN: true }),
        (whole, noise) => {
          expect(snapRatio(whole * (1 + noise), 0.02)).toBe(whole);
          expect(snapRatio(1 / (whole * (1 + noise)), 0.02)).toBe(1 / whole);
        },
      ),
    );
  });
  it('ordinary restatements and rounding noise are not splits', () => {
    for (const ratio of [1, 1.02, 0.97, 1.3, 2.5, 12.5, 0, -4, Number.NaN])
      expect(snapRatio(ratio, 0.02)).toBeUndefined();
  });
});

describe('splitFactor and toCurrentBasis', () => {
  const events = [
    { ratio: 4, after: '2021-05-26', by: '2021-08-20' },
    { ratio: 10, after: '2024-05-29', by: '2024-08-28' },
  ];
  it('multiplies the ratios of the splits after the filing', () => {
    expect(splitFactor(events, '2020-01-01')).toBe(40);
    expect(splitFactor(events, '2021-05-26')).toBe(40);
    expect(splitFactor(events, '2021-08-20')).toBe(10);
    expect(splitFactor(events, '2024-08-28')).toBe(1);
    expect(toCurrentBasis(3.85, 10, 'perShare')).toBe(0.385);
    expect(toCurrentBasis(2_507_000_000, 10, 'shares')).toBe(25_070_000_000);
  });
});

describe.skipIf(!hasSharedSecData)('detectSplits on the SEC files', () => {
  it.each([
    ['NVDA', [4, 10]],
    ['AAPL', [4]],
    ['GOOGL', [20]],
    ['AMD', []],
    ['PG', []],
  ])('%s: %j', (ticker, ratios) => {
    const events = detectSplits(facts(ticker));
    expect(events.map((event) => event.ratio)).toEqual(ratios);
    // Each event's window: a restated period's share count changes by the ratio between the two filings.
    for (const event of events) {
      expect(event.after < event.by).toBe(true);
      const eps = records(ticker, 'EarningsPerShareDiluted', 'USD/shares');
      const restated = eps.some((early) =>
        eps.some(
          (late) =>
            late.start === early.start &&
            late.end === early.end &&
            early.filed <= event.after &&
            late.filed >= event.by &&
            Math.abs(early.val / late.val / event.ratio - 1) < 0.06,
        ),
      );
      expect(restated).toBe(true);
    }
  });
});
