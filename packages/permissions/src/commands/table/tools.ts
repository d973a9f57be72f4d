/**
 * Tools with global options before a subcommand (`npm --prefix x publish`, `docker --context
 * prod rm c`, `kubectl -n prod delete pod x`): a deny or ask rule names the subcommand right
 * after the tool, so the engine also matches the command with these options taken out. Only
 * the options that take the next word as their value are listed; any other may or may not,
 * and both readings are tried. Container and cluster tools also run commands (`docker exec c
 * CMD`): any later word of those subcommands may be the command.
 */
import type { CommandFact } from '../types';
import { NODE_PACKAGE_RUN, PACKAGE_RUN, PNPM_RUN } from './runners';
import { changesState, runsCode } from './runs-code';

/** A kubectl resource list naming secrets (`secret`, `secrets/x`, `configmaps,secrets`). */
const SECRET_RESOURCE = '(?:.*,)?secrets?(?:[/,].*)?';

/** `docker exec CONTAINER CMD`, `kubectl exec POD -- CMD`: the command follows one operand (`commandAfter`). */
const RUNS = {
  summary: 'runs a command in a container or pod',
  wrapper: 'any-later-word',
  commandAfter: 1,
} as const;

/** A container or cluster tool's subcommand that runs no command of its words (`runsNoCommand`). */
const NO_COMMAND = {
  summary: 'takes names, options and values, never a command',
  runsNoCommand: true,
} as const;

/**
 * The container tools' verbs that run no command of the command line (`docker logs c`, `docker
 * rm -f c`, `docker compose up`, `lxc delete c`), at the top and in each management group.
 */
const QUIET_VERBS = (
  'logs stop start restart kill inspect ps images rm rmi pull push tag wait pause unpause top stats ' +
  'port diff history login logout info version search save load commit cp rename update events ' +
  'export import ls list prune up down attach connect disconnect delete launch init snapshot restore watch ' +
  'build config'
).split(' ');
const QUIET: Record<string, typeof NO_COMMAND> = Object.fromEntries(
  QUIET_VERBS.map((verb) => [verb, NO_COMMAND]),
);

/** A management group (`docker image rm x`): its next word is the verb. */
const group = (summary: string, subcommands: Record<string, Sub> = {}): Sub => ({
  summary,
  subcommands: { ...QUIET, ...subcommands },
});

/** Management groups of docker, podman, lxc and incus whose verbs are `QUIET_VERBS` or listed. */
const GROUPS: Record<string, Sub> = {
  image: group('manages images', {
    build: { ...runsCode("builds an image, running the Dockerfile's RUN lines"), runsNoCommand: true },
  }),
  volume: group('manages volumes'),
  network: group('manages networks'),
  system: group('manages the engine'),
  builder: group('manages builds'),
  plugin: group('manages plugins'),
  secret: group('manages secrets'),
  config: group('manages configs'),
  service: group('manages swarm services'),
  stack: group('manages swarm stacks'),
  node: group('manages swarm nodes'),
  context: group('manages contexts'),
  manifest: group('manages image manifests'),
  trust: group('manages trust on images'),
  swarm: group('manages the swarm'),
  checkpoint: group('manages checkpoints'),
  pod: group('manages pods'),
  machine: group('manages virtual machines'),
};

/** A command run where it is only `env`, `printenv`, `set` or `export` prints that environment. */
const REMOTE_ENVIRONMENT = ['@last=env|printenv|set|export'] as const;

/** kubectl's subcommands that take names, options and values, never a command to run. */
const KUBECTL_NO_COMMAND: Record<string, typeof NO_COMMAND> = Object.fromEntries(
  (
    'logs describe delete top rollout scale label annotate explain wait edit patch cluster-info ' +
    'api-resources api-versions version auth cordon uncordon drain taint expose autoscale events'
  )
    .split(' ')
    .map((verb) => [verb, NO_COMMAND]),
);

/** `exec`: runs a command in a running container or pod; `… exec c env` prints its environment. */
const EXEC = { ...RUNS, printsEnvironment: REMOTE_ENVIRONMENT } as const;

/**
 * `docker exec [OPTIONS] CONTAINER CMD…` (podman's too): its options, all before the container
 * (it stops reading options there); the values are left `unknown` (a user, a directory and
 * variables inside the container, for the floor still words to check). podman's `-l`
 * (`--latest`) names the container itself: no operand is one.
 */
const CONTAINER_EXEC = {
  ...EXEC,
  short: 'de:itu:w:',
  long: 'detach detach-keys= env= env-file= interactive privileged tty user= workdir=',
  values: { '--env-file': 'read' },
} as const;
const PODMAN_EXEC = {
  ...CONTAINER_EXEC,
  short: 'de:iltu:w:',
  long: `${CONTAINER_EXEC.long} latest preserve-fds=`,
  effects: { '-l': ['target-given'], '--latest': ['target-given'] },
} as const;

/**
 * `docker run [OPTIONS] IMAGE [CMD…]` (docker 27's options, all before the image, where it stops
 * reading them): the command follows the image. `--entrypoint PROGRAM` is the program run, with
 * the words after the image as its arguments; `--health-cmd CMD` a command line run in the
 * container again and again. The other values stay `unknown`: the floor still checks them as
 * words (`-v ~/.ssh:/k`, `--mount source=…` name host paths the container reads and writes).
 * Given no command it runs the image's own, which may be a shell that reads its commands from
 * standard input (`… | docker run -i ubuntu`): a login shell, as ssh's.
 */
