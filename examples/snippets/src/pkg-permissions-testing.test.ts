/**
 * Snippet of packages/permissions/README.md: rule tests with `@dexter/permissions/testing`,
 * run here as they are shown.
 */
// #region rule-tests
import { assertRuleTable, expectDecision } from '@dexter/permissions/testing';
import { it } from 'vitest';

const settings = { permissions: { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] } };

it('denies rm however it is spelled', () => {
  expectDecision('/bin/rm -rf /', settings).toBe('deny');
  expectDecision('sudo \\rm x', settings).toBe('deny');
  expectDecision('git status', settings).not.toBe('deny');
});

it('holds the whole table, and every rule is reached by a row', () => {
  const table = [
    { command: 'git status -s', expect: 'allow' as const },
    { command: 'rm -fr dist', expect: 'deny' as const },
  ];
  assertRuleTable(table, settings, { everyRuleExercised: true });
});
// #endregion rule-tests
