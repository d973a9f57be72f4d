import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule } from './parse-rule';
import type { Rule } from './rule';
import { serializeCommandRule, serializeExactRuleJoined, serializeRule } from './serialize-rule';

describe('rules of declaration builtins read back (export X=1)', () => {
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

  const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/);
  const value = fc.string({ unit: 'grapheme-ascii', maxLength: 8 });
  const word = fc.oneof(
    fc.tuple(name, fc.constantFrom('=', '+='), value).map(([n, op, v]) => `${n}${op}${v}`),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }),
  );
  const rule = fc.record({
    kind: fc.constantFrom('exact' as const, 'prefix' as const),
    tool: fc.constant('Bash'),
    argv: fc
      .tuple(
        fc.constantFrom('export', 'declare', 'typeset', 'local', 'readonly'),
        fc.array(word, { minLength: 1, maxLength: 4 }),
      )
      .map(([builtin, rest]) => [builtin, ...rest]),
  });

  it('round-trips: parse(serialize(r)) equals r when argv starts with a declaration builtin', () => {
    fc.assert(
      fc.property(rule, (generated) => {
        const text = serializeRule(generated as Rule);
        // As in parse-rule.test.ts: a word bash runs as code must itself parse (a subscript of
        // a declared name, `export 'a[`x`]=1'`); such a rule is refused, no round-trip case.
        let parsed: Rule;
        try {
          parsed = parseRule(text);
        } catch (error) {
          expect(String(error)).toMatch(/syntax error in a nested script/);
          fc.pre(false);
          return;
        }
        expect(parsed).toEqual(generated);
      }),
      { numRuns: 500 },
    );
  });
});
