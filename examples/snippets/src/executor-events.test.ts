import { expect, it } from 'vitest';
import { runTurn } from './executor-events';

it('streams a parallel batch, then the approved write, with results in call order', async () => {
  const lines: string[] = [];
  const results = await runTurn((line) => lines.push(line));

  expect(results.map((result) => [result.toolCallId, result.status])).toEqual([
    ['c1', 'ok'],
    ['c2', 'ok'],
    ['c3', 'ok'],
  ]);
  expect(results[0]?.content).toBe('{"ticker":"AAPL","revenue":391035}');

  // Per call: start → progress… → end → result; the write waits for the batch before it.
  const of = (id: string) => lines.filter((line) => line.startsWith(`${id} `));
  expect(of('c1')[0]).toBe('c1 start (batch 0)');
  expect(of('c1').at(-2)).toBe('c1 ok');
  expect(of('c3')).toEqual([
    'c3 asks: No rule allows write_file on report.md; it needs approval',
    'c3 answered allow-once',
    'c3 start (batch 1)',
    'c3 ok',
    'c3 result: wrote report.md',
  ]);
  expect(lines.indexOf('c3 start (batch 1)')).toBeGreaterThan(
    lines.indexOf('c2 result: {"ticker":"NVDA","revenue":130497}'),
  );
  expect(lines.filter((line) => line.includes(' result: ')).map((line) => line.split(' ')[0])).toEqual([
    'c1',
    'c2',
    'c3',
  ]);
});
