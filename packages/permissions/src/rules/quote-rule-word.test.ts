import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS } from '../shell/reserved-words';
import { quoteRuleWord } from './quote-rule-word';

// The contract, spelled out (the implementation tests a first word with its own expression).
const bare = /^[A-Za-z0-9_@%+,./-][A-Za-z0-9_@%+=:,./-]*$/;
const reserved = [...RESERVED_WORDS];

function expected(word: string, first: boolean): string {
  if (bare.test(word) && !(first && (word.includes('=') || reserved.includes(word)))) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

describe('quoteRuleWord', () => {
  it('leaves exactly the bare words bare (first word: no `=`, not a reserved word)', () => {
    const char = fc.constantFrom(...'aZ09_@%+,./-=:~#*?[]{}() \t\'"\\$`!;&|<>é\u00a0'.split(''));
    const word = fc.oneof(
      fc.array(char, { maxLength: 6 }).map((chars) => chars.join('')),
      fc.constantFrom(...reserved),
    );
    fc.assert(
      fc.property(word, fc.boolean(), (text, first) => {
        expect(quoteRuleWord(text, first)).toBe(expected(text, first));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees on long words too, mostly bare up to one odd character', () => {
    const char = fc.constantFrom(...'aZ09_@%+,./-=:~#*?[]{}() \t\'"\\$`!;&|<>é\u00a0\n'.split(''));
    const plain = fc.constantFrom(...'aZ09_@%+,./-'.split(''));
    // Mostly bare characters, so that many long words are bare up to one odd character.
    const word = fc
      .tuple(fc.array(plain, { minLength: 10, maxLength: 40 }), fc.array(char, { maxLength: 3 }), fc.nat())
      .map(([chars, extra, at]) => {
        const all = [...chars];
        for (const c of extra) all.splice(at % (all.length + 1), 0, c);
        return all.join('');
      });
    fc.assert(
      fc.property(word, fc.boolean(), (text, first) => {
        expect(quoteRuleWord(text, first)).toBe(expected(text, first));
      }),
      { numRuns: 5000 },
    );
  });
});
