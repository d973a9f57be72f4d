import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conceptSeries, periodKey } from './fact-series';
import { addDays } from './fiscal-calendar';
import type { SecCompanyFacts, SecFactRecord } from './types';

function factsOf(records: SecFactRecord[]): SecCompanyFacts {
  return { cik: 1, entityName: 'Test Co', facts: { 'us-gaap': { Revenues: { units: { USD: records } } } } };
}

const record = (
  start: string | undefined,
  end: string,
  val: number,
  filed: string,
  extra: Partial<SecFactRecord> = {},
) =>
  ({
    start,
    end,
    val,
    accn: `0000000001-${filed.slice(2, 4)}-${filed.slice(5, 7)}${filed.slice(8)}`,
    form: '10-Q',
    filed,
    ...extra,
  }) as SecFactRecord;

describe('conceptSeries', () => {
  it('recovers discrete quarters from year-to-date values, marking them derived', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e12, max: 1e12 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 3000 }),
        (quarters, offset) => {
          const start = addDays('2015-01-04', offset);
          const ends = [90, 181, 272, 363].map((days) => addDays(start, days));
          let total = 0;
          const ytd = quarters.map((value, index) => {
            total += value;
            return record(start, ends[index] as string, total, addDays(ends[index] as string, 30), {
              form: index === 3 ? '10-K' : '10-Q',
            });
          });
          const series = conceptSeries(factsOf(ytd), 'Revenues', 'USD', 'flow', 'latest');
          quarters.forEach((value, index) => {
            const quarterStart = index === 0 ? start : addDays(ends[index - 1] as string, 1);
            const found = series.get(periodKey(quarterStart, ends[index] as string));
            expect(found?.value).toBe(value);
            expect(found?.derived).toBe(index > 0);
            expect(found?.records.length).toBe(index > 0 ? 2 : 1);
          });
        },
      ),
    );
  });

  it('prefers a reported discrete quarter over one derived from YTD values', () => {
    const series = conceptSeries(
      factsOf([
        record('2024-01-01', '2024-03-31', 10, '2024-05-01'),
        record('2024-01-01', '2024-06-30', 25, '2024-08-01'),
        record('2024-04-01', '2024-06-30', 14, '2024-08-01'),
      ]),
      'Revenues',
      'USD',
      'flow',
      'latest',
    );
    expect(series.get(periodKey('2024-04-01', '2024-06-30'))).toMatchObject({ value: 14, derived: false });
  });

  it('picks the latest value (restated) or the first, and cites the earliest filing of the chosen value', () => {
    const records = [
      record('2022-01-31', '2023-01-29', 1.74, '2023-02-24', { form: '10-K' }),
      record('2022-01-31', '2023-01-29', 0.17, '2024-02-21', { form: '10-K' }),
      record('2022-01-31', '2023-01-29', 0.17, '2025-02-26', { form: '10-K', frame: 'CY2022' }),
    ];
    const key = periodKey('2022-01-31', '2023-01-29');
    const latest = conceptSeries(factsOf(records), 'Revenues', 'USD', 'ratio', 'latest').get(key);
    expect(latest).toMatchObject({ value: 0.17, records: [{ filed: '2024-02-21' }] });
    const first = conceptSeries(factsOf(records), 'Revenues', 'USD', 'ratio', 'first').get(key);
    expect(first).toMatchObject({ value: 1.74, records: [{ filed: '2023-02-24' }] });
  });

  it('ignores values from non-periodic forms and never derives ratios', () => {
    const series = conceptSeries(
      factsOf([
        record('2024-01-01', '2024-03-31', 1, '2024-05-01'),
        record('2024-01-01', '2024-06-30', 3, '2024-08-01'),
        record('2024-01-01', '2024-03-31', 99, '2025-01-01', { form: 'S-4' }),
      ]),
      'Revenues',
      'USD',
      'ratio',
      'latest',
    );
    expect(series.get(periodKey('2024-01-01', '2024-03-31'))?.value).toBe(1);
    expect(series.has(periodKey('2024-04-01', '2024-06-30'))).toBe(false);
  });
});
