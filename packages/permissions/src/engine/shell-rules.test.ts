import { describe, expect, it } from 'vitest';
import { compileRuleSet } from '../rules/compile-rule-set';
import { evaluateBash } from './evaluate-bash';

const behavior = (command: string, allow: string[]) =>
  evaluateBash(command, compileRuleSet({ allow })).behavior;

describe('findAllowRule: what a prefix rule spells out', () => {
  it.each([
    ['git branch branch', 'Bash(git branch:*)'],
    ['git branch git', 'Bash(git branch:*)'],
    ['uniq uniq uniq', 'Bash(uniq:*)'],
    ['uniq a a', 'Bash(uniq a:*)'],
    ['date date', 'Bash(date:*)'],
  ])('%s: an operand that writes is not spelled out by the same word in the rule (%s)', (command, rule) => {
    expect(behavior(command, [rule])).toBe('ask');
  });

  it('no word rule, exact ones included, covers an assignment the classifier blames', () => {
    expect(behavior('GIT_TRACE=/home/u/.bashrc git status', ['Bash(git status)'])).toBe('ask');
    expect(behavior('GIT_TRACE=/home/u/.bashrc git status', ['Bash(git status:*)'])).toBe('ask');
    expect(behavior('TAR_OPTIONS=--to-command=sh tar -tf a.tar', ['Bash(tar -tf a.tar)'])).toBe('ask');
    // An assignment the classifier does not blame leaves the rule as it was.
    expect(behavior('GIT_TRACE=1 git status', ['Bash(git status)'])).toBe('allow');
    expect(behavior('LC_ALL=C git status', ['Bash(git status)'])).toBe('allow');
  });

  it('an option the rule writes out is still covered', () => {
    expect(behavior('sed -i s/a/b/ f', ['Bash(sed -i:*)'])).toBe('allow');
    expect(behavior('git branch -D old', ['Bash(git branch -D:*)'])).toBe('allow');
  });

  it.each(["sed -n 'l 5;w out' f", "sed -n 's\\a\\b\\w out' f", "sed -n -e 's/a/\\' -e '/w out' f"])(
    '%s: a sed script the classifier cannot read is not covered by Bash(sed -n:*)',
    (command) => {
      expect(behavior(command, ['Bash(sed -n:*)'])).toBe('ask');
    },
  );

  it.each([
    "npm test --node-options='--import=data:text/javascript,1'",
    'npm test --script-shell=./x',
    'npm test --prefix ../other',
  ])('%s: an npm option that runs other code is not covered by Bash(npm test:*)', (command) => {
    expect(behavior(command, ['Bash(npm test:*)'])).toBe('ask');
  });

  it('Bash(npm test:*) still covers its arguments and what follows --', () => {
    expect(behavior('npm test -- --reporter=dot --node-options=x', ['Bash(npm test:*)'])).toBe('allow');
    expect(behavior('npm test --silent', ['Bash(npm test:*)'])).toBe('allow');
  });

  it.each(["jq -rn 'env.GITHUB_TOKEN'", "jq -n '$ENV[]'"])(
    '%s: a jq program reading the environment is not covered by Bash(jq:*)',
    (command) => {
      // Not allowed; a secret-looking name is even denied by the floor (as `printenv NAME` is).
      expect(behavior(command, ['Bash(jq:*)'])).not.toBe('allow');
    },
  );

  it('a git trace written to a file is not covered by Bash(git status:*)', () => {
    expect(behavior('GIT_TRACE=/home/u/.bashrc git status', ['Bash(git status:*)'])).toBe('ask');
    expect(behavior('GIT_TRACE=1 git status', ['Bash(git status:*)'])).toBe('allow');
  });

  it('options hidden in an @FILE are not covered by Bash(nm:*)', () => {
    expect(behavior('nm @opts a.out', ['Bash(nm:*)'])).toBe('ask');
    expect(behavior('nm -C a.out', ['Bash(nm:*)'])).toBe('allow');
  });

  it('options hidden in TAR_OPTIONS are not covered by Bash(tar:*)', () => {
    expect(behavior('TAR_OPTIONS=--to-command=sh tar -tf a.tar', ['Bash(tar:*)'])).toBe('ask');
    expect(behavior('tar -tf a.tar', ['Bash(tar:*)'])).toBe('allow');
  });

  it('read-only forms stay covered', () => {
    expect(behavior("jq --arg env prod '.environments[$env]' config.json", ['Bash(jq:*)'])).toBe('allow');
    expect(behavior('git branch -a', ['Bash(git branch:*)'])).toBe('allow');
    expect(behavior('uniq -c a', ['Bash(uniq:*)'])).toBe('allow');
    expect(behavior("sed -n '1,5p' f", ['Bash(sed -n:*)'])).toBe('allow');
    expect(behavior('date +%s', ['Bash(date:*)'])).toBe('allow');
  });
});
