import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WRAPPER_NAMES } from '../commands';
import { analyzeShell } from './analyze-shell';
import { commandWordBasename, SHELL_NAMES } from './command-word';
import type { ShellWord } from './types';
import { needsUnwrap } from './unwrap';

const unwrap = (command: string) => analyzeShell(command).commands[0]?.unwrapped;

describe('unwrapping wrappers', () => {
  it.each([
    ['sudo rm x', ['sudo'], ['rm', 'x']],
    ['sudo -u root -g wheel -E -H -n rm x', ['sudo'], ['rm', 'x']],
    ['sudo -uroot --preserve-env=PATH -- rm x', ['sudo'], ['rm', 'x']],
    ['sudo --user=root --chdir /tmp rm x', ['sudo'], ['rm', 'x']],
    ['/usr/bin/sudo -C 3 -D /tmp -h host -p pw -r role -t type -T 5 -U bob -R /r rm', ['sudo'], ['rm']],
    ['env rm x', ['env'], ['rm', 'x']],
    ['env -i -0 -v -u HOME --unset=PATH -C /tmp --chdir=/ -- rm x', ['env'], ['rm', 'x']],
    ['env - rm', ['env'], ['rm']],
    ['timeout 5 rm x', ['timeout'], ['rm', 'x']],
    ['timeout -s KILL -k 3 --preserve-status --foreground -v 5s rm x', ['timeout'], ['rm', 'x']],
    ['timeout --signal=TERM --kill-after=1 5 rm', ['timeout'], ['rm']],
    ['nice rm', ['nice'], ['rm']],
    ['nice -n 5 rm', ['nice'], ['rm']],
    ['nice -5 rm', ['nice'], ['rm']],
    ['nice --adjustment=3 rm', ['nice'], ['rm']],
    ['nohup rm x', ['nohup'], ['rm', 'x']],
    ['stdbuf -i0 -o L -e 0 rm', ['stdbuf'], ['rm']],
    ['stdbuf --output=L rm', ['stdbuf'], ['rm']],
    ['ionice -c 2 -n 7 -t rm', ['ionice'], ['rm']],
    ['setsid -c -f -w rm', ['setsid'], ['rm']],
    ['/usr/bin/time -p -f %e -o t.txt rm', ['time'], ['rm']],
    ['command rm', ['command'], ['rm']],
    ['command -p rm', ['command'], ['rm']],
    ['builtin cd /', ['builtin'], ['cd', '/']],
    ['exec rm', ['exec'], ['rm']],
    ['exec -a name -c -l rm', ['exec'], ['rm']],
    ['watch -x rm x', ['watch'], ['rm', 'x']],
    ['doas -u root rm', ['doas'], ['rm']],
    ['sudo env FOO=1 timeout 5 nice -n 5 rm -rf /', ['sudo', 'env', 'timeout', 'nice'], ['rm', '-rf', '/']],
    [
      'sudo -u bob nohup stdbuf -oL ionice -c3 setsid command exec rm',
      ['sudo', 'nohup', 'stdbuf', 'ionice', 'setsid', 'command', 'exec'],
      ['rm'],
    ],
    ['flock -n /tmp/lock rm x', ['flock'], ['rm', 'x']],
    ['taskset -c 0-3 rm', ['taskset'], ['rm']],
    ['chrt -f 10 rm', ['chrt'], ['rm']],
    ['chroot --userspec=a:b /srv rm', ['chroot'], ['rm']],
    ['strace -f -e trace=open -o log rm', ['strace'], ['rm']],
    ['unshare -r --mount rm', ['unshare'], ['rm']],
    ['unbuffer -p rm', ['unbuffer'], ['rm']],
    ['pkexec --user root rm', ['pkexec'], ['rm']],
    ['runuser -u bob -- rm', ['runuser'], ['rm']],
    ['busybox rm -rf /', ['busybox'], ['rm', '-rf', '/']],
  ])('%j runs %j → %j', (command, wrappers, argv) => {
    const unwrapped = unwrap(command);
    expect(unwrapped?.wrappers).toEqual(wrappers);
    expect(unwrapped?.argv).toEqual(argv);
    expect(unwrapped?.opaqueReason).toBeUndefined();
  });

  it.each([
    ['env', ['env']],
    ['sudo -v', ['sudo']],
    ['sudo -l', ['sudo']],
    ['command -v rm', ['command']],
    ['command -V rm', ['command']],
    ['ionice -p 123', ['ionice']],
    ['nice', ['nice']],
    ['timeout 5', ['timeout']],
  ])('%j runs no command', (command, wrappers) => {
    expect(unwrap(command)?.wrappers).toEqual(wrappers);
    expect(unwrap(command)?.argv).toEqual([]);
  });

  it.each([
    ['sudo -X rm', /sudo: unknown option -X/],
    ['sudo --frobnicate rm', /unknown option --frobnicate/],
    ['sudo -e /etc/passwd', /sudoedit/],
    ['sudo -s', /interactive shell/],
    ['sudo -i', /interactive shell/],
    ['env --bogus rm', /unknown option/],
    ['timeout -z 5 rm', /unknown option -z/],
    ['timeout $T rm', /dynamic/],
    ['sudo "$CMD"', /dynamic/],
    ['nice -n', /needs a value/],
    ['xargs -J % mv % x', /unknown option -J/],
    ['env -S "rm x"', /-S/],
  ])('%j is not guessed: %s', (command, reason) => {
    const unwrapped = unwrap(command);
    expect(unwrapped?.opaqueReason).toMatch(reason);
    expect(analyzeShell(command).opaque).toBe(true);
  });

  it('stops at the unknown option and keeps the wrapper as the command', () => {
    expect(unwrap('sudo env -Q x rm')).toMatchObject({ wrappers: ['sudo'], argv: ['env', '-Q', 'x', 'rm'] });
  });

  it('collects env and sudo assignments', () => {
    expect(unwrap('sudo LD_PRELOAD=/x.so env -u A PATH=/tmp B= rm')?.assignments).toEqual([
      { name: 'LD_PRELOAD', value: '/x.so', dynamic: false, form: 'env' },
      { name: 'PATH', value: '/tmp', dynamic: false, form: 'env' },
      { name: 'B', value: '', dynamic: false, form: 'env' },
    ]);
  });

  it('lists the xargs command separately, opaque, and keeps it in unwrapped', () => {
    const analysis = analyzeShell('find . | xargs -0 -I {} -n1 -P 2 -r -t --max-args=1 rm -f {}');
    const inner = analysis.commands.find((entry) => entry.context === 'xargs');
    expect(inner?.argv).toEqual(['rm', '-f', '{}']);
    expect(inner?.opaqueReasons.join()).toMatch(/xargs/);
    expect(analysis.commands[1]?.unwrapped).toMatchObject({ wrappers: ['xargs'], argv: ['rm', '-f', '{}'] });
  });

  it('lists every find -exec command, unwrapped too', () => {
    const analysis = analyzeShell('find . -exec sudo rm {} + -o -execdir chmod 600 {} \\; -ok cat {} ";"');
    const inner = analysis.commands.filter((entry) => entry.context === 'find-exec');
    expect(inner.map((entry) => entry.argv)).toEqual([
      ['sudo', 'rm', '{}'],
      ['chmod', '600', '{}'],
      ['cat', '{}'],
    ]);
    expect(inner[0]?.unwrapped.argv).toEqual(['rm', '{}']);
  });

  it('parses watch command strings and parallel commands', () => {
    expect(analyzeShell("watch -n 2 -d 'ls; cat .env'").commands.map((entry) => entry.argv)).toEqual([
      ['watch', '-n', '2', '-d', 'ls; cat .env'],
      ['ls'],
      ['cat', '.env'],
    ]);
    expect(analyzeShell('parallel -j4 gzip ::: a b').commands[1]).toMatchObject({
      argv: ['gzip'],
      context: 'xargs',
    });
  });

  it.each([
    ["su -c 'rm -rf /' root"],
    ["su - root -c 'rm -rf /'"],
    ["runuser -l bob -c 'rm -rf /'"],
    ["flock /tmp/lock -c 'rm -rf /'"],
    ["flock --command='rm -rf /' /tmp/lock"],
    ["sg docker -c 'rm -rf /'"],
    ["script -qc 'rm -rf /' /dev/null"],
    ['sg - grp "rm -rf /"'],
    ['script out.log -c "rm -rf /"'],
    ['runuser bob --command "rm -rf /"'],
    ['flock --command "rm -rf /" /tmp/lock'],
  ])('%j runs its script string, listed and opaque', (command) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands.find((entry) => entry.context === 'wrapper-argument')?.argv).toEqual([
      'rm',
      '-rf',
      '/',
    ]);
    expect(analysis.opaque).toBe(true);
  });

  it.each([
    ['sh -c "printenv; echo $1"', 'sh'],
    ["bash -c 'cat .env; echo $X'", 'bash'],
    ['eval "printenv; $X"', 'eval'],
    ["trap 'printenv; $X' EXIT", 'trap'],
    ["watch 'printenv; $X'", 'watch'],
  ])('%j: a script computed in part is still read as written, and stays opaque', (command, outer) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands[0]?.argv[0]).toBe(outer);
    expect(analysis.commands[0]?.unwrapped.opaqueReason).toBeDefined();
    expect(analysis.commands.slice(1).map((entry) => entry.argv[0])).toContain(
      command.includes('.env') ? 'cat' : 'printenv',
    );
    expect(analysis.opaque).toBe(true);
  });

  it('unwraps before looking for sh -c', () => {
    const analysis = analyzeShell("sudo -u bob bash -c 'cat ~/.ssh/id_rsa'");
    expect(analysis.commands[1]).toMatchObject({ argv: ['cat', '~/.ssh/id_rsa'], context: 'shell-string' });
  });
});

