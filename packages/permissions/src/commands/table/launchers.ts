/**
 * Launchers: programs that start another program given in their words — as another user
 * (`gosu USER CMD`), with a changed environment or personality (`envdir DIR CMD`, `setarch ARCH
 * CMD`), as a daemon, under a profiler or a cluster's scheduler, in a terminal window, a network
 * namespace, a container or a version manager's environment (decision 0067). Each runs the
 * command it is given: a deny rule is matched at its later words, and a prefix rule on the
 * launcher covers the command only when the command is covered on its own (decision 0057).
 *
 * Where the options are known (from each tool's manual), the parser takes the launcher off
 * (`unwrap`, as for `chroot`): an option the entry does not list stops that (the command is
 * opaque, asked). Where they are not, the launcher is a runner whose later words may each start
 * the command (`any-later-word`). Given no command, some start a shell of their own, which reads
 * its commands from standard input (`withoutCommand`).
 */
import type { CommandFact } from '../types';
import { runsCode } from './runs-code';
import { COMPOSE } from './tools';

/** A launcher the parser takes off: the command follows its options (and `commandAfter` operands). */
const LAUNCHER = { wrapper: 'after-options', permute: false } as const;

/** The deny rules are matched at every later word too, where unwrapping stops. */
const EVERY_LATER_WORD = { everyLaterWord: true } as const;

/** Given no program, it runs the user's shell (or `/bin/sh`), which reads standard input. */
const STARTS_SHELL = { withoutCommand: { reason: 'starts a shell' }, everyLaterWord: true } as const;

/** util-linux setarch's personality flags (`linux32` and `linux64` are setarch by another name). */
const SETARCH = {
  ...LAUNCHER,
  short: 'BFILRSTXZ3vhV',
  long:
    '32bit fdpic-funcptrs uname-2.6 addr-compat-layout addr-no-randomize whole-seconds sticky-timeouts ' +
    'read-implies-exec mmap-page-zero 3gb 4gb list verbose help version',
} as const;

/** A runner whose later words may each start the command: its options are not listed. */
const RUNS_LATER_WORDS = {
  summary: 'runs a command given in its later words',
  wrapper: 'any-later-word',
} as const;

/** A runner whose command is its first operand, after its options. */
const RUNS_AFTER_OPTIONS = { ...RUNS_LATER_WORDS, commandAfter: 0 } as const;

/**
 * Runners whose options the table does not list (or not all of): any later word that is no
 * option may start the command. QEMU's user-mode emulators,
 * terminal emulators (`xterm -e CMD`, `gnome-terminal -- CMD`), WSL and systemd-nspawn.
 */
const NAMED_LAUNCHERS = [
  'qemu-x86_64',
  'qemu-x86_64-static',
  'qemu-i386',
  'qemu-i386-static',
  'qemu-aarch64',
  'qemu-aarch64-static',
  'qemu-arm',
  'qemu-arm-static',
  'qemu-riscv64',
  'qemu-riscv64-static',
  'xterm',
  'uxterm',
  'gnome-terminal',
  'konsole',
  'xfce4-terminal',
  'mate-terminal',
  'lxterminal',
  'terminator',
  'urxvt',
  'rxvt',
  'alacritty',
  'kitty',
  'st',
  'wsl',
  'wsl.exe',
  'systemd-nspawn',
] as const;

/** MPI's launchers: Open MPI's and MPICH's options with a value, spelled with one dash or two. */
const MPI_RUN = {
  summary: 'starts a program as parallel MPI processes',
  wrapper: 'any-later-word',
  commandAfter: 0,
  singleDash: true,
  long:
    'n= np= c= H= host= hosts= hostfile= machinefile= f= ppn= npernode= N= wdir= wd= x= mca= ' +
    'map-by= bind-to= rank-by= oversubscribe allow-run-as-root q quiet v verbose genvall',
  values: { '-wdir': 'chdir', '--wdir': 'chdir', '-wd': 'chdir', '--wd': 'chdir' },
  // `--mca NAME VALUE`, MPICH's `-genv NAME VALUE` and `-env NAME VALUE`: two words.
  pairs: { '-mca': 'value', '--mca': 'value' },
} as const;

/** A version manager's `exec`/`run`: the command follows its options (and a version, for nvm). */
const VERSION_RUN = {
  summary: "runs a command with the manager's version of a tool",
  wrapper: 'any-later-word',
  commandAfter: 0,
} as const;

