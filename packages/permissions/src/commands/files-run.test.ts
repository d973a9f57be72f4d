/**
 * Scripts written then run, as command table facts (issue 27's third held-out corpus): npm
 * scripts, tox, git hooks moved by `core.hooksPath` or fired under `git -C DIR`, commands fed
 * to ftp/sftp/lftp, and make's `VAR=value` operands. A written script that hits a deny rule is
 * denied, not only asked (cwd `/repo`).
 */
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { commandsIn, filesRunIn, normalizePath } from './files-run';
import { readCommand } from './index';

const rmDenied = compileRuleSet({ deny: ['Bash(rm:*)'] });
const decide = (command: string) => evaluateBash(command, rmDenied, { cwd: '/repo' });

/** The files (with format and scripts) the table says `argv` runs. */
function runs(...argv: string[]) {
  return filesRunIn(readCommand(argv) ?? [], argv);
}

describe('the files a command runs, from the table', () => {
  it('npm, pnpm and yarn run the named scripts of package.json, with pre and post', () => {
    expect(runs('npm', 'run', 'build')).toEqual([
      { path: 'package.json', format: 'package-scripts', scripts: ['prebuild', 'build', 'postbuild'] },
    ]);
    expect(runs('npm', 'test')[0]?.scripts).toEqual(['pretest', 'test', 'posttest']);
    expect(runs('npm', '--prefix', 'sub', 'start').map((file) => file.path)).toEqual([
      'sub/package.json',
      'package.json',
    ]);
    expect(runs('yarn', 'lint')[0]?.scripts).toEqual(['prelint', 'lint', 'postlint']);
    expect(runs('pnpm', '-C', 'a', 'run', 'x')[0]).toMatchObject({ path: 'a/package.json' });
    expect(runs('npm', 'ci')[0]?.scripts).toContain('postinstall');
  });

  it('git runs its hooks relative to -C, and from a directory core.hooksPath names', () => {
    // The repository may be `sub` or any directory above it.
    expect(runs('git', '-C', 'sub/x', 'push').map((file) => file.path)).toEqual([
      'sub/x/.git/hooks/pre-push',
      'sub/.git/hooks/pre-push',
      '.git/hooks/pre-push',
    ]);
    expect(runs('git', '-C', '/tmp/r', 'push').map((file) => file.path)).toEqual([
      '/tmp/r/.git/hooks/pre-push',
      '/tmp/.git/hooks/pre-push',
      '/.git/hooks/pre-push',
    ]);
    expect(runs('git', '-c', 'core.hooksPath=h', 'push').map((file) => file.path)).toEqual([
      '.git/hooks/pre-push',
      'h/pre-push',
    ]);
    expect(runs('git', '-c', 'core.HOOKSPATH=/abs', '-C', 'x', 'push').map((file) => file.path)).toContain(
      '/abs/pre-push',
    );
    expect(runs('git', 'status')).toEqual([]);
  });

  it('ftp clients run standard input, or the batch file -b/-f names; tox runs tox.ini or -c', () => {
    expect(runs('sftp', 'host')).toEqual([{ path: '-', format: 'ftp-commands' }]);
    expect(runs('sftp', '-b', './b.txt', 'host')).toEqual([{ path: 'b.txt', format: 'ftp-commands' }]);
    expect(runs('ftp', '-n', 'host')).toEqual([{ path: '-', format: 'ftp-commands' }]);
    expect(runs('tox', '-e', 'py')).toEqual([{ path: 'tox.ini', format: 'ini-commands' }]);
    expect(runs('tox', '-c', 'ci/tox.ini')).toEqual([{ path: 'ci/tox.ini', format: 'ini-commands' }]);
  });

  it('reads the commands each format holds', () => {
    const json = '{"name":"x","scripts":{"build":"tsc","postbuild":"rm -rf y","test":"vitest"}}';
    expect(commandsIn(json, 'package-scripts', ['prebuild', 'build', 'postbuild'])).toEqual([
      'tsc',
      'rm -rf y',
    ]);
    expect(commandsIn(json, 'package-scripts', ['start'])).toEqual([]);
    expect(commandsIn('"scripts.x": "a \\"b\\""', 'package-scripts', ['x'])).toEqual(['a "b"']);
    const ini =
      '[tox]\nenvlist = py\n[testenv]\ndeps = rm\ncommands =\n    pytest\n  rm -rf y\n[x]\ncommands_pre=ls\n';
    expect(commandsIn(ini, 'ini-commands')).toEqual(['pytest', 'rm -rf y', 'ls']);
    expect(commandsIn('put a\n!rm -rf y\nopen h; !ls; bye\n!\n', 'ftp-commands')).toEqual([
      'rm -rf y',
      'ls; bye',
    ]);
  });

  it('normalizes paths the way the file system names one file', () => {
    expect(normalizePath('./a//b/./c/')).toBe('a/b/c');
    expect(normalizePath('a/../b')).toBe('b');
    expect(normalizePath('/x/../../y')).toBe('/y');
    expect(normalizePath('../x')).toBe('../x');
    expect(normalizePath('-')).toBe('-');
    expect(normalizePath('.')).toBe('.');
  });
});

