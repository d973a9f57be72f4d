import { describe, expect, it } from 'vitest';
import { loadCommandTable } from '../commands';
import { ENTRIES } from '../commands/table';
import type { CommandFact } from '../commands/types';
import { proposeRules } from '../engine/propose-rules';
import { analyzeShell } from '../shell/analyze-shell';
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
    [['man', 'ls']],
    [['gh', 'pr']],
    [['aws', 's3', '--help']],
    [['git', 'remote', '-v']],
    // No entry: the table cannot tell whether `install` is a subcommand.
    [['apt', 'install', 'x']],
    [['java', '-version']],
  ])('%j → no prefix', (argv) => {
    expect(subcommandPrefix(argv)).toBeUndefined();
  });

  it.each([
    [
      ['gh', 'codespace', 'list'],
      ['gh', 'codespace', 'list'],
    ],
    [
      ['az', 'vm', 'list'],
      ['az', 'vm', 'list'],
    ],
    [
      ['git', 'notes', 'list'],
      ['git', 'notes', 'list'],
    ],
    [
      ['npm', 'run-script', 'lint'],
      ['npm', 'run-script', 'lint'],
    ],
    [
      ['yarn', 'run', 'build'],
      ['yarn', 'run', 'build'],
    ],
  ])("%j → %j: a group's action, from the table", (argv, prefix) => {
    expect(subcommandPrefix(argv)).toEqual(prefix);
  });
});

describe('proposals from the table (decision 0052)', () => {
  it.each([
    // Not read-only: an exact rule, as before.
    ['gh pr list', 'Bash(gh pr list)'],
    ['aws s3 ls', 'Bash(aws s3 ls)'],
    ['npm run build', 'Bash(npm run build)'],
    ['git remote -v', 'Bash(git remote -v)'],
    ['man ls', 'Bash(man ls)'],
    // Read-only: up to the group's verb.
    ['git stash list', 'Bash(git stash list:*)'],
    ['git worktree list', 'Bash(git worktree list:*)'],
    ['git log -n 3', 'Bash(git log:*)'],
    ['ls -la', 'Bash(ls:*)'],
  ])('%s → %s', (command, rule) => {
    expect(proposeRules(analyzeShell(command))).toEqual([rule]);
  });
});

/** The table with one entry's facts changed (a mutation), and its examples checked. */
function tableWith(name: string, change: (entry: CommandFact) => CommandFact): () => void {
  const table = loadCommandTable(ENTRIES.map((entry) => (entry.names[0] === name ? change(entry) : entry)));
  return () => table.checkAll();
}

describe("each prefix fact is held by its entry's examples (mutations)", () => {
  it('gh without `groupedSubcommands`: `gh codespace list` would get `Bash(gh codespace:*)`', () => {
    expect(tableWith('gh', ({ groupedSubcommands: _dropped, ...rest }) => rest)).toThrow(
      /gh: example `gh codespace list -L 5` gets the prefix \["gh","codespace"\]/,
    );
  });

  it('aws and az without it', () => {
    expect(tableWith('aws', ({ groupedSubcommands: _dropped, ...rest }) => rest)).toThrow(
      /aws: example `aws s3 ls`/,
    );
    expect(tableWith('az', ({ groupedSubcommands: _dropped, ...rest }) => rest)).toThrow(
      /az: example `az vm list`/,
    );
  });

  it('`npm run` without its script operand: `Bash(npm run:*)` would cover every script', () => {
    expect(
      tableWith('npm', (entry) => ({
        ...entry,
        subcommands: { ...entry.subcommands, run: { ...entry.subcommands!.run!, runsScripts: ['build'] } },
      })),
    ).toThrow(/npm: example `npm run build` gets the prefix \["npm","run"\]/);
  });

  it.each(['man', 'less', 'more', 'make', 'awk', 'vi', 'ex', 'ed', 'emacs', 'pipx', 'java', 'psql'])(
    '%s without `runsCode` would get a prefix rule',
    (name) => {
      expect(tableWith(name, ({ runsCode: _dropped, ...rest }) => rest)).toThrow(
        new RegExp(`${name}: example .* gets the prefix \\["`),
      );
    },
  );

  it.each(['source', 'eval'])('%s without `runsShellCode` would get a prefix rule', (name) => {
    expect(tableWith(name, ({ runsShellCode: _dropped, ...rest }) => rest)).toThrow(
      new RegExp(`${name}: example .* gets the prefix \\["`),
    );
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
