/**
 * Option tables of the wrapper commands that run another command: which options take a
 * value, so the scanner can find the word that is the command. Facts from the tools' manuals
 * (sudo 1.9, GNU coreutils 9, util-linux 2.38, findutils 4.9, procps watch).
 */
import type { OptionSpec } from './option-scan';

export const SUDO: OptionSpec = {
  shortValue: 'ugCDhprtTUR',
  shortFlag: 'AbBEeHiKklnNPSsVv',
  longValue: [
    'user',
    'group',
    'close-from',
    'chdir',
    'host',
    'prompt',
    'role',
    'type',
    'command-timeout',
    'other-user',
    'chroot',
  ],
  longFlag: [
    'askpass',
    'background',
    'bell',
    'edit',
    'help',
    'set-home',
    'login',
    'remove-timestamp',
    'reset-timestamp',
    'list',
    'non-interactive',
    'no-update',
    'preserve-groups',
    'stdin',
    'shell',
    'version',
    'validate',
  ],
  longOptional: ['preserve-env'],
};

export const DOAS: OptionSpec = { shortValue: 'uC', shortFlag: 'Lns' };

export const ENV: OptionSpec = {
  shortValue: 'uCS',
  shortFlag: 'i0v',
  longValue: ['unset', 'chdir', 'split-string'],
  longFlag: ['ignore-environment', 'null', 'debug', 'list-signal-handling'],
  longOptional: ['block-signal', 'default-signal', 'ignore-signal'],
};

export const TIMEOUT: OptionSpec = {
  shortValue: 'sk',
  shortFlag: 'fpv',
  longValue: ['signal', 'kill-after'],
  longFlag: ['preserve-status', 'foreground', 'verbose'],
};

export const NICE: OptionSpec = { shortValue: 'n', longValue: ['adjustment'], numericShort: true };

export const NOHUP: OptionSpec = {};

export const STDBUF: OptionSpec = { shortValue: 'ioe', longValue: ['input', 'output', 'error'] };

export const IONICE: OptionSpec = {
  shortValue: 'cn',
  shortFlag: 'tpPu',
  longValue: ['class', 'classdata'],
  longFlag: ['ignore', 'pid', 'pgid', 'uid'],
};

export const SETSID: OptionSpec = { shortFlag: 'cfw', longFlag: ['ctty', 'fork', 'wait'] };

/** GNU time (the program, not the bash keyword). `-o FILE` writes a file. */
export const TIME: OptionSpec = {
  shortValue: 'fo',
  shortFlag: 'apqvV',
  longValue: ['format', 'output'],
  longFlag: ['append', 'portability', 'quiet', 'verbose', 'version'],
};

export const COMMAND: OptionSpec = { shortFlag: 'pvV' };

export const BUILTIN: OptionSpec = {};

export const EXEC: OptionSpec = { shortValue: 'a', shortFlag: 'cl' };

export const XARGS: OptionSpec = {
  shortValue: 'adEILnPs',
  shortFlag: '0oprtx',
  shortOptional: 'eil',
  longValue: [
    'arg-file',
    'delimiter',
    'max-lines',
    'max-args',
    'max-procs',
    'max-chars',
    'process-slot-var',
    'replace',
  ],
  longFlag: ['null', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'show-limits', 'open-tty'],
  longOptional: ['eof'],
};

export const WATCH: OptionSpec = {
  shortValue: 'nq',
  shortFlag: 'bcCdeEgptwx',
  longValue: ['interval', 'equexit'],
  longFlag: [
    'beep',
    'color',
    'no-color',
    'errexit',
    'chgexit',
    'precise',
    'no-title',
    'no-wrap',
    'exec',
    'no-linewrap',
  ],
  longOptional: ['differences'],
};

export const PARALLEL: OptionSpec = {
  shortValue: 'jSIP',
  shortFlag: 'kqrvX0',
  longValue: ['jobs', 'sshlogin', 'halt', 'delay', 'timeout', 'joblog', 'results', 'tmpdir', 'max-args'],
  longFlag: [
    'keep-order',
    'quote',
    'no-run-if-empty',
    'verbose',
    'null',
    'group',
    'ungroup',
    'line-buffer',
    'progress',
    'bar',
    'dry-run',
  ],
};

export const CHROOT: OptionSpec = { longValue: ['userspec', 'groups'], longFlag: ['skip-chdir'] };

export const FLOCK: OptionSpec = {
  shortValue: 'wEc',
  shortFlag: 'sxunoFhV',
  longValue: ['timeout', 'conflict-exit-code', 'command'],
  longFlag: ['shared', 'exclusive', 'unlock', 'nonblock', 'nb', 'close', 'no-fork', 'verbose'],
};

export const TASKSET: OptionSpec = { shortFlag: 'apc', longFlag: ['all-tasks', 'pid', 'cpu-list'] };

export const CHRT: OptionSpec = {
  shortValue: 'TPD',
  shortFlag: 'bdfiorRamp',
  longValue: ['sched-runtime', 'sched-period', 'sched-deadline'],
  longFlag: [
    'batch',
    'deadline',
    'fifo',
    'idle',
    'other',
    'rr',
    'reset-on-fork',
    'all-tasks',
    'max',
    'pid',
    'verbose',
  ],
};

export const UNBUFFER: OptionSpec = { shortFlag: 'p' };

export const PKEXEC: OptionSpec = { longValue: ['user'], longFlag: ['disable-internal-agent', 'keep-cwd'] };

export const RUNUSER: OptionSpec = {
  shortValue: 'ugGscw',
  shortFlag: 'lmpPf',
  longValue: ['user', 'group', 'supp-group', 'shell', 'command', 'whitelist-environment', 'session-command'],
  longFlag: ['login', 'preserve-environment', 'pty', 'fast'],
};

export const SCRIPT: OptionSpec = {
  shortValue: 'cOIBTmE',
  shortFlag: 'aefqk',
  shortOptional: 't',
  longValue: [
    'command',
    'log-out',
    'log-in',
    'log-io',
    'log-timing',
    'logging-format',
    'echo',
    'output-limit',
  ],
  longFlag: ['append', 'return', 'flush', 'force', 'quiet', 'log-keys'],
  longOptional: ['timing'],
};

export const STRACE: OptionSpec = {
  shortValue: 'abeEIoOpPsSuUX',
  shortFlag: 'cCdDfFhiknqrtTvVwxyzZ',
};

export const UNSHARE: OptionSpec = {
  shortValue: 'RSGw',
  shortFlag: 'muinpUCTfrc',
  longValue: ['propagation', 'setgroups', 'root', 'wd', 'setuid', 'setgid'],
  longFlag: ['fork', 'map-root-user', 'map-current-user', 'keep-caps'],
  longOptional: ['mount', 'uts', 'ipc', 'net', 'pid', 'user', 'cgroup', 'time', 'mount-proc', 'kill-child'],
};