export const LAUNCHERS: readonly CommandFact[] = [
  {
    // Software Collections: `scl enable COLLECTION… 'CMD'` runs the command line CMD in a shell
    // with the collections on; so does `scl enable COLLECTION… -- CMD ARGS`, its words joined.
    names: ['scl'],
    summary: 'runs a command with Software Collections enabled',
    permute: false,
    subcommands: {
      // The command's words may be one word or several: any later word may start it.
      enable: { summary: 'runs a command with collections enabled', wrapper: 'any-later-word' },
    },
    examples: [{ argv: ['scl', 'enable', 'dts', '--', 'make'], runs: ['dts -- make', 'make'] }],
  },
  {
    // flyctl: `fly ssh console -C CMD` runs CMD on the machine.
    names: ['fly', 'flyctl'],
    summary: 'the Fly.io CLI',
    permute: false,
    subcommands: {
      ssh: {
        summary: 'ssh to machines',
        subcommands: {
          console: {
            summary: 'opens a shell on a machine, or runs the command given with -C',
            short: 'C:a:s:u:r:A:',
            long: 'command= app= select user= region= address= machine= pty quiet config= org=',
            values: { '-C': 'script', '--command': 'script', '-a': 'name', '--app': 'name' },
          },
        },
      },
    },
    examples: [
      { argv: ['fly', 'ssh', 'console', '-a', 'app', '-C', 'rm -rf x'], commandLines: ['rm -rf x'] },
    ],
  },
  {
    // libcap's capsh: its options are `--NAME=VALUE` (or flags); `--` runs `/bin/bash` (or the
    // `--shell=` program) with the words after it (`capsh -- -c CMD`), `==` capsh again.
    names: ['capsh'],
    summary: 'runs a shell with changed capabilities, user or root; `--` hands it the words after',
    long:
      'caps=? drop=? inh=? user=? uid=? gid=? groups=? chroot=? keep=? secbits=? addamb=? delamb=? iab=? ' +
      'mode=? shell=? decode=? supports=? has-p=? has-i=? has-a=? has-b=? is-uid=? is-gid=? killit=? ' +
      'forkfor=? explain=? noamb noenv quiet strict print current license modes has-ambient',
    // Every word after `--` is an argument of that shell, not a command of its own.
    unwrap: {
      withoutCommand: { reason: 'starts a shell or passes arguments to one', kept: true },
      everyLaterWord: true,
    },
    examples: [{ argv: ['capsh', '--drop=cap_net_raw', '--', '-c', 'ls'], prefix: [] }],
  },
  {
    // util-linux login: `login [-p] [-h HOST] [-H] [-f USER | USER [ENV=VALUE…]]`.
    names: ['login'],
    summary: "starts a user's login shell",
    short: 'h:fpH',
    operands: ['name'],
    unwrap: { withoutCommand: { reason: 'starts a shell', kept: true }, everyLaterWord: true },
    examples: [{ argv: ['login', '-f', 'bob'], roles: { 2: 'name' } }],
  },
  {
    // Compose v1, the same options and subcommands as `docker compose`.
    names: ['docker-compose'],
    ...runsCode("starts, runs or execs into a compose file's services"),
    ...COMPOSE,
    permute: false,
    examples: [
      { argv: ['docker-compose', 'exec', 'web', 'rm', 'x'], runs: ['rm x'] },
      { argv: ['docker-compose', '-f', 'c.yml', 'run', 'web', 'ls'], runs: ['ls'] },
      { argv: ['docker-compose', 'ps'], runs: [] },
    ],
  },
  {
    names: ['gosu', 'su-exec'],
    summary: 'runs a command as another user (`gosu USER CMD`), for container entrypoints',
    ...LAUNCHER,
    long: 'help version',
    commandAfter: 1,
    unwrap: EVERY_LATER_WORD,
    examples: [
      { argv: ['gosu', 'app:app', 'rm', '-rf', 'x'], roles: { 1: 'unknown', 2: 'command' } },
      { argv: ['su-exec', 'nobody', 'ls'], roles: { 2: 'command' } },
    ],
  },
  {
    // daemontools and s6: the account, or the directory of variables, then the program.
    names: ['setuidgid', 'envuidgid', 's6-setuidgid', 'envdir'],
    summary: 'runs a program as an account, or with the variables of a directory (daemontools, s6)',
    ...LAUNCHER,
    commandAfter: 1,
    unwrap: EVERY_LATER_WORD,
    examples: [
      { argv: ['setuidgid', 'www', 'rm', 'x'], roles: { 1: 'unknown', 2: 'command' } },
      { argv: ['envdir', './env', 'make'], roles: { 2: 'command' } },
    ],
  },
  {
    names: ['s6-envdir'],
    summary: "s6's envdir: runs a program with the variables of a directory",
    ...LAUNCHER,
    short: 'c:IinfL',
    commandAfter: 1,
    unwrap: EVERY_LATER_WORD,
    examples: [{ argv: ['s6-envdir', '-I', 'env', 'rm'], roles: { 2: 'unknown', 3: 'command' } }],
  },
  {
    names: ['s6-applyuidgid'],
    summary: 'runs a program with the user and group ids its options give (s6)',
    ...LAUNCHER,
    short: 'u:g:G:Uz',
    unwrap: EVERY_LATER_WORD,
    examples: [{ argv: ['s6-applyuidgid', '-u', '0', 'rm'], roles: { 3: 'command' } }],
  },
  {
    names: ['with-contenv', 'pgrphack'],
    summary: 'runs a program with the container environment (s6-overlay), or in a new process group',
    ...LAUNCHER,
    unwrap: EVERY_LATER_WORD,
    examples: [{ argv: ['with-contenv', 'rm', 'x'], roles: { 1: 'command' } }],
  },
  {
    names: ['setlock'],
    summary: 'runs a program holding a lock file (daemontools)',
    ...LAUNCHER,
    short: 'nNxX',
    commandAfter: 1,
    unwrap: EVERY_LATER_WORD,
    examples: [{ argv: ['setlock', '-n', 'lock', 'rm'], roles: { 3: 'command' } }],
  },
  {
    names: ['softlimit'],
    summary: 'runs a program with resource limits (daemontools)',
    ...LAUNCHER,
    short: 'm:a:d:s:l:f:c:o:p:t:r:',
    unwrap: EVERY_LATER_WORD,
    examples: [{ argv: ['softlimit', '-m', '100000', 'rm'], roles: { 2: 'unknown', 3: 'command' } }],
  },
  {
    // runit: `-/ ROOT` (chroot) is not listed, so it stops unwrapping.
    names: ['chpst'],
    summary: "runit's chpst: runs a program with a changed user, environment, limits or root",
    ...LAUNCHER,
    short: 'u:U:b:e:C:n:l:L:m:d:o:p:f:c:r:t:vP012',
    values: { '-C': 'chdir' },
    unwrap: EVERY_LATER_WORD,
    examples: [
      { argv: ['chpst', '-u', 'www', 'rm', 'x'], roles: { 2: 'unknown', 3: 'command' } },
      { argv: ['chpst', '-C', '/srv', '-e', 'env', 'make'], roles: { 2: 'chdir', 5: 'command' } },
    ],
  },
  {
    names: ['authbind'],
    summary: 'runs a program allowed to bind low ports',
    ...LAUNCHER,
    long: 'deep depth=',
    unwrap: EVERY_LATER_WORD,
    examples: [{ argv: ['authbind', '--deep', 'rm', 'x'], roles: { 2: 'command' } }],
  },
  {
    names: ['fakechroot'],
    summary: 'runs a command (or a shell) in a fake chroot environment',
    ...LAUNCHER,
    short: 'l:d:e:c:b:shv',
    long: 'lib= elfloader= use-system-libs environment= config-dir= bindir= help version',
    unwrap: STARTS_SHELL,
    examples: [{ argv: ['fakechroot', '-e', 'debootstrap', 'rm'], roles: { 2: 'unknown', 3: 'command' } }],
  },
  {
    names: ['setarch'],
    summary: 'runs a program (or a shell) with another architecture personality',
    ...SETARCH,
    // `setarch ARCH [OPTIONS] [PROGRAM]`: the architecture first.
    commandAfter: 1,
    unwrap: { ...STARTS_SHELL, noCommandWith: ['--list'] },
    examples: [{ argv: ['setarch', 'x86_64', 'rm', 'x'], roles: { 1: 'unknown', 2: 'command' } }],
  },
  {
    names: ['linux32', 'linux64'],
    summary: 'setarch with the architecture in its name: runs a program (or a shell)',
    ...SETARCH,
    unwrap: STARTS_SHELL,
    examples: [{ argv: ['linux32', '-R', 'rm', 'x'], roles: { 2: 'command' } }],
  },
  {
    names: ['daemonize'],
    summary: 'runs a program as a daemon',
    ...LAUNCHER,
    short: 'ac:e:o:E:l:p:u:v',
    values: { '-c': 'chdir', '-e': 'write', '-o': 'write', '-l': 'write', '-p': 'write' },
    unwrap: EVERY_LATER_WORD,
    examples: [
      {
        argv: ['daemonize', '-c', '/tmp', '-p', 'x.pid', '/bin/rm'],
        roles: { 2: 'chdir', 4: 'write', 5: 'command' },
      },
    ],
  },
  {
    names: ['systemd-inhibit'],
    summary: 'runs a command holding a shutdown or sleep inhibitor lock',
    ...LAUNCHER,
    short: 'h',
    long: 'what= who= why= mode= list no-pager no-legend help version',
    unwrap: { noCommandWith: ['--list'], everyLaterWord: true },
    examples: [{ argv: ['systemd-inhibit', '--why=x', 'rm', 'x'], roles: { 2: 'command' } }],
  },
  {
    names: ['ssh-agent'],
    summary: 'the ssh key agent: runs a command with the agent in its environment',
    ...LAUNCHER,
    short: 'a:E:O:P:t:cDdksx',
    unwrap: { noCommandWith: ['-k'], everyLaterWord: true },
    examples: [{ argv: ['ssh-agent', '-t', '60', 'rm', 'x'], roles: { 2: 'unknown', 3: 'command' } }],
  },
  {
    names: ['start-stop-daemon'],
    summary: 'starts (or stops) a daemon: the program `--exec`/`--startas` names, its arguments after `--`',
    short: 'x:p:u:n:g:s:R:a:c:r:d:O:N:P:I:k:SKTHVtoqbCmv',
    long:
      'start stop status help version exec= pidfile= user= name= ppid= group= signal= retry= startas= ' +
      'test oknodo quiet chuid= chroot= chdir= background notify-await notify-timeout= no-close output= ' +
      'nicelevel= procsched= iosched= umask= make-pidfile remove-pidfile verbose',
    values: {
      '-x': 'command',
      '--exec': 'command',
      '-a': 'command',
      '--startas': 'command',
      '-d': 'chdir',
      '--chdir': 'chdir',
    },
    wrapper: 'any-later-word',
    examples: [
      { argv: ['start-stop-daemon', '-S', '-x', '/bin/rm', '--', '-rf', 'x'], roles: { 3: 'command' } },
    ],
  },
  {
    names: ['perf'],
    summary: 'Linux performance tools: `record`, `stat` and `trace` run the command they are given',
    permute: false,
    subcommands: {
      record: {
        ...RUNS_AFTER_OPTIONS,
        short: 'e:p:t:o:F:c:C:G:m:agqvnNTRsdB',
        long: 'event= pid= tid= output= freq= count= cpu= cgroup= call-graph=? all-cpus quiet verbose',
        values: { '-o': 'write', '--output': 'write' },
      },
      stat: {
        ...RUNS_AFTER_OPTIONS,
        short: 'e:p:t:r:C:o:x:G:I:aAdvnBcq',
        long: 'event= pid= tid= repeat= cpu= output= field-separator= cgroup= interval-print= all-cpus verbose',
        values: { '-o': 'write', '--output': 'write' },
      },
      trace: { ...RUNS_AFTER_OPTIONS, short: 'e:p:t:o:', long: 'event= pid= tid= output=' },
    },
    examples: [
      { argv: ['perf', 'stat', '-e', 'cycles', 'rm', 'x'], roles: { 3: 'unknown' }, runs: ['rm x'] },
      { argv: ['perf', 'record', '-o', 'p.data', '-g', 'make'], roles: { 3: 'write' }, runs: ['make'] },
      { argv: ['perf', 'report'], runs: [] },
    ],
  },
  {
    names: ['ip'],
    summary: 'iproute2: `netns exec NS CMD` and `vrf exec VRF CMD` run a command',
    permute: false,
    subcommands: {
      netns: {
        summary: 'network namespaces',
        subcommands: { exec: { ...RUNS_LATER_WORDS, commandAfter: 1 } },
      },
      vrf: { summary: 'VRF devices', subcommands: { exec: { ...RUNS_LATER_WORDS, commandAfter: 1 } } },
    },
    examples: [
      { argv: ['ip', 'netns', 'exec', 'ns', 'rm', 'x'], runs: ['rm x'] },
      { argv: ['ip', 'vrf', 'exec', 'blue', 'ls'], runs: ['ls'] },
      { argv: ['ip', 'netns', 'list'], runs: [] },
    ],
  },
  {
    names: ['mpirun', 'mpiexec', 'orterun'],
    ...MPI_RUN,
    examples: [{ argv: ['mpirun', '-np', '2', 'rm', 'x'], runs: ['rm x'] }],
  },
  {
    names: ['ddev'],
    summary: 'a local web development environment in containers',
    permute: false,
    subcommands: {
      // `ddev exec [-s SERVICE] [-d DIR] CMD`.
      exec: {
        ...RUNS_AFTER_OPTIONS,
        short: 's:d:q',
        long: 'service= dir= raw quiet',
        values: { '-s': 'name', '--service': 'name' },
      },
      // `ddev ssh [-s SERVICE] [-d DIR]`: a shell in the container, reading standard input.
      ssh: {
        summary: "opens a shell in the project's web container (or another service's)",
        short: 's:d:',
        long: 'service= dir=',
        values: { '-s': 'name', '--service': 'name' },
        loginShell: true,
      },
    },
    examples: [
      { argv: ['ddev', 'exec', '-s', 'db', 'rm', 'x'], roles: { 3: 'name' }, runs: ['rm x'] },
      { argv: ['ddev', 'ssh', '-s', 'db'], roles: { 3: 'name' } },
    ],
  },
  {
    names: ['multipass'],
    summary: 'Ubuntu virtual machines: `exec VM -- CMD` runs a command in one',
    permute: false,
    subcommands: {
      exec: {
        ...RUNS_LATER_WORDS,
        short: 'd:',
        long: 'working-directory= no-map-working-directory',
        commandAfter: 1,
      },
      // `multipass shell [VM]`: a login shell in the instance (decision 0067).
      shell: { summary: 'opens a shell in an instance', startsShell: true },
    },
    examples: [
      { argv: ['multipass', 'exec', 'vm', '--', 'rm', 'x'], runs: ['rm x'] },
      { argv: ['multipass', 'shell', 'vm'], startsShell: true },
    ],
  },
  {
    names: ['pyenv', 'rbenv', 'nodenv', 'goenv', 'jenv', 'plenv'],
    summary: 'a version manager: `exec CMD` runs a command with the selected version first on PATH',
    permute: false,
    subcommands: { exec: VERSION_RUN },
    examples: [
      { argv: ['pyenv', 'exec', 'python', '--version'], runs: ['python --version'] },
      { argv: ['rbenv', 'exec', 'rm', 'x'], runs: ['rm x'] },
    ],
  },
  {
    names: ['nvm'],
    summary: 'the Node version manager: `exec VERSION CMD` and `run VERSION SCRIPT` run with that Node',
    permute: false,
    subcommands: {
      exec: { ...VERSION_RUN, long: 'silent lts=?', commandAfter: 1 },
      run: { ...VERSION_RUN, long: 'silent lts=?', commandAfter: 1 },
    },
    examples: [{ argv: ['nvm', 'exec', '20', 'rm', 'x'], runs: ['rm x'] }],
  },
  {
    names: ['volta'],
    summary: 'a JavaScript tool manager: `run CMD` runs a command with the tools its options pin',
    permute: false,
    subcommands: {
      run: {
        ...VERSION_RUN,
        long: 'node= npm= pnpm= yarn= bundled-npm no-yarn no-pnpm env= verbose quiet',
      },
    },
    examples: [
      { argv: ['volta', 'run', '--node', '20', 'rm', 'x'], roles: { 3: 'unknown' }, runs: ['rm x'] },
    ],
  },
  {
    names: ['fnm'],
    summary: 'a Node version manager: `exec [--using VERSION] -- CMD`',
    permute: false,
    subcommands: { exec: { ...VERSION_RUN, long: 'using= using-file' } },
    examples: [{ argv: ['fnm', 'exec', '--using=20', '--', 'rm', 'x'], runs: ['rm x'] }],
  },
  {
    names: NAMED_LAUNCHERS,
    ...RUNS_LATER_WORDS,
    examples: [
      { argv: ['qemu-x86_64', '/bin/rm', '-rf', 'x'], roles: { 1: 'unknown' }, runs: ['/bin/rm -rf x', 'x'] },
      { argv: ['xterm', '-e', 'ls'], runs: ['ls'] },
    ],
  },
  {
    // Slurm: `srun [OPTIONS] EXECUTABLE [ARGS]`, `salloc [OPTIONS] [COMMAND]`.
    names: ['srun', 'salloc'],
    ...RUNS_AFTER_OPTIONS,
    summary: "runs a command on a Slurm cluster's nodes",
    short: 'N:n:c:p:t:J:A:w:D:o:e:',
    long: 'nodes= ntasks= cpus-per-task= partition= time= job-name= account= nodelist= chdir= output= error= mem= gres= pty',
    values: { '-D': 'chdir', '--chdir': 'chdir' },
    examples: [{ argv: ['srun', '-N', '2', 'rm', '-rf', 'x'], roles: { 2: 'unknown' }, runs: ['rm -rf x'] }],
  },
];
