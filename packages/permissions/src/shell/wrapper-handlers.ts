/**
 * The wrappers `unwrapCommand` removes, each with how it finds the command it runs: which
 * options take values (wrapper-specs.ts), positional operands before the command (`timeout
 * DURATION`, `chroot DIR`), assignments (`env X=1`, `sudo X=1`), script strings (`su -c`,
 * `flock -c`), and when no command runs at all (`sudo -l`, `command -v`, `ionice -p`).
 */
import { MULTI_CALL_NAMES } from '../commands';
import { type OptionScan, type OptionSpec, scanOptions } from './option-scan';
import type { ShellAssignment, ShellContext, ShellWord } from './types';
import * as specs from './wrapper-specs';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** What one wrapper does with its words. */
export interface Step {
  /** Index of the next command word, or -1 when no command runs. */
  next: number;
  error?: string;
  assignments?: ShellAssignment[];
  /** No command follows, with a reason that makes it opaque (e.g. `sudo -s` alone). */
  opaqueWhenNone?: string;
  /** Whether unwrapping should stop here (the rest is data passed to a shell, ...). */
  scriptFrom?: number;
  derived?: { context: ShellContext; reason: string; until?: (word: ShellWord) => boolean };
  /** A string the wrapper itself splits into a command (`env -S`), listed best-effort. */
  splitString?: string;
  /** A script string the wrapper runs through a shell (`su -c`, `flock -c`, `script -c`). */
  script?: { text: string; at: number };
}

function has(scan: OptionScan, ...names: string[]): boolean {
  return scan.options.some((option) => names.includes(option.name));
}

function simple(spec: OptionSpec, name: string, words: readonly ShellWord[], index: number): Step {
  const scan = scanOptions(name, words, index, spec);
  if (scan.error) return { next: index, error: scan.error };
  return { next: scan.next };
}

/** Leading `NAME=value` words (for `env` and `sudo`). */
function takeAssignments(words: readonly ShellWord[], from: number, assignments: ShellAssignment[]): number {
  let index = from;
  for (; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (!ASSIGNMENT.test(word.value)) break;
    const equals = word.value.indexOf('=');
    assignments.push({
      name: word.value.slice(0, equals),
      value: word.value.slice(equals + 1),
      dynamic: word.dynamic,
      form: 'env',
    });
  }
  return index;
}

/** Reads the options of the wrapper at `words[index]`. */
export type Handler = (words: readonly ShellWord[], index: number) => Step;

/** Each wrapper, by command name, with how to find the command it runs. */
/** A multi-call binary runs the applet its first operand names. */
function multiCall(words: readonly ShellWord[], index: number): Step {
  const applet = words[index + 1];
  if (!applet || applet.value.startsWith('-')) return { next: -1 };
  return { next: index + 1 };
}

