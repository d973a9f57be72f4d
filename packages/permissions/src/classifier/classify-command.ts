/**
 * Classifies one parsed simple command: the command that really runs (wrappers removed),
 * plus its redirects. A write redirect makes anything mutating; wrappers that run the
 * command as someone else (`sudo`) or feed it unseen arguments (`xargs`, `parallel`) make it
 * 'unknown'; anything the parser marked opaque is 'unknown'.
 */
import { commandFact, namesWhere, OPTION_VARIABLES, onlyPrints, readCommand } from '../commands';
import { commandWordBasename } from '../shell/command-word';
import type { ShellAssignment, SimpleCommand } from '../shell/types';
import { classifyArgv } from './classify-argv';
import type { ClassificationResult } from './types';
import { mutating, unknown } from './verdict';

/** Redirect targets that are not files: writing to them changes nothing on disk. */
const DISCARD_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd/1', '/dev/fd/2']);

/**
 * `DISCARD_TARGETS.has(target)`, after a test of the length and first character: most targets
 * are files (`out.txt`, `/app/run.log`), ruled out without hashing the name.
 */
function isDiscardTarget(target: string): boolean {
  const length = target.length;
  return (length === 9 || length === 11) && target.charCodeAt(0) === 0x2f && DISCARD_TARGETS.has(target);
}

/**
 * git's trace variables (`GIT_TRACE`, `GIT_TRACE2_EVENT`, `GIT_TRACE_PACKET`, …) write to
 * standard error for `1`/`true`, but an absolute path (or a GIT_TRACE2 `af_unix:` socket)
 * makes every git command append to that file: `GIT_TRACE=/home/u/.bashrc git status`.
 */
const TRACE_VARIABLE = /^GIT_TRACE/;
const TRACE_TO_FILE = /^(?:\/|af_unix:)/;

/** The first `GIT_TRACE…=FILE` assignment, as written, if any. */
function traceToFile(assignments: readonly ShellAssignment[]): string | undefined {
  // Index loops here and below: for…of sets up an iterator even over an empty list, and most
  // commands have no assignment, redirect or wrapper at all.
  for (let index = 0; index < assignments.length; index++) {
    const { name, value } = assignments[index]!;
    if (TRACE_VARIABLE.test(name) && TRACE_TO_FILE.test(value)) return `${name}=${value}`;
  }
  return undefined;
}

/**
 * The first assignment of a variable some command reads options from before its own (the
 * table's `optionsEnv`: GNU tar's `TAR_OPTIONS`, grep's `GREP_OPTIONS`), if any. Read for any
 * command: the variable reaches every program the command runs. (Most commands have no
 * assignment at all.)
 */
function optionVariableIn(assignments: readonly ShellAssignment[]): ShellAssignment | undefined {
  for (let index = 0; index < assignments.length; index++) {
    if (OPTION_VARIABLES.has(assignments[index]!.name)) return assignments[index];
  }
  return undefined;
}

/**
 * Wrappers that change neither the command's arguments nor whose rights it runs with (the
 * table's `unwrap.transparent`: `timeout`, `nice`, `env`, `watch`, …): the command keeps its verdict.
 */
const TRANSPARENT_WRAPPERS: ReadonlySet<string> = namesWhere((fact) => fact.unwrap?.transparent === true);

/**
 * Wrappers with an option whose value is a file they write (the table's `write` role: GNU
 * time's `-o FILE`, `--output=FILE`, strace's `-o FILE`), whatever command they run.
 */
const WRITING_WRAPPERS: ReadonlySet<string> = namesWhere(
  (fact) => fact.unwrap !== undefined && Object.values(fact.values ?? {}).includes('write'),
);

/**
 * The first option of the wrapper `name` whose value it writes (`time -o FILE`: the program,
 * as `/usr/bin/time`, `command time` or `env time` run it; the bash keyword takes only `-p`),
 * as written, or undefined. Every word among the wrapper words that names it is read with its
 * entry, up to the first computed word, as unwrapping reads them.
 */
