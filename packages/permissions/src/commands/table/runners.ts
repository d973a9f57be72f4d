/**
 * Programs that run another command given in their arguments and that the shell parser does
 * not unwrap. Secret managers run the command after their options (`op run -- CMD`,
 * `doppler run -- CMD`); for the other runners the table only names them: any later word
 * may be the command run (`ssh host rm -rf /`, `nsenter -t 1 rm`), so a deny rule is matched at
 * every later word. (The wrappers the parser unwraps — `sudo`, `chroot`, `su` … — are in
 * wrappers.ts.)
 */
import type { CommandFact } from '../types';
import { runsCode } from './runs-code';

/** A secret manager's `run`: injects secrets into the environment of the command after `--`. */
const SECRETS_RUN = {
  summary: 'runs a command with secrets in its environment',
  wrapper: 'after-options',
} as const;

/**
 * A package runner's run (see `packageRunner`): the program its first operand names, from the
 * project's or a package's tools before `PATH` (`npx rm`, `uv run rm`). npm's and pnpm's
 * `-c`/`--call` give a command line instead (`npx -c 'rm -rf x'`).
 */
export const PACKAGE_RUN = {
  summary: "runs a program of the project's or a package's tools, or of PATH",
  packageRunner: true,
  wrapper: 'after-options',
} as const;
export const NODE_PACKAGE_RUN = {
  ...PACKAGE_RUN,
  short: 'p:c:w:y',
  long: 'package= call= workspace= workspaces include-workspace-root yes no',
  values: {
    '-c': 'script',
    '--call': 'script',
    '-p': 'name',
    '--package': 'name',
    '-w': 'name',
    '--workspace': 'name',
  },
} as const;
/** pnpm's `exec` and `dlx`: `-c` runs the rest as a shell command line. */
export const PNPM_RUN = {
  ...PACKAGE_RUN,
  short: 'c:F:r',
  long: 'package= filter= shell-mode= recursive parallel silent',
  values: { '-c': 'script', '--shell-mode': 'script', '--package': 'name', '-F': 'name', '--filter': 'name' },
} as const;
/** A Python environment manager's run: options naming the environment, then the program. */
const PYTHON_RUN = {
  ...PACKAGE_RUN,
  short: 'p:n:',
  long: 'with= python= directory= project= env-file= package= group= extra= name= prefix= cwd= spec=',
  values: {
    '--with': 'name',
    '-p': 'name',
    '--python': 'name',
    '--directory': 'chdir',
    '--project': 'chdir',
    '--package': 'name',
    '--group': 'name',
    '--extra': 'name',
    '-n': 'name',
    '--name': 'name',
    '--prefix': 'value',
    '--cwd': 'chdir',
    '--spec': 'name',
  },
} as const;

