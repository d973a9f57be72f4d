/**
 * Unwrapping: from a simple command's words, find the command that really runs once
 * wrappers (`sudo`, `env`, `timeout`, `nice`, `xargs`, ...) are removed. Commands that run
 * other commands from their arguments (`xargs CMD`, `find -exec CMD ;`, `sh -c '...'`,
 * `eval`, `watch`) also have those listed as commands of their own, through the host.
 *
 * Never guesses: when a wrapper option is not understood, unwrapping stops at that wrapper
 * and `opaqueReason` says why.
 */
import {
  ACTION_SCRIPT_NAMES,
  type CompiledFact,
  EXPRESSION_COMMAND_OPTIONS,
  namesProjectFile,
  readCommand,
  WORDS_RUNNER_NAMES,
  WRAPPER_NAMES,
} from '../commands';
import { commandWordBasename, SHELL_NAMES } from './command-word';
import { nameShapes } from './name-shapes';
import type { ShellAssignment, ShellContext, ShellWord, UnwrappedCommand } from './types';
import { type Step, wrapperFact, wrapperStep } from './wrapper-step';

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

/**
 * Command names `unwrapCommand` has to look at closely (by their basename), from the table: the
 * wrappers, the shells, the builtins that run their words (`eval`: `runsShellCode: 'words'`) or
 * keep an action (`trap`: a first `script` operand), and the commands whose expression runs
 * commands (`find -exec`). Derived once: the parser asks it of every command word.
 */
export const NEEDS_UNWRAP: ReadonlySet<string> = new Set([
  ...WRAPPER_NAMES,
  ...SHELL_NAMES,
  ...WORDS_RUNNER_NAMES,
  ...EXPRESSION_COMMAND_OPTIONS.keys(),
  ...ACTION_SCRIPT_NAMES,
]);

/** The longest name in `NEEDS_UNWRAP`. */
const LONGEST_NAME = Math.max(...[...NEEDS_UNWRAP].map((name) => name.length));

/**
 * The shapes of the names in `NEEDS_UNWRAP` (see `nameShapes`): most command words (`git`,
 * `ls`, `cat`, `python3`) are ruled out without slicing the basename or hashing it.
 */
const NAME_SHAPES = nameShapes(NEEDS_UNWRAP);

/**
 * For each pair of last two characters (low five bits, as above), whether a name in
 * `NEEDS_UNWRAP` ends with it: a basename ends as its word does, so most command words
 * (`echo`, `cat`, `ls`, `grep`) are ruled out by their last two characters, without looking
 * for a `/` first. (All the names are two characters long or more.)
 */
const NAME_ENDS = new Uint8Array(32 * 32);
for (const name of NEEDS_UNWRAP) {
  const length = name.length;
  NAME_ENDS[((name.charCodeAt(length - 2) & 31) << 5) | (name.charCodeAt(length - 1) & 31)] = 1;
}

// A script computed in part (`sh -c "cat .env; echo $X"`, `eval "$A; printenv"`) is still read
// as written: what it will run is not known — its command stays opaque, never allowed — but the
// floor and the deny rules must see the commands it spells out, which run whatever `$X` holds.

/**
 * Where the action of an `ACTION_SCRIPT_NAMES` builtin is (`trap [-lp] [--] ACTION SIGNAL…`): its
 * entry's `script` operand in any reading (commands/table/builtins.ts), when a signal follows it
 * (with none, bash takes the word for a signal) and it is not `-` (which resets the signals).
 */
function actionScripts(words: readonly ShellWord[], name: string): number[] {
  const argv = words.map((word) => word.value);
  const found: number[] = [];
  for (const reading of readCommand(argv, 0, name) ?? []) {
    const [action, signal] = reading.operands;
    if (action === undefined || signal === undefined || reading.kinds[action] !== 'script') continue;
    if (argv[action] !== '-' && !found.includes(action)) found.push(action);
  }
  return found;
}

/**
 * Scans the arguments of a command whose expression runs commands (`find`, with its
 * `EXPRESSION_COMMAND_OPTIONS`) for `-exec ... ;|+` and lists each inner command.
 */
