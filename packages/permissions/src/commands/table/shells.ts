/**
 * Shells: programs that run a script from `-c STRING`, a file operand, or standard input.
 * `shell` ones are read by the engine's parser as sh (their `-c` text is unwrapped and checked
 * command by command); `shell-like` ones speak another language, so their text is never
 * parsed as sh, but they read programs the same ways. The multi-call binaries run the applet
 * their first operand names (`busybox sh`, `toybox sh`).
 */
import type { CommandFact } from '../types';

const SH = {
  short: 'c:',
  values: { '-c': 'script' },
  // Options end at the first operand: the script file, then its arguments.
  permute: false,
  operands: ['read', 'value'],
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