/** Package runners: programs and subcommands that run a program of a package (`packageRunner`). */
const PACKAGE_RUNNERS: readonly CommandFact[] = [
  {
    names: ['npx', 'pnpx'],
    ...NODE_PACKAGE_RUN,
    summary: 'runs a program of an npm package',
    examples: [
      { argv: ['npx', '-y', 'rm', '-rf', 'x'], roles: { 2: 'command' }, runs: ['rm -rf x'] },
      { argv: ['npx', '--package', 'x', '-c', 'rm -rf y'], roles: { 2: 'name', 4: 'script' } },
    ],
  },
  {
    names: ['bunx'],
    ...PACKAGE_RUN,
    summary: 'runs a program of an npm package with Bun',
    short: 'p:',
    long: 'package= bun',
    values: { '-p': 'name', '--package': 'name' },
    examples: [{ argv: ['bunx', '--bun', 'rm', 'x'], roles: { 2: 'command' } }],
  },
  {
    names: ['uvx'],
    ...PYTHON_RUN,
    summary: 'runs a program of a Python package (`uv tool run`)',
    long: `${PYTHON_RUN.long} from=`,
    values: { ...PYTHON_RUN.values, '--from': 'name' },
    examples: [{ argv: ['uvx', '--from', 'x', 'rm', 'y'], roles: { 2: 'name', 3: 'command' } }],
  },
  {
    names: ['uv'],
    summary: 'the uv Python package manager',
    permute: false,
    subcommands: {
      run: PYTHON_RUN,
      tool: { summary: 'tools', subcommands: { run: { ...PYTHON_RUN, long: `${PYTHON_RUN.long} from=` } } },
    },
    examples: [
      { argv: ['uv', 'run', '--with', 'x', 'rm', 'y'], roles: { 3: 'name', 4: 'command' } },
      { argv: ['uv', 'tool', 'run', 'rm'], roles: { 3: 'command' } },
    ],
  },
  {
    names: ['poetry', 'pipenv', 'pdm', 'hatch', 'rye'],
    summary: 'a Python project manager',
    permute: false,
    // `poetry shell`, `pipenv shell`, `hatch shell`: a shell in the project's environment.
    subcommands: {
      run: PYTHON_RUN,
      shell: { ...runsCode("starts a shell in the project's environment"), startsShell: true },
    },
    examples: [
      { argv: ['poetry', 'run', 'rm', 'x'], roles: { 2: 'command' } },
      { argv: ['pipenv', 'shell'], effects: ['runs'], startsShell: true },
      { argv: ['poetry', 'run', 'ls'], startsShell: false },
    ],
  },
  {
    names: ['conda', 'mamba', 'micromamba'],
    summary: 'a package and environment manager',
    permute: false,
    subcommands: { run: { ...PYTHON_RUN, long: `${PYTHON_RUN.long} live-stream no-capture-output` } },
    examples: [{ argv: ['conda', 'run', '-n', 'env', 'rm', 'x'], roles: { 3: 'name', 4: 'command' } }],
  },
  {
    names: ['pixi'],
    summary: 'a package and environment manager',
    permute: false,
    subcommands: {
      run: { ...PACKAGE_RUN, short: 'e:', long: 'environment= manifest-path=', values: { '-e': 'name' } },
      exec: { ...PACKAGE_RUN, short: 's:', long: 'spec=', values: { '-s': 'name', '--spec': 'name' } },
    },
    examples: [{ argv: ['pixi', 'exec', '-s', 'x', 'rm'], roles: { 3: 'name', 4: 'command' } }],
  },
  {
    names: ['bundle'],
    summary: 'Ruby Bundler',
    permute: false,
    subcommands: { exec: { ...PACKAGE_RUN, long: 'gemfile= keep-file-descriptors' } },
    examples: [{ argv: ['bundle', 'exec', 'rm', 'x'], roles: { 2: 'command' } }],
  },
  {
    names: ['pipx'],
    summary: 'runs Python applications in isolated environments',
    permute: false,
    subcommands: { run: { ...PYTHON_RUN } },
    // Installing a package runs its build code too, not only `pipx run`.
    runsCode: 'program',
    examples: [
      { argv: ['pipx', 'run', '--spec', 'x', 'rm'], roles: { 3: 'name', 4: 'command' } },
      { argv: ['pipx', 'list'], prefix: [] },
    ],
  },
  {
    names: ['mise'],
    summary: 'a tool version and task manager',
    permute: false,
    subcommands: {
      // `mise exec [TOOL@VERSION…] [-- CMD…]`: tools first, so any later word may be the program.
      exec: {
        ...PACKAGE_RUN,
        names: ['x'],
        wrapper: 'any-later-word',
        short: 'c:C:j:',
        long: 'command= cd= jobs= raw',
        values: { '-c': 'script', '--command': 'script', '-C': 'chdir', '--cd': 'chdir', '-j': 'value' },
      },
    },
    examples: [
      { argv: ['mise', 'exec', 'node@20', '--', 'rm', 'x'], roles: { 2: 'unknown', 4: 'unknown' } },
      { argv: ['mise', 'x', '-c', 'rm -rf x'], roles: { 3: 'script' } },
    ],
  },
];

/** Debuggers: they run a program (`gdb --args rm -rf x`) and the debugger commands given to them. */
const DEBUGGERS: readonly CommandFact[] = [
  {
    names: ['gdb'],
    summary: 'the GNU debugger: runs a program, and the debugger commands it is given',
    // getopt_long_only: one dash or two, any unique prefix, options after the program too
    // (until `--args`, whose words are the program's: read as gdb's here, on the safe side).
    singleDash: true,
    abbreviations: true,
    long:
      'ex= iex= eval-command= init-eval-command= x= command= ix= init-command= p= pid= cd= d= directory= ' +
      's= symbols= e= exec= se= c= core= tty= b= l= data-directory= D= i= interpreter= args batch ' +
      'batch-silent n nx nh q quiet silent return-child-result tui w write statistics version help ' +
      'readnow readnever configuration nw',
    values: {
      '-ex': 'script',
      '-iex': 'script',
      '-eval-command': 'script',
      '-init-eval-command': 'script',
      '-cd': 'chdir',
    },
    scriptFormat: {
      '-ex': 'debugger',
      '-iex': 'debugger',
      '-eval-command': 'debugger',
      '-init-eval-command': 'debugger',
    },
    wrapper: 'any-later-word',
    permute: true,
    // Its commands are also read on standard input (decision 0067).
    stdinCommands: true,
    examples: [
      { argv: ['gdb', './prog'], stdinCommands: true },
      { argv: ['gdb', '-batch', '-ex', 'shell rm -rf x', './prog'], commandLines: ['rm -rf x'] },
      { argv: ['gdb', './prog', '--eval-command=!rm -rf x'], commandLines: ['rm -rf x'] },
      { argv: ['gdb', '-q', '-iex', 'set pagination off', '-ex', 'run', './prog'], commandLines: [] },
      { argv: ['gdb', '--args', 'rm', 'x'], roles: { 2: 'unknown', 3: 'unknown' } },
    ],
  },
  {
    names: ['lldb'],
    summary: 'the LLVM debugger: the debugger commands it is given',
    // LLVM's option table: the long options with one dash or two, `-o` beside `--one-line`.
    singleDash: true,
    long:
      'o= one-line= O= one-line-before-file= k= one-line-on-crash= s= source= S= source-before-file= ' +
      'K= source-on-crash= a= arch= c= core= f= file= n= attach-name= p= attach-pid= l= script-language= ' +
      'R= repl-language= b batch d debug e editor h help x no-lldbinit X no-use-colors Q source-quietly ' +
      'v version w wait-for local-lldbinit python-path print-script-interpreter-info r repl=?',
    values: {
      '-o': 'script',
      '-one-line': 'script',
      '-O': 'script',
      '-one-line-before-file': 'script',
      '-k': 'script',
      '-one-line-on-crash': 'script',
    },
    scriptFormat: {
      '-o': 'debugger',
      '-one-line': 'debugger',
      '-O': 'debugger',
      '-one-line-before-file': 'debugger',
      '-k': 'debugger',
      '-one-line-on-crash': 'debugger',
    },
    // It runs the program it debugs, and debugger commands typed at its prompt (`platform shell`).
    runsCode: 'prompt',
    examples: [
      { argv: ['lldb', '-b', '-o', 'platform shell rm -rf x', './prog'], commandLines: ['rm -rf x'] },
      { argv: ['lldb', '--one-line', 'run', './prog'], commandLines: [], prefix: [] },
    ],
  },
];