describe('scripts written then run meet the deny rules', () => {
  it.each([
    // npm scripts: set by `npm pkg set`, or a package.json written by echo, cat or tee.
    "npm pkg set scripts.x='rm -rf y' && npm run x",
    "npm pkg set scripts.test='rm -rf y' && npm test",
    'echo \'{"scripts":{"x":"rm -rf y"}}\' > package.json && npm run x',
    'cat > package.json <<\'EOF\'\n{"scripts":{"start":"rm -rf y"}}\nEOF\nnpm start',
    'echo \'{"scripts":{"x":"rm -rf y"}}\' | tee package.json && pnpm run x',
    'echo \'{"scripts":{"x":"rm -rf y"}}\' > package.json && yarn x',
    'echo \'{"scripts":{"prex":"rm -rf y","x":"ls"}}\' > sub/package.json && npm --prefix sub run x',
    'echo \'{"scripts":{"postinstall":"rm -rf y"}}\' > package.json && npm ci',
    // tox.ini's commands.
    "printf '[testenv]\\ncommands = rm -rf y\\n' > tox.ini && tox",
    "printf '[testenv]\\ncommands =\\n    pytest\\n    rm -rf y\\n' > tox.ini && tox -e py",
    // Hooks moved by core.hooksPath, or fired under git -C.
    "mkdir h && echo 'rm -rf y' > h/pre-commit && git config core.hooksPath h && git commit -m x",
    "echo 'rm -rf y' > h/pre-commit && git -c core.hooksPath=h commit -m x",
    "echo 'rm -rf y' > sub/.git/hooks/pre-commit && git -C sub commit -m x",
    "echo 'rm -rf y' > /tmp/r/.git/hooks/pre-push && git -C /tmp/r push",
    // `sub` may be a directory of the repository whose hooks are `.git/hooks`.
    "echo 'rm -rf y' > .git/hooks/pre-commit && git -C sub commit -m x",
    // Commands fed to ftp clients: `!CMD` runs in a local shell.
    "echo '!rm -rf y' | sftp -b - host",
    "printf '!rm -rf y\\n' | ftp host",
    "sftp -b - host <<'EOF'\n!rm -rf y\nEOF",
    "ftp -n host <<< '!rm -rf y'",
    "echo '!rm -rf y' > b.txt && sftp -b b.txt host",
    "echo '!rm -rf y' > b.txt && ftp -n host < b.txt",
    "echo 'lcd /tmp; !rm -rf y' > s.lftp && lftp -f s.lftp",
    "lftp -c 'open h; !rm -rf y'",
    // make's VAR=value operands are make code: `$(SHELL)` runs every recipe.
    'make SHELL=/bin/rm',
    'make -f Makefile SHELL=rm all',
    "make CC='rm -rf y'",
  ])('%s is denied under Bash(rm:*)', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    // Another script than the one written runs, or nothing the line shows.
    'echo \'{"scripts":{"x":"rm -rf y"}}\' > package.json && npm run z',
    'echo \'{"scripts":{"x":"echo hi","clean":"rm -rf dist"}}\' > package.json && npm run x',
    "npm pkg set scripts.x='rm -rf y' && npm run y",
    "printf '[testenv]\\ndeps = rm\\n' > tox.ini && tox -e py",
    "echo 'rm -rf y' > h/pre-commit && git commit -m x",
    "echo 'rm -rf y' > sub/.git/hooks/pre-commit && git -C other commit -m x",
    "echo 'put a.txt' | sftp -b - host",
    "echo '!ls' | ftp host",
    "lftp -c 'open h; put x'",
    'make CC=gcc',
    'npm run build',
    'tox',
  ])('%s is not', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });
});

describe("make's makefiles, from the table", () => {
  it('runs the default makefiles, or each -f FILE, under -C DIR', () => {
    expect(runs('make').map((file) => file.path)).toEqual(['GNUmakefile', 'makefile', 'Makefile']);
    expect(runs('gmake', '-f', 'a.mk', '--file=b.mk', '-fc.mk').map((file) => file.path)).toEqual([
      'a.mk',
      'b.mk',
      'c.mk',
    ]);
    expect(runs('make', '-C', 'sub', '-f', 'x.mk').map((file) => file.path)).toEqual(['sub/x.mk']);
    expect(runs('make', '-j', '4', 'all').map((file) => file.path)).toContain('Makefile');
  });

  it.each([
    "echo 'all:' > Makefile && printf '\\trm -rf y\\n' >> Makefile && make",
    "printf 'all:\\n\\trm -rf y\\n' > sub/Makefile && make -C sub",
    "printf 'all:\\n\\trm -rf y\\n' > x.mk && make -j4 --file=x.mk",
  ])('%s is denied under Bash(rm:*)', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });
});
