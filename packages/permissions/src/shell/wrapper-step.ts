/**
 * One wrapper taken off: how `unwrapCommand` finds the command a wrapper runs, read from the
 * command table (`commands/table/wrappers.ts`): the wrapper's options by the one argv reader,
 * then its `unwrap` facts — operands before the command (`timeout DURATION`, `chroot DIR`),
 * assignments (`env X=1`, `sudo X=1`), script strings (`su -c`, `flock -c`), and when no
 * command runs at all (`sudo -l`, `command -v`, `ionice -p`).
 *
 * Never guesses: an option the entry does not list, an option without its value, or a word
 * computed at run time where an option or the command belongs stops unwrapping there, with
 * the reason.
 */
import { type CompiledFact, commandFact, type OptionUse, type Reading, readCommand } from '../commands';
import type { ShellAssignment, ShellContext, ShellWord } from './types';

/** The stop for a computed word where a wrapper's option or command belongs. */
export const DYNAMIC_WORD_STOP = 'dynamic word where an option or the command belongs';

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

/** The entry of a wrapper the parser takes off (see `WRAPPER_NAMES`), by command basename. */
export function wrapperFact(name: string): CompiledFact | undefined {
  const fact = commandFact(name);
  return fact !== undefined && (fact.fact.unwrap !== undefined || fact.fact.wrapper === 'first-operand')
    ? fact
    : undefined;
}