/** A tmux command that starts a program (its later words) in a new session, window or pane. */
const TMUX_STARTER = {
  summary: 'starts a program, its later words, in a new session, window or pane',
  // Start directory, environment, client flags, format, size, window name, session and target.
  short: 'c:e:f:F:l:n:s:t:x:y:AbdDEhIkPSvXZ',
  values: {
    '-c': 'chdir',
    '-e': 'value',
    '-f': 'value',
    '-F': 'value',
    '-l': 'value',
    '-n': 'name',
    '-s': 'name',
    '-t': 'name',
    '-x': 'value',
    '-y': 'value',
  },
  // tmux reads a command's options up to its first other word: the program, with its words
  // after it. A word `;` (or ending in one) ends the tmux command and starts another.
  permute: false,
  wrapper: 'any-later-word',
  commandAfter: 0,
  commandSeparator: ';',
} as const;

/**
 * Terminal multiplexers and environment shells that run a program given in their later words;
 * the values of their options name no command (`tmux new -s rm`, `screen -dmS curl`,
 * `nix-shell -p curl`): a deny rule is not matched there.
 */
const MULTIPLEXERS: readonly CommandFact[] = [
  {
    names: ['tmux'],
    summary: 'a terminal multiplexer: its commands start programs and type into them',
    // Its own options: config file, socket name and path, features; `-c` runs a shell command.
    short: 'c:f:L:S:T:2CDlNquvV',
    values: { '-c': 'script', '-f': 'read', '-L': 'name', '-S': 'read', '-T': 'value' },
    permute: false,
    // Any other command (`send-keys`, `run-shell`, a chain after `;`) may run one: any later word.
    wrapper: 'any-later-word',
    subcommands: {
      'new-session': { ...TMUX_STARTER, names: ['new'] },
      'new-window': { ...TMUX_STARTER, names: ['neww'] },
      'split-window': { ...TMUX_STARTER, names: ['splitw'] },
      'respawn-pane': { ...TMUX_STARTER, names: ['respawnp'] },
      'respawn-window': { ...TMUX_STARTER, names: ['respawnw'] },
    },
    examples: [
      {
        argv: ['tmux', 'new', '-d', '-s', 'rm', 'make', 'x'],
        roles: { 4: 'name', 5: 'unknown', 6: 'unknown' },
      },
      {
        argv: ['tmux', '-L', 'w', 'neww', '-c', 'dir', 'rm'],
        roles: { 2: 'name', 5: 'chdir', 6: 'unknown' },
      },
      { argv: ['tmux', '-c', 'rm -rf x'], commandLines: ['rm -rf x'] },
      { argv: ['tmux', 'new', '-d', '-s', 'w', 'git', 'status'], runs: ['git status'] },
      { argv: ['tmux', 'new-window', '-c', 'dir', '--', 'make', 'test'], runs: ['make test'] },
      // Another tmux command after `;`: the program is no longer placed, every word may start one.
      {
        argv: ['tmux', 'new', '-d', 'ls', ';', 'new', 'rm'],
        runs: ['ls ; new rm', '; new rm', 'new rm', 'rm'],
      },
      { argv: ['tmux', 'new', '-d', 'ls;', 'rm'], runs: ['ls; rm', 'rm'] },
    ],
  },
  {
    names: ['screen'],
    summary: 'a terminal multiplexer: runs a program, its later words, in a new window',
    // `-X`/`-Q` send a screen command (`-X stuff CMD`): its words are the operands, any may run.
    // `-s` (the shell it runs) is not listed: its value may be a command.
    short: 'S:c:e:F:h:p:T:t:aAdDrRxmLlOqUiwXQv',
    values: {
      '-S': 'name',
      '-c': 'read',
      '-e': 'value',
      '-F': 'value',
      '-h': 'value',
      '-p': 'name',
      '-T': 'value',
      '-t': 'name',
    },
    permute: false,
    wrapper: 'any-later-word',
    // Given no program, it runs `$SHELL` in the new window (decision 0067).
    startsShell: true,
    examples: [
      { argv: ['screen', '-dmS', 'curl', 'make', 'x'], roles: { 2: 'name', 3: 'unknown', 4: 'unknown' } },
      { argv: ['screen', '-S', 'w'], startsShell: true },
      { argv: ['screen', '-S', 'w', 'make'], startsShell: false },
      {
        argv: ['screen', '-S', 'w', '-X', 'stuff', 'rm x'],
        roles: { 2: 'name', 4: 'unknown', 5: 'unknown' },
      },
    ],
  },
  {
    names: ['nix-shell'],
    summary: 'a shell with Nix packages: runs a command (`--run`, `--command`) or an interactive shell',
    short: 'p:I:A:E:',
    long: 'packages= attr= keep= expr= arg= argstr= option= run= command= pure',
    // `-p PKG…` takes every word up to the next option; `--arg NAME EXPR` two words.
    valueLists: ['-p', '--packages'],
    pairs: { '--arg': 'name', '--argstr': 'name', '--option': 'name' },
    values: {
      '-p': 'name',
      '--packages': 'name',
      '-I': 'name',
      '-A': 'name',
      '--attr': 'name',
      '--keep': 'name',
      '-E': 'name',
      '--expr': 'name',
      '--arg': 'name',
      '--argstr': 'name',
      '--option': 'name',
      '--run': 'script',
      '--command': 'script',
    },
    // Its options may follow the expression's file too (`nix-shell shell.nix -p curl`).
    permute: true,
    wrapper: 'any-later-word',
    // Without `--run` or `--command`, an interactive bash (decision 0067).
    startsShell: true,
    examples: [
      { argv: ['nix-shell', '-p', 'curl'], startsShell: true },
      { argv: ['nix-shell', '-p', 'curl', '--run', 'curl x'], startsShell: false },
      {
        argv: ['nix-shell', '-p', 'curl', 'rm', '--run', 'rm -rf x'],
        roles: { 2: 'name', 3: 'name', 5: 'script' },
        commandLines: ['rm -rf x'],
      },
      {
        argv: ['nix-shell', 'x.nix', '--argstr', 'a', 'rm', '-p', 'b'],
        roles: { 1: 'unknown', 3: 'name', 4: 'name', 6: 'name' },
      },
    ],
  },
];

