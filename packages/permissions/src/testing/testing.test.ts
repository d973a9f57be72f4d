import { describe, expect, it } from 'vitest';
import { PermissionsError } from '../errors';
import {
  checkRuleTable,
  decideCommand,
  expectDecision,
  formatRuleTableMismatches,
  RuleAssertionError,
} from './index';

const settings = { permissions: { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] } };

describe('testing helpers', () => {
  it('expectDecision passes and fails like an assertion', () => {
    expect(expectDecision('/bin/rm -rf /', settings).toBe('deny').matchedRule).toBe('Bash(rm:*)');
    expectDecision('git status', settings).toBe('allow');
    expectDecision('ls', settings).not.toBe('deny');
    let error: unknown;
    try {
      expectDecision('git push', settings).toBe('allow');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleAssertionError);
    expect(error).toMatchObject({ expected: 'allow', actual: 'ask', name: 'AssertionError' });
    expect(() => expectDecision('git status', settings).not.toBe('allow')).toThrow(/not to be allow/);
  });

  it('decideCommand throws on invalid settings', () => {
    expect(() => decideCommand('ls', { permissions: { allow: ['Bash(ls'] } })).toThrow(PermissionsError);
    expect(decideCommand('cat .env').matchedRule).toMatch(/^builtin:/);
  });

  it('checkRuleTable returns the mismatches, with per-case settings', () => {
    const mismatches = checkRuleTable(
      [
        { command: 'git status', expect: 'allow' },
        { command: 'rm x', expect: 'ask' },
        { command: 'ls', expect: 'allow', settings: { permissions: { allow: ['Bash(ls:*)'] } } },
        { command: 'ls', expect: 'allow', settings: { permissions: { allow: 'nope' } } },
      ],
      settings,
    );
    expect(mismatches.map((mismatch) => mismatch.index)).toEqual([1, 3]);
    expect(mismatches[0]!.actual!.behavior).toBe('deny');
    expect(mismatches[1]!.error).toContain('must be an array');
    const report = formatRuleTableMismatches(mismatches);
    expect(report).toContain('✗ case 2: "rm x"');
    expect(report).toContain('+ actual:   deny (Bash(rm:*))');
  });
});
