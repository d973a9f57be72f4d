import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackScan, fallbackScanEach, fallbackScanReadingCopies, isAssignment } from './fallback-scan';

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

describe('copies of a repeated segment (skipped, decision 0063)', () => {
  /** What `fallbackScanEach` hands over: each batch's commands as plain data, and `listed`. */
  function streamed(text: string, skips: boolean, keyed: boolean): unknown[] {
    const out: unknown[] = [];
    const count = fallbackScanEach(
      text,
      16,
      (batch, listed) => {
        out.push({ listed, batch: structuredClone(batch) });
        return undefined;
      },
      keyed,
      skips,
    );
    out.push(count);
    return out;
  }

  function sameEitherWay(text: string): void {
    expect(fallbackScan(text), text).toEqual(fallbackScanReadingCopies(text));
    expect(streamed(text, true, false), text).toEqual(streamed(text, false, false));
    expect(streamed(text, true, true), text).toEqual(streamed(text, false, true));
  }

  it('lists what reading every copy lists, with the same starts and ends', () => {
    for (const text of [
      `${'echo a; '.repeat(1_000)}rm -rf /`,
      `${'echo a\n'.repeat(50)}echo a`,
      `git status; ${'echo a;  '.repeat(30)}echo a; echo a;echo a`,
      `x | ${'echo a; '.repeat(5)}`,
      `cd /tmp; ${'cat .npmrc; '.repeat(4)}cd ~; ${'cat .npmrc; '.repeat(4)}`,
      `echo a; echo a; echo a >f; echo a; echo a; echo a b; echo a;`,
      `sh -c '${'rm x; '.repeat(20)}'; ${'rm x; '.repeat(20)}`,
      `$(${'echo a; '.repeat(10)}) ${'echo a; '.repeat(10)}`,
      `echo a; echo a; # echo a; echo a;\necho a; echo a;`,
      `A=1 env; A=1 env; A=1 env; do; do; do; fi; fi; fi;`,
      `ls; "echo" a; "echo" a; `.repeat(5),
      `${'echo a; '.repeat(131_072)}rm -rf /`,
      `${'echo a; '.repeat(70_001)}echo a;${'echo a; '.repeat(3)}echo a`,
      `${'ls -la  \n'.repeat(9_999)}ls -la \n`,
      `ls; x | echo a; echo a; echo a; `.repeat(5),
      `ls; >f echo a; echo a; `.repeat(5),
    ])
      sameEitherWay(text);
  });

  it('on generated repeats of segments of every kind', () => {
    const unit = fc.constantFrom(
      'echo a',
      'echo  a',
      'echo a ',
      'rm -rf x',
      'cd /tmp',
      'A=1 ls',
      'ls >f',
      'ls 2>&1',
      'cat <.env',
      "echo 'a;b'",
      'echo "$x"',
      'echo $(rm x)',
      'echo `ls`',
      'x | sh',
      'ls *',
      'ls #c',
      '{ ls; }',
      'for i in a',
      'do',
      'done',
      '',
    );
    const separator = fc.constantFrom('; ', ';', '\n', ' ; ', ';\t', ' && ', ' | ', ' & ');
    const piece = fc
      .tuple(unit, separator, fc.integer({ min: 1, max: 6 }))
      .map(([u, sep, n]) => `${u}${sep}`.repeat(n));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => sameEitherWay(pieces.join(''))),
      { numRuns: 600, seed: 63 },
    );
    // Runs of several segments repeated whole (`ls; "echo" a; "echo" a; ` again and again):
    // a copy of the text from an earlier segment's start is no copy of the repeated segment.
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 4 }), fc.integer({ min: 2, max: 4 }), (pieces, times) =>
        sameEitherWay(pieces.join('').repeat(times)),
      ),
      { numRuns: 600, seed: 63 },
    );
  }, 120_000);
});
