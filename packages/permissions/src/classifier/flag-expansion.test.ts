import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShellWord } from '../shell/types';
import { couldExpandToFlag } from './flag-expansion';

/** The rule as first written, with a regular expression per character: the oracle. */
function couldExpandToFlagByPattern(word: ShellWord | undefined): boolean {
  const safe = /[A-Za-z0-9_./+,:=@%^]/;
  if (!word || (!word.dynamic && !word.glob)) return false;
  const raw = word.raw;
  const first = raw[0];
  if (first === undefined) return true;
  if (first === '~') return false;
  if (safe.test(first)) return false;
  if (first === "'" || first === '\\') {
    const next = raw[1];
    return next === undefined || next === '-' || next === "'" || next === '\n';
  }
  if (first === '"') {
    const next = raw[1];
    return next === undefined || !safe.test(next);
  }
  return true;
}

describe('couldExpandToFlag', () => {
  const word = (raw: string, dynamic: boolean, glob: boolean): ShellWord => ({
    value: raw,
    raw,
    dynamic,
    glob,
    quoted: false,
  });

  it('answers as the pattern on any word', () => {
    const char = fc.constantFrom(...'-\'"\\~$*?{}aZ09_./+,:=@%^ \n\t#!\u00e9\ud83d');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 4 }), fc.boolean(), fc.boolean(), (chars, dynamic, glob) => {
        const candidate = word(chars.join(''), dynamic, glob);
        expect(couldExpandToFlag(candidate)).toBe(couldExpandToFlagByPattern(candidate));
      }),
      { numRuns: 20000 },
    );
    expect(couldExpandToFlag(undefined)).toBe(false);
  });

  it('answers as the pattern for every first and second printable character', () => {
    for (let first = 0; first < 0x80; first++) {
      for (const second of ['', '-', "'", 'a', '\n', '$']) {
        const candidate = word(String.fromCharCode(first) + second, true, false);
        expect(couldExpandToFlag(candidate)).toBe(couldExpandToFlagByPattern(candidate));
      }
    }
  });
});
