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

  it('other tools: the normalized tool name', () => {
    expect(toolSessionKey('Web_Fetch')).toBe('tool:webfetch');
  });
});
