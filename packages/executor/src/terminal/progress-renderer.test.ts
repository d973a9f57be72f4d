import { PassThrough } from 'node:stream';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ExecutorEvent } from '../events';
import { createExecutor } from '../executor';
import type { ToolResult } from '../tool-result';
import { createProgressRenderer } from './progress-renderer';

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { stream, text: () => text };
}

/**
 * A tiny terminal emulator for exactly the sequences the renderer may use: `ESC[nF`
 * (cursor up n lines, to column 0), `ESC[0J` (erase to end of screen) and newlines. Any
 * other escape sequence fails the test.
 */
function screenOf(text: string): string[] {
  const lines: string[] = [''];
  let row = 0;
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '\u001b') {
      const match = /^\u001b\[(\d+)([FJ])/.exec(text.slice(index));
      if (!match)
        throw new Error(
          `unexpected escape sequence at ${index}: ${JSON.stringify(text.slice(index, index + 8))}`,
        );
      const count = Number(match[1]);
      if (match[2] === 'F') row = Math.max(0, row - count);
      else {
        if (count !== 0) throw new Error('only ESC[0J is expected');
        lines.length = row + 1;
        lines[row] = '';
      }
      index += match[0].length;
      continue;
    }
    if (character === '\n') {
      row += 1;
      if (lines.length <= row) lines.push('');
    } else {
      lines[row] += character;
    }
    index += 1;
  }
  return lines.filter((line, position) => line !== '' || position < lines.length - 1);
}

let sequence = 0;
const base = (index: number, toolCallId: string) => ({
  index,
  toolCallId,
  runId: 'run_1',
  sequence: sequence++,
});
const start = (index: number, id: string, name: string): ExecutorEvent => ({
  ...base(index, id),
  type: 'tool_start',
  name,
  input: {},
  batch: 0,
});
const progress = (index: number, id: string, message: string, percent?: number): ExecutorEvent => ({
  ...base(index, id),
  type: 'tool_progress',
  name: 'get_financials',
  message,
  dropped: 0,
  ...(percent === undefined ? {} : { percent }),
});
const result = (index: number, id: string, partial: Partial<ToolResult>): ExecutorEvent => ({
  ...base(index, id),
  type: 'tool_result',
  result: { toolCallId: id, name: 'get_financials', status: 'ok', durationMs: 0, content: '', ...partial },
});

describe('createProgressRenderer (TTY)', () => {
  it('keeps one live line per running call and replaces it with status and duration', () => {
    const out = sink();
    let clock = 1000;
    const renderer = createProgressRenderer({
      output: out.stream,
      isTTY: true,
      columns: 100,
      now: () => clock,
    });
    renderer.handle(start(0, 'call_a', 'get_financials'));
    renderer.handle(start(1, 'call_b', 'get_financials'));
    renderer.handle(progress(0, 'call_a', 'Fetching AAPL income statement', 40));
    clock = 1800;
    renderer.handle(progress(1, 'call_b', 'Fetching NVDA income statement'));
    expect(screenOf(out.text())).toEqual([
      '… get_financials  Fetching AAPL income statement 40% (800ms)',
      '… get_financials  Fetching NVDA income statement (800ms)',
    ]);
    renderer.handle(result(1, 'call_b', { durationMs: 1234 }));
    expect(screenOf(out.text())).toEqual([
      '✓ get_financials ok in 1.2s',
      '… get_financials  Fetching AAPL income statement 40% (800ms)',
    ]);
    renderer.handle(
      result(0, 'call_a', {
        status: 'timeout',
        durationMs: 30000,
        error: { message: 'timed out after 30s' },
      }),
    );
    renderer.finish();
    expect(screenOf(out.text())).toEqual([
      '✓ get_financials ok in 1.2s',
      '⏱ get_financials timeout in 30.0s: timed out after 30s',
    ]);
  });

  it('cuts live lines to the terminal width and escapes control characters from tools', () => {
    const out = sink();
    const renderer = createProgressRenderer({ output: out.stream, isTTY: true, columns: 40, now: () => 0 });
    renderer.handle(start(0, 'call_a', 'get_financials'));
    renderer.handle(progress(0, 'call_a', `evil\u001b[2J\rmessage ${'x'.repeat(100)}`));
    const screen = screenOf(out.text());
    expect(screen).toHaveLength(1);
    expect(screen[0]?.length).toBeLessThanOrEqual(39);
    expect(screen[0]).toContain('evil\\x1b[2J\\rmessage');
  });

  it('clears the live block while a prompt is shown and holds results until it is answered', () => {
    const out = sink();
    const renderer = createProgressRenderer({ output: out.stream, isTTY: true, now: () => 0 });
    renderer.handle(start(0, 'call_a', 'get_financials'));
    renderer.suspend();
    expect(screenOf(out.text())).toEqual([]);
    out.stream.write('Allow? [y / session / always / n] y\n');
    renderer.handle(result(0, 'call_a', { durationMs: 5 }));
    expect(screenOf(out.text())).toEqual(['Allow? [y / session / always / n] y']);
    renderer.resume();
    expect(screenOf(out.text())).toEqual([
      'Allow? [y / session / always / n] y',
      '✓ get_financials ok in 5ms',
    ]);
  });
});

