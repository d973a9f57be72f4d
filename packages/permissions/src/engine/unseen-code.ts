/**
 * Commands that run code the engine cannot read. While the user has deny rules for the
 * shell, such a command is denied rather than asked about: otherwise `$(printf rm) -rf x`,
 * `echo cm0gLXJmIHg= | base64 -d | sh` or `eval "$CMD"` would walk around `Bash(rm:*)`
 * with a single click. Without deny rules they are merely opaque (ask).
 */

import { commandBasename } from '../rules/match-command-rule';
import { isAssignment } from '../shell/fallback-scan';
import { DYNAMIC_WORD_STOP } from '../shell/option-scan';
import type { ShellWord, SimpleCommand } from '../shell/types';
import { unwrappedDiffers } from './shell-rules';

const shells = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh', 'busybox']);
const interpreters = new Set([
  'python',
  'python2',
  'python3',
  'perl',
  'ruby',
  'node',
  'php',
  'lua',
  'tclsh',
  'deno',
  'bun',
]);
const sourcing = new Set(['eval', 'source', '.']);
const descriptorFile = /^\/(dev\/stdin|dev\/fd\/\d+|proc\/self\/fd\/\d+)$/;
const infoFlags = new Set(['--version', '-V', '--help', '-h', '-v', '-version', '-help']);

function isShellLike(name: string): boolean {
  return (
    shells.has(name) ||
    interpreters.has(name) ||
    (name.startsWith('python') && /^python\d+(\.\d+)*$/.test(name))
  );
}

/**
 * True when a command named `name` can run code that is not in the command itself (a shell,
 * an interpreter, `eval`, `source`): only those can get a reason from `unseenCodeReason`
 * besides a computed or filled-in command word.
 */
export function mayRunUnseenCode(name: string): boolean {
  return sourcing.has(name) || isShellLike(name);
}

/** True when something is piped or redirected into the command's standard input. */
function fedStdin(command: SimpleCommand): boolean {
  if (command.context === 'pipeline' || command.readsPipe) return true;
  for (const redirect of command.redirects) {
    if (redirect.read || redirect.operator.startsWith('<<')) return true;
  }
  return false;
}

/**
 * Why `argv` runs code that is not visible in the command, or undefined. `words` (aligned
 * with `argv`) tells which words are computed at run time.
 */
function unseenIn(
  argv: readonly string[],
  words: readonly ShellWord[],
  command: SimpleCommand,
): string | undefined {
  const word = argv[0];
  if (word === undefined) return undefined;
  if (words[0]?.dynamic) return `the command word ${JSON.stringify(word)} is computed at run time`;
  const context = command.context;
  if ((context === 'xargs' || context === 'find-exec') && word.includes('{}')) {
    return `the command word ${JSON.stringify(word)} is filled in at run time`;
  }
  const name = commandBasename(word);
  if (sourcing.has(name)) {
    // `source FILE` runs a file like `bash FILE` does: not hidden code, just another program —
    // unless the "file" is a descriptor (`. /dev/stdin <<< '…'`) or computed.
    for (let index = 1; index < words.length; index++) {
      if (words[index]!.dynamic) return `${name} runs text computed at run time`;
    }
    if (argv[1] !== undefined && descriptorFile.test(argv[1]))
      return `${name} runs a program read from a file descriptor`;
    return undefined;
  }
  if (!isShellLike(name)) return undefined;
  // A shell or interpreter with no script operand and no inline code reads its program
  // from standard input — which is hidden when something is piped or redirected into it
  // (`... | sh`, `sh < file`, `bash -s`, `python3 -`).
  let operands = 0;
  let inline = false;
  let explicitStdin = false;
  let informational = false;
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    if (descriptorFile.test(arg)) return `${name} runs a program read from a file descriptor`;
    if (!arg.startsWith('-')) operands++;
    else if (!arg.startsWith('--') && /^-[a-zA-Z]*[ce]/.test(arg)) inline = true;
    if (arg === '-' || /^-[a-zA-Z]*s[a-zA-Z]*$/.test(arg)) explicitStdin = true;
    if (infoFlags.has(arg)) informational = true;
  }
  if (operands === 0 && !inline && !informational && (explicitStdin || fedStdin(command))) {
    return `${name} reads its program from standard input`;
  }
  for (let index = 1; index < argv.length; index++) {
    if (words[index]?.dynamic === true && !argv[index]!.startsWith('-')) {
      return `${name} runs a program named at run time`;
    }
  }
  return undefined;
}

/**
 * Why this simple command runs code the engine cannot see (checked on the command as
 * written and once unwrapped), or undefined.
 *
 * @example
 * ```ts
 * unseenCodeReason(analyzeShell('echo cm0= | base64 -d | sh').commands[2]!); // 'sh reads its program from standard input'
 * ```
 */
export function unseenCodeReason(command: SimpleCommand): string | undefined {
  return (
    unseenIn(command.argv, command.words, command) ??
    (unwrappedDiffers(command)
      ? unseenIn(command.unwrapped.argv, command.unwrapped.words, command)
      : undefined) ??
    computedBehindWrapper(command)
  );
}

/**
 * A wrapper the parser stopped at because a word where an option or the command belongs is
 * computed at run time (`nohup $RM x`, `sudo -u root /bin/r? x`): that word may be the
 * command that really runs. (Assignments and whole command lines are checked as such.)
 */
function computedBehindWrapper(command: SimpleCommand): string | undefined {
  if (!command.unwrapped.opaqueReason?.includes(DYNAMIC_WORD_STOP)) return undefined;
  for (let index = 1; index < command.words.length; index++) {
    const word = command.words[index]!;
    const value = command.argv[index]!;
    if (!word.dynamic || isAssignment(value) || /\s/.test(value)) continue;
    return `the command run by ${JSON.stringify(command.argv[0])} may be ${JSON.stringify(word.raw)}, computed at run time`;
  }
  return undefined;
}