/** Runners whose options the table does not list: names only. */
/** ssh settings (`-o KEY=VALUE`) whose value is a key or certificate it logs in with, never sent. */
export const SSH_KEY_SETTINGS = { IdentityFile: 'uses', CertificateFile: 'uses' } as const;

const NAMED_RUNNERS = [
  'numactl',
  'prlimit',
  'bwrap',
  'xvfb-run',
  'dbus-launch',
  'entr',
  'nodemon',
  'ltrace',
  'valgrind',
  'catchsegv',
  'faketime',
  'proxychains',
  'proxychains4',
  'caffeinate',
  // Shells whose language the parser does not read: their `-c` scripts are read as sh.
  'pwsh',
  'powershell',
  'nu',
  'elvish',
  'xonsh',
  'rc',
  'osh',
  'ysh',
  'hyperfine',
  'watchexec',
  'concurrently',
  'cross-env',
  'env-cmd',
  'chronic',
  'cgexec',
  'schroot',
  'distrobox',
  'toolbox',
  'rlwrap',
  'lxc-attach',
  'vagrant',
  // Privilege, resource and environment setters that exec the rest of their words, and
  // environment managers' "run with this environment" commands (`dotenv -- CMD`,
  // `nix-shell --run CMD`; direnv has an entry of its own).
  'setpriv',
  'cpulimit',
  'trickle',
  'nocache',
  'eatmydata',
  'ifne',
  'sem',
  'dbus-run-session',
  'mosh',
  'sshpass',
  'dotenv',
  'dotenvx',
  'asdf',
  'aws-vault',
  'envchain',
  'devbox',
  'nix',
] as const;

/**
 * Sandboxes and environment changers that run the program their first other word names and,
 * given none, a shell that reads its commands from standard input (`… | firejail`): the parser
 * takes them off (`unwrap`), and their options are all listed, so one the entry does not list
 * makes the command opaque. The deny rules are still matched at every later word.
 */
