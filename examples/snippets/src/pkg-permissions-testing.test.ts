/**
 * Snippet of packages/permissions/README.md: rule tests with `@dexter/permissions/testing`,
 * run here as they are shown.
 */
// #region rule-tests
import { checkRuleTable, expectDecision } from '@dexter/permissions/testing';
import { expect, it } from 'vitest';

const settings = { permissions: { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] } };

it('denies rm however it is spelled', () => {
  expectDecision('/bin/rm -rf /', settings).toBe('deny');
  expectDecision('sudo \\rm x', settings).toBe('deny');
  expectDecision('git status', settings).not.toBe('deny');
});

it('holds the whole table', () => {
  expect(checkRuleTable([{ command: 'git status', expect: 'allow' }], settings)).toEqual([]);
});
// #endregion rule-tests
