import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandBasename, matchCommandRule } from './match-command-rule';
import type { CommandRule } from './rule';

const prefix = (...argv: string[]): CommandRule => ({ kind: 'prefix', tool: 'Bash', argv });
const exact = (...argv: string[]): CommandRule => ({ kind: 'exact', tool: 'Bash', argv });

describe('matchCommandRule', () => {
  it('matches prefixes on word boundaries and exact rules exactly', () => {
    expect(matchCommandRule(prefix('git', 'status'), ['git', 'status', '-s'], 'allow')).toBe(true);
    expect(matchCommandRule(prefix('git', 'status'), ['git', 'statusx'], 'allow')).toBe(false);
    expect(matchCommandRule(prefix('git', 'status'), ['git'], 'allow')).toBe(false);
    expect(matchCommandRule(exact('git', 'status'), ['git', 'status'], 'allow')).toBe(true);
    expect(matchCommandRule(exact('git', 'status'), ['git', 'status', '-s'], 'allow')).toBe(false);
  });

  it('compares the command word by basename (any case) for deny, exactly for allow', () => {
    for (const word of ['rm', '/bin/rm', '/usr/local/bin/rm', './rm', 'RM', '/bin/Rm']) {
      expect(matchCommandRule(prefix('rm'), [word, '-rf', 'x'], 'deny'), word).toBe(true);
    }
    for (const word of ['/bin/rm', './rm', 'RM', 'rmdir', 'xrm', '/bin/rmx']) {
      expect(matchCommandRule(prefix('rm'), [word, 'x'], 'allow'), word).toBe(false);
    }
    expect(matchCommandRule(prefix('rm'), ['rmdir', 'x'], 'deny')).toBe(false);
    expect(matchCommandRule(prefix('rm'), ['/bin/rmx'], 'deny')).toBe(false);
    expect(matchCommandRule(prefix('/bin/rm'), ['rm', 'x'], 'deny')).toBe(true);
    expect(matchCommandRule(prefix('./gradlew', 'build'), ['./gradlew', 'build'], 'allow')).toBe(true);
  });

  it('matches at an offset (for runners) and never on an empty rule', () => {
    expect(matchCommandRule(prefix('rm'), ['ssh', 'host', 'rm', 'x'], 'deny', 2)).toBe(true);
    expect(matchCommandRule(prefix('rm'), ['ssh', 'host', 'rm', 'x'], 'deny', 1)).toBe(false);
    expect(matchCommandRule(prefix(), ['rm'], 'deny')).toBe(false);
  });

  it('deny: the command word matches exactly when the basenames agree ignoring ASCII case', () => {
    const word = fc.stringMatching(/^[a-zA-Z/._-]{0,8}$/);
    fc.assert(
      fc.property(
        word,
        word.filter((value) => value !== ''),
        (command, ruleWord) => {
          const lower = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());
          const expected =
            commandBasename(command) !== '' &&
            lower(commandBasename(command)) === lower(commandBasename(ruleWord));
          expect(matchCommandRule(prefix(ruleWord), [command], 'deny')).toBe(
            expected || command === ruleWord,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
