import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isReservedWord, RESERVED_WORDS } from './reserved-words';

describe('isReservedWord', () => {
  it('is RESERVED_WORDS.has', () => {
    for (const word of RESERVED_WORDS) expect(isReservedWord(word)).toBe(true);
    const others = [
      '',
      'ls',
      'echo',
      'cat',
      'iff',
      'f',
      'Do',
      'then ',
      'functions',
      '[',
      ']',
      '{}',
      'done!',
      'esac;',
    ];
    for (const word of others) expect(isReservedWord(word)).toBe(RESERVED_WORDS.has(word));
    // Every string of one or two printable ASCII characters.
    for (let first = 0x20; first < 0x7f; first++) {
      const one = String.fromCharCode(first);
      expect(isReservedWord(one)).toBe(RESERVED_WORDS.has(one));
      for (let second = 0x20; second < 0x7f; second++) {
        const two = one + String.fromCharCode(second);
        expect(isReservedWord(two)).toBe(RESERVED_WORDS.has(two));
      }
    }
  });

  it('is RESERVED_WORDS.has on words like the reserved ones and on any short word', () => {
    for (const word of RESERVED_WORDS) {
      for (const other of [`x${word}`, `${word}x`, word.slice(1), word.slice(0, -1), word.toUpperCase()]) {
        expect(isReservedWord(other), other).toBe(RESERVED_WORDS.has(other));
      }
    }
    const char = fc.constantFrom(...'ifthenlsdowuacpm{}![];E\u00e9\u0169\u017b');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 10 }), (chars) => {
        const word = chars.join('');
        expect(isReservedWord(word)).toBe(RESERVED_WORDS.has(word));
      }),
      { numRuns: 20000 },
    );
  });
});