function wrapperOutput(command: SimpleCommand, name: string): string | undefined {
  const words = command.words;
  const wrapperWords = words.length - command.unwrapped.words.length;
  for (let index = 0; index < wrapperWords; index++) {
    const word = words[index]!;
    if (word.dynamic || commandWordBasename(word.value) !== name) continue;
    let end = index + 1;
    while (end < wrapperWords && !words[end]!.dynamic) end++;
    const argv = words.slice(0, end).map((part) => part.value);
    for (const reading of readCommand(argv, index, name) ?? []) {
      for (const option of reading.options) {
        if (option.def?.role !== 'write') continue;
        const value = option.value ?? '';
        return option.spelling.startsWith('--')
          ? `${option.spelling}=${value}`
          : `${option.spelling} ${value}`;
      }
    }
  }
  return undefined;
}

/**
 * Classifies a simple command from `analyzeShell`.
 *
 * @example
 * const [command] = analyzeShell('sort -o out in').commands;
 * classifyCommand(command); // { classification: 'mutating', reason: 'sort -o writes a file', flag: '-o' }
 */
export function classifyCommand(command: SimpleCommand): ClassificationResult {
  if (command.unwrapped.opaqueReason) return unknown(command.unwrapped.opaqueReason);
  const { opaqueReasons } = command;
  if (opaqueReasons.length > 0) {
    // Usually one reason: no join (and no new string) for it.
    return unknown(opaqueReasons.length === 1 ? opaqueReasons[0]! : opaqueReasons.join('; '));
  }
  const redirects = command.redirects;
  for (let index = 0; index < redirects.length; index++) {
    const redirect = redirects[index]!;
    if (redirect.write && !isDiscardTarget(redirect.target)) {
      const spelled = `${redirect.fd ?? ''}${redirect.operator}${redirect.target}`;
      return mutating(`redirect ${spelled} writes a file`, spelled);
    }
  }
  // Most commands have no assignment, before the command word or from a wrapper (`env X=1`).
  if (command.assignments.length > 0 || command.unwrapped.assignments.length > 0) {
    const trace = traceToFile(command.assignments) ?? traceToFile(command.unwrapped.assignments);
    if (trace) return mutating(`${trace} makes git append its trace to that file`, trace);
    // tar and grep read options from TAR_OPTIONS / GREP_OPTIONS before their own: unseen options.
    const options = optionVariableIn(command.assignments) ?? optionVariableIn(command.unwrapped.assignments);
    if (options) {
      const spelled = `${options.name}=${options.value}`;
      return {
        ...unknown(`${options.name} gives options the classifier does not read`, spelled),
        prefixExcluded: true,
      };
    }
  }
  const wrappers = command.unwrapped.wrappers;
  for (let index = 0; index < wrappers.length; index++) {
    const wrapper = wrappers[index]!;
    const base = commandWordBasename(wrapper);
    // A wrapper that writes files of its own (the table's `writesFiles`: `nohup.out`), whatever
    // its options: only `nohup` writes one.
    const written = commandFact(base)?.fact.writesFiles;
    if (written !== undefined) return mutating(`${base} may write ${written.files.join(', ')}`, wrapper);
    if (WRITING_WRAPPERS.has(base)) {
      const output = wrapperOutput(command, base);
      if (output !== undefined) return mutating(`${base} ${output} writes a file`, output);
    }
    if (!TRANSPARENT_WRAPPERS.has(base)) {
      return unknown(`${base} changes how or as whom the command runs, or adds arguments`, wrapper);
    }
  }
  if (command.unwrapped.argv.length === 0) {
    // A wrapper given an option with which it only prints (the table's `onlyPrintsWith`:
    // `command -v NAME`).
    const head = command.argv[0];
    if (head !== undefined && command.words[0]?.dynamic !== true) {
      const name = commandWordBasename(head);
      const readings = readCommand(command.argv, 0, name);
      if (readings !== undefined && readings.length > 0 && readings.every(onlyPrints))
        return { classification: 'read-only', reason: `${name} ${command.argv[1]} only looks a name up` };
    }
    if (
      command.argv.length === 0 &&
      command.unwrapped.wrappers.length === 0 &&
      command.assignments.length > 0
    ) {
      // `X=1`: sets a shell variable, writes nothing (dangerous names are the floor's job).
      return { classification: 'read-only', reason: 'a bare assignment only sets shell variables' };
    }
    const only = command.unwrapped.wrappers.every((wrapper) => wrapper.endsWith('env'));
    return only && command.unwrapped.wrappers.length > 0
      ? { classification: 'read-only', reason: 'env with no command prints the environment' }
      : unknown('no command to run');
  }
  return classifyArgv(command.unwrapped.argv, command.unwrapped.words);
}
