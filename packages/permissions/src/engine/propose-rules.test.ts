import { describe, expect, it } from 'vitest';
import { subcommandPrefix } from '../classifier';
import { RUNS_CODE_SUBCOMMANDS } from '../commands';

describe('rule proposals: the subcommands that run code are the command table’s', () => {
  // Decision 0047: the classifier's own list of code-running subcommands is gone; each of
  // these is an `implies` fact of the subcommand's entry (`runs` or `writes`), or a check of
  // table-checks.ts. Dropping one fact makes its line fail.
  it.each([
    ['cargo', 'run'],
    ['cargo', 'r'],
    ['cargo', 'install'],
    ['cargo', 'script'],
    ['go', 'run'],
    ['go', 'generate'],
    ['go', 'tool'],
    ['docker', 'build'],
    ['docker', 'buildx'],
    ['docker', 'compose'],
    ['podman', 'build'],
    ['dotnet', 'run'],
    ['dotnet', 'exec'],
    ['dotnet', 'tool'],
    ['npm', 'explore'],
    ['npm', 'rebuild'],
    ['npm', 'install-test'],
    ['npm', 'it'],
    ['pnpm', 'create'],
    ['yarn', 'create'],
    ['yarn', 'node'],
    ['poetry', 'shell'],
    ['pipenv', 'shell'],
    ['kubectl', 'attach'],
    ['kubectl', 'apply'],
    ['kubectl', 'create'],
    ['kubectl', 'proxy'],
    ['kubectl', 'port-forward'],
    ['git', 'rebase'],
    ['git', 'difftool'],
    ['git', 'mergetool'],
    ['git', 'bisect'],
    ['git', 'submodule'],
    ['git', 'filter-branch'],
  ])('%s %s runs code or changes state: a table fact, and no prefix up to it', (command, sub) => {
    expect(RUNS_CODE_SUBCOMMANDS.get(command)?.has(sub) ?? false).toBe(true);
    expect(subcommandPrefix([command, sub, 'x'])).toBeUndefined();
  });

  it('proposes no prefix up to a subcommand whose operands make it write (a check of the table)', () => {
    for (const sub of ['branch', 'tag', 'config'])
      expect(subcommandPrefix(['git', sub, '--list']), sub).toBeUndefined();
    // Its verbs are prefixes of their own: `git stash list` reads.
    expect(subcommandPrefix(['git', 'stash', 'list'])).toEqual(['git', 'stash', 'list']);
  });

  it('derives them from the entries: runners, package runners, command lines, stored programs', () => {
    const has = (command: string, sub: string) => RUNS_CODE_SUBCOMMANDS.get(command)?.has(sub) ?? false;
    for (const [command, sub] of [
      ['npm', 'exec'],
      ['npm', 'x'],
      ['npm', 'config'],
      ['pnpm', 'dlx'],
      ['yarn', 'exec'],
      ['docker', 'run'],
      ['docker', 'exec'],
      ['kubectl', 'exec'],
      ['kubectl', 'debug'],
      ['uv', 'run'],
      ['uv', 'tool'],
      ['poetry', 'run'],
      ['bundle', 'exec'],
      ['mise', 'x'],
      ['op', 'run'],
      ['doppler', 'run'],
      ['direnv', 'exec'],
      ['deno', 'eval'],
    ])
      expect(has(command!, sub!), `${command} ${sub}`).toBe(true);
    for (const [command, sub] of [
      ['npm', 'test'],
      ['npm', 'pkg'],
      ['docker', 'ps'],
      ['kubectl', 'get'],
      ['op', 'read'],
    ])
      expect(has(command!, sub!), `${command} ${sub}`).toBe(false);
  });

  it('proposes no prefix up to one, and none of the whole tool', () => {
    for (const argv of [
      ['npm', 'exec', 'x'],
      ['npm', 'x', 'y'],
      ['uv', 'run', 'pytest'],
      ['uv', 'tool', 'run', 'x'],
      ['poetry', 'run', 'x'],
      ['mise', 'exec', 'node@20'],
      ['direnv', 'exec', '.', 'make'],
      ['op', 'run', '--', 'ls'],
      ['docker', 'exec', 'c', 'ls'],
      ['kubectl', 'debug', 'pod'],
    ])
      expect(subcommandPrefix(argv), argv.join(' ')).toBeUndefined();
    // Their other subcommands: a prefix up to the subcommand, never the tool's word alone.
    expect(subcommandPrefix(['op', 'whoami'])).toEqual(['op', 'whoami']);
    expect(subcommandPrefix(['direnv', 'status'])).toEqual(['direnv', 'status']);
    expect(subcommandPrefix(['mise', 'ls'])).toEqual(['mise', 'ls']);
    expect(subcommandPrefix(['op'])).toBeUndefined();
    expect(subcommandPrefix(['npm', 'ls'])).toEqual(['npm', 'ls']);
  });
});