describe('needsUnwrap', () => {
  // The set it answers for, as unwrap.ts builds it; the shape table must never rule one out.
  const names = new Set([...WRAPPER_NAMES, ...SHELL_NAMES, 'eval', 'find', 'trap']);
  const word = (value: string, dynamic = false): ShellWord => ({
    value,
    raw: value,
    dynamic,
    glob: false,
    quoted: false,
  });
  const expected = (value: string) => names.has(commandWordBasename(value));

  it('answers as a lookup of the basename, for the names and words like them', () => {
    // Its first test reads a name's last two characters: a one-character name would slip by.
    for (const name of names) expect(name.length, name).toBeGreaterThanOrEqual(2);
    const values = [
      '',
      '/',
      'a/',
      'git',
      'ls',
      'echo',
      'python3',
      '/usr/bin/env/',
      'sudo\u00e9',
      'Sudo',
      'SUDO',
    ];
    for (const name of names) {
      for (const prefix of ['', '/', '/usr/bin/', 'x/', './']) {
        values.push(prefix + name, `${prefix + name}x`, prefix + name.slice(1), prefix + name.slice(0, -1));
        values.push(`${prefix}x${name}`, prefix + name.toUpperCase(), `${prefix + name}/`);
      }
    }
    for (const value of values) {
      expect(needsUnwrap([word(value)]), value).toBe(expected(value));
      expect(needsUnwrap([word(value, true)]), value).toBe(false);
    }
    expect(needsUnwrap([])).toBe(false);
  });

  it('answers as a lookup of the basename on any word', () => {
    const char = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCSZ/._-0\u00e9\u0101');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
        const value = chars.join('');
        expect(needsUnwrap([word(value)])).toBe(expected(value));
      }),
      { numRuns: 20000 },
    );
  });
});
