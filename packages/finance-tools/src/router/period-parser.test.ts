import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIsoDate, shiftYears, toIsoDate } from './clock';
import { MAX_PERIODS, parsePeriod } from './period-parser';

const asOf = '2026-11-30';

describe('parsePeriod', () => {
  it.each([
    ['revenue in fiscal 2025', { period: 'annual', fiscalYears: [2025] }],
    ['FY2024 net income', { period: 'annual', fiscalYears: [2024] }],
    ["FY'24 net income", { period: 'annual', fiscalYears: [2024] }],
    ['fiscal year 2023 sales', { period: 'annual', fiscalYears: [2023] }],
    ['2023 vs 2024', { period: 'annual', fiscalYears: [2023, 2024] }],
    ['from 2021 to 2023', { period: 'annual', fiscalYears: [2021, 2022, 2023] }],
    ['since 2024', { period: 'annual', fiscalYears: [2024, 2025, 2026] }],
    ['Q3 2025 revenue', { period: 'quarterly', fiscalYears: [2025], fiscalQuarter: 3 }],
    ['Q1 FY26 revenue', { period: 'quarterly', fiscalYears: [2026], fiscalQuarter: 1 }],
    ['FY2025 Q4 revenue', { period: 'quarterly', fiscalYears: [2025], fiscalQuarter: 4 }],
    ['second quarter of fiscal 2024', { period: 'quarterly', fiscalYears: [2024], fiscalQuarter: 2 }],
    ['quarterly revenue in 2024', { period: 'quarterly', fiscalYears: [2024] }],
    ['last two fiscal years', { period: 'annual', limit: 2, endOnOrBefore: asOf }],
    ['past 3 years', { period: 'annual', limit: 3, endOnOrBefore: asOf }],
    ['last year', { period: 'annual', limit: 1, endOnOrBefore: asOf }],
    ['the latest fiscal year', { period: 'annual', limit: 1, endOnOrBefore: asOf }],
    ['last quarter', { period: 'quarterly', limit: 1, endOnOrBefore: asOf }],
    ['most recent quarter', { period: 'quarterly', limit: 1, endOnOrBefore: asOf }],
    ['last four quarters', { period: 'quarterly', limit: 4, endOnOrBefore: asOf }],
    ['TTM EPS', { period: 'ttm', limit: 1 }],
    ['trailing twelve months revenue', { period: 'ttm', limit: 1 }],
    ['trailing 12-month revenue', { period: 'ttm', limit: 1 }],
    ['revenue for the past 12 months', { period: 'ttm', limit: 1 }],
    [
      'revenue over the past 12 months',
      { period: 'quarterly', endOnOrAfter: '2025-11-30', endOnOrBefore: asOf },
    ],
    ['over the last year', { period: 'quarterly', endOnOrAfter: '2025-11-30', endOnOrBefore: asOf }],
    ['in the past two years', { period: 'quarterly', endOnOrAfter: '2024-11-30', endOnOrBefore: asOf }],
    ['quarterly revenue', { period: 'quarterly', limit: 4 }],
    ['calendar Q3 2025', { period: 'quarterly', endOnOrAfter: '2025-08-16', endOnOrBefore: '2025-11-14' }],
    ['CY2025 Q4', { period: 'quarterly', endOnOrAfter: '2025-11-16', endOnOrBefore: '2026-02-14' }],
    ['Q1 CY2024', { period: 'quarterly', endOnOrAfter: '2024-02-15', endOnOrBefore: '2024-05-15' }],
    [
      'revenue in calendar 2025',
      { period: 'annual', endOnOrAfter: '2025-07-01', endOnOrBefore: '2026-06-30' },
    ],
    ['CY2024 sales', { period: 'annual', endOnOrAfter: '2024-07-01', endOnOrBefore: '2025-06-30' }],
  ])('%s', (query, expected) => {
    expect(parsePeriod(query, asOf)).toMatchObject(expected);
  });

  it('falls back to the latest fiscal year and says so', () => {
    const intent = parsePeriod('Apple revenue', asOf);
    expect(intent).toMatchObject({ period: 'annual', limit: 1, endOnOrBefore: asOf, explicit: false });
    expect(intent.notes.join(' ')).toMatch(/No period/);
  });

  it('does not read amounts or ticker-like digits as years', () => {
    expect(parsePeriod('revenue above $2025 million', asOf).fiscalYears).toBeUndefined();
    expect(parsePeriod('revenue of 2,025,000', asOf).fiscalYears).toBeUndefined();
  });

  it('bounds "last N years" and reads any count word', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (n) => {
        const intent = parsePeriod(`net income for the last ${n} fiscal years`, asOf);
        expect(intent.period).toBe('annual');
        expect(intent.limit).toBe(Math.min(n, MAX_PERIODS));
        expect(intent.endOnOrBefore).toBe(asOf);
      }),
    );
  });

  it('reads any FYyyyy against any clock date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1995, max: 2099 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (year, date) => {
          const intent = parsePeriod(`FY${year} revenue`, toIsoDate(date));
          expect(intent.fiscalYears).toEqual([year]);
          expect(intent.endOnOrBefore).toBeUndefined();
        },
      ),
    );
  });
});

describe('dates', () => {
  it('rejects impossible dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeUndefined();
    expect(parseIsoDate('2026-13-01')).toBeUndefined();
    expect(parseIsoDate('26-01-01')).toBeUndefined();
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('shifts by years, clamping Feb 29', () => {
    expect(shiftYears('2024-02-29', -1)).toBe('2023-02-28');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        fc.integer({ min: -5, max: 5 }),
        (date, years) => {
          const iso = toIsoDate(date);
          const shifted = shiftYears(iso, years);
          expect(Number(shifted.slice(0, 4))).toBe(Number(iso.slice(0, 4)) + years);
          expect(shifted.slice(5, 7)).toBe(iso.slice(5, 7));
          expect(parseIsoDate(shifted)).toBeDefined();
        },
      ),
    );
  });
});
