/**
 * Wrappers: programs that run another command given after their own options, which the shell
 * parser takes off (`sudo -u x CMD`, `env X=1 CMD`, `timeout 5 CMD`) so that the rules, the
 * floor and the classifier see the command that really runs. Each entry's options are all of
 * the wrapper's: an option the entry does not list stops unwrapping (the command is opaque),
 * so an option missing here is an ask, never a guess. Facts from the tools' manuals (sudo 1.9,
 * GNU coreutils 9, util-linux 2.38, findutils 4.9, procps watch, GNU parallel, expect's
 * unbuffer, strace 6, polkit's pkexec, shadow's sg). `unwrap` says what is special in each
 * (see `Unwrap` in types.ts).
 */
import type { CommandFact } from '../types';

/** A wrapper that runs the command after its options. */
const WRAPPER = { wrapper: 'after-options', permute: false } as const;

/** `su` and `runuser`: options and operands mix; `-c STRING` is a command line it runs. */
const SWITCH_USER = { values: { '-c': 'script', '--command': 'script' }, operands: ['unknown'] } as const;

export const WRAPPERS: readonly CommandFact[] = [
  {
    names: ['sudo'],
    summary: 'runs a command as another user',
    ...WRAPPER,
    short: 'u:g:C:D:h:p:r:t:T:U:R:AbBEeHiKklnNPSsVv',
    long:
      'user= group= close-from= chdir= host= prompt= role= type= command-timeout= other-user= ' +
      'chroot= preserve-env=? askpass background bell edit help set-home login remove-timestamp ' +
      'reset-timestamp list non-interactive no-update preserve-groups stdin shell version validate',
    // sudo 1.9.3 and later: the command runs in DIR.
    values: { '-D': 'chdir', '--chdir': 'chdir' },
    unwrap: {
      assignments: true,
      refuse: { '-e': '-e edits files (sudoedit)', '--edit': '-e edits files (sudoedit)' },
      withoutCommand: { reason: 'starts an interactive shell', with: ['-s', '--shell', '-i', '--login'] },
      noCommandWith: ['-l', '--list'],
      argvOnly: true,
    },
    examples: [
      { argv: ['sudo', '-u', 'root', '-E', 'rm', 'x'], roles: { 4: 'command' }, execsArgv: true },
      { argv: ['sudo', '-s', 'rm', 'x'], execsArgv: false },
      { argv: ['sudo', '--preserve-env=PATH', '--', 'rm'], roles: { 3: 'command' } },
      { argv: ['sudo', '-D', '/tmp', 'cat', 'x'], roles: { 2: 'chdir', 3: 'command' } },
    ],
  },
  {
    names: ['doas'],
    summary: 'runs a command as another user (OpenBSD)',
    ...WRAPPER,
    short: 'u:C:Lns',
    unwrap: {
      withoutCommand: { reason: 'starts a shell', with: ['-s'] },
      everyLaterWord: true,
      argvOnly: true,
    },
    examples: [{ argv: ['doas', '-u', 'root', 'rm'], roles: { 3: 'command' }, execsArgv: true }],
  },
  {
    names: ['env'],
    summary: 'runs a command in a changed environment',
    ...WRAPPER,
    short: 'u:C:S:i0v',
    long:
      'unset= chdir= split-string= block-signal=? default-signal=? ignore-signal=? ' +
      'ignore-environment null debug list-signal-handling',
    values: { '-C': 'chdir', '--chdir': 'chdir' },
    // Left with no command (`env -i X=1`), it prints the environment: read-only (decision
    // 0043); `-S` splits its value into a command line it runs.
    readOnly: 'listed-options',
    effects: { '-S': ['runs'], '--split-string': ['runs'] },
    unwrap: {
      transparent: true,
      assignments: true,
      dashOperands: true,
      splitString: ['-S', '--split-string'],
      argvOnly: true,
    },
    examples: [
      {
        argv: ['env', '-u', 'HOME', '-C', '/tmp', 'rm'],
        roles: { 4: 'chdir', 5: 'command' },
        execsArgv: true,
      },
    ],
  },
  {
    names: ['timeout'],
    summary: 'runs a command with a time limit',
    ...WRAPPER,
    short: 's:k:fpv',
    long: 'signal= kill-after= preserve-status foreground verbose',
    commandAfter: 1,
    operands: ['value'],
    unwrap: { transparent: true, argvOnly: true },
    examples: [
      { argv: ['timeout', '-s', 'KILL', '5s', 'rm'], roles: { 3: 'value', 4: 'command' }, execsArgv: true },
    ],
  },
  {
    names: ['nice'],
    summary: 'runs a command at another scheduling priority',
    ...WRAPPER,
    short: 'n:',
    long: 'adjustment=',
    numeric: [],
    unwrap: { transparent: true, argvOnly: true },
    examples: [{ argv: ['nice', '-5', 'rm'], roles: { 2: 'command' }, execsArgv: true }],
  },
  {
    names: ['nohup'],
    summary: 'runs a command immune to hangups',
    ...WRAPPER,
    unwrap: { argvOnly: true },
    // Its output goes to `nohup.out` when standard output is a terminal (or `$HOME/nohup.out`).
    writesFiles: { files: ['nohup.out'] },
    examples: [
      { argv: ['nohup', 'rm', '-rf', 'x'], roles: { 1: 'command' }, execsArgv: true },
      { argv: ['nohup', 'make'], writes: 'nohup.out' },
    ],
  },
  {
    names: ['stdbuf'],
    summary: 'runs a command with other stream buffering',
    ...WRAPPER,
    short: 'i:o:e:',
    long: 'input= output= error=',
    unwrap: { transparent: true, argvOnly: true },
    examples: [{ argv: ['stdbuf', '-oL', 'rm'], roles: { 2: 'command' }, execsArgv: true }],
  },
  {
    names: ['ionice'],
    summary: 'runs a command (or changes a process) at another I/O priority',
    ...WRAPPER,
    short: 'c:n:tpPu',
    long: 'class= classdata= ignore pid pgid uid',
    unwrap: {
      transparent: true,
      noCommandWith: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'],
      argvOnly: true,
    },
    examples: [{ argv: ['ionice', '-c', '3', 'rm'], roles: { 3: 'command' }, execsArgv: true }],
  },
  {
    names: ['setsid'],
    summary: 'runs a command in a new session',
    ...WRAPPER,
    short: 'cfw',
    long: 'ctty fork wait',
    unwrap: { transparent: true, argvOnly: true },
    examples: [{ argv: ['setsid', '-f', 'rm'], roles: { 2: 'command' }, execsArgv: true }],
  },
  {
    names: ['time'],
    summary: 'GNU time (the program, not the bash keyword): runs a command and reports its resources',
    ...WRAPPER,
    short: 'f:o:apqvV',
    long: 'format= output= append portability quiet verbose version',
    values: { '-o': 'write', '--output': 'write' },
    unwrap: { transparent: true, argvOnly: true },
    examples: [
      {
        argv: ['time', '-f', '%e', '-o', 't.txt', 'rm'],
        roles: { 4: 'write', 5: 'command' },
        execsArgv: true,
      },
    ],
  },
  {
    names: ['command'],
    summary: 'the builtin: runs a command, bypassing functions (or, with -v, names it)',
    ...WRAPPER,
    short: 'pvV',
    // `-v`/`-V` print what a name is (a path, a builtin, a function) and run nothing.
    unwrap: { transparent: true, noCommandWith: ['-v', '-V'], onlyPrintsWith: ['-v', '-V'], argvOnly: true },
    examples: [
      { argv: ['command', '-p', 'rm'], roles: { 2: 'command' }, execsArgv: true, onlyPrints: false },
      { argv: ['command', '-v', 'rm'], onlyPrints: true },
    ],
  },
  {
    names: ['builtin'],
    summary: 'the builtin: runs a shell builtin',
    ...WRAPPER,
    unwrap: { transparent: true },
    examples: [{ argv: ['builtin', 'cd', '/'], roles: { 1: 'command' }, execsArgv: false }],
  },
  {
    names: ['exec'],
    summary: 'the builtin: replaces the shell with a command',
    ...WRAPPER,
    short: 'a:cl',
    unwrap: { transparent: true, argvOnly: true },
    examples: [{ argv: ['exec', '-a', 'name', 'rm'], roles: { 3: 'command' }, execsArgv: true }],
  },
  {
    names: ['xargs'],
    summary: 'runs a command with arguments read from standard input',
    ...WRAPPER,
    short: 'a:d:E:I:L:n:P:s:e::i::l::0oprtx',
    long:
      'arg-file= delimiter= max-lines= max-args= max-procs= max-chars= process-slot-var= ' +
      'replace= eof=? null interactive no-run-if-empty verbose exit show-limits open-tty',
    values: { '-a': 'read', '--arg-file': 'read' },
    // `-I STR`: each input line takes STR's place in the command; `-i`, `--replace` say `{}`.
    placeholders: { '-I': '{}', '-i': '{}', '--replace': '{}' },
    unwrap: { runs: { as: 'input', reason: 'xargs appends arguments read from input' }, argvOnly: true },
    examples: [
      {
        argv: ['xargs', '-0', '-I', '{}', 'rm', '{}'],
        roles: { 3: 'unknown', 4: 'command' },
        placeholders: ['{}'],
      },
      { argv: ['xargs', '-I%', 'sh', '-c', '%'], placeholders: ['%'] },
      { argv: ['xargs', '-i', 'rm', '{}'], placeholders: ['{}'] },
      { argv: ['xargs', '--replace=@', 'rm', '@'], placeholders: ['@'] },
      { argv: ['xargs', '-n1', 'rm'], placeholders: [], execsArgv: true },
    ],
  },
  {
    names: ['watch'],
    summary: 'runs a command line (through sh -c, or as an argv with -x) again and again',
    ...WRAPPER,
    short: 'n:q:bcCdeEgptwx',
    long:
      'interval= equexit= differences=? beep color no-color errexit chgexit precise no-title ' +
      'no-wrap exec no-linewrap',
    unwrap: { transparent: true, runs: { as: 'sh-c', unless: ['-x', '--exec'] } },
    examples: [{ argv: ['watch', '-n', '2', 'ls'], roles: { 2: 'unknown', 3: 'command' } }],
  },
  {
    names: ['parallel'],
    summary: 'GNU parallel: runs a command for each argument or input line',
    ...WRAPPER,
    short: 'j:S:I:P:kqrvX0',
    long:
      'jobs= sshlogin= halt= delay= timeout= joblog= results= tmpdir= max-args= keep-order quote ' +
      'no-run-if-empty verbose null group ungroup line-buffer progress bar dry-run',
    unwrap: {
      runs: {
        as: 'input',
        reason: 'parallel builds commands from its input',
        until: ':::',
        linesWithoutCommand: true,
      },
    },
    examples: [{ argv: ['parallel', '-j4', 'gzip', ':::', 'a'], roles: { 2: 'command' } }],
  },
  {
    names: ['chroot'],
    summary: 'runs a command (or a shell) with another root directory',
    ...WRAPPER,
    long: 'userspec= groups= skip-chdir',
    commandAfter: 1,
    unwrap: { withoutCommand: { reason: 'starts a shell' }, everyLaterWord: true },
    examples: [{ argv: ['chroot', '--userspec=a:b', '/srv', 'rm'], roles: { 2: 'unknown', 3: 'command' } }],
  },
  {
    names: ['flock'],
    summary: 'runs a command (or a script string, -c) holding a file lock',
    ...WRAPPER,
    short: 'w:E:c:sxunoFhV',
    long: 'timeout= conflict-exit-code= command= shared exclusive unlock nonblock nb close no-fork verbose',
    values: { '-c': 'script', '--command': 'script' },
    commandAfter: 1,
    unwrap: { scriptAfterOperands: true, everyLaterWord: true },
    examples: [
      { argv: ['flock', '-n', '/tmp/lock', 'rm', 'x'], roles: { 2: 'unknown', 3: 'command' } },
      { argv: ['flock', '--command=rm -rf x', '/tmp/lock'], roles: { 2: 'unknown' } },
    ],
  },
  {
    names: ['taskset'],
    summary: 'runs a command (or changes a process) with a CPU affinity',
    ...WRAPPER,
    short: 'apc',
    long: 'all-tasks pid cpu-list',
    commandAfter: 1,
    operands: ['value'],
    unwrap: { transparent: true, noCommandWith: ['-p', '--pid'], everyLaterWord: true },
    examples: [{ argv: ['taskset', '-c', '0-3', 'rm'], roles: { 2: 'value', 3: 'command' } }],
  },
  {
    names: ['chrt'],
    summary: 'runs a command (or changes a process) with a real-time scheduling policy',
    ...WRAPPER,
    short: 'T:P:D:bdfiorRamp',
    long:
      'sched-runtime= sched-period= sched-deadline= batch deadline fifo idle other rr ' +
      'reset-on-fork all-tasks max pid verbose',
    commandAfter: 1,
    operands: ['value'],
    unwrap: { transparent: true, noCommandWith: ['-p', '--pid', '-m', '--max'], everyLaterWord: true },
    examples: [{ argv: ['chrt', '-f', '10', 'rm'], roles: { 2: 'value', 3: 'command' } }],
  },
  {
    names: ['unbuffer'],
    summary: "expect's unbuffer: runs a command on a pseudo-terminal",
    ...WRAPPER,
    short: 'p',
    unwrap: { everyLaterWord: true },
    examples: [{ argv: ['unbuffer', '-p', 'rm'], roles: { 2: 'command' } }],
  },
  {
    names: ['pkexec'],
    summary: 'runs a command as another user (polkit)',
    ...WRAPPER,
    long: 'user= disable-internal-agent keep-cwd',
    // Given no program, it runs the user's shell, which reads its commands from standard input.
    unwrap: { withoutCommand: { reason: 'starts a shell' }, everyLaterWord: true },
    examples: [{ argv: ['pkexec', '--user', 'root', 'rm'], roles: { 3: 'command' } }],
  },
  {
    names: ['strace'],
    summary: 'runs a command and traces its system calls',
    ...WRAPPER,
    short: 'a:b:e:E:I:o:O:p:P:s:S:u:U:X:cCdDfFhiknqrtTvVwxyzZ',
    values: { '-o': 'write' },
    unwrap: { everyLaterWord: true },
    examples: [{ argv: ['strace', '-f', '-o', 'log', 'rm'], roles: { 3: 'write', 4: 'command' } }],
  },
  {
    names: ['unshare'],
    summary: 'runs a command in new namespaces',
    ...WRAPPER,
    short: 'R:S:G:w:muinpUCTfrc',
    long:
      'propagation= setgroups= root= wd= setuid= setgid= mount=? uts=? ipc=? net=? pid=? user=? ' +
      'cgroup=? time=? mount-proc=? kill-child=? fork map-root-user map-current-user keep-caps',
    // Given no program, it runs `$SHELL` (or /bin/sh), which reads its commands from standard input.
    unwrap: { withoutCommand: { reason: 'starts a shell' }, everyLaterWord: true },
    examples: [{ argv: ['unshare', '-r', '--mount', 'rm'], roles: { 3: 'command' } }],
  },
  {
    // `su [options] [-] [USER [ARGS]]`: the ARGS go to the user's shell; only `-c` is a command
    // the line shows. Options may follow the user name (getopt permutes). `runuser -u USER
    // CMD` runs CMD itself.
    names: ['runuser'],
    summary: 'runs a shell (or, with -u, a command) as another user',
    ...SWITCH_USER,
    short: 'u:g:G:s:c:w:lmpPf',
    long:
      'user= group= supp-group= shell= command= whitelist-environment= session-command= login ' +
      'preserve-environment pty fast',
    unwrap: {
      commandWith: ['-u', '--user'],
      withoutCommand: { reason: 'starts a shell or passes arguments to one', kept: true },
      everyLaterWord: true,
    },
    examples: [{ argv: ['runuser', '-l', 'bob', '-c', 'rm -rf x'], roles: { 2: 'unknown', 4: 'script' } }],
  },
  {
    names: ['su'],
    summary: 'runs a shell (or a -c command line) as another user',
    ...SWITCH_USER,
    short: 'g:G:s:c:w:lmpPf',
    long:
      'group= supp-group= shell= command= whitelist-environment= session-command= login ' +
      'preserve-environment pty fast',
    unwrap: {
      withoutCommand: { reason: 'starts a shell or passes arguments to one', kept: true },
      everyLaterWord: true,
    },
    examples: [{ argv: ['su', '-', 'root', '-c', 'rm -rf x'], roles: { 1: 'unknown', 4: 'script' } }],
  },
  {
    names: ['sg'],
    summary: 'runs a command line (or a shell) with another group',
    short: 'c',
    unwrap: {
      dashOperands: true,
      scriptOperand: 1,
      withoutCommand: { reason: 'starts a shell' },
      everyLaterWord: true,
    },
    examples: [{ argv: ['sg', 'docker', '-c', 'rm -rf x'], roles: { 1: 'unknown', 3: 'unknown' } }],
  },
  {
    names: ['script'],
    summary: 'records a terminal session of a shell (or of a -c command line)',
    short: 'c:O:I:B:T:m:E:t::aefqk',
    long:
      'command= log-out= log-in= log-io= log-timing= logging-format= echo= output-limit= ' +
      'timing=? append return flush force quiet log-keys',
    values: {
      '-c': 'script',
      '--command': 'script',
      '-O': 'write',
      '--log-out': 'write',
      '-B': 'write',
      '--log-io': 'write',
      '-T': 'write',
      '--log-timing': 'write',
    },
    operands: ['write'],
    unwrap: { withoutCommand: { reason: 'starts a shell' }, everyLaterWord: true },
    examples: [{ argv: ['script', '-qc', 'rm -rf x', 'out.log'], roles: { 2: 'script', 3: 'write' } }],
  },
];
