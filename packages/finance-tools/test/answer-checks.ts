/**
 * Checks shared by the tests of analysts' questions: a computed figure must be in `computed`
 * with the expected value (recomputed by the caller from the SEC files) and printed the same
 * way in the markdown's "Computed from the filed figures" row.
 */
import { expect } from 'vitest';
import type { ComputedFigure } from '../src/meta-tools/computed-metrics';
import type { MetaToolResult } from '../src/meta-tools/execute-plan';
import { filed } from './sec-facts';

/** Rows of a result under `key`. */
export type CheckedRow = Record<string, unknown> & {
  periodEnd: string;
  fiscalYear: number;
  fiscalPeriod: string;
};
export const rowsOf = (result: MetaToolResult, key: string) => (result.data[key] ?? []) as CheckedRow[];

/** The latest-filed value (restated values win, as in the data). */
export const latest = (
  ticker: string,
  concept: string,
  start: string | undefined,
  end: string,
  unit = 'USD',
) => filed(ticker, concept, start, end, { latest: true, unit });

/** A figure's value as a reader of the markdown sees it, written independently of the formatter. */
export function printed(figure: ComputedFigure): string {
  if (figure.value === null) return '—';
  if (figure.kind === 'ratio') return `${(figure.value * 100).toFixed(2)}%`;
  if (figure.kind === 'multiple') return figure.value.toFixed(2);
  return figure.value.toLocaleString('en-US');
}

/** The figure, checked against `expected` in the JSON and, as printed, in the markdown row. */
export function expectFigure(
  result: MetaToolResult,
  match: { ticker: string; metric: string; periodEnd?: string },
  expected: number | null,
): ComputedFigure {
  const figure = result.computed?.figures.find(
    (candidate) =>
      candidate.ticker === match.ticker &&
      candidate.metric === match.metric &&
      (match.periodEnd === undefined || candidate.periodEnd === match.periodEnd),
  );
  expect(figure, `${match.ticker} ${match.metric} in computed`).toBeDefined();
  if (!figure) throw new Error('unreachable');
  if (expected === null) expect(figure.value).toBeNull();
  else expect(figure.value).toBeCloseTo(expected, 12);
  const row = result.answer
    .split('\n')
    .find((line) => line.startsWith(`| ${figure.ticker} | ${figure.period} | ${figure.label} |`));
  expect(row, `markdown row of ${figure.label}`).toBeDefined();
  expect(row).toContain(`| ${printed(figure)} |`);
  expect(figure.formula.length).toBeGreaterThan(0);
  return figure;
}
