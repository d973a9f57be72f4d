/**
 * The wrappers' entries of the command table (table/wrappers.ts) as the shell parser reads
 * them: each fact `unwrap` states, and what the entries keep from the tables they replaced
 * (shell/wrapper-specs.ts, shell/wrapper-handlers.ts). Unwrapping itself, form by form, is
 * in shell/unwrap.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../classifier';
import { analyzeShell } from '../shell/analyze-shell';
import { RUNNER_NAMES, WRAPPER_NAMES } from './index';
import { WRAPPERS } from './table/wrappers';

const unwrap = (command: string) => analyzeShell(command).commands[0]!.unwrapped;

describe('the wrappers of the command table', () => {
  it('every wrapper entry is one the parser unwraps', () => {
    for (const entry of WRAPPERS)
      for (const name of entry.names) expect(WRAPPER_NAMES.has(name), name).toBe(true);
    for (const name of ['busybox', 'toybox']) expect(WRAPPER_NAMES.has(name)).toBe(true);
  });

  it('deny rules are matched at every later word of the wrappers that say so, and only those', () => {
    const every = ['chroot', 'flock', 'unshare', 'taskset', 'chrt', 'strace', 'script', 'su', 'runuser'];
    for (const name of [...every, 'pkexec', 'doas', 'sg', 'unbuffer'])
      expect(RUNNER_NAMES.has(name), name).toBe(true);
    for (const name of ['sudo', 'env', 'timeout', 'nice', 'nohup', 'xargs', 'watch', 'command', 'exec'])
      expect(RUNNER_NAMES.has(name), name).toBe(false);
  });

  it.each([
    // noCommandWith
    ['sudo --list', ['sudo'], []],
    ['taskset -p 1 2', ['taskset'], []],
    ['chrt -m', ['chrt'], []],
    ['chrt -p 10 1234', ['chrt'], []],
    ['ionice -u 1000', ['ionice'], []],
    // runs: input, until `:::`
    ['parallel ::: a', ['parallel'], []],
    // commandWith: options after the command are the command's
    ['runuser -u bob ls -c x', ['runuser'], ['ls', '-c', 'x']],
    ['runuser -u bob', ['runuser'], []],
    // dashOperands and assignments
    ['env -- - X=1 rm', ['env'], ['rm']],
    // an operand of its own, then the command, whatever it looks like
    ['timeout 5 --foo', ['timeout'], ['--foo']],
    ['chroot /srv -- rm', ['chroot'], ['--', 'rm']],
    // the value of an option may be computed; it is not where the command belongs
    ['sudo -u $U rm', ['sudo'], ['rm']],
  ])('%j takes off %j and runs %j', (command, wrappers, argv) => {
    const unwrapped = unwrap(command);
    expect(unwrapped.wrappers).toEqual(wrappers);
    expect(unwrapped.argv).toEqual(argv);
    expect(unwrapped.opaqueReason).toBeUndefined();
  });

  it.each([
    ['sudo --list=x rm', 'sudo: unknown option --list'],
    ['sudo --edit f', 'sudo: -e edits files (sudoedit)'],
    ['env -u', 'env: option -u needs a value'],
    ['env --split-string="rm x"', 'env: -S splits its argument into a command'],
    ['timeout -- $T rm', 'timeout: dynamic word where an option or the command belongs'],
    ['nohup $X', 'nohup: dynamic word where an option or the command belongs'],
    ['su bob', 'su starts a shell or passes arguments to one'],
    ['flock f -c "$X"', 'flock -c with a non-literal script'],
  ])('%j stays the command: %s', (command, reason) => {
    const unwrapped = unwrap(command);
    expect(unwrapped.wrappers).toEqual([]);
    expect(unwrapped.opaqueReason).toBe(reason);
  });

  it.each([
    ['script out.log', 'script starts a shell'],
    ['sg grp', 'sg starts a shell'],
    ['chroot /x', 'chroot starts a shell'],
    ['doas -s', 'doas starts a shell'],
    ['sudo -i', 'sudo starts an interactive shell'],
  ])('%j is taken off and starts a shell: %s', (command, reason) => {
    const unwrapped = unwrap(command);
    expect(unwrapped.argv).toEqual([]);
    expect(unwrapped.opaqueReason).toBe(reason);
  });

  it("GNU time's -o writes its report: the entry's write role", () => {
    for (const command of [
      '/usr/bin/time -o t.txt ls',
      'command time --output=t.txt ls',
      'env time -ao t.txt ls',
    ]) {
      expect(classifyCommand(analyzeShell(command).commands[0]!)).toMatchObject({
        classification: 'mutating',
      });
    }
    expect(classifyCommand(analyzeShell('/usr/bin/time -p ls').commands[0]!).classification).toBe(
      'read-only',
    );
  });
});
