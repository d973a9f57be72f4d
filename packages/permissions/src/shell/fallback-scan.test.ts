import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackScan, isAssignment } from './fallback-scan';

describe('isAssignment', () => {
  // What it answers: `NAME=` or `NAME+=` at the start (no subscript).
  const expected = (value: string) => /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(value);

  it('answers for assignments and words like them', () => {
    for (const value of [
      '',
      '=',
      '+=',
      'a',
      'a=',
      'a+=',
      'a++=',
      '_=1',
      'A_1=x',
      '1a=x',
      'a-b=c',
      '--opt=x',
      'a=b=c',
      'a+b=c',
      'ab+',
      'a[0]=x',
      'é=x',
      'x\u00e9=1',
    ]) {
      expect(isAssignment(value), value).toBe(expected(value));
    }
  });

  it('answers on any word', () => {
    const char = fc.constantFrom(...'aZ_09=+-[]/ .é$');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 10 }), (chars) => {
        const value = chars.join('');
        expect(isAssignment(value), value).toBe(expected(value));
      }),
      { numRuns: 20000 },
    );
  });
});

describe('fallbackScan', () => {
  it('reads characters past ASCII as plain word characters', () => {
    const commands = fallbackScan('echo \u00e9x \u65e5\u672c\ud800 \uffff;\u0080 ls');
    expect(commands.map((command) => command.argv)).toEqual([
      ['echo', '\u00e9x', '\u65e5\u672c\ud800', '\uffff'],
      ['\u0080', 'ls'],
    ]);
    expect(commands.flatMap((command) => command.words.map((word) => word.dynamic))).not.toContain(true);
  });
});