export const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  [
    'sudo',
    (words, index) => {
      const scan = scanOptions('sudo', words, index, specs.SUDO);
      if (scan.error) return { next: index, error: scan.error };
      if (has(scan, 'e', 'edit')) return { next: index, error: 'sudo: -e edits files (sudoedit)' };
      const assignments: ShellAssignment[] = [];
      const next = takeAssignments(words, scan.next, assignments);
      if (next >= words.length) {
        if (has(scan, 's', 'shell', 'i', 'login'))
          return { next: -1, opaqueWhenNone: 'sudo starts an interactive shell' };
        return { next: -1, assignments };
      }
      if (has(scan, 'l', 'list')) return { next: -1, assignments };
      return { next, assignments };
    },
  ],
  [
    'doas',
    (words, index) => {
      const scan = scanOptions('doas', words, index, specs.DOAS);
      if (scan.error) return { next: index, error: scan.error };
      if (scan.next >= words.length)
        return { next: -1, opaqueWhenNone: has(scan, 's') ? 'doas starts a shell' : undefined };
      return { next: scan.next };
    },
  ],
  [
    'env',
    (words, index) => {
      // A lone `-` is `-i`.
      let start = index;
      const scan = scanOptions('env', words, start, specs.ENV);
      if (scan.error) return { next: index, error: scan.error };
      start = scan.next;
      while (words[start]?.value === '-') start++;
      const split = scan.options.find((option) => option.name === 'S' || option.name === 'split-string');
      if (split) {
        // GNU env splits the string with its own rules (quotes, `\_`, `${VAR}`); reading it
        // as shell words is close enough to list the commands, not to trust them.
        const rest = words.slice(start).map((word) => word.value);
        return {
          next: index,
          error: 'env: -S splits its argument into a command',
          splitString: [split.value ?? '', ...rest].join(' '),
        };
      }
      const assignments: ShellAssignment[] = [];
      const next = takeAssignments(words, start, assignments);
      return { next: next >= words.length ? -1 : next, assignments };
    },
  ],
  [
    'timeout',
    (words, index) => {
      const scan = scanOptions('timeout', words, index, specs.TIMEOUT);
      if (scan.error) return { next: index, error: scan.error };
      const duration = words[scan.next];
      if (!duration) return { next: -1 };
      if (duration.dynamic) return { next: index, error: 'timeout: dynamic duration' };
      return { next: scan.next + 1 < words.length ? scan.next + 1 : -1 };
    },
  ],
  [
    'nice',
    (words, index) => {
      const step = simple(specs.NICE, 'nice', words, index);
      return step.error || step.next < words.length ? step : { next: -1 };
    },
  ],
  ['nohup', (words, index) => simple(specs.NOHUP, 'nohup', words, index)],
  ['stdbuf', (words, index) => simple(specs.STDBUF, 'stdbuf', words, index)],
  [
    'ionice',
    (words, index) => {
      const scan = scanOptions('ionice', words, index, specs.IONICE);
      if (scan.error) return { next: index, error: scan.error };
      if (has(scan, 'p', 'P', 'u', 'pid', 'pgid', 'uid') || scan.next >= words.length) return { next: -1 };
      return { next: scan.next };
    },
  ],
  ['setsid', (words, index) => simple(specs.SETSID, 'setsid', words, index)],
  ['time', (words, index) => simple(specs.TIME, 'time', words, index)],
  [
    'command',
    (words, index) => {
      const scan = scanOptions('command', words, index, specs.COMMAND);
      if (scan.error) return { next: index, error: scan.error };
      if (has(scan, 'v', 'V')) return { next: -1 };
      return { next: scan.next };
    },
  ],
  ['builtin', (words, index) => simple(specs.BUILTIN, 'builtin', words, index)],
  ['exec', (words, index) => simple(specs.EXEC, 'exec', words, index)],
  [
    'xargs',
    (words, index) => {
      const scan = scanOptions('xargs', words, index, specs.XARGS);
      if (scan.error) return { next: index, error: scan.error };
      if (scan.next >= words.length) return { next: -1 };
      return {
        next: scan.next,
        derived: { context: 'xargs', reason: 'xargs appends arguments read from input' },
      };
    },
  ],
  [
    'watch',
    (words, index) => {
      const scan = scanOptions('watch', words, index, specs.WATCH);
      if (scan.error) return { next: index, error: scan.error };
      if (scan.next >= words.length) return { next: -1 };
      if (has(scan, 'x', 'exec')) return { next: scan.next };
      return { next: scan.next, scriptFrom: scan.next };
    },
  ],
  [
    'parallel',
    (words, index) => {
      const scan = scanOptions('parallel', words, index, specs.PARALLEL);
      if (scan.error) return { next: index, error: scan.error };
      if (scan.next >= words.length || words[scan.next]?.value.startsWith(':::')) return { next: -1 };
      return {
        next: scan.next,
        derived: {
          context: 'xargs',
          reason: 'parallel builds commands from its input',
          until: (word) => word.value.startsWith(':::'),
        },
      };
    },
  ],
  [
    'chroot',
    (words, index) => {
      const scan = scanOptions('chroot', words, index, specs.CHROOT);
      if (scan.error) return { next: index, error: scan.error };
      if (scan.next + 1 >= words.length) return { next: -1, opaqueWhenNone: 'chroot starts a shell' };
      return { next: scan.next + 1 };
    },
  ],
  [
    'flock',
    (words, index) => {
      const scan = scanOptions('flock', words, index, specs.FLOCK);
      if (scan.error) return { next: index, error: scan.error };
      const command = scan.options.find((option) => option.name === 'c' || option.name === 'command');
      if (command) return { next: -1, script: { text: command.value ?? '', at: index } };
      const after = words[scan.next + 1];
      if (after?.value === '-c' || after?.value === '--command') {
        const script = words[scan.next + 2];
        if (!script || script.dynamic) return { next: index, error: 'flock -c with a non-literal script' };
        return { next: -1, script: { text: script.value, at: scan.next + 2 } };
      }
      return { next: scan.next + 1 < words.length ? scan.next + 1 : -1 };
    },
  ],
  [
    'taskset',
    (words, index) => {
      const scan = scanOptions('taskset', words, index, specs.TASKSET);
      if (scan.error) return { next: index, error: scan.error };
      if (has(scan, 'p', 'pid') || scan.next + 1 >= words.length) return { next: -1 };
      return { next: scan.next + 1 };
    },
  ],
  [
    'chrt',
    (words, index) => {
      const scan = scanOptions('chrt', words, index, specs.CHRT);
      if (scan.error) return { next: index, error: scan.error };
      if (has(scan, 'p', 'pid', 'm', 'max') || scan.next + 1 >= words.length) return { next: -1 };
      return { next: scan.next + 1 };
    },
  ],
  ['unbuffer', (words, index) => simple(specs.UNBUFFER, 'unbuffer', words, index)],
  ['pkexec', (words, index) => simple(specs.PKEXEC, 'pkexec', words, index)],
  ['strace', (words, index) => simple(specs.STRACE, 'strace', words, index)],
  ['unshare', (words, index) => simple(specs.UNSHARE, 'unshare', words, index)],
  // Multi-call binaries (`busybox sh`, `toybox rm`): the command table's names.
  ...[...MULTI_CALL_NAMES].map((name): [string, Handler] => [name, multiCall]),
  ['runuser', (words, index) => switchUser('runuser', words, index)],
  ['su', (words, index) => switchUser('su', words, index)],
  [
    'sg',
    (words, index) => {
      let next = index + 1;
      if (words[next]?.value === '-') next++;
      next++; // the group
      if (words[next]?.value === '-c') next++;
      const script = words[next];
      if (!script) return { next: -1, opaqueWhenNone: 'sg starts a shell' };
      if (script.dynamic || next + 1 < words.length)
        return { next: index, error: 'sg: command not understood' };
      return { next: -1, script: { text: script.value, at: next } };
    },
  ],
  [
    'script',
    (words, index) => {
      const scan = scanOptions('script', words, index, specs.SCRIPT);
      if (scan.error) return { next: index, error: scan.error };
      const command = scan.options.find((option) => option.name === 'c' || option.name === 'command');
      if (!command) return { next: -1, opaqueWhenNone: 'script starts a shell' };
      return { next: -1, script: { text: command.value ?? '', at: index } };
    },
  ],
]);

/** `su` and `runuser`: `-c STRING` runs a script; `runuser -u USER CMD` runs a command. */
function switchUser(name: string, words: readonly ShellWord[], index: number): Step {
  const first = scanOptions(name, words, index, specs.RUNUSER);
  if (first.error) return { next: index, error: first.error };
  if (has(first, 'u', 'user')) {
    // `runuser -u USER [--] CMD...`: options stop at the command.
    return name === 'runuser'
      ? { next: first.next < words.length ? first.next : -1 }
      : { next: index, error: 'su: -u' };
  }
  // Otherwise options may follow the user name (getopt permutes): look at every word.
  const options = [...first.options];
  let at = first.next;
  while (at < words.length && words[at - 1]?.value !== '--') {
    const scan = scanOptions(name, words, at, specs.RUNUSER);
    if (scan.error) return { next: index, error: scan.error };
    options.push(...scan.options);
    at = scan.next === at ? at + 1 : scan.next;
  }
  const command = options.find((option) => option.name === 'c' || option.name === 'command');
  if (command) return { next: -1, script: { text: command.value ?? '', at: index } };
  return { next: index, error: `${name} starts a shell or passes arguments to one` };
}