const SANDBOXES: readonly CommandFact[] = [
  {
    names: ['firejail'],
    summary: "runs a program (or, given none, the user's shell) in a sandbox",
    // firejail 0.9.72's options (usage.c), with older ones' (`--csh`, `--shell=`, `-c`): long
    // only, compared whole, every value attached (`--net=none`; `--net eth0` is an error). The
    // program is the first word that does not start with `-`.
    short: 'c',
    long:
      'allow-debuggers allusers appimage caps debug debug-blacklists debug-caps debug-check-filename ' +
      'debug-errnos debug-private-lib debug-protocols debug-syscalls debug-syscalls32 debug-whitelists ' +
      'deterministic-exit-code deterministic-shutdown dnstrace icmptrace ids-check ids-init ipc-namespace ' +
      'keep-config-pulse keep-dev-shm keep-fd keep-shell-rc keep-var-tmp landlock.enforce list machine-id ' +
      'memory-deny-write-execute netlock netstats nettrace no3d nodbus nodvd nogroups noinput nonewprivs ' +
      'noprinters noprofile noroot nosound noautopulse novideo nou2f overlay overlay-tmpfs overlay-clean ' +
      'private-cache private-dev private-lib private-tmp quiet scan seccomp.block-secondary tab top trace ' +
      'tracelog tree version help writable-etc writable-run-user writable-var writable-var-log csh zsh ' +
      'dbus-system.log dbus-user.log ' +
      'apparmor=? apparmor.print=? audit=? bandwidth=? bind=? blacklist=? build=? caps.drop=? caps.keep=? ' +
      'caps.print=? cat=? chroot=? cpu=? cpu.print=? dbus-log=? dbus-system=? dbus-system.broadcast=? ' +
      'dbus-system.call=? dbus-system.own=? dbus-system.see=? dbus-system.talk=? dbus-user=? ' +
      'dbus-user.broadcast=? dbus-user.call=? dbus-user.own=? dbus-user.see=? dbus-user.talk=? ' +
      'defaultgw=? dns=? dns.print=? env=? fs.print=? get=? hostname=? hosts-file=? ignore=? interface=? ' +
      'ip=? ip6=? iprange=? join=? join-filesystem=? join-network=? join-or-start=? landlock.fs.read=? ' +
      'landlock.fs.write=? landlock.fs.makeipc=? landlock.fs.makedev=? landlock.fs.execute=? ls=? mac=? ' +
      'mkdir=? mkfile=? mtu=? name=? net=? net.print=? netfilter=? netfilter.print=? netfilter6=? ' +
      'netfilter6.print=? netmask=? netns=? nice=? noblacklist=? noexec=? nowhitelist=? oom=? output=? ' +
      'output-stderr=? overlay-named=? private=? private-home=? private-bin=? private-etc=? private-cwd=? ' +
      'private-opt=? private-srv=? profile=? profile.print=? profile-path=? protocol=? protocol.print=? ' +
      'put=? read-only=? read-write=? restrict-namespaces=? rlimit-as=? rlimit-cpu=? rlimit-fsize=? ' +
      'rlimit-nofile=? rlimit-nproc=? rlimit-sigpending=? rmenv=? seccomp=? seccomp.drop=? seccomp.keep=? ' +
      'seccomp.print=? seccomp.32=? seccomp.32.drop=? seccomp.32.keep=? seccomp-error-action=? shell=? ' +
      'shutdown=? timeout=? tmpfs=? tunnel=? veth-name=? whitelist=? x11=? xephyr-screen=?',
    values: { '--output': 'write', '--output-stderr': 'write', '--hosts-file': 'read' },
    permute: false,
    wrapper: 'after-options',
    unwrap: {
      // Given no program, it runs the user's shell, which reads its commands from standard input.
      withoutCommand: { reason: 'starts a shell' },
      refuse: {
        // The program's words handed to a shell (`-c`, a `--shell=` other than none).
        '-c': 'option -c runs its words through a shell',
        '--shell': 'option --shell runs the program through a shell',
        // File transfers and traffic shaping: their operands are no program.
        '--get': 'option --get copies a file out of a sandbox',
        '--put': 'option --put copies a file into a sandbox',
        '--ls': 'option --ls lists files of a sandbox',
        '--cat': 'option --cat prints a file of a sandbox',
        '--bandwidth': 'option --bandwidth takes a command of its own',
      },
      everyLaterWord: true,
    },
    examples: [
      {
        argv: ['firejail', '--net=none', '--private', 'rm', '-rf', '/'],
        roles: { 3: 'command' },
        readings: 1,
      },
      { argv: ['firejail', '--output=log.txt', '--', 'make'], roles: { 3: 'command' }, readings: 1 },
      // A value is only ever attached: `--net eth0` names no network, `eth0` is the program.
      { argv: ['firejail', '--net', 'eth0'], roles: { 2: 'command' } },
    ],
  },
  {
    names: ['fakeroot'],
    summary: "runs a command (or, given none, `$SHELL`) with root's file ownership faked",
    // Debian fakeroot's getopt: `+l:i:s:ub:vh`, `lib: faked: unknown-is-real fd-base: version help`.
    short: 'l:i:s:ub:vh',
    long: 'lib= faked= unknown-is-real fd-base= version help',
    abbreviations: true,
    // `-i` loads the saved ownership from a file, `-s` saves it there on exit.
    values: { '-i': 'read', '-s': 'write' },
    permute: false,
    wrapper: 'after-options',
    unwrap: { withoutCommand: { reason: 'starts a shell' }, everyLaterWord: true },
    examples: [
      { argv: ['fakeroot', '-s', 'state', '--', 'rm', '-rf', 'x'], roles: { 2: 'write', 4: 'command' } },
      { argv: ['fakeroot', '-i', 'state', 'make'], roles: { 2: 'read', 3: 'command' } },
    ],
  },
  {
    names: ['proot'],
    summary: 'runs a program (or, given none, `/bin/sh`) with another root, bindings and identity',
    // PRoot 5's options (its `cli/proot.h`), the values of short ones in the next word.
    short: 'r:b:m:q:w:v:k:i:p:R:S:0VhnlLHP',
    long:
      'rootfs= bind= mount= qemu= pwd= cwd= verbose= kernel-release= change-id= port= kill-on-exit ' +
      'root-id version about help usage netcoop link2symlink',
    values: { '-w': 'chdir', '--pwd': 'chdir', '--cwd': 'chdir' },
    permute: false,
    wrapper: 'after-options',
    unwrap: {
      withoutCommand: { reason: 'starts a shell' },
      // `-q CMD`: every guest program runs through that command (an emulator), with its words.
      refuse: {
        '-q': 'option -q runs the program through the command it gives',
        '--qemu': 'option --qemu runs the program through the command it gives',
      },
      everyLaterWord: true,
    },
    examples: [
      {
        argv: ['proot', '-r', '/srv', '-b', '/dev', '-w', '/', 'rm', '-rf', 'x'],
        roles: { 6: 'chdir', 7: 'command' },
      },
    ],
  },
  {
    names: ['systemd-run'],
    summary: 'runs a command as a transient systemd unit (or, with --shell, a shell)',
    // systemd 256's getopt: `+hrH:M:E:p:tPqGdSu:` and its long options.
    short: 'hrH:M:E:p:tPqGdSu:',
    long:
      'help version user system scope unit= description= slice= slice-inherit remain-after-exit ' +
      'send-sighup host= machine= service-type= wait uid= gid= nice= setenv= property= tty pty pipe ' +
      'quiet on-active= on-boot= on-startup= on-unit-active= on-unit-inactive= on-calendar= ' +
      'on-timezone-change on-clock-change timer-property= path-property= socket-property= no-block ' +
      'no-ask-password collect working-directory= same-dir shell job-mode= ignore-failure background= ' +
      'json= expand-environment=',
    abbreviations: true,
    values: { '--working-directory': 'chdir', '-u': 'name', '--unit': 'name' },
    permute: false,
    wrapper: 'after-options',
    unwrap: {
      // `--shell` with no command runs `$SHELL` on a pseudo-terminal fed from its input.
      withoutCommand: { reason: 'starts a shell', with: ['-S', '--shell', '-t', '--pty', '--tty'] },
      // A unit property may be a command line it runs too (`-p ExecStartPre=CMD`).
      refuse: {
        '-p': 'option -p sets a unit property, which may be a command (ExecStartPre=)',
        '--property': 'option --property sets a unit property, which may be a command',
        '--path-property': 'option --path-property sets a unit property, which may be a command',
        '--socket-property': 'option --socket-property sets a unit property, which may be a command',
        '--timer-property': 'option --timer-property sets a unit property, which may be a command',
      },
      everyLaterWord: true,
    },
    examples: [
      {
        argv: ['systemd-run', '--user', '--unit', 'rm', '--working-directory', '/srv', 'make', 'x'],
        roles: { 3: 'name', 5: 'chdir', 6: 'command' },
      },
    ],
  },
  {
    names: ['machinectl'],
    summary: 'the systemd machine manager: `shell` runs a program, or a login shell, in a container',
    // systemd's machinectl: `hp:P:als:H:M:qn:o:E:V` and its long options. Before `shell` and
    // its machine its options are its own; after the machine, the program's (it stops there).
    short: 'hp:P:als:H:M:qn:o:E:V',
    long:
      'help version property= value all full lines= output= no-pager no-legend no-ask-password ' +
      'kill-whom= signal= uid= setenv= read-only mkdir quiet host= machine= runner= max-addresses= ' +
      'verify= force format= system user',
    abbreviations: true,
    subcommands: {
      // `machinectl shell [[USER@]MACHINE [PATH [ARGS…]]]`: with no PATH, the user's login shell,
      // which reads its commands from standard input.
      shell: {
        summary: "runs a program, or the user's login shell, in a container",
        wrapper: 'any-later-word',
        commandAfter: 1,
        loginShell: true,
        permute: false,
      },
    },
    examples: [
      { argv: ['machinectl', 'shell', 'root@box', '/bin/ls', '-la'], runs: ['/bin/ls -la'] },
      { argv: ['machinectl', '--uid=me', 'shell', 'box'], runs: [] },
    ],
  },
  {
    names: ['newgrp'],
    summary: 'starts a shell with another group (it runs no command of its words)',
    // `newgrp [-] [GROUP]`: shadow's newgrp always execs the user's shell.
    operands: ['name'],
    unwrap: { dashOperands: true, withoutCommand: { reason: 'starts a shell' }, everyLaterWord: true },
    examples: [{ argv: ['newgrp', '-', 'docker'], roles: { 2: 'name' } }],
  },
  {
    names: ['torsocks'],
    summary: 'runs a command (or, with --shell, a shell) with its connections through Tor',
    // torsocks 2's options (its shell script's getopt loop); `on`, `off` and `show` are for a
    // shell that sources it, read here as the command they are not.
    short: 'u:p:a:P:idqh',
    long: 'user= pass= address= port= isolate debug quiet shell help version',
    values: { '-u': 'name', '--user': 'name', '-p': 'value', '--pass': 'value' },
    permute: false,
    wrapper: 'after-options',
    unwrap: {
      withoutCommand: { reason: 'starts a shell', with: ['--shell'] },
      everyLaterWord: true,
      argvOnly: true,
    },
    examples: [
      {
        argv: ['torsocks', '-a', 'h', '-P', '9050', 'curl', 'x'],
        roles: { 2: 'unknown', 4: 'unknown', 5: 'command' },
        execsArgv: true,
      },
    ],
  },
];

