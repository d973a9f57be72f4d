import { describe, expect, it } from 'vitest';
import { forgetReadings, inlineCode, readCommand } from './index';

const programs = (argv: readonly string[]) => inlineCode(argv, readCommand(argv)!, 'python');

describe('inlineCode: one extraction per reading of an argv', () => {
  it('hands the programs it extracted to every consumer of the same reading', () => {
    const argv = ['python3', '-c', 'print(1)'];
    const first = programs(argv);
    expect(first).toEqual([{ family: 'python', code: 'print(1)' }]);
    expect(programs(argv)).toBe(first);
  });

  it('extracts again for another argv, and for the same one read again', () => {
    const a = ['python3', '-c', 'print(1)'];
    const b = ['python3', '-Bc', 'print(2)'];
    const fromA = programs(a);
    expect(programs(b)).toEqual([{ family: 'python', code: 'print(2)' }]);
    // Between the two asks of `a`, another argv was extracted: `a`'s answer is not left over.
    expect(programs(a)).toEqual(fromA);
    const equal = ['python3', '-c', 'print(1)'];
    expect(programs(equal)).toEqual(fromA);
    forgetReadings();
    // A new reading of `a` (a new readings array) is extracted again, to the same programs.
    expect(programs(a)).toEqual([{ family: 'python', code: 'print(1)' }]);
  });

  it('answers for the language it is asked about', () => {
    const argv = ['python3', '-c', 'print(1)'];
    const readings = readCommand(argv)!;
    expect(inlineCode(argv, readings, 'python')[0]?.family).toBe('python');
    expect(inlineCode(argv, readings, 'other')[0]?.family).toBe('other');
  });
});
