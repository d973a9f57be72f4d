import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, durationKind, fiscalPosition } from './fiscal-calendar';

describe('fiscalPosition', () => {
  it('places 52/53-week year ends and quarters in the right fiscal year', () => {
    expect(fiscalPosition('2025-09-27', '0926')).toEqual({ fiscalYear: 2025, quarter: 4 });
    expect(fiscalPosition('2023-09-30', '0926')).toEqual({ fiscalYear: 2023, quarter: 4 });
    expect(fiscalPosition('2025-12-27', '0926')).toEqual({ fiscalYear: 2026, quarter: 1 });
    expect(fiscalPosition('2025-06-28', '0926')).toEqual({ fiscalYear: 2025, quarter: 3 });
    expect(fiscalPosition('2025-01-26', '0131')).toEqual({ fiscalYear: 2025, quarter: 4 });
    expect(fiscalPosition('2025-04-27', '0131')).toEqual({ fiscalYear: 2026, quarter: 1 });
    expect(fiscalPosition('2025-06-30', '0630')).toEqual({ fiscalYear: 2025, quarter: 4 });
    expect(fiscalPosition('2025-09-30', '0630')).toEqual({ fiscalYear: 2026, quarter: 1 });
    expect(fiscalPosition('2022-12-31', '1226')).toEqual({ fiscalYear: 2022, quarter: 4 });
    expect(fiscalPosition('2026-01-02', '1227')).toEqual({ fiscalYear: 2025, quarter: 4 });
    expect(fiscalPosition('2025-03-31', '1231')).toEqual({ fiscalYear: 2025, quarter: 1 });
  });

  it('rejects a malformed fiscal-year end', () => {
    expect(() => fiscalPosition('2025-03-31', '9-30')).toThrow(TypeError);
  });

  it('never moves backwards in time and always yields a quarter 1-4', () => {
    const monthDay = fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
      .map(([month, day]) => `${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber('2000-01-01'), max: dayNumber('2040-01-01') }),
        monthDay,
        (day, fye) => {
          const today = addDays('1970-01-01', day);
          const tomorrow = addDays(today, 1);
          const a = fiscalPosition(today, fye);
          const b = fiscalPosition(tomorrow, fye);
          expect([1, 2, 3, 4]).toContain(a.quarter);
          expect(b.fiscalYear * 4 + b.quarter).toBeGreaterThanOrEqual(a.fiscalYear * 4 + a.quarter);
          expect(b.fiscalYear - a.fiscalYear).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('durationKind', () => {
  it('buckets 13/14-week quarters and 52/53-week years', () => {
    expect(durationKind('2025-09-28', '2025-12-27')).toBe('quarter');
    expect(durationKind('2022-09-25', '2022-12-31')).toBe('quarter');
    expect(durationKind('2024-09-29', '2025-06-28')).toBe('nine-months');
    expect(durationKind('2022-09-25', '2023-09-30')).toBe('year');
    expect(durationKind('2024-09-29', '2025-03-29')).toBe('half');
    expect(durationKind('2024-09-29', '2024-10-29')).toBe('other');
  });
});