const CONTAINER_RUN = {
  ...RUNS,
  loginShell: true,
  short: 'a:c:de:h:il:m:p:Pqtu:v:w:',
  long:
    'add-host= annotation= attach= blkio-weight= blkio-weight-device= cap-add= cap-drop= ' +
    'cgroup-parent= cgroupns= cidfile= cpu-count= cpu-percent= cpu-period= cpu-quota= cpu-rt-period= ' +
    'cpu-rt-runtime= cpu-shares= cpus= cpuset-cpus= cpuset-mems= detach-keys= device= ' +
    'device-cgroup-rule= device-read-bps= device-read-iops= device-write-bps= device-write-iops= dns= ' +
    'dns-opt= dns-option= dns-search= domainname= entrypoint= env= env-file= expose= gpus= group-add= ' +
    'health-cmd= health-interval= health-retries= health-start-interval= health-start-period= ' +
    'health-timeout= hostname= io-maxbandwidth= io-maxiops= ip= ip6= ipc= isolation= kernel-memory= ' +
    'label= label-file= link= link-local-ip= log-driver= log-opt= mac-address= memory= ' +
    'memory-reservation= memory-swap= memory-swappiness= mount= name= net= net-alias= network= ' +
    'network-alias= oom-score-adj= pid= pids-limit= platform= publish= pull= restart= runtime= ' +
    'security-opt= shm-size= stop-signal= stop-timeout= storage-opt= sysctl= tmpfs= ulimit= user= ' +
    'userns= uts= volume= volume-driver= volumes-from= workdir= detach interactive tty rm privileged ' +
    'publish-all init no-healthcheck oom-kill-disable read-only quiet help use-api-socket sig-proxy=? ' +
    'disable-content-trust=?',
  values: {
    '--entrypoint': 'command',
    '--health-cmd': 'script',
    '--env-file': 'read',
    '--label-file': 'read',
    '--cidfile': 'write',
    '--name': 'name',
  },
} as const;

/** `podman run`: docker's options and podman's own (its pods, secrets, id maps, systemd mode). */
const PODMAN_RUN = {
  ...CONTAINER_RUN,
  long:
    `${CONTAINER_RUN.long} pod= pod-id-file= replace secret= tz= systemd= rootfs uidmap= gidmap= ` +
    'subuidname= subgidname= conmon-pidfile= pidfile= preserve-fds= http-proxy=? arch= os= variant= ' +
    'authfile= creds= cert-dir= tls-verify=? sdnotify= passwd-entry= group-entry= hostuser= ' +
    'env-host=? env-merge= unsetenv= unsetenv-all=? chrootdirs= personality= timeout= requires= ' +
    'image-volume= init-path= log-level= seccomp-policy= decryption-key= retry= retry-delay=',
} as const;

/**
 * `kubectl exec (POD | TYPE/NAME) [-c CONTAINER] -- CMD…`: its options may follow the pod
 * (cobra reads them up to `--`); `-f FILE` names the pod from a file, so no operand is one.
 */
const KUBECTL_EXEC = {
  ...EXEC,
  short: 'c:f:iqt',
  long: 'container= filename= pod-running-timeout= quiet stdin tty',
  values: { '-c': 'name', '--container': 'name' },
  effects: { '-f': ['target-given'], '--filename': ['target-given'] },
  permute: true,
} as const;

/**
 * `docker ps` (also `container ls`): with `-q` it prints container ids only, one a line; a
 * `--format` (not listed here) may print anything.
 */
const PS = {
  ...NO_COMMAND,
  summary: 'lists containers; `-q` prints their ids only',
  short: 'af:ln:qs',
  long: 'all filter= last= latest no-trunc quiet size',
  effects: { '-q': ['names-only'], '--quiet': ['names-only'] },
  printsIds: true,
} as const;

/** `container exec` runs a command as `exec` does, `container run` as `run`. */
const CONTAINER = group('manages containers', {
  exec: CONTAINER_EXEC,
  run: CONTAINER_RUN,
  ps: PS,
  ls: PS,
  list: PS,
});
const PODMAN_CONTAINER = group('manages containers', {
  exec: PODMAN_EXEC,
  run: PODMAN_RUN,
  ps: PS,
  ls: PS,
  list: PS,
});

/** Compose's options and the subcommands that run a command (`docker compose`, `docker-compose`). */
export const COMPOSE = {
  short: 'f:p:',
  long:
    'file= project-name= profile= env-file= project-directory= ansi= progress= parallel= ' +
    'compatibility dry-run all-resources',
  // `run SERVICE` with no command runs the service's own, attached to standard input by default:
  // it may be a shell that reads its commands there (`loginShell`, as `docker run`).
  subcommands: { ...QUIET, exec: EXEC, run: { ...RUNS, loginShell: true } },
} as const;

/**
 * Settings that make `npm test` or `pnpm build` run code the project never named (decision
 * 0043): `--node-options` becomes NODE_OPTIONS (`--import=data:…`), `--script-shell` runs the
 * scripts with another program, `--userconfig`/`--globalconfig` load settings from another
 * file, `--prefix`/`--dir`/`-C` run another package's scripts, npm 6 loaded `--onload-script`,
 * and `--logs-dir` writes the debug log where it names. The read-only classifier reads them in
 * npm's own way (`classifier/package-options.ts`: any case, `_` for `-`, a prefix either way,
 * pnpm's `--config.NAME`).
 */
const RUNS_UNNAMED = {
  '--node-options': ['runs'],
  '--script-shell': ['runs'],
  '--userconfig': ['runs'],
  '--globalconfig': ['runs'],
  '--prefix': ['runs'],
  '--dir': ['runs'],
  '-C': ['runs'],
  '--onload-script': ['runs'],
  '--logs-dir': ['writes'],
} as const;
const RUNS_UNNAMED_LONG = 'node-options= script-shell= userconfig= globalconfig= onload-script= logs-dir=';

/**
 * A package manager's run of package.json's scripts (`npm run build`, `npm test`): each
 * script named, with its `pre`/`post` scripts. A package.json the same command line writes
 * (`echo '{"scripts":…}' > package.json`, `npm pkg set scripts.x=CMD`) is checked by the deny
 * rules.
 */