function given(options: readonly OptionUse[], spellings: readonly string[] | undefined): boolean {
  return spellings !== undefined && options.some((option) => spellings.includes(option.spelling));
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

/**
 * The first reason, in word order, not to trust `reading` of the wrapper's own words before
 * `stop`: a computed word where an option, an operand of its own or (`checkStop`) the command
 * belongs; an option the entry does not list; an option without its value. Every reading
 * agrees up to the first unlisted option, so one reading is enough.
 */
function distrust(
  name: string,
  words: readonly ShellWord[],
  reading: Reading,
  index: number,
  stop: number,
  checkStop: boolean,
  ownOperands: boolean,
  numeric: boolean,
): string | undefined {
  let ended = false;
  let option = 0;
  const options = reading.options;
  for (let at = index + 1; at < stop; at++) {
    const kind = reading.kinds[at];
    if (kind === 'end-of-options') {
      ended = true;
      if (words[at]!.dynamic) return `${name}: ${DYNAMIC_WORD_STOP}`;
      continue;
    }
    if (kind !== 'option') {
      // An operand of the wrapper's own (a value word has its option's index, not its own).
      if ((ownOperands || !ended) && reading.operands.includes(at) && words[at]!.dynamic)
        return `${name}: ${DYNAMIC_WORD_STOP}`;
      continue;
    }
    if (words[at]!.dynamic) return `${name}: ${DYNAMIC_WORD_STOP}`;
    while (option < options.length && options[option]!.index < at) option++;
    for (; option < options.length && options[option]!.index === at; option++) {
      const use = options[option]!;
      const def = use.def;
      // `nice -5`: a dash and digits is an option where the entry says so (`numeric`).
      if (def === undefined && numeric && use.spelling === words[at]!.value && /^-\d+$/.test(use.spelling))
        continue;
      if (def === undefined || (def.takes === 'none' && use.value !== undefined))
        return `${name}: unknown option ${use.spelling.replace(/=.*/s, '')}`;
      if (def.takes === 'required' && use.value === undefined)
        return `${name}: option ${use.spelling} needs a value`;
    }
  }
  if (checkStop && stop < words.length && words[stop]!.dynamic) return `${name}: ${DYNAMIC_WORD_STOP}`;
  return undefined;
}

/**
 * Reads the wrapper at `words[index]` (`argv` holds the words' values) from its table entry
 * `fact`: where the command it runs starts, or why it runs none or is not unwrapped.
 */
export function wrapperStep(
  fact: CompiledFact,
  name: string,
  words: readonly ShellWord[],
  argv: readonly string[],
  index: number,
): Step {
  const facts = fact.fact;
  if (facts.wrapper === 'first-operand') {
    // A multi-call binary runs the applet its first operand names (`busybox rm`).
    const applet = words[index + 1];
    return !applet || applet.value.startsWith('-') ? { next: -1 } : { next: index + 1 };
  }
  const unwrap = facts.unwrap ?? {};
  const reading = readCommand(argv, index, name)![0]!;
  const runsCommand = facts.wrapper === 'after-options';
  // `runuser -u USER CMD`: the command is the first operand; options after it are its own.
  const commandWith = !runsCommand && given(reading.options, unwrap.commandWith);
  const stop = commandWith
    ? (reading.operands[0] ?? words.length)
    : runsCommand
      ? (reading.commandAt ?? words.length)
      : words.length;
  const endedBefore = stop > index + 1 && reading.kinds[stop - 1] === 'end-of-options';
  const checkStop = (runsCommand || commandWith) && (facts.commandAfter ?? 0) === 0 && !endedBefore;
  const error = distrust(
    name,
    words,
    reading,
    index,
    stop,
    checkStop,
    runsCommand,
    facts.numeric !== undefined,
  );
  if (error !== undefined) return { next: index, error };
  const options = commandWith ? reading.options.filter((option) => option.index < stop) : reading.options;
  for (const option of options) {
    const reason = unwrap.refuse?.[option.spelling];
    if (reason !== undefined) return { next: index, error: `${name}: ${reason}` };
  }
  let next = stop;
  if (unwrap.dashOperands) while (words[next]?.value === '-') next++;
  const split = unwrap.splitString;
  if (split !== undefined) {
    const splitting = options.find((option) => split.includes(option.spelling));
    if (splitting !== undefined) {
      // GNU env splits the string with its own rules (quotes, `\_`, `${VAR}`); reading it
      // as shell words is close enough to list the commands, not to trust them.
      return {
        next: index,
        error: `${name}: ${split[0]} splits its argument into a command`,
        splitString: [splitting.value ?? '', ...argv.slice(next)].join(' '),
      };
    }
  }
  if (!commandWith) {
    const script = options.find((option) => option.def?.role === 'script');
    if (script !== undefined) return { next: -1, script: { text: script.value ?? '', at: index } };
  }
  if (unwrap.scriptAfterOperands && next < words.length) {
    // `flock FILE -c CMD`: a script option after the operands.
    const word = argv[next]!;
    const def = word.startsWith('--') ? fact.long.get(word.slice(2)) : fact.short.get(word.slice(1));
    if (def?.role === 'script' && word.length > 1) {
      const script = words[next + 1];
      if (!script || script.dynamic) return { next: index, error: `${name} -c with a non-literal script` };
      return { next: -1, script: { text: script.value, at: next + 1 } };
    }
  }
  if (unwrap.scriptOperand !== undefined) {
    let operands = reading.operands;
    if (unwrap.dashOperands) {
      let first = 0;
      while (first < operands.length && argv[operands[first]!] === '-') first++;
      operands = operands.slice(first);
    }
    const at = operands[unwrap.scriptOperand];
    if (at !== undefined) return { next: -1, script: { text: argv[at]!, at } };
  }
  const assignments: ShellAssignment[] = [];
  if (unwrap.assignments) next = takeAssignments(words, next, assignments);
  const withoutCommand = unwrap.withoutCommand;
  if (next >= words.length || !(runsCommand || commandWith)) {
    if (
      !commandWith &&
      withoutCommand !== undefined &&
      (withoutCommand.with === undefined || given(options, withoutCommand.with))
    )
      return withoutCommand.kept
        ? { next: index, error: `${name} ${withoutCommand.reason}` }
        : { next: -1, opaqueWhenNone: `${name} ${withoutCommand.reason}`, assignments };
    return { next: -1, assignments };
  }
  if (given(options, unwrap.noCommandWith)) return { next: -1, assignments };
  const runs = unwrap.runs;
  if (runs?.as === 'input') {
    const until = runs.until;
    if (until === undefined) return { next, assignments, derived: { context: 'xargs', reason: runs.reason } };
    if (words[next]!.value.startsWith(until)) return { next: -1, assignments };
    return {
      next,
      assignments,
      derived: { context: 'xargs', reason: runs.reason, until: (word) => word.value.startsWith(until) },
    };
  }
  if (runs?.as === 'sh-c' && !given(options, runs.unless)) return { next, assignments, scriptFrom: next };
  return { next, assignments };
}
