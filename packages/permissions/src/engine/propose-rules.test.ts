import { describe, expect, it } from 'vitest';
import { subcommandPrefix } from '../classifier';
import { RUNS_CODE_SUBCOMMANDS } from '../commands';

describe('rule proposals: the subcommands that run code are the command table’s', () => {
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