const SCRIPTS = { runsFiles: ['package.json'], runsFormat: 'package-scripts' } as const;
const RUN_SCRIPT = { summary: 'runs a script of package.json', ...SCRIPTS, runsScripts: 'operand' } as const;
const script = (name: string) =>
  ({ summary: `runs the ${name} script of package.json`, ...SCRIPTS, runsScripts: [name] }) as const;
/**
 * `npm config set KEY VALUE` (also `npm set KEY=VALUE`, pnpm and yarn alike): the settings whose
 * value is a program the package manager runs later — `script-shell` runs every script.
 */
const SET_PROGRAMS = {
  summary: 'stores settings; some name a program run later',
  setsCommandSettings: ['script-shell', 'shell', 'editor', 'browser', 'git', 'viewer'],
} as const;

/** `npm install` and `npm ci` run the package's own install and prepare scripts. */
const INSTALL = {
  summary: "installs dependencies; runs the package's install and prepare scripts",
  ...SCRIPTS,
  runsScripts: ['install', 'prepare', 'prepublish'],
} as const;

type Sub = NonNullable<CommandFact['subcommands']>[string];

/**
 * A gh subcommand that posts text (`gh pr create`, `gh issue comment`, `gh pr merge`): its
 * title, body and comment are text, never paths; `-F`/`--body-file` reads one. Its other
 * options are listed so that common lines read one way.
 */
const GH_POST = {
  summary: 'posts a title, body or comment',
  short: 'R:t:b:F:c:a:B:H:l:m:p:r:T:dfew',
  long:
    'repo= title= body= body-file= comment= assignee= base= head= label= milestone= project= reviewer= ' +
    'template= recover= add-label= remove-label= add-assignee= remove-assignee= add-reviewer= ' +
    'remove-reviewer= add-project= remove-project= reason= draft fill fill-first fill-verbose editor web ' +
    'dry-run no-maintainer-edit approve request-changes edit-last delete-branch',
  values: {
    '-t': 'value',
    '--title': 'value',
    '-b': 'value',
    '--body': 'value',
    '-c': 'value',
    '--comment': 'value',
    '-m': 'value',
    '-F': 'read',
    '--body-file': 'read',
  },
  operands: ['name'],
} as const satisfies Sub;

/** `gh pr merge`: the commit's subject and body are text. */
const GH_MERGE: Sub = {
  summary: 'merges a pull request',
  short: 'R:t:b:F:A:dmrs',
  long:
    'repo= subject= body= body-file= author-email= match-head-commit= squash rebase merge auto ' +
    'disable-auto admin delete-branch',
  values: {
    '-t': 'value',
    '--subject': 'value',
    '-b': 'value',
    '--body': 'value',
    '-F': 'read',
    '--body-file': 'read',
  },
  operands: ['name'],
};

/** `gh release create|edit TAG [FILE…]`: notes and title are text; the files are uploaded. */
const GH_RELEASE: Sub = {
  summary: 'creates or edits a release',
  short: 'R:t:n:F:dp',
  long:
    'repo= title= notes= notes-file= target= discussion-category= notes-start-tag= notes-from-tag ' +
    'generate-notes draft prerelease latest=? verify-tag fail-on-no-commits',
  values: {
    '-t': 'value',
    '--title': 'value',
    '-n': 'value',
    '--notes': 'value',
    '-F': 'read',
    '--notes-file': 'read',
    '--target': 'name',
  },
  operands: ['name', 'read'],
};

/** `npm config set` and its kin: the npm settings files (pnpm reads them too). */
const NPMRC = {
  summary: 'sets or deletes a setting in .npmrc',
  writesFiles: { files: ['~/.npmrc', '.npmrc'] },
} as const;
/**
 * `npm config get //registry.npmjs.org/:_authToken`: npm prints the registry token of a key
 * it is asked for by name (`npm config list` masks them; `get` does not). Keys of auth
 * settings: `_auth`, `_authToken`, `_password`, each alone or after a registry's `//host/:`.
 */
const NPM_CONFIG_GET = {
  summary: 'prints configuration values, an auth token too when its key is named',
  printsCredentials: [
    '@0=.*(?:_auth|_password).*',
    '@1=.*(?:_auth|_password).*',
    '@2=.*(?:_auth|_password).*',
  ],
} as const;

/** `yarn config set`: yarn's settings files (Berry's and classic's). */
const YARNRC = {
  summary: 'sets or deletes a yarn setting',
  writesFiles: { files: ['~/.yarnrc.yml', '.yarnrc.yml', '~/.yarnrc', '.yarnrc'] },
} as const;

/** A terraform subcommand that makes or applies a plan from variables (terraform's `-var-file`). */
function terraformVars(verb: string): NonNullable<CommandFact['subcommands']>[string] {
  return {
    summary: `${verb}: plans with variables, from the command line or files`,
    singleDash: true,
    long:
      'var= var-file= auto-approve input=? lock=? lock-timeout= no-color parallelism= refresh=? ' +
      'refresh-only replace= target= out= state= state-out= backup= compact-warnings json destroy ' +
      'detailed-exitcode generate-config-out= config= allow-missing-config ignore-remote-version',
    values: { '-var-file': 'uses' },
  };
}

