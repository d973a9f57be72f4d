import { describe, expect, it } from 'vitest';
import { formattedOutput, makeResult, outputContent } from './make-result';
import { readTool } from './test-support';

describe('makeResult', () => {
  it('renders ok output: strings as is, undefined as a short line, the rest as JSON', () => {
    expect(outputContent('plain text')).toBe('plain text');
    expect(outputContent(undefined)).toMatch(/no output/);
    expect(outputContent({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(outputContent(3n)).toBe('"3"');
  });

  it('uses the error message and issue lines for failures, and appends notes', () => {
    const result = makeResult({
      toolCallId: 'a',
      name: 'search',
      status: 'invalid_input',
      error: {
        message: 'Invalid input for search. Fix these problems and call it again:',
        issues: [
          { path: ['filters', 0, 'ticker'], code: 'invalid_type', message: 'expected string' },
          { path: [], code: 'custom', message: 'too broad' },
          { path: ['weird key'], code: 'custom', message: 'bad' },
        ],
      },
      notes: ['first note'],
    });
    expect(result.content).toBe(
      [
        'Invalid input for search. Fix these problems and call it again:',
        '- filters[0].ticker: expected string',
        '- (input): too broad',
        '- ["weird key"]: bad',
        '',
        'Notes:',
        '- first note',
      ].join('\n'),
    );
    expect(result).toMatchObject({ status: 'invalid_input', durationMs: 0, notes: ['first note'] });
    expect(result.output).toBeUndefined();
  });

  it('keeps output only for ok results and copies notes', () => {
    const notes = ['n'];
    const ok = makeResult({
      toolCallId: 'a',
      name: 't',
      status: 'ok',
      output: { x: 1 },
      notes,
      durationMs: 5,
    });
    notes.push('later');
    expect(ok).toMatchObject({ output: { x: 1 }, notes: ['n'], durationMs: 5 });
    const failed = makeResult({
      toolCallId: 'a',
      name: 't',
      status: 'error',
      output: { x: 1 },
      error: { message: 'm' },
    });
    expect(failed.output).toBeUndefined();
    expect(failed.content).toBe('m');
  });

  it('prefers a summary over the output for ok results', () => {
    const result = makeResult({
      toolCallId: 'a',
      name: 't',
      status: 'ok',
      summary: 'Skipped',
      duplicateOf: 'z',
    });
    expect(result).toMatchObject({ content: 'Skipped', duplicateOf: 'z' });
  });
});

describe('formattedOutput', () => {
  it("uses the tool's formatOutput and ignores a failing or non-string one", () => {
    const pretty = readTool('pretty', undefined, {
      formatOutput: (output: { q: string }) => `q=${output.q}`,
    });
    const throwing = readTool('throwing', undefined, {
      formatOutput: () => {
        throw new Error('bug');
      },
    });
    const nonString = readTool('non_string', undefined, { formatOutput: () => 42 });
    expect(formattedOutput(pretty, { q: 'x' })).toEqual({ summary: 'q=x' });
    expect(formattedOutput(throwing, { q: 'x' })).toEqual({});
    expect(formattedOutput(nonString, { q: 'x' })).toEqual({});
    expect(formattedOutput(readTool('plain'), { q: 'x' })).toEqual({});
  });
});
