/** Property: the classifier answers every parsed command, and every argv, without throwing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { classifyArgv, READ_ONLY_COMMANDS } from './classify-argv';
import { classifyCommand } from './classify-command';
import { subcommandPrefix } from './subcommand-prefix';

const word = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '-',
    'constructor',
    '__proto__',
    'toString',
    'valueOf',
    'hasOwnProperty',
    '--',
    '-o',
    '--output=x',
    '-i',
    '-e',
    'w',
    's/a/b/e',
    '*',
    '$X',
    '-exec',
    ';',
    '{}',
    'log',
    'branch',
  ),
);

describe('classifier totality', () => {
  it('classifyArgv returns a verdict for any argv of an allowlisted command', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...READ_ONLY_COMMANDS),
        fc.array(word, { maxLength: 8 }),
        (command, args) => {
          const verdict = classifyArgv([command, ...args]);
          expect(['read-only', 'mutating', 'unknown']).toContain(verdict.classification);
          expect(typeof verdict.reason).toBe('string');
        },
      ),
      { numRuns: 3000 },
    );
  }, 120_000);

  it('inherited property names are not table entries', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      expect(classifyArgv(['find', '.', '(', name, ')', '-delete']).classification).not.toBe('read-only');
      expect(classifyArgv(['find', '.', '-name', 'x', name]).classification).toBe('unknown');
      expect(classifyArgv([name]).classification).toBe('unknown');
      expect(classifyArgv(['git', name]).classification).toBe('unknown');
      expect(() => subcommandPrefix([name, 'x'])).not.toThrow();
    }
  });

  it('classifyCommand returns a verdict for every command of any shell text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (source) => {
        for (const command of analyzeShell(source).commands) {
          expect(['read-only', 'mutating', 'unknown']).toContain(classifyCommand(command).classification);
        }
      }),
      { numRuns: 1500 },
    );
  }, 120_000);
});
