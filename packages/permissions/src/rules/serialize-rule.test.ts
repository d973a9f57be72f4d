import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS } from '../shell/reserved-words';
import { serializeCommandRule, serializeExactRuleJoined } from './serialize-rule';

describe('serializeExactRuleJoined', () => {
  it('is serializeCommandRule of an exact rule, given the words joined by spaces', () => {
    const char = fc.constantFrom(...'aZ09_@%+,./-=:~#*?[]{}() \t\'"\\$`!;&|<>é'.split(''));
    const plain = fc.constantFrom(...'aZ09_@%+,./-'.split(''));
    // Mostly bare words (the joined text is then the specifier), some with one odd character,
    // reserved words and empty words.
    const word = fc.oneof(
      fc.array(plain, { maxLength: 20 }).map((chars) => chars.join('')),
      fc.tuple(fc.array(plain, { maxLength: 20 }), char, fc.nat()).map(([chars, extra, at]) => {
        const all = [...chars];
        all.splice(at % (all.length + 1), 0, extra);
        return all.join('');
      }),
      fc.constantFrom(...RESERVED_WORDS, 'a=b', ':x', ''),
    );
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('Bash', 'Shell'),
        (argv, tool) => {
          expect(serializeExactRuleJoined(tool, argv, argv.join(' '))).toBe(
            serializeCommandRule('exact', tool, argv),
          );
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rejects an empty argv as serializeCommandRule does', () => {
    expect(() => serializeExactRuleJoined('Bash', [], '')).toThrow(/at least one word/);
  });
});
