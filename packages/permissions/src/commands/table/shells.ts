/**
 * Shells: programs that run a script from `-c STRING`, a file operand, or standard input.
 * `shell` ones are read by the engine's parser as sh (their `-c` text is unwrapped and checked
 * command by command); `shell-like` ones speak another language, so their text is never
 * parsed as sh, but they read programs the same ways. The multi-call binaries run the applet
 * their first operand names (`busybox sh`, `toybox sh`).
 */
import type { CommandFact } from '../types';

const SH = {
  // bash's letters (and `set`'s): `-c` takes the script, `-o`/`-O` an option's name; the
  // others are flags. `-i` (interactive) and `-D` (implies `-n`) are left out on purpose: an
  // option the entry does not list ends `-n`'s exemption (see `syntax-only`).
  short: 'c:o:O:abefhklmnprstuvxBCEHPT',
  long: 'rcfile= init-file= noprofile norc posix help version',
  values: {
    '-c': 'script',
    '-o': 'name',
    '-O': 'name',
    '--rcfile': 'read',
    '--init-file': 'read',
  },
  effects: {
    '-s': ['program-stdin'],
    '-n': ['syntax-only'],
    '--help': ['no-program'],
    '--version': ['no-program'],
  },
  // `+o pipefail`, `+e`: options turned off.
  plusClusters: true,
  // Options end at the first operand: the script file, then its arguments.
  permute: false,
  operands: ['read', 'value'],
  stdinProgram: true,
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

export const SHELLS: readonly CommandFact[] = [
  {
    names: ['sh', 'bash', 'rbash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'yash', 'fish'],
    summary: 'a POSIX-style shell (fish too: its -c text is read as sh, the closest the engine has)',
    kind: 'shell',
    ...SH,
    env: ['BASH_ENV', 'ENV', 'SHELLOPTS'],
    examples: [
      { argv: ['bash', '-c', 'rm -rf x'], roles: { 2: 'script' } },
      { argv: ['rbash', 'script.sh', 'arg'], roles: { 1: 'read', 2: 'value' } },
      { argv: ['bash', '-eo', 'pipefail', 's.sh'], roles: { 2: 'name', 3: 'read' } },
      { argv: ['bash', '+o', 'pipefail', 's.sh'], roles: { 2: 'name', 3: 'read' } },
      { argv: ['sh', '-s', 'arg'], effects: ['program-stdin'], roles: { 2: 'read' } },
      { argv: ['bash', '-n', 's.sh'], effects: ['syntax-only'] },
      { argv: ['bash', '--version'], effects: ['no-program'] },
    ],
  },
  {
    names: ['csh', 'tcsh'],
    summary: 'a C shell',
    kind: 'shell-like',
    ...SH,
    examples: [{ argv: ['tcsh', '-c', 'ls'], roles: { 2: 'script' } }],
  },
  {
    names: ['busybox', 'toybox'],
    summary: 'a multi-call binary: runs the applet its first operand names',
    wrapper: 'first-operand',
    examples: [{ argv: ['toybox', 'sh'], roles: { 1: 'command' } }],
  },
];
