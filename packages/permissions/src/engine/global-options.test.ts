import { describe, expect, it } from 'vitest';
import { compileRuleSet } from '../rules/compile-rule-set';
import { evaluateBash } from './evaluate-bash';
import { withoutGlobalOptions } from './global-options';

describe('withoutGlobalOptions', () => {
  it('takes out the options between a tool and its subcommand, with the values of known ones', () => {
    expect(withoutGlobalOptions(['git', '-C', '/repo', 'push', 'origin'])).toEqual([
      ['git', 'push', 'origin'],
    ]);
    expect(withoutGlobalOptions(['git', '--git-dir=.git', '--no-pager', 'push'])).toEqual([['git', 'push']]);
    expect(withoutGlobalOptions(['/usr/bin/git', '-C/repo', 'push'])).toEqual([['/usr/bin/git', 'push']]);
    expect(withoutGlobalOptions(['npm', '--prefix', 'x', 'publish'])).toEqual([['npm', 'publish']]);
    expect(withoutGlobalOptions(['kubectl', '-n', 'prod', 'delete', 'pod', 'x'])).toEqual([
      ['kubectl', 'delete', 'pod', 'x'],
    ]);
  });

  it('tries both readings of an option it does not know', () => {
    const forms = withoutGlobalOptions(['git', '-x', 'log', 'push']);
    expect(forms).toHaveLength(2);
    expect(forms).toEqual(
      expect.arrayContaining([
        ['git', 'push'],
        ['git', 'log', 'push'],
      ]),
    );
  });

  it('leaves alone a command without leading options, or a tool it has no table for', () => {
    expect(withoutGlobalOptions(['git', 'commit', '-m', 'push'])).toEqual([]);
    expect(withoutGlobalOptions(['rm', '-rf', 'x'])).toEqual([]);
  });
});

describe('deny rules see through global options', () => {
  const rules = compileRuleSet({
    deny: ['Bash(git push:*)', 'Bash(npm publish:*)', 'Bash(kubectl delete:*)'],
  });
  it.each([
    'git -C /repo push',
    'git --git-dir=.git --work-tree . push origin main',
    'git -c core.sshCommand=ssh push',
    'git --no-pager push --force',
    'sudo git -C /repo push',
    'npm --prefix ./pkg publish',
    'kubectl -n prod --context x delete pod web',
    'git -c alias.p=push p origin',
  ])('%s is denied', (command) => {
    expect(evaluateBash(command, rules).behavior).toBe('deny');
  });

  it.each([
    'git -C /repo status',
    'git commit -m push',
    'git -c push.default=simple status',
    'npm --prefix x test',
  ])('%s is not', (command) => {
    expect(evaluateBash(command, rules).behavior).not.toBe('deny');
  });
});