export const TOOLS: readonly CommandFact[] = [
  {
    names: ['npm'],
    summary: 'the Node.js package manager',
    optionStyle: 'nopt',
    short: 'C:w:',
    long: `prefix= dir= workspace= loglevel= registry= cache= ${RUNS_UNNAMED_LONG}`,
    effects: RUNS_UNNAMED,
    values: {
      '--prefix': 'chdir',
      '-C': 'chdir',
      '--loglevel': 'value',
      '--registry': 'value',
      '-w': 'name',
      '--workspace': 'name',
    },
    permute: false,
    subcommands: {
      run: { ...RUN_SCRIPT, names: ['run-script', 'rum', 'urn'] },
      test: { ...script('test'), names: ['t', 'tst'] },
      start: script('start'),
      stop: script('stop'),
      restart: { ...script('restart'), runsScripts: ['restart', 'stop', 'start'] },
      install: { ...INSTALL, names: ['i', 'in', 'add', 'isntall', 'ci', 'clean-install', 'ic'] },
      'install-test': {
        ...INSTALL,
        names: ['it'],
        runsScripts: ['install', 'prepare', 'test'],
        implies: ['runs'],
      },
      pack: { ...script('pack'), runsScripts: ['pack', 'prepare'] },
      publish: { ...script('publish'), runsScripts: ['pack', 'prepare', 'publish', 'prepublishOnly'] },
      version: script('version'),
      // `npm exec rm`, `npm x -c CMD`: a program of a package (see `packageRunner`).
      exec: { ...NODE_PACKAGE_RUN, names: ['x'] },
      // `npm config set script-shell CMD`: the shell npm runs scripts with; .npmrc is written.
      config: {
        summary: 'reads and edits .npmrc',
        names: ['c'],
        subcommands: {
          get: NPM_CONFIG_GET,
          set: { ...SET_PROGRAMS, ...NPMRC },
          delete: { ...NPMRC, names: ['rm'] },
          edit: NPMRC,
          fix: NPMRC,
        },
      },
      get: NPM_CONFIG_GET,
      set: { ...SET_PROGRAMS, ...NPMRC },
      explore: runsCode("runs a command (by default a shell) in an installed package's directory"),
      rebuild: { ...runsCode('rebuilds packages, running their install scripts'), names: ['rb'] },
      pkg: {
        summary: 'reads and edits package.json',
        subcommands: {
          // `npm pkg set scripts.x='rm -rf y'`: the script `npm run x` then runs.
          set: { summary: 'sets fields of package.json', writesSettings: 'package.json' },
        },
      },
    },
    examples: [
      { argv: ['npm', '--prefix', 'x', 'publish'], roles: { 2: 'chdir' } },
      // A rule for `npm run` would cover every script: the script named is part of the action.
      { argv: ['npm', 'run', 'build'], prefix: ['npm', 'run', 'build'] },
      { argv: ['npm', 'run'], prefix: [] },
      { argv: ['npm', 'test'], prefix: ['npm', 'test'] },
      { argv: ['npm', 'explore', 'x', '--', 'ls'], effects: ['runs'] },
      { argv: ['npm', 'it'], effects: ['runs'] },
      { argv: ['npm', '-C', 'x', 'run', 'build'], roles: { 2: 'chdir', 4: 'unknown' } },
      { argv: ['npm', 'config', 'get', '//registry.npmjs.org/:_authToken'], credentials: true },
      { argv: ['npm', 'get', 'registry', '_auth'], credentials: true },
      { argv: ['npm', 'config', 'get', 'registry'], credentials: false },
    ],
  },
  {
    names: ['pnpm'],
    summary: 'a Node.js package manager',
    optionStyle: 'nopt',
    short: 'C:F:w:',
    long: `dir= prefix= filter= workspace= loglevel= registry= ${RUNS_UNNAMED_LONG}`,
    effects: RUNS_UNNAMED,
    values: { '-C': 'chdir', '--dir': 'chdir' },
    permute: false,
    // `pnpm build`: a word pnpm does not know as a command runs the script it names.
    ...SCRIPTS,
    runsScripts: 'subcommand',
    subcommands: {
      run: { ...RUN_SCRIPT, names: ['run-script'] },
      test: { ...script('test'), names: ['t', 'tst'] },
      start: script('start'),
      install: { ...INSTALL, names: ['i'] },
      exec: PNPM_RUN,
      dlx: PNPM_RUN,
      create: runsCode('runs the create-* starter kit package it names'),
      config: {
        summary: 'reads and edits .npmrc',
        names: ['c'],
        subcommands: { get: NPM_CONFIG_GET, set: { ...SET_PROGRAMS, ...NPMRC }, delete: NPMRC },
      },
      set: { ...SET_PROGRAMS, ...NPMRC },
    },
    examples: [
      { argv: ['pnpm', 'create', 'vite'], effects: ['runs'] },
      { argv: ['pnpm', 'config', 'get', '//npm.example.com/:_password'], credentials: true },
    ],
  },
  {
    names: ['yarn'],
    summary: 'a Node.js package manager',
    long: 'cwd= registry= cache-folder= modules-folder=',
    values: { '--cwd': 'chdir' },
    permute: false,
    // `yarn build`, `yarn test`: a word yarn does not know as a command runs the script it names.
    ...SCRIPTS,
    runsScripts: 'subcommand',
    subcommands: {
      run: RUN_SCRIPT,
      install: INSTALL,
      exec: PACKAGE_RUN,
      dlx: {
        ...PACKAGE_RUN,
        short: 'p:',
        long: 'package= quiet',
        values: { '-p': 'name', '--package': 'name' },
      },
      config: {
        summary: 'reads and edits the yarn settings',
        subcommands: { set: { ...SET_PROGRAMS, ...YARNRC }, delete: YARNRC, unset: YARNRC },
      },
      // `yarn set version`: writes yarnPath into .yarnrc.yml.
      set: { ...SET_PROGRAMS, ...YARNRC },
      create: runsCode('runs the create-* starter kit package it names'),
      node: runsCode("runs node with the project's packages resolvable: its words are node's"),
    },
    examples: [
      { argv: ['yarn', 'create', 'vite'], effects: ['runs'] },
      { argv: ['yarn', 'node', '-e', 'x'], effects: ['runs'] },
    ],
  },
  {
    names: ['make', 'gmake'],
    summary: "GNU make: runs a makefile's recipes (shell lines)",
    short: 'f:C:I:o:W:E:j::l::eikmnpqrRsStvwBdL',
    long:
      'file= makefile= directory= include-dir= old-file= assume-old= what-if= new-file= assume-new= ' +
      'eval= jobs=? load-average=? max-load=? debug=? dry-run just-print keep-going silent quiet always-make',
    values: {
      '-f': 'read',
      '--file': 'read',
      '--makefile': 'read',
      '-C': 'chdir',
      '--directory': 'chdir',
      // `--eval=TEXT`: makefile text, whose recipes and `$(shell …)` run shell lines.
      '-E': 'script',
      '--eval': 'script',
    },
    // `-f FILE` (any number of them) instead of the default makefiles.
    effects: { '-f': ['runs-file'], '--file': ['runs-file'], '--makefile': ['runs-file'] },
    runsFiles: ['GNUmakefile', 'makefile', 'Makefile'],
    commandVariables: true,
    runsCode: 'program',
    // `-j N`, `-l N`: GNU make takes the next word as the count when it is a number.
    countOptions: ['-j', '--jobs', '-l', '--load-average', '--max-load'],
    examples: [
      { argv: ['make', '-j', '-C', 'sub', '-f', 'x.mk', 'all'], roles: { 3: 'chdir', 5: 'read' } },
      { argv: ['make', '-j', '8', '--load-average=4', 'all'], counts: ['8', '4'] },
      { argv: ['make', '-j$(nproc)', '-l', '2'], counts: ['$(nproc)', '2'] },
      { argv: ['make', '-C', 'sub', 'all'], counts: [] },
      { argv: ['make', 'test'], prefix: [] },
      { argv: ['make', '--eval', 'x: ; rm -rf y', 'x'], roles: { 2: 'script' } },
      // A makefile read on standard input: its recipes are what arrives there.
      { argv: ['make', '-f', '-'], stdinCommands: true },
      { argv: ['make', '--file=/dev/stdin'], stdinCommands: true },
      { argv: ['make', '-f', 'x.mk'], stdinCommands: false },
    ],
  },
  {
    names: ['tox'],
    summary: 'runs Python test environments: the `commands =` of tox.ini',
    short: 'c:e:x:rqv',
    long: 'conf= root= workdir= override= recreate quiet verbose',
    values: { '-c': 'read', '--conf': 'read', '-e': 'name' },
    effects: { '-c': ['runs-file'], '--conf': ['runs-file'] },
    runsFiles: ['tox.ini'],
    runsFormat: 'ini-commands',
    examples: [{ argv: ['tox', '-e', 'py', '-c', 'ci.ini'], roles: { 2: 'name', 4: 'read' } }],
  },
  {
    names: ['docker'],
    summary: 'the container engine client',
    short: 'c:H:l:Dv',
    long: 'context= host= config= log-level= tlscacert= tlscert= tlskey= debug tls tlsverify version',
    values: {
      '--context': 'name',
      '-c': 'name',
      '--host': 'value',
      '-H': 'value',
      '--log-level': 'value',
      '-l': 'value',
    },
    permute: false,
    subcommands: {
      ...QUIET,
      ...GROUPS,
      exec: CONTAINER_EXEC,
      run: CONTAINER_RUN,
      ps: PS,
      build: { ...runsCode("builds an image, running the Dockerfile's RUN lines"), runsNoCommand: true },
      buildx: {
        ...runsCode("builds images (`buildx build`), running the Dockerfile's RUN lines"),
        subcommands: QUIET,
      },
      compose: { ...runsCode("starts, runs or execs into a compose file's services"), ...COMPOSE },
      container: CONTAINER,
    },
    examples: [
      { argv: ['docker', '--context', 'prod', 'rm', 'c'], roles: { 2: 'name' } },
      { argv: ['docker', 'build', '.'], effects: ['runs'] },
      { argv: ['docker', 'compose', 'up'], effects: ['runs'] },
      { argv: ['docker', 'exec', '-it', 'web', 'env'], environment: true },
      { argv: ['docker', 'exec', 'web', 'ls'], environment: false },
      { argv: ['docker', 'compose', '-f', 'c.yml', 'exec', 'web', 'env'], environment: true },
      { argv: ['docker', 'container', 'exec', 'web', 'env'], environment: true },
      {
        argv: ['docker', '-H', 'h', 'image', 'rm', 'x'],
        roles: { 2: 'value', 5: 'unknown' },
        runsCommand: false,
      },
      { argv: ['docker', 'logs', 'rm'], runsCommand: false },
      { argv: ['docker', 'compose', '-f', 'c.yml', 'up', '-d'], runsCommand: false },
      { argv: ['docker', 'compose', 'run', 'web', 'rm'], runsCommand: true, runs: ['rm'] },
      { argv: ['docker', 'exec', 'c', 'rm', '-rf', 'x'], runs: ['rm -rf x'] },
      // Its options come before the container: their values are no command.
      { argv: ['docker', 'exec', '-e', 'X=1', 'c', 'ls'], readings: 1, runs: ['ls'] },
      { argv: ['docker', 'exec', '-u', 'root', '-w', '/app', '-it', 'c', 'ls', '-la'], runs: ['ls -la'] },
      { argv: ['docker', 'exec', '--env-file', 'e', 'c', 'ls'], roles: { 3: 'read' }, runs: ['ls'] },
      { argv: ['docker', 'container', 'exec', '-d', 'c', 'ls'], runs: ['ls'] },
      // An option it does not list may take the container's place.
      { argv: ['docker', 'exec', '--foo', 'c', 'ls', 'x'], runs: ['ls x', 'x'] },
      { argv: ['docker', 'ps', '-qf', 'name=db'], ids: true },
      { argv: ['docker', 'container', 'ls', '--quiet', '-a'], ids: true },
      { argv: ['docker', 'ps', '-a'], ids: false },
      { argv: ['docker', 'ps', '-q', '--format', 'x'], ids: false },
      { argv: ['docker', 'run', '--rm', 'img', 'ls'], runs: ['ls'] },
      // Its options come before the image, with their values: the command follows the image.
      {
        argv: ['docker', 'run', '--rm', '-v', '/repo:/w', '-w', '/w', '-e', 'X=1', 'img', 'ls', '-la'],
        readings: 1,
        roles: { 4: 'unknown' },
        runs: ['ls -la'],
      },
      {
        argv: ['docker', 'run', '-it', '--name', 'web', '-p', '8080:80', 'nginx'],
        roles: { 4: 'name' },
        runs: [],
      },
      { argv: ['docker', 'run', '--env-file', 'e', 'img', 'ls'], roles: { 3: 'read' }, runs: ['ls'] },
      { argv: ['docker', 'run', '--entrypoint', 'rm', 'img', '-rf', 'x'], roles: { 3: 'command' } },
      { argv: ['docker', 'run', '--health-cmd', 'rm -rf x', 'img'], commandLines: ['rm -rf x'] },
      { argv: ['docker', 'container', 'run', '-d', '--restart', 'always', 'img', 'ls'], runs: ['ls'] },
      { argv: ['docker', 'logs', 'c'], runs: [] },
      { argv: ['docker', 'image', 'frob', 'rm'], runsCommand: true },
    ],
  },
  {
    names: ['podman'],
    summary: 'a container engine',
    short: 'c:H:',
    long: 'context= host= url= connection= log-level= root= runroot=',
    permute: false,
    subcommands: {
      ...QUIET,
      ...GROUPS,
      exec: PODMAN_EXEC,
      run: PODMAN_RUN,
      ps: PS,
      build: { ...runsCode("builds an image, running the Containerfile's RUN lines"), runsNoCommand: true },
      container: PODMAN_CONTAINER,
    },
    examples: [
      { argv: ['podman', 'build', '.'], effects: ['runs'] },
      { argv: ['podman', 'exec', '-it', 'c', 'ls'], runs: ['ls'] },
      // `-l` (`--latest`) names the container: the command is the first operand.
      { argv: ['podman', 'exec', '-l', 'reboot'], runs: ['reboot'] },
      { argv: ['podman', 'container', 'exec', '--latest', 'ls', '-la'], runs: ['ls -la'] },
      { argv: ['podman', 'ps', '-q'], ids: true },
      {
        argv: ['podman', 'run', '--rm', '--pod', 'p', '-v', '.:/w:Z', 'img', 'ls'],
        readings: 1,
        runs: ['ls'],
      },
    ],
  },
  {
    names: ['lxc', 'incus'],
    summary: 'the LXD and Incus clients: `exec` runs a command in an instance',
    short: 'qv',
    long: 'project= debug verbose quiet force-local',
    values: { '--project': 'name' },
    wrapper: 'any-later-word',
    subcommands: { ...QUIET, ...GROUPS, exec: RUNS },
    examples: [
      {
        argv: ['lxc', 'exec', 'c', '--', 'rm', 'x'],
        roles: { 2: 'unknown', 4: 'unknown' },
        runsCommand: true,
      },
      { argv: ['incus', 'image', 'delete', 'x'], roles: { 3: 'unknown' }, runsCommand: false },
    ],
  },
  {
    names: ['kubectl'],
    summary: 'the Kubernetes client',
    // Its global options (`kubectl options`): the TLS files are left `unknown`, words to check.
    short: 'n:s:v:',
    long:
      'namespace= context= cluster= user= kubeconfig= server= token= as= as-group= as-uid= ' +
      'request-timeout= certificate-authority= client-certificate= client-key= tls-server-name= ' +
      'cache-dir= insecure-skip-tls-verify disable-compression match-server-version warnings-as-errors ' +
      'log-flush-frequency= profile= profile-output= v=',
    values: {
      '-n': 'name',
      '--namespace': 'name',
      '--context': 'name',
      '--cluster': 'name',
      '--user': 'name',
      '-s': 'value',
      '--server': 'value',
      // The kubeconfig it logs in with (`kubectl config view --raw` prints one: a credential printer).
      '--kubeconfig': 'uses',
    },
    // Its global flags may follow any subcommand (cobra's persistent flags).
    persistentOptions: true,
    permute: false,
    subcommands: {
      exec: KUBECTL_EXEC,
      run: RUNS,
      debug: RUNS,
      // The terminal is joined to a process of the container: what is typed runs there.
      attach: runsCode("attaches to a running container's process, its input and output"),
      apply: { ...changesState('creates or changes cluster objects from files'), runsNoCommand: true },
      proxy: changesState('opens a local port that forwards to the API server'),
      'port-forward': { ...changesState("opens local ports that forward to a pod's"), runsNoCommand: true },
      ...KUBECTL_NO_COMMAND,
      get: {
        runsNoCommand: true,
        summary: "prints resources; `--raw PATH` the API server's answer as is",
        short: 'o:l:L:',
        long: 'raw= output= selector= label-columns= field-selector= sort-by= template= all-namespaces watch',
        // `-o name` prints `TYPE/NAME` only, one a line.
        effects: { '-o=name': ['names-only'], '--output=name': ['names-only'] },
        printsIds: true,
        // A secret's data in any output format but names (`-o yaml`, `-o jsonpath=…`).
        printsCredentials: [
          '--raw~secrets',
          `@0=${SECRET_RESOURCE}&-o!name|wide`,
          `@0=${SECRET_RESOURCE}&--output!name|wide`,
        ],
      },
      config: {
        summary: 'kubeconfig',
        runsNoCommand: true,
        subcommands: {
          // `--raw` and `--flatten` print the certificates, keys and tokens instead of redacting them.
          view: {
            summary: 'prints the kubeconfig',
            long: 'raw flatten minify merge output= kubeconfig=',
            values: { '--kubeconfig': 'uses' },
            printsCredentials: ['--raw', '--flatten'],
          },
        },
      },
      create: {
        summary: 'creates resources',
        implies: ['writes'],
        subcommands: { token: { summary: 'prints a service account token', printsCredentials: 'always' } },
      },
      // The krew plugin: decodes and prints a secret's data.
      'view-secret': { summary: "prints a secret's data", printsCredentials: 'always' },
    },
    examples: [
      { argv: ['kubectl', '-n', 'prod', 'delete', 'pod', 'x'], roles: { 2: 'name' } },
      { argv: ['kubectl', 'exec', 'pod', '--', 'rm', 'x'], runs: ['rm x'] },
      // Its options may follow the pod; `-f` names the pod, so the command follows no operand.
      { argv: ['kubectl', 'exec', 'pod', '-c', 'ctr', '--', 'ls'], roles: { 4: 'name' }, runs: ['ls'] },
      { argv: ['kubectl', 'exec', '-n', 'ns', 'pod', '-c', 'app', '--', 'ls'], runs: ['ls'] },
      { argv: ['kubectl', 'exec', '-f', 'pod.yaml', '--', 'reboot'], runs: ['reboot'] },
      // An option it does not list may take the pod's place: the command may start at either word.
      { argv: ['kubectl', 'exec', '--foo', 'pod', 'ls', 'x'], runs: ['ls x', 'x'] },
      { argv: ['kubectl', 'get', 'pods', '-l', 'app=db', '-o', 'name'], ids: true },
      { argv: ['kubectl', 'get', 'pods', '-o', 'wide'], ids: false },
      { argv: ['kubectl', '--insecure-skip-tls-verify', 'exec', 'p', '--', 'ls'], readings: 1, runs: ['ls'] },
      { argv: ['kubectl', 'get', '--raw', '/api/v1/namespaces/x/secrets/y'], credentials: true },
      { argv: ['kubectl', 'get', '--raw=/healthz'], credentials: false },
      { argv: ['kubectl', '-n', 'x', 'get', '-o', 'yaml', 'secret', 'y'], credentials: true },
      { argv: ['kubectl', 'get', 'secrets,configmaps', '-oyaml'], credentials: true },
      { argv: ['kubectl', 'get', 'secret', '-o', 'name'], credentials: false },
      { argv: ['kubectl', 'get', 'secretstores', '-o', 'yaml'], credentials: false },
      { argv: ['kubectl', 'config', 'view', '--raw'], credentials: true },
      { argv: ['kubectl', 'config', 'view'], credentials: false },
      { argv: ['kubectl', 'get', 'pods', '--kubeconfig', 'k'], roles: { 4: 'uses' } },
      {
        argv: ['kubectl', 'logs', 'p', '--kubeconfig', 'k', '-c', 'x'],
        roles: { 2: 'unknown', 4: 'uses', 6: 'unknown' },
      },
      { argv: ['kubectl', 'attach', '-it', 'pod'], effects: ['runs'] },
      { argv: ['kubectl', 'apply', '-f', 'x.yaml'], effects: ['writes'] },
      { argv: ['kubectl', 'create', 'deployment', 'x'], effects: ['writes'] },
      { argv: ['kubectl', 'port-forward', 'pod', '8080'], effects: ['writes'] },
      {
        argv: ['kubectl', '--context', 'c', 'logs', 'rm'],
        roles: { 2: 'name', 4: 'unknown' },
        runsCommand: false,
      },
      { argv: ['kubectl', 'config', 'set-context', 'x'], runsCommand: false },
      { argv: ['kubectl', 'exec', 'p', '--', 'rm'], runsCommand: true },
    ],
  },
  {
    names: ['helm'],
    summary: 'the Kubernetes package manager',
    short: 'n:',
    long: 'namespace= kube-context= kubeconfig= registry-config= repository-config=',
    // The kubeconfig it logs in with; its global flags may follow any subcommand (cobra).
    values: { '--kubeconfig': 'uses' },
    persistentOptions: true,
    permute: false,
    subcommands: {},
    examples: [{ argv: ['helm', 'list', '--kubeconfig', 'k', 'x'], roles: { 3: 'uses', 4: 'unknown' } }],
  },
  {
    names: ['cargo'],
    summary: 'the Rust package manager',
    short: 'C:Z:',
    long: 'config= color=',
    values: { '-C': 'chdir', '--color': 'value' },
    plusOptions: true,
    permute: false,
    subcommands: {
      run: { ...runsCode("builds and runs the project's binary (its build scripts too)"), names: ['r'] },
      // A crate's build script (build.rs) runs as it builds.
      install: runsCode('builds and installs a crate, running its build script'),
      script: runsCode('runs a single-file Rust script'),
    },
    examples: [
      { argv: ['cargo', '+nightly', '-C', 'x', 'publish'], roles: { 3: 'chdir' } },
      { argv: ['cargo', '+nightly', 'run', '--release'], effects: ['runs'] },
    ],
  },
  {
    names: ['svn'],
    summary: 'the Subversion client',
    // Its global options, given to any subcommand, anywhere (svn 1.14's manual): the editor
    // for log messages and the diff programs it runs, each a command line.
    long: 'editor-cmd= diff-cmd= diff3-cmd=',
    values: { '--editor-cmd': 'script', '--diff-cmd': 'script', '--diff3-cmd': 'script' },
    permute: true,
    examples: [
      { argv: ['svn', 'commit', '--editor-cmd', 'rm x'], commandLines: ['rm x'] },
      { argv: ['svn', '--diff-cmd=rm y', 'diff'], commandLines: ['rm y'] },
      { argv: ['svn', 'status'], commandLines: [] },
    ],
  },
  {
    names: ['cvs'],
    summary: 'the CVS client',
    // `-e EDITOR`, a global option before the command: the editor it runs for log messages.
    short: 'e:d:z:T:s:',
    values: { '-e': 'script' },
    examples: [{ argv: ['cvs', '-e', 'rm x', 'commit'], commandLines: ['rm x'] }],
  },
  {
    names: ['go'],
    summary: 'the Go toolchain',
    short: 'C:',
    permute: false,
    subcommands: {
      run: runsCode('builds and runs a Go program'),
      generate: runsCode('runs the commands of //go:generate lines in the source files'),
      tool: runsCode('runs a Go tool'),
    },
    examples: [
      { argv: ['go', '-C', 'x', 'run', '.'], effects: ['runs'] },
      { argv: ['go', 'generate', './...'], effects: ['runs'] },
    ],
  },
  {
    names: ['dotnet'],
    summary: 'the .NET toolchain',
    permute: false,
    subcommands: {
      run: runsCode('builds and runs the project'),
      exec: runsCode('runs a built .NET application'),
      tool: runsCode('installs or runs .NET tools'),
    },
    examples: [{ argv: ['dotnet', 'run', '--project', 'x'], effects: ['runs'] }],
  },
  {
    names: ['systemctl'],
    summary: 'the systemd manager client',
    short: 'H:M:',
    long: 'host= machine=',
    permute: false,
    // Enabling or linking a unit makes it run later: the unit directories are written (`--user`:
    // the user's, else the system's; both are named, on the safe side).
    subcommands: Object.fromEntries(
      [
        'enable',
        'reenable',
        'link',
        'edit',
        'preset',
        'add-wants',
        'add-requires',
        'set-property',
        'revert',
      ].map((verb) => [
        verb,
        {
          summary: `${verb}s units (they run later)`,
          writesFiles: { files: ['/etc/systemd/system', '~/.config/systemd/user'] },
        },
      ]),
    ),
  },
  {
    names: ['terraform', 'tofu'],
    summary: "infrastructure as code (OpenTofu alike); its state holds every resource's secrets in clear",
    singleDash: true,
    long: 'chdir=? help version',
    permute: false,
    subcommands: {
      // Variables read from a file to make a plan with (`-var-file=prod.tfvars`): the plan
      // masks sensitive values, the file is never printed.
      ...Object.fromEntries(
        ['apply', 'plan', 'destroy', 'console', 'import', 'refresh'].map((verb) => [
          verb,
          terraformVars(verb),
        ]),
      ),
      // Sensitive outputs print as `<sensitive>` unless asked for as JSON or raw.
      output: {
        summary: 'prints the outputs of the state',
        singleDash: true,
        long: 'json raw no-color state=? show-sensitive',
        printsCredentials: ['-json', '-raw', '-show-sensitive'],
      },
      show: {
        summary: 'prints the state or a plan; as JSON with sensitive values in clear',
        singleDash: true,
        long: 'json no-color show-sensitive',
        printsCredentials: ['-json', '-show-sensitive'],
      },
      state: {
        summary: 'state management',
        subcommands: {
          // The state, as `cat terraform.tfstate` would print it.
          pull: { summary: 'prints the state', printsCredentials: 'always' },
        },
      },
    },
    examples: [
      { argv: ['terraform', '-chdir=infra', 'output', '-json'], credentials: true },
      { argv: ['terraform', 'output', 'vpc_id'], credentials: false },
      { argv: ['terraform', 'state', 'pull'], credentials: true },
      { argv: ['terraform', 'show', '-json', 'plan.out'], credentials: true },
      { argv: ['terraform', 'apply', '-var-file', 'p.tfvars', '-auto-approve'], roles: { 3: 'uses' } },
    ],
  },
  {
    names: ['gh'],
    summary: 'the GitHub CLI',
    short: 'R:',
    long: 'repo=',
    permute: false,
    // `gh pr list`, `gh codespace ssh`: every subcommand is a group of actions.
    groupedSubcommands: true,
    subcommands: {
      pr: {
        summary: 'pull requests',
        subcommands: {
          create: GH_POST,
          edit: GH_POST,
          comment: GH_POST,
          review: GH_POST,
          close: GH_POST,
          merge: GH_MERGE,
        },
      },
      issue: {
        summary: 'issues',
        subcommands: { create: GH_POST, edit: GH_POST, comment: GH_POST, close: GH_POST },
      },
      release: {
        summary: 'releases: `create TAG FILE…` uploads the files',
        subcommands: { create: GH_RELEASE, edit: GH_RELEASE },
      },
      auth: {
        summary: 'authentication',
        subcommands: {
          token: { summary: 'prints the token in use', printsCredentials: 'always' },
          status: {
            summary: 'shows the login state; the token too with -t',
            short: 'h:t',
            long: 'hostname= show-token active json= jq= template=',
            printsCredentials: ['-t', '--show-token'],
          },
        },
      },
    },
    examples: [
      {
        argv: ['gh', 'pr', 'create', '--title', 'drop .env', '-b', 'x', '--body-file', 'f'],
        roles: { 4: 'value', 6: 'value', 8: 'read' },
      },
      {
        argv: ['gh', 'release', 'create', 'v1', '-n', 'x .env', 'dist.tgz'],
        roles: { 3: 'name', 5: 'value', 6: 'read' },
      },
      { argv: ['gh', 'auth', 'token'], credentials: true },
      { argv: ['gh', 'pr', 'list'], prefix: ['gh', 'pr', 'list'] },
      { argv: ['gh', 'codespace', 'list', '-L', '5'], prefix: ['gh', 'codespace', 'list'] },
      { argv: ['gh', 'pr', '--help'], prefix: [] },
      { argv: ['gh', 'auth', 'status', '--show-token'], credentials: true },
      { argv: ['gh', 'auth', 'status'], credentials: false },
    ],
  },
];
