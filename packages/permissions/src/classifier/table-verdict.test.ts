/**
 * The classifier's verdicts read from the command table (decision 0039): each fact the
 * deleted git specs carried, and the rule that every reading must be read-only.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { classifyArgv } from './classify-argv';
import { classifyCommand } from './classify-command';
import { markForeignRepositories } from './foreign-repository';

function verdict(source: string) {
  return classifyCommand(analyzeShell(source).commands[0]!);
}

describe('git from the command table', () => {
  it.each([
    'git',
    'git --version',
    'git --exec-path',
    'git -C sub status',
    'git --no-pager log --oneline -5',
    'git log -n 5 --format=%H HEAD',
    'git show HEAD:README.md',
    'git diff --stat HEAD~1',
    'git grep -n foo',
    'git branch',
    'git branch --list "feat/*"',
    'git branch --merged main',
    'git branch --show-current',
    'git tag -l',
    'git config --get user.name',
    'git config user.name',
    'git config get user.name',
    'git stash list',
    'git stash show -p',
    'git remote -v',
    'git remote show -n origin',
    'git remote get-url origin',
    'git reflog',
    'git reflog -n 5',
    'git reflog exists HEAD',
    'git worktree list',
    'git cat-file -p HEAD',
    'git cat-file --batch-check',
  ])('read-only: %s', (source) => {
    expect(verdict(source).classification).toBe('read-only');
  });

  it.each([
    ['git -p log', '-p'],
    ['git --paginate status', '--paginate'],
    ['git -c core.pager=x log', '-c'],
    ['git -ccore.pager=x log', '-ccore.pager=x'],
    ['git --config-env=core.pager=X log', '--config-env=core.pager=X'],
    ['git --git-dir=/x log', '--git-dir=/x'],
    ['git --exec-path=/tmp status', '--exec-path=/tmp'],
    ['git log --output=x', '--output=x'],
    ['git log --out x', '--out'],
    ['git log --ext-diff', '--ext-diff'],
    ['git diff --textconv', '--textconv'],
    ['git show --show-signature', '--show-signature'],
    ['git grep -O foo', '-O'],
    ['git branch -d x', '-d'],
    ['git branch --edit-description', '--edit-description'],
    ['git branch x', 'x'],
    ['git tag v1', 'v1'],
    ['git tag -v v1', '-v'],
    ['git config user.name x', 'x'],
    ['git config --unset user.name', '--unset'],
    ['git stash list --output=x', '--output=x'],
    ['git reflog --output=x exists', '--output=x'],
    ['git cat-file --filters HEAD:x', '--filters'],
    // An option the table does not list may take the next word: every reading must be read-only.
    ['git log --foo --output=x', '--output=x'],
    ['git clone -u "rm -rf x" repo', '-u'],
  ])('mutating: %s (blames %s)', (source, flag) => {
    expect(verdict(source)).toMatchObject({ classification: 'mutating', flag });
  });

  it.each([
    'git stash',
    'git stash pop',
    'git stash -- list',
    'git worktree add x',
    'git remote add o u',
    'git reflog expire --all',
    'git config set x y',
  ])('a writing verb is mutating and no flag: %s', (source) => {
    const result = verdict(source);
    expect(result.classification).toBe('mutating');
    expect(result.flag).toBeUndefined();
  });

  it.each([
    ['git frobnicate', 'frobnicate'],
    ['git commit -m x', 'commit'],
    ['git --frob status', '--frob'],
    ['git branch --frob', '--frob'],
    ['git remote show origin', 'show'],
  ])('unknown: %s', (source, flag) => {
    expect(verdict(source)).toMatchObject({ classification: 'unknown', flag });
  });

  it.each(['git log *', 'git * status', 'git -C * log', 'git log -- *'])(
    'a glob before the end of options is unknown: %s',
    (source) => {
      const command = analyzeShell(source).commands[0]!;
      const result = classifyArgv(command.unwrapped.argv, command.unwrapped.words);
      expect(result.classification).toBe(source.includes('--') ? 'read-only' : 'unknown');
    },
  );

  it('git cat-file --batch prints what its input names: no prefix rule covers it', () => {
    expect(verdict('git cat-file --batch')).toMatchObject({
      classification: 'unknown',
      prefixExcluded: true,
    });
  });

  it('git -C and --work-tree are read from the table, in every reading', () => {
    const classes = (source: string) => {
      const commands = analyzeShell(source).commands;
      return markForeignRepositories(commands, commands.map(classifyCommand), { cwd: '/p' }).map(
        (result) => result.classification,
      );
    };
    expect(classes('git -C sub log')).toEqual(['read-only']);
    expect(classes('git -C /q log')).toEqual(['unknown']);
    expect(classes('git -C/q log')).toEqual(['unknown']);
    expect(classes('git --attr-source HEAD -C /q log')).toEqual(['unknown']);
    expect(classes('git --work-tree=/q status')).toEqual(['unknown']);
    expect(classes('git -C sub -C ../.. status')).toEqual(['unknown']);
  });
});

describe('simple commands from the command table', () => {
  it.each([
    'cat README.md',
    'head -20 x',
    'tail -n 5 -f log',
    'ps aux',
    'sha256sum -c sums',
    'seq -1 1',
    'sort -rn -k 2 x',
    'uniq -c x',
    'date +%F',
    'date -u',
    'hostname -f',
    'wait -n',
    'nm -C x.o',
    'strings -a x',
    'base64 -d x',
    'hexdump -C x',
  ])('read-only: %s', (source) => {
    expect(verdict(source).classification).toBe('read-only');
  });

  it.each([
    ['sort -uo out in', '-uo'],
    ['sort --out=x in', '--out=x'],
    ['sort --compress-program=gzip in', '--compress-program=gzip'],
    ['uniq in out', 'out'],
    ['date -s now', '-s'],
    ['date 0101', '0101'],
    ['hostname box', 'box'],
    ['hostname -F f', '-F'],
    ['wait -p v', '-p'],
    ['nm --plugin x.so y', '--plugin'],
    ['base64 -o out in', '-o'],
    ['base32 --output=out in', '--output=out'],
  ])('mutating: %s (blames %s)', (source, flag) => {
    expect(verdict(source)).toMatchObject({ classification: 'mutating', flag });
  });

  it.each([
    ['sort --files0-from=list', 'list'],
    ['date -f dates', 'dates'],
    ['hexdump -f fmt x', 'fmt'],
  ])('a file the command prints back is unknown and named: %s', (source, file) => {
    expect(verdict(source)).toMatchObject({ classification: 'unknown', prefixExcluded: true, reads: [file] });
  });

  it.each(['nm @opts', 'strings @x', 'objdump -d @o'])(
    'binutils @FILE reads options no rule covers: %s',
    (source) => {
      expect(verdict(source)).toMatchObject({ classification: 'unknown', prefixExcluded: true });
    },
  );

  it.each(['sort --frob x', 'uniq --frob x', 'date --frob'])(
    'an option a listed-options entry does not list is unknown: %s',
    (source) => {
      expect(verdict(source).classification).toBe('unknown');
    },
  );

  it('a glob before the end of options is unknown, after it read-only', () => {
    const argv = (source: string) => {
      const command = analyzeShell(source).commands[0]!;
      return classifyArgv(command.unwrapped.argv, command.unwrapped.words).classification;
    };
    expect(argv('cat *')).toBe('unknown');
    expect(argv('cat -- *')).toBe('read-only');
    expect(argv('cat src/*')).toBe('read-only');
    expect(argv('seq 1 *')).toBe('read-only');
    expect(argv('sort *')).toBe('unknown');
  });
});
