import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FinanceError } from '../errors';
import { callWithTimeout } from './abortable-call';
import { formatValue, periodLabel } from './format-values';
import { mapLimited } from './map-limited';
import { createResultCache } from './result-cache';

describe('formatValue', () => {
  it('prints amounts exactly, every digit kept', () => {
    expect(formatValue('revenue', 416_161_000_000)).toBe('416,161,000,000');
    expect(formatValue('capitalExpenditure', -6_042_000_000)).toBe('-6,042,000,000');
    expect(formatValue('epsDiluted', 7.46)).toBe('7.46');
    expect(formatValue('netMargin', 0.26916)).toBe('26.92%');
    expect(formatValue('priceToEarnings', 52.5)).toBe('52.50');
    expect(formatValue('revenue', null)).toBe('—');
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(Number(formatValue('revenue', value).replace(/,/g, ''))).toBe(value);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        expect(Number(formatValue('totalAssets', value).replace(/,/g, ''))).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('labels periods by the company calendar', () => {
    expect(periodLabel({ fiscalYear: 2026, fiscalPeriod: 'FY', periodEnd: '2026-01-25' })).toBe(
      'FY2026 (ended 2026-01-25)',
    );
    expect(periodLabel({ fiscalYear: 2025, fiscalPeriod: 'Q3', periodEnd: '2025-06-28' })).toBe(
      'Q3 FY2025 (ended 2025-06-28)',
    );
    expect(
      periodLabel({ fiscalYear: 2026, fiscalPeriod: 'TTM', period: 'ttm', periodEnd: '2025-12-27' }),
    ).toBe('TTM to 2025-12-27');
  });
});

describe('mapLimited', () => {
  it('never exceeds the limit, keeps order, and settles every item', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean()), { maxLength: 20 }),
        fc.integer({ min: 1, max: 6 }),
        async (items, limit) => {
          let running = 0;
          let peak = 0;
          const outcomes = await mapLimited(items, limit, async ([delay, fails], index) => {
            running += 1;
            peak = Math.max(peak, running);
            await new Promise((resolve) => setTimeout(resolve, delay));
            running -= 1;
            if (fails) throw new Error(`item ${index}`);
            return index;
          });
          expect(peak).toBeLessThanOrEqual(limit);
          expect(outcomes).toHaveLength(items.length);
          outcomes.forEach((outcome, index) => {
            if (items[index]![1]) expect(outcome).toEqual({ ok: false, error: new Error(`item ${index}`) });
            else expect(outcome).toEqual({ ok: true, value: index });
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rejects a bad limit', async () => {
    await expect(mapLimited([1], 0, async (x) => x)).rejects.toThrow(/positive integer/);
  });
});

describe('callWithTimeout', () => {
  it('aborts the call signal and rejects with timeout', async () => {
    let seen: AbortSignal | undefined;
    const error = await callWithTimeout((signal) => {
      seen = signal;
      return new Promise(() => undefined); // ignores its signal on purpose
    }, 5).catch((caught) => caught);
    expect(FinanceError.isInstance(error) && error.code).toBe('timeout');
    expect(seen?.aborted).toBe(true);
  });

  it('settles at once when the parent aborts, even if the call ignores the signal', async () => {
    const parent = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = callWithTimeout(
      (signal) => {
        seen = signal;
        return new Promise(() => undefined);
      },
      60_000,
      parent.signal,
    );
    parent.abort(new Error('stop'));
    const error = (await pending.catch((caught) => caught)) as FinanceError;
    expect(error.code).toBe('aborted');
    expect(error.cause).toEqual(new Error('stop'));
    expect(seen?.aborted).toBe(true);
  });

  it('passes values and errors through', async () => {
    await expect(callWithTimeout(async () => 42, 1000)).resolves.toBe(42);
    await expect(callWithTimeout(async () => Promise.reject(new Error('boom')), 1000)).rejects.toThrow(
      'boom',
    );
    await expect(
      callWithTimeout(() => {
        throw new Error('sync boom');
      }, 1000),
    ).rejects.toThrow('sync boom');
  });
});

describe('result cache', () => {
  it('serves fresh entries, expires old ones, shares in-flight loads and never caches failures', async () => {
    let now = 0;
    const cache = createResultCache({ ttlMs: 100, now: () => now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    const [a, b] = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(a).toEqual({ value: 1, hit: false });
    expect(b).toEqual({ value: 1, hit: true });
    expect(await cache.getOrLoad('k', load)).toEqual({ value: 1, hit: true });
    now = 100;
    expect(await cache.getOrLoad('k', load)).toEqual({ value: 2, hit: false });
    await expect(cache.getOrLoad('bad', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.getOrLoad('bad', async () => 'ok')).toEqual({ value: 'ok', hit: false });
  });

  it('evicts the least recently used entries beyond maxEntries', async () => {
    const cache = createResultCache({ maxEntries: 2 });
    await cache.getOrLoad('a', async () => 'a');
    await cache.getOrLoad('b', async () => 'b');
    expect(cache.peek('a')).toBe('a'); // a is now the most recently used
    cache.set('c', 'c');
    expect(cache.size()).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('a');
    expect((await cache.getOrLoad('b', async () => 'reloaded')).value).toBe('reloaded');
  });
});