describe('createProgressRenderer (not a TTY)', () => {
  it('writes plain append-only lines, skipping repeats and capping progress per call', () => {
    const out = sink();
    const renderer = createProgressRenderer({ output: out.stream, isTTY: false, maxProgressLines: 2 });
    renderer.handle(start(0, 'call_a', 'get_financials'));
    renderer.handle(progress(0, 'call_a', 'step 1'));
    renderer.handle(progress(0, 'call_a', 'step 1'));
    renderer.handle(progress(0, 'call_a', 'step 2', 50));
    renderer.handle(progress(0, 'call_a', 'step 3'));
    renderer.handle(progress(0, 'call_a', 'step 4'));
    renderer.handle(result(0, 'call_a', { durationMs: 20 }));
    renderer.handle(
      result(1, 'call_w', { name: 'write_file', status: 'denied', error: { message: 'denied by the user' } }),
    );
    expect(out.text()).toBe(
      [
        '→ get_financials started (call_a)',
        '  get_financials: step 1',
        '  get_financials: step 2 50%',
        '  get_financials: (further progress not shown)',
        '✓ get_financials ok in 20ms',
        '⊘ write_file denied: denied by the user',
        '',
      ].join('\n'),
    );
  });

  it('renders a real executor run with parallel progress, with no escape codes', async () => {
    const fetchFinancials = defineTool({
      name: 'get_financials',
      inputSchema: z.object({ ticker: z.string() }),
      description: 'Financials.',
      compactDescription: 'Financials',
      concurrencySafe: true,
      approval: 'allow',
      async *execute({ ticker }) {
        yield { message: `Fetching ${ticker}`, percent: 10 };
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield `Normalizing ${ticker}`;
        return { ticker };
      },
    });
    const out = sink();
    const renderer = createProgressRenderer({ output: out.stream, isTTY: false });
    const executor = createExecutor({ tools: [fetchFinancials] });
    const results = await executor.execute(
      [
        { id: 'call_aapl', name: 'get_financials', input: { ticker: 'AAPL' } },
        { id: 'call_nvda', name: 'get_financials', input: { ticker: 'NVDA' } },
        { id: 'call_bad', name: 'get_financials', input: { ticker: 42 } },
      ],
      { onEvent: renderer.handle },
    );
    renderer.finish();
    expect(results.map((entry) => entry.status)).toEqual(['ok', 'ok', 'invalid_input']);
    const text = out.text();
    expect(text).not.toContain('\u001b');
    for (const ticker of ['AAPL', 'NVDA']) {
      expect(text).toContain(`  get_financials: Fetching ${ticker} 10%`);
      expect(text).toContain(`  get_financials: Normalizing ${ticker}`);
    }
    expect(text.match(/^✓ get_financials ok in \d+(ms|\.\ds)$/gm)).toHaveLength(2);
    expect(text).toMatch(/^✗ get_financials invalid_input: /m);
    // Both calls started before either finished: they ran in parallel.
    const lines = text.split('\n');
    const lastStart = Math.max(...lines.flatMap((line, at) => (line.startsWith('→') ? [at] : [])));
    const firstEnd = lines.findIndex((line) => line.startsWith('✓'));
    expect(lastStart).toBeLessThan(firstEnd);
  });

  it('consumes an executor stream to the end', async () => {
    const tool = defineTool({
      name: 'echo',
      inputSchema: z.object({ text: z.string() }),
      description: 'Echo.',
      compactDescription: 'Echo',
      approval: 'allow',
      execute: ({ text }, { progress: report }) => {
        report('echoing');
        return text;
      },
    });
    const out = sink();
    const renderer = createProgressRenderer({ output: out.stream, isTTY: false });
    await renderer.consume(
      createExecutor({ tools: [tool] }).stream([{ id: 'c1', name: 'echo', input: { text: 'hi' } }]),
    );
    expect(out.text()).toMatch(/→ echo started \(c1\)\n( {2}echo: echoing\n)?✓ echo ok/);
  });
});