function listFindExec(
  words: readonly ShellWord[],
  starts: readonly number[],
  from: number,
  depth: number,
  host: UnwrapHost,
  options: ReadonlySet<string>,
  name: string,
): void {
  for (let index = from + 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (!options.has(word.value)) continue;
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
        `${name} ${word.value} substitutes file names`,
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
 * Whether the command in `words` is a shell that reads its script from standard input:
 * `bash`, `sh -s`, `bash -x -` (no `-c`, no script file operand).
 */
export function readsScriptFromStdin(words: readonly ShellWord[]): boolean {
  const head = words[0];
  if (!head || head.dynamic || !SHELL_NAMES.has(commandWordBasename(head.value))) return false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const text = word.value;
    if (word.dynamic) return false;
    if (text === '-' || text === '--') return index + 1 >= words.length || text === '-';
    if (text.startsWith('--')) {
      if (text === '--rcfile' || text === '--init-file') index++;
      continue;
    }
    if (text.length > 1 && (text[0] === '-' || text[0] === '+')) {
      if (text.includes('c')) return false;
      if (text.includes('s')) return true;
      if (text.includes('o') || text.includes('O')) index++;
      continue;
    }
    return false;
  }
  return true;
}

/**
 * `step` for a wrapper run by a path naming a file of the project (`namesProjectFile`:
 * `./script`, `../bin/su`): taken off as its basename's wrapper when a command follows (the deny
 * rules see it), but what the table says that wrapper does with none — start a shell that reads
 * its input (`withoutCommand`) — is not said of a project's own program: it stays opaque, for
 * that reason instead.
 */
function projectFileStep(step: Step, fact: CompiledFact, name: string, word: string): Step {
  const withoutCommand = fact.fact.unwrap?.withoutCommand;
  if (withoutCommand === undefined || !namesProjectFile(word)) return step;
  const shell = `${name} ${withoutCommand.reason}`;
  const project = `${word} is a program of the project, not the ${name} the command table knows`;
  if (step.opaqueWhenNone === shell) return { ...step, opaqueWhenNone: project };
  if (step.error === shell) return { ...step, error: project };
  return step;
}

/**
 * Whether `unwrapCommand` has anything to do for `words`: false when the first word is no
 * wrapper and runs nothing from its arguments, where it returns `words` as they are (no
 * wrappers, no assignments, `argv` the given one) and calls nothing on the host.
 */
export function needsUnwrap(words: readonly ShellWord[]): boolean {
  const head = words[0];
  if (head === undefined || head.dynamic) return false;
  // `NEEDS_UNWRAP.has(commandWordBasename(value))`, with a test of the word's last two
  // characters, then of the basename's length and shape, first (the names are ASCII; other
  // characters only alias to a shape the set answers).
  const value = head.value;
  const length = value.length;
  if (
    length < 2 ||
    NAME_ENDS[((value.charCodeAt(length - 2) & 31) << 5) | (value.charCodeAt(length - 1) & 31)] === 0
  )
    return false;
  let begin = length;
  while (begin > 0 && value.charCodeAt(begin - 1) !== 0x2f) {
    begin--;
    if (length - begin > LONGEST_NAME) return false;
  }
  const size = length - begin;
  if (size === 0) return false;
  const shape = NAME_SHAPES[((value.charCodeAt(begin) & 31) << 5) | (value.charCodeAt(length - 1) & 31)]!;
  if ((shape & (1 << size)) === 0) return false;
  return NEEDS_UNWRAP.has(begin === 0 ? value : value.slice(begin));
}

/**
 * The word offsets `unwrapCommand` was given, as a list: worked out only where a command is
 * handed to the host (at most once a call), not for every wrapper that hands over none
 * (`sudo apt-get …`, `timeout 5 make`).
 */
function startsOf(
  startList: readonly number[] | number | (() => readonly number[]),
  words: readonly ShellWord[],
): readonly number[] {
  if (typeof startList === 'function') return startList();
  return typeof startList === 'number' ? new Array<number>(words.length).fill(startList) : startList;
}

/**
 * Unwraps `words` (the argv words of one simple command) and lists commands that run from
 * its arguments through `host`. `argv` (the words' values) may be passed to be shared.
 */
export function unwrapCommand(
  words: ShellWord[],
  startList: readonly number[] | number | (() => readonly number[]),
  depth: number,
  host: UnwrapHost,
  argv?: string[],
): UnwrappedCommand {
  // Fast path: the first word is no wrapper and runs nothing from its arguments.
  if (!needsUnwrap(words)) {
    return { wrappers: [], argv: argv ?? words.map((word) => word.value), words, assignments: [] };
  }
  const wrappers: string[] = [];
  const assignments: ShellAssignment[] = [];
  let opaqueReason: string | undefined;
  let index = 0;
  let derived = false;
  const values = argv ?? words.map((word) => word.value);
  while (index < words.length) {
    const word = words[index] as ShellWord;
    if (word.dynamic) break;
    const name = commandWordBasename(word.value);
    const fact = wrapperFact(name);
    if (!fact) break;
    const step = projectFileStep(wrapperStep(fact, name, words, values, index), fact, name, word.value);
    if (step.error) {
      opaqueReason = step.error;
      if (step.splitString !== undefined)
        host.parseScript(step.splitString, startsOf(startList, words)[index] ?? 0, depth, 'wrapper-argument');
      break;
    }
    wrappers.push(name);
    if (step.assignments) assignments.push(...step.assignments);
    if (step.script) {
      opaqueReason = `${name} runs a script string`;
      host.parseScript(
        step.script.text,
        (startsOf(startList, words)[step.script.at] ?? 0) + 1,
        depth,
        'wrapper-argument',
      );
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
        startsOf(startList, words).slice(step.next, end),
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
      // Read as written even when computed in part (see the note at the top).
      host.parseScript(
        rest.map((part) => part.value).join(' '),
        startsOf(startList, words)[step.scriptFrom] ?? 0,
        depth,
        'wrapper-argument',
      );
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
      if (scriptIndex === -2) {
        opaqueReason = `${name} -c with a non-literal script`;
        // The scan of its options stopped at a computed word: most likely the script itself
        // (`sh -c "printenv; echo $1"`), read as written (see the note at the top).
        const guess = innerWords.findIndex((word, at) => at > 0 && word.dynamic);
        if (guess > 0) {
          const word = innerWords[guess] as ShellWord;
          host.parseScript(
            word.value,
            (startsOf(startList, words)[index + guess] ?? 0) + 1,
            depth,
            'shell-string',
          );
        }
      } else if (script) {
        opaqueReason = script.dynamic
          ? `${name} -c with a non-literal script`
          : `${name} -c runs a script string`;
        host.parseScript(
          script.value,
          (startsOf(startList, words)[index + scriptIndex] ?? 0) + 1,
          depth,
          'shell-string',
        );
      }
    } else if (WORDS_RUNNER_NAMES.has(name) && innerWords.length > 1) {
      const rest = innerWords.slice(1);
      opaqueReason = `${name} runs its arguments as a script`;
      host.parseScript(
        rest.map((part) => part.value).join(' '),
        startsOf(startList, words)[index + 1] ?? 0,
        depth,
        'shell-string',
      );
    } else if (EXPRESSION_COMMAND_OPTIONS.has(name)) {
      const options = EXPRESSION_COMMAND_OPTIONS.get(name)!;
      listFindExec(innerWords, startsOf(startList, words).slice(index), 0, depth, host, options, name);
    } else if (ACTION_SCRIPT_NAMES.has(name)) {
      // `trap ACTION SIGNAL...`: ACTION is a script run when a signal (or EXIT) arrives.
      for (const at of actionScripts(innerWords, name)) {
        const action = innerWords[at] as ShellWord;
        opaqueReason = action.dynamic
          ? `${name} with a non-literal action`
          : `${name} runs its action as a script`;
        host.parseScript(
          action.value,
          (startsOf(startList, words)[index + at] ?? 0) + 1,
          depth,
          'shell-string',
        );
      }
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
