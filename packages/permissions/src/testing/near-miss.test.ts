/**
 * Rule-table diagnostics: the rule the author most likely meant (a near miss) for each
 * mismatch, and the rules no case exercised — on the three mistakes people really make.
 */
import { describe, expect, it } from 'vitest';
import { compileRuleSet } from '../rules/compile-rule-set';
import {
  assertRuleTable,
  findNearMisses,
  formatRuleTableMismatches,
  RuleTableAssertionError,
  reportRuleTable,
} from './index';

const settings = {
  permissions: {
    allow: ['Bash(npm build:*)', 'Bash(git status:*)'],
    deny: ['Bash(git push --force:*)', 'Bash(rm -rf:*)'],
  },
};

describe('near misses in rule tables', () => {
  it('names the rule meant for `npm run build`, the missing word and the rule that would match', () => {
    const { mismatches } = reportRuleTable([{ command: 'npm run build', expect: 'allow' }], settings);
    expect(mismatches[0]?.nearMisses?.[0]).toMatchObject({
      rule: 'Bash(npm build:*)',
      list: 'allow',
      suggestion: 'Bash(npm run build:*)',
    });
    expect(mismatches[0]?.nearMisses?.[0]?.why).toMatch(/missing word.*`run` before `build`/);
    const report = formatRuleTableMismatches(mismatches);
    expect(report).toContain('near miss: Bash(npm build:*)');
    expect(report).toContain('try:       Bash(npm run build:*)');
  });

  it('says a flag sits past the prefix, and that a deny must be the shorter prefix', () => {
    const { mismatches } = reportRuleTable(
      [{ command: 'git push origin main --force', expect: 'deny' }],
      settings,
    );
    const [miss] = mismatches[0]?.nearMisses ?? [];
    expect(miss).toMatchObject({ rule: 'Bash(git push --force:*)', suggestion: 'Bash(git push:*)' });
    expect(miss?.why).toMatch(/word order: `--force` comes after `origin main`/);
    // Allowing is the other direction: name the words the command has.
    const [allow] = findNearMisses(
      [['git', 'push', 'origin', 'main', '--force']],
      compileRuleSet({ allow: ['Bash(git push --force:*)'] }),
      ['allow'],
    );
    expect(allow?.suggestion).toBe('Bash(git push origin main --force:*)');
  });

  it('sees a cluster spelled another way or apart (-rf, -fr, -r -f)', () => {
    const { mismatches } = reportRuleTable(
      [
        { command: 'rm -fr dist', expect: 'deny' },
        { command: 'rm -r -f dist', expect: 'deny' },
      ],
      settings,
    );
    expect(mismatches.map((mismatch) => mismatch.nearMisses?.[0]?.suggestion)).toEqual([
      'Bash(rm -fr:*)',
      'Bash(rm -r -f:*)',
    ]);
    expect(mismatches[0]?.nearMisses?.[0]?.why).toMatch(
      /flag spelling: the rule says `-rf`, the command `-fr`/,
    );
  });

  it('looks in the list the row expected, through wrappers, and not at other programs', () => {
    const rules = compileRuleSet({ allow: ['Bash(npm build:*)'], deny: ['Bash(npm publish:*)'] });
    expect(findNearMisses([['npm', 'run', 'build']], rules, ['deny'])).toEqual([]);
    expect(findNearMisses([['yarn', 'build']], rules)).toEqual([]);
    const { mismatches } = reportRuleTable(
      [{ command: 'timeout 5 npm run build', expect: 'allow' }],
      settings,
    );
    expect(mismatches[0]?.nearMisses?.[0]?.rule).toBe('Bash(npm build:*)');
    // A rule that matches is no near miss (something else decided first).
    expect(findNearMisses([['npm', 'build', '-w', 'a']], rules)).toEqual([]);
  });

  it('an exact rule with more words in the command suggests the prefix form', () => {
    const [miss] = findNearMisses(
      [['npm', 'test', '--', '-u']],
      compileRuleSet({ allow: ['Bash(npm test)'] }),
    );
    expect(miss).toMatchObject({ rule: 'Bash(npm test)', suggestion: 'Bash(npm test:*)' });
  });
});

describe('rules no case exercised', () => {
  const table = [
    { command: 'git status', expect: 'allow' as const },
    { command: 'rm -fr dist', expect: 'ask' as const },
  ];

  it('lists them, and counts only the shared settings', () => {
    const { unexercised } = reportRuleTable(
      [...table, { command: 'ls', expect: 'allow', settings: { permissions: { allow: ['Bash(ls:*)'] } } }],
      settings,
    );
    expect(unexercised.sort()).toEqual(['Bash(git push --force:*)', 'Bash(npm build:*)', 'Bash(rm -rf:*)']);
  });

  it('counts every rule that allowed a part of a compound command', () => {
    const rules = { permissions: { allow: ['Bash(git log:*)', 'Bash(grep:*)', 'Bash(ls:*)'] } };
    const { unexercised } = reportRuleTable(
      [{ command: 'git log --oneline | grep fix', expect: 'allow' }],
      rules,
    );
    expect(unexercised).toEqual(['Bash(ls:*)']);
  });

  it('assertRuleTable fails on them only when asked to', () => {
    expect(assertRuleTable(table, settings)).toBe(2);
    let error: unknown;
    try {
      assertRuleTable(table, settings, { everyRuleExercised: true });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleTableAssertionError);
    expect((error as Error).message).toMatch(/^3 rule\(s\) no case exercised: .*Bash\(npm build:\*\)/);
  });
});
