/**
 * `--json` carries everything the tool returned, and its computed figures are the ones the
 * markdown shows: every row of the "Computed from the filed figures" table is a figure in
 * `computed.figures` and every figure is a row, value printed the same way.
 */
import { describe, expect, it } from 'vitest';
import { defaultCliProviders } from './default-providers';
import { runCli } from './run-cli';

async function both(query: string, date = '2026-04-30') {
  let json = '';
  let text = '';
  const io = (sink: (chunk: string) => void) => ({
    stdout: sink,
    stderr: () => undefined,
    env: {},
    providers: defaultCliProviders,
  });
  const jsonCode = await runCli(
    ['--json', '--date', date, query],
    io((chunk) => (json += chunk)),
  );
  const textCode = await runCli(
    ['--date', date, query],
    io((chunk) => (text += chunk)),
  );
  expect([jsonCode, textCode]).toEqual([0, 0]);
  return { output: JSON.parse(json), markdown: text };
}

interface Figure {
  ticker: string;
  period: string;
  label: string;
  value: number | null;
  kind: 'ratio' | 'amount' | 'multiple';
  formula: string;
  inputs: Array<{ field: string; value: number; sources: string[] }>;
}

/** The value as a reader of the markdown sees it, written here independently of the formatter. */
function printed(figure: Figure): string {
  if (figure.value === null) return '—';
  if (figure.kind === 'ratio') return `${(figure.value * 100).toFixed(2)}%`;
  if (figure.kind === 'multiple') return figure.value.toFixed(2);
  return figure.value.toLocaleString('en-US');
}

/** [company, period, metric, value] of each row of the computed table in the markdown. */
function computedRows(markdown: string): string[][] {
  const block = markdown.split('### Computed from the filed figures')[1]?.split('\n### ')[0];
  if (!block) return [];
  const lines = block.split('\n').filter((line) => line.startsWith('| '));
  return lines.slice(2).map((line) =>
    line
      .slice(2, -2)
      .split(/(?<!\\) \| /)
      .slice(0, 4)
      .map((cell) => cell.replace(/\\\|/g, '|').trim()),
  );
}

const QUERIES = [
  'Apple gross and operating margins fiscal 2025',
  'compare NVDA and AAPL net margin for the last two fiscal years',
  'NVIDIA revenue growth FY2026',
  'Alphabet revenue CAGR 2022 to 2025',
  'Apple debt to equity FY2025',
  'which had the highest net margin in fiscal 2025, AAPL, AMD or PG?',
  'Procter & Gamble free cash flow fiscal 2025',
];

describe('--json carries what the markdown shows', () => {
  it.each(QUERIES)('%s', async (query) => {
    const { output, markdown } = await both(query);
    expect(Object.keys(output)).toEqual([
      'data',
      'computed',
      'failures',
      'notes',
      'warnings',
      'sources',
      'plan',
      'stats',
      'answer',
    ]);
    expect(output.answer.trim()).toBe(markdown.trim());
    const figures = output.computed.figures as Figure[];
    expect(figures.length).toBeGreaterThan(0);
    const fromJson = figures.map((figure) => [figure.ticker, figure.period, figure.label, printed(figure)]);
    const fromMarkdown = computedRows(markdown);
    expect(fromMarkdown).toEqual(fromJson);
    for (const figure of figures) {
      expect(figure.formula.length).toBeGreaterThan(0);
      if (figure.value !== null) expect(figure.inputs.length).toBeGreaterThan(0);
      for (const input of figure.inputs) {
        expect(typeof input.value).toBe('number');
        for (const url of input.sources) expect(output.sources).toContain(url);
      }
    }
    // Every note of the markdown is in `notes`, and the other way round.
    const notesBlock = markdown.split('### Notes\n')[1]?.split('\n\n### ')[0] ?? '';
    const shown = notesBlock
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.slice(2));
    expect(shown).toEqual(output.notes);
    expect(output.stats.calls).toBe(output.plan.calls.length);
  });
});
