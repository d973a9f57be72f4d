import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRuleSet } from '../rules/compile-rule-set';
import { normalizeCommand } from '../shell';
import { evaluateBash } from './evaluate-bash';
import { bashSessionKey, toolSessionKey } from './session-key';

// Pieces of shell text where blanks may or may not be between tokens.
const blankPieces = [
  'ls',
  ' ',
  '  ',
  '\t',
  '\n',
  "'a  b'",
  '"x\ty"',
  '&&',
  '|',
  '$(',
  ')',
  'echo',
  '\\',
  '#c',
  '<<EOF\n a  b\nEOF\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a JS template
  '${x:-  y}',
];

describe('session keys', () => {
  it('bash: cwd and the normalized command, exactly as normalizeCommand says', () => {
    const pieces = fc.constantFrom(...blankPieces);
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join('')),
        fc.string({ maxLength: 5 }),
        (command, cwd) => {
          expect(bashSessionKey(command, cwd)).toBe(`bash:${cwd}\u0000${normalizeCommand(command)}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('bash: the key evaluateBash gives (from its own parse) is the same key', () => {
    // Rejected input and nested scripts too.
    const pieces = fc.constantFrom(...blankPieces, '\u200b', '\r', 'sh -c "a  b"');
    const rules = compileRuleSet({ allow: ['Bash(ls:*)'], deny: ['Bash(rm:*)'] });
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join('')),
        fc.string({ maxLength: 5 }),
        fc.constantFrom(undefined, 1, 16, 64),
        (command, cwd, maxDepth) => {
          const shell = maxDepth === undefined ? {} : { shell: { maxDepth } };
          expect(evaluateBash(command, rules, { cwd, ...shell }).sessionKey).toBe(
            bashSessionKey(command, cwd),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('bash: indented lines and blanks at the ends, parsed or not (`    fi`, `a\\  `)', () => {
    // Single spaces inside, any blanks at the ends: the shapes keyed without joining pieces.
    const inner = fc.constantFrom(
      'ls',
      'fi',
      'else',
      'echo',
      '\\',
      'a\\\\',
      "'a b'",
      '#c',
      ')',
      '&&',
      '$(',
      'x=1',
    );
    const ends = fc.constantFrom('', ' ', '  ', '\t', ' \t', '\t ', '\n', '   ');
    const rules = compileRuleSet({ allow: ['Bash(ls:*)'], deny: ['Bash(rm:*)'] });
    fc.assert(
      fc.property(ends, fc.array(inner, { minLength: 1, maxLength: 5 }), ends, (head, words, tail) => {
        const command = `${head}${words.join(' ')}${tail}`;
        const key = `bash:/w\u0000${normalizeCommand(command)}`;
        expect(bashSessionKey(command, '/w')).toBe(key);
        expect(evaluateBash(command, rules, { cwd: '/w' }).sessionKey).toBe(key);
      }),
      { numRuns: 1500 },
    );
  });

  it('other tools: the normalized tool name', () => {
    expect(toolSessionKey('Web_Fetch')).toBe('tool:webfetch');
  });
});
