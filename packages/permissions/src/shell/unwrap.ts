/**
 * Unwrapping: from a simple command's words, find the command that really runs once
 * wrappers (`sudo`, `env`, `timeout`, `nice`, `xargs`, ...) are removed. Commands that run
 * other commands from their arguments (`xargs CMD`, `find -exec CMD ;`, `sh -c '...'`,
 * `eval`, `watch`) also have those listed as commands of their own, through the host.
 *
 * Never guesses: when a wrapper option is not understood, unwrapping stops at that wrapper
 * and `opaqueReason` says why.
 */
import { commandWordBasename, SHELL_NAMES } from './command-word';
import { type OptionScan, type OptionSpec, scanOptions } from './option-scan';
import type { ShellAssignment, ShellContext, ShellWord, UnwrappedCommand } from './types';
import * as specs from './wrapper-specs';

/** What unwrapping needs from the parser: parse nested scripts and list derived commands. */
export interface UnwrapHost {
  parseScript(script: string, offset: number, depth: number, context: ShellContext): void;
  emitDerived(
    words: ShellWord[],
    wordStarts: number[],
    depth: number,
    context: ShellContext,
    reason: string,
  ): void;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface Step {
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

type Handler = (words: readonly ShellWord[], index: number) => Step;

const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
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
  [
    'busybox',
    (words, index) => {
      const applet = words[index + 1];
      if (!applet || applet.value.startsWith('-')) return { next: -1 };
      return { next: index + 1 };
    },
  ],
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

/** Command names `unwrapCommand` has to look at closely. */
const NEEDS_UNWRAP: ReadonlySet<string> = new Set([...HANDLERS.keys(), ...SHELL_NAMES, 'eval', 'find']);

const FIND_EXEC: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** Scans a `find` command's arguments for `-exec ... ;|+` and lists each inner command. */
function listFindExec(
  words: readonly ShellWord[],
  starts: readonly number[],
  from: number,
  depth: number,
  host: UnwrapHost,
): void {
  for (let index = from + 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (!FIND_EXEC.has(word.value)) continue;
    let end = index + 1;
    while (end < words.length) {
      const value = (words[end] as ShellWord).value;
      if (value === ';' || (value === '+' && words[end - 1]?.value === '{}')) break;
      end++;
    }
    if (end > index + 1) {
      host.emitDerived(
        words.slice(index + 1, end),
        starts.slice(index + 1, end),
        depth,
        'find-exec',
        `find ${word.value} substitutes file names`,
      );
    }
    index = end;
  }
}

/** `sh -c SCRIPT ...`: index of SCRIPT, -1 when there is no `-c`, or -2 when options are not understood. */
function shellScriptIndex(words: readonly ShellWord[], from: number): number {
  let hasC = false;
  let index = from + 1;
  while (index < words.length) {
    const word = words[index] as ShellWord;
    const text = word.value;
    if (word.dynamic) return hasC ? -2 : -1;
    if (text === '--' || text === '-') {
      index++;
      break;
    }
    if (text.startsWith('--')) {
      index += text === '--rcfile' || text === '--init-file' ? 2 : 1;
      continue;
    }
    if (text.length > 1 && (text[0] === '-' || text[0] === '+')) {
      if (text.includes('c')) hasC = true;
      index += text.includes('o') || text.includes('O') ? 2 : 1;
      continue;
    }
    break;
  }
  return hasC ? index : -1;
}

/**
 * Unwraps `words` (the argv words of one simple command) and lists commands that run from
 * its arguments through `host`. `argv` (the words' values) may be passed to be shared.
 */
export function unwrapCommand(
  words: ShellWord[],
  startList: readonly number[] | (() => readonly number[]),
  depth: number,
  host: UnwrapHost,
  argv?: string[],
): UnwrappedCommand {
  // Fast path: the first word is no wrapper and runs nothing from its arguments.
  const head = words[0];
  if (head === undefined || head.dynamic || !NEEDS_UNWRAP.has(commandWordBasename(head.value))) {
    return { wrappers: [], argv: argv ?? words.map((word) => word.value), words, assignments: [] };
  }
  const starts = typeof startList === 'function' ? startList() : startList;
  const wrappers: string[] = [];
  const assignments: ShellAssignment[] = [];
  let opaqueReason: string | undefined;
  let index = 0;
  let derived = false;
  while (index < words.length) {
    const word = words[index] as ShellWord;
    if (word.dynamic) break;
    const name = commandWordBasename(word.value);
    const handler = HANDLERS.get(name);
    if (!handler) break;
    const step = handler(words, index);
    if (step.error) {
      opaqueReason = step.error;
      if (step.splitString !== undefined)
        host.parseScript(step.splitString, starts[index] ?? 0, depth, 'wrapper-argument');
      break;
    }
    wrappers.push(name);
    if (step.assignments) assignments.push(...step.assignments);
    if (step.script) {
      opaqueReason = `${name} runs a script string`;
      host.parseScript(step.script.text, (starts[step.script.at] ?? 0) + 1, depth, 'wrapper-argument');
      index = words.length;
      break;
    }
    if (step.next < 0) {
      if (step.opaqueWhenNone) opaqueReason = step.opaqueWhenNone;
      index = words.length;
      break;
    }
    if (step.derived) {
      const until = step.derived.until;
      let end = step.next;
      while (end < words.length && !until?.(words[end] as ShellWord)) end++;
      host.emitDerived(
        words.slice(step.next, end),
        starts.slice(step.next, end),
        depth,
        step.derived.context,
        step.derived.reason,
      );
      index = step.next;
      derived = true;
      break;
    }
    if (step.scriptFrom !== undefined) {
      const rest = words.slice(step.scriptFrom);
      opaqueReason = `${name} runs its arguments through sh -c`;
      if (rest.every((part) => !part.dynamic)) {
        host.parseScript(
          rest.map((part) => part.value).join(' '),
          starts[step.scriptFrom] ?? 0,
          depth,
          'wrapper-argument',
        );
      }
      index = step.next;
      break;
    }
    index = step.next;
  }
  const innerWords = words.slice(index);
  const first = innerWords[0];
  if (first && !first.dynamic && opaqueReason === undefined && !derived) {
    const name = commandWordBasename(first.value);
    if (SHELL_NAMES.has(name)) {
      const scriptIndex = shellScriptIndex(innerWords, 0);
      const script = scriptIndex >= 0 ? innerWords[scriptIndex] : undefined;
      if (scriptIndex === -2 || script?.dynamic) {
        opaqueReason = `${name} -c with a non-literal script`;
      } else if (script) {
        opaqueReason = `${name} -c runs a script string`;
        host.parseScript(script.value, (starts[index + scriptIndex] ?? 0) + 1, depth, 'shell-string');
      }
    } else if (name === 'eval' && innerWords.length > 1) {
      const rest = innerWords.slice(1);
      opaqueReason = 'eval runs its arguments as a script';
      if (rest.every((part) => !part.dynamic)) {
        host.parseScript(
          rest.map((part) => part.value).join(' '),
          starts[index + 1] ?? 0,
          depth,
          'shell-string',
        );
      }
    } else if (name === 'find') {
      listFindExec(innerWords, starts.slice(index), 0, depth, host);
    }
  }
  const result: UnwrappedCommand = {
    wrappers,
    argv: innerWords.map((part) => part.value),
    words: innerWords,
    assignments,
  };
  if (opaqueReason !== undefined) result.opaqueReason = opaqueReason;
  return result;
}