export const RUNNERS: readonly CommandFact[] = [
  ...SANDBOXES,
  ...PACKAGE_RUNNERS,
  ...DEBUGGERS,
  ...MULTIPLEXERS,
  {
    names: ['op'],
    summary: '1Password CLI',
    subcommands: {
      run: { ...SECRETS_RUN, long: 'env-file= no-masking account= config= cache session= encoding= debug' },
      read: { summary: "prints a secret reference's value", printsCredentials: 'always' },
      item: {
        summary: 'items',
        subcommands: {
          get: {
            summary: 'prints an item; its secrets with --reveal',
            long: 'reveal vault= fields= format=',
            printsCredentials: ['--reveal'],
          },
        },
      },
    },
    examples: [
      { argv: ['op', 'run', '--', 'rm', '-rf', 'x'], roles: { 3: 'command' } },
      { argv: ['op', 'read', 'op://v/i/password'], credentials: true },
      { argv: ['op', 'item', 'get', 'x', '--reveal'], credentials: true },
      { argv: ['op', 'item', 'get', 'x'], credentials: false },
    ],
  },
  {
    names: ['doppler'],
    summary: 'Doppler CLI',
    subcommands: {
      run: {
        ...SECRETS_RUN,
        short: 'p:c:',
        long: 'project= config= command= token= mount= mount-format= fallback= preserve-env=? forward-signals=?',
        values: { '--command': 'script' },
      },
      // Prints every secret of the config (`--only-names`: their names); `secrets get`,
      // `download` and `set` print or write them too.
      secrets: {
        summary: 'prints the secrets of a config',
        long: 'only-names raw plain json project= config=',
        effects: { '--only-names': ['names-only'] },
        printsCredentials: 'always',
      },
    },
    examples: [
      { argv: ['doppler', 'secrets'], credentials: true },
      { argv: ['doppler', 'secrets', 'get', 'API_KEY', '--plain'], credentials: true },
      { argv: ['doppler', 'secrets', '--only-names'], credentials: false },
      { argv: ['doppler', 'run', '-p', 'x', '--', 'rm', 'x'], roles: { 5: 'command' } },
      { argv: ['doppler', 'run', '--command', 'rm -rf x'], roles: { 3: 'script' } },
    ],
  },
  {
    names: ['infisical'],
    summary: 'Infisical CLI',
    subcommands: {
      run: {
        ...SECRETS_RUN,
        long: 'env= path= projectId= token= command= watch',
        values: { '--command': 'script' },
      },
    },
    examples: [{ argv: ['infisical', 'run', '--env=dev', '--', 'rm', 'x'], roles: { 4: 'command' } }],
  },
  {
    names: ['direnv'],
    summary: 'loads `.envrc` (shell code) into the environment',
    subcommands: {
      // `direnv exec DIR CMD`: runs `.envrc`, then CMD.
      exec: {
        summary: 'runs a command in the environment .envrc makes',
        wrapper: 'any-later-word',
        commandAfter: 1,
        runsFiles: ['.envrc'],
      },
      export: { summary: 'evaluates .envrc and prints the environment changes', runsFiles: ['.envrc'] },
      allow: { summary: 'lets the shell hook run .envrc', runsFiles: ['.envrc'] },
      reload: { summary: 'runs .envrc again', runsFiles: ['.envrc'] },
    },
    examples: [{ argv: ['direnv', 'exec', '.', 'make'], roles: { 2: 'unknown' }, runs: ['make'] }],
  },
  {
    names: ['just'],
    summary: 'runs the recipes (shell lines) of a justfile',
    short: 'f:d:lnq',
    long: 'justfile= working-directory= list dry-run quiet set= dotenv-path= dotenv-filename= shell= shell-arg=',
    abbreviations: true,
    values: { '-f': 'read', '--justfile': 'read', '--shell': 'script' },
    effects: { '-f': ['runs-file'], '--justfile': ['runs-file'] },
    runsFiles: ['justfile', 'Justfile', '.justfile'],
    operands: ['name'],
    examples: [{ argv: ['just', '-f', 'x.just', 'build'], roles: { 2: 'read', 3: 'name' } }],
  },
  {
    names: ['chamber'],
    summary: 'secrets in AWS SSM: `chamber exec SERVICE -- CMD` runs a command with them',
    wrapper: 'any-later-word',
    subcommands: {
      exec: {
        summary: 'runs a command with the secrets in its environment',
        wrapper: 'any-later-word',
        commandAfter: 1,
      },
      // `read SERVICE KEY` prints one secret, `export SERVICE` all of them (as JSON or dotenv).
      read: { summary: "prints a secret's value", printsCredentials: 'always' },
      export: { summary: "prints a service's secrets", printsCredentials: 'always' },
    },
    examples: [
      { argv: ['chamber', 'read', 'svc', 'key'], credentials: true },
      { argv: ['chamber', 'list', 'svc'], credentials: false },
      { argv: ['chamber', 'exec', 'svc', '--', 'rm'], roles: { 2: 'unknown', 4: 'unknown' }, runs: ['rm'] },
    ],
  },
  {
    names: ['ssh'],
    summary: 'runs a command on another host; with none, a login shell that reads standard input',
    // OpenSSH 9: these options take a value (attached or the next word), the rest are flags.
    // Its options may follow the host too (`ssh host -p 22`): the words after the host are
    // the remote command's, unless they are options (`engine/unseen-code.ts` reads them so).
    short: 'B:b:c:D:E:e:F:I:i:J:L:l:m:O:o:p:Q:R:S:W:w:46AaCfGgKkMNnqsTtVvXxYy',
    // The identity file it logs in with is used, never sent or printed (`-i KEY`, `-o
    // IdentityFile=KEY`); a config file (`-F`) or any other setting may name anything.
    // `-o ProxyCommand=CMD` (also `LocalCommand`, `KnownHostsCommand`, `RemoteCommand`).
    values: { '-i': 'uses', '-o': 'script' },
    // No remote command runs, nor a login shell: `-N` (forwarding only), `-W` (stdio
    // forwarding), `-O` (a control command to the master), `-s` (a subsystem).
    effects: { '-N': ['no-program'], '-W': ['no-program'], '-O': ['no-program'], '-s': ['no-program'] },
    scriptFormat: { '-o': 'ssh-option' },
    settingRoles: { '-o': SSH_KEY_SETTINGS },
    wrapper: 'any-later-word',
    // The remote command follows the host (the allow side reads it there: `commandsRun`).
    commandAfter: 1,
    loginShell: true,
    // A remote command that is only `env` (`ssh HOST env`) prints the host's environment.
    printsEnvironment: ['@last=env|printenv|set|export'],
    examples: [
      { argv: ['ssh', '-o', 'ProxyCommand=rm x', 'host'], commandLines: ['rm x'] },
      { argv: ['ssh', '-oLocalCommand rm x', 'host'], commandLines: ['rm x'] },
      { argv: ['ssh', '-o', 'Port=22', 'host'], commandLines: [] },
      { argv: ['ssh', '-i', 'k', '-o', 'IdentityFile=k2', 'host'], roles: { 2: 'uses', 4: 'uses' } },
      { argv: ['ssh', '-o', 'ProxyCommand=x', 'host'], roles: { 2: 'script' } },
      { argv: ['ssh', 'host', 'env'], environment: true },
      { argv: ['ssh', '-N', '-L', '8080:localhost:80', 'host'], effects: ['no-program'] },
      { argv: ['ssh', '-s', 'host', 'sftp'], effects: ['no-program'] },
      { argv: ['ssh', '-p', '22', 'host'], notEffects: ['no-program'] },
      { argv: ['ssh', 'host', 'uptime'], environment: false },
      { argv: ['ssh', 'host', 'rm', '-rf', '/'], roles: { 1: 'unknown', 2: 'unknown' } },
      { argv: ['ssh', '-p', '22', '-At', 'host', 'ls'], roles: { 4: 'unknown', 5: 'unknown' }, runs: ['ls'] },
      { argv: ['ssh', 'host', 'rm', '-rf', 'x'], runs: ['rm -rf x'] },
      { argv: ['ssh', 'host'], runs: [] },
      // Options after the host are read as ssh reads them there: the command follows them.
      { argv: ['ssh', 'host', '-l', 'ls', 'rm'], runs: ['rm'] },
      { argv: ['ssh', 'host', '-p', '22', 'ls', '-la'], runs: ['ls -la'] },
      { argv: ['ssh', 'host', '-N'], runs: [] },
    ],
  },
  {
    names: ['nsenter'],
    summary: 'runs a program (or `$SHELL`) in the namespaces of another process',
    // util-linux: its options up to the first other word, the program (`+` in its getopt
    // string); a namespace's file, the root and the working directory only attached
    // (`-m/proc/1/ns/mnt`, `--root=DIR`), so `-m ls` is `-m` and the program `ls`.
    short: 't:m::u::i::n::p::C::U::T::S:G:r::w::W::aceFZhV',
    long:
      'target= mount=? uts=? ipc=? net=? pid=? user=? cgroup=? time=? setuid= setgid= root=? wd=? ' +
      'wdns=? all env no-fork join-cgroup follow-context preserve-credentials keep-caps user-parent help version',
    permute: false,
    wrapper: 'after-options',
    // Given no program, it runs `$SHELL`, which reads its commands from standard input.
    unwrap: { withoutCommand: { reason: 'starts a shell' } },
    examples: [
      { argv: ['nsenter', '-t', '1', '-m', 'rm', '-rf', '/'], roles: { 2: 'unknown', 4: 'command' } },
      { argv: ['nsenter', '-t', '1', '-m', '-u', '-n', 'ls', '-la'], readings: 1, runs: ['ls -la'] },
      { argv: ['nsenter', '--target=1', '--mount=/proc/1/ns/mnt', 'make', 'test'], runs: ['make test'] },
      // An option it does not list may take the next word: the program may start at either word.
      { argv: ['nsenter', '--foo', '1', 'make', 'test'], runs: ['1 make test', 'make test'] },
    ],
  },
  {
    names: NAMED_RUNNERS,
    summary: 'runs a command given in its later words',
    wrapper: 'any-later-word',
    examples: [
      { argv: ['bwrap', '--bind', '/', '/', 'rm', '-rf', '/'], roles: { 4: 'unknown', 5: 'unknown' } },
      // Its options are not listed: any later word that is no option may start the command.
      {
        argv: ['cgexec', '-g', 'cpu:x', 'make', 'test'],
        runs: ['cpu:x make test', 'make test', 'test'],
      },
    ],
  },
];
