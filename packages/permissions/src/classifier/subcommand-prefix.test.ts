import { describe, expect, it } from 'vitest';
import { isInterpreterOrWrapper } from './interpreters';
import { subcommandPrefix } from './subcommand-prefix';

describe('subcommandPrefix', () => {
  it.each([
    [
      ['git', 'log', '-5'],
      ['git', 'log'],
    ],
    [
      ['git', 'status'],
      ['git', 'status'],
    ],
    [
      ['git', 'stash', 'list'],
      ['git', 'stash', 'list'],
    ],
    [
      ['git', 'remote', 'show', 'origin'],
      ['git', 'remote', 'show'],
    ],
    [['ls', '-la'], ['ls']],
    [['cat', 'README.md'], ['cat']],
    [['/usr/bin/ls', '-la'], ['/usr/bin/ls']],
    [
      ['npm', 'test'],
      ['npm', 'test'],
    ],
    [
      ['npm', 'run', 'build'],
      ['npm', 'run', 'build'],
    ],
    [
      ['pnpm', 'run', 'lint', '--fix'],
      ['pnpm', 'run', 'lint'],
    ],
    [
      ['cargo', 'test', '--release'],
      ['cargo', 'test'],
    ],
    [
      ['gh', 'pr', 'list'],
      ['gh', 'pr', 'list'],
    ],
    [
      ['aws', 's3', 'ls'],
      ['aws', 's3', 'ls'],
    ],
    [
      ['docker', 'ps', '-a'],
      ['docker', 'ps'],
    ],
  ])('%j → %j', (argv, prefix) => {
    expect(subcommandPrefix(argv)).toEqual(prefix);
  });

  it.each([
    [[]],
    [['git']],
    [['git', '-C', 'x', 'log']],
    [['git', 'config', '--get', 'x']],
    [['git', 'branch']],
    [['git', 'stash']],
    [['python3', 'x.py']],
    [['node', '-e', '1']],
    [['sh', '-c', 'ls']],
    [['bash', 'x.sh']],
    [['env', 'ls']],
    [['sudo', 'ls']],
    [['xargs', 'ls']],
    [['npx', 'tsc']],
    [['pnpm', 'dlx', 'x']],
    [['npm', 'exec', 'x']],
    [['npm', 'run']],
    [['go', 'run', '.']],
    [['docker', 'run', 'img']],
    [['kubectl', 'exec', 'pod']],
    [['docker', '--version']],
    [['make', 'test']],
    [['awk', '1']],
  ])('%j → no prefix', (argv) => {
    expect(subcommandPrefix(argv)).toBeUndefined();
  });
});

describe('isInterpreterOrWrapper', () => {
  it.each([
    'python',
    'python3',
    'python3.12',
    '/usr/bin/python3',
    'node',
    'deno',
    'bun',
    'ruby',
    'perl',
    'php',
    'sh',
    'bash',
    'zsh',
    'dash',
    'fish',
    'env',
    'sudo',
    'xargs',
    'eval',
    'exec',
    'source',
    '.',
    'awk',
    'gawk',
    'make',
    'npx',
    'timeout',
    'nice',
    'nohup',
    'ssh',
    'vim',
    'less',
  ])('%s is one', (word) => {
    expect(isInterpreterOrWrapper(word)).toBe(true);
  });

  it.each(['ls', 'git', 'cat', 'grep', 'npm', 'sort', 'pythonic', 'envsubst'])('%s is not', (word) => {
    expect(isInterpreterOrWrapper(word)).toBe(false);
  });
});
