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

describe('rules of declaration builtins (export X=1)', () => {
  it('quotes a word in assignment form after a declaration builtin, and only there', () => {
    expect(serializeCommandRule('exact', 'Bash', ['export', 'X=1'])).toBe("Bash(export 'X=1')");
    expect(serializeCommandRule('exact', 'Bash', ['declare', '-x', 'A+=b', 'c'])).toBe(
      "Bash(declare -x 'A+=b' c)",
    );
    expect(serializeExactRuleJoined('Bash', ['local', 'a=1'], 'local a=1')).toBe("Bash(local 'a=1')");
    // Elsewhere `NAME=value` is an ordinary word of argv, left bare.
    expect(serializeCommandRule('exact', 'Bash', ['make', 'CC=gcc'])).toBe('Bash(make CC=gcc)');
    expect(serializeCommandRule('exact', 'Bash', ['export', 'PATH'])).toBe('Bash(export PATH)');
  });
});
