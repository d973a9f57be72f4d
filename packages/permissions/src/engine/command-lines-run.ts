/**
 * An allow rule covers the command it names, not the command lines that command runs
 * (decision 0053): `Bash(git:*)` allows `git log`, not the `rm -rf x` of `git submodule foreach
 * 'rm -rf x'`, `git bisect run rm -rf x`, `rsync -e 'rm -rf x'`, `vim -c '!rm -rf x'` or
 * `awk 'BEGIN { system("rm -rf x") }'`, nor the code `awk '{system($0)}'` builds from its
 * input. A prefix rule covers a command only when it runs no code the line does not show
 * (`unseenCodeReason`) and each command line it runs is itself allowed: each of its commands covered by an allow rule, or
 * read-only by the classifier (and reading no tree with hidden files in it), and so on for the
 * lines those run, down to a depth. A line that cannot be fully analyzed is not covered.
 *
 * The lines are the ones the deny rules are matched on (`hiddenCommandTexts`, which reads the
 * command table's `commandLinesIn`), except two kinds of text the deny side reads as shell only
 * on the chance that it is (see `commandLinesRun`).
 */
import { classifyCommand, isInterpreterOrWrapper } from '../classifier';
import {
  atAnyLevel,
  COMMAND_VARIABLE_NAMES,
  commandLinesIn,
  commandsRun,
  namesWhere,
  readCommand,
} from '../commands';
import { computedInlineCode } from '../floor/interpreter-code';
import { treeReadOf } from '../floor/tree-reads';
import { commandBasename } from '../rules/match-command-rule';
import type { CommandRule } from '../rules/rule';
import { analyzeShell } from '../shell';
import type { ShellAnalysisOptions, SimpleCommand } from '../shell/types';
import { commandTexts, unseenReason } from './command-analysis';
import { isCommandRunner, variablesSetFor } from './hidden-commands';
import { hasWriteRedirect } from './redirects';
import { type CommandVerdict, findAllowRule, type ShellRuleSet, unwrappedDiffers } from './shell-rules';

/** How deep lines run by lines are followed; a line deeper than this is not covered. */
const MAX_DEPTH = 4;

/**
 * `classifyCommand` for the allow rules: an interpreter's inline program that computes a name
 * at run time (`computedInlineCode`) is excluded from prefix rules: `Bash(python3:*)` does not
 * cover `python3 -c "open('.e'+'nv')"`.
 */
export function classifyForRules(simple: SimpleCommand): CommandVerdict {
  const verdict = classifyCommand(simple);
  if (verdict.classification === 'mutating') return verdict;
  const computed = computedInlineCode(simple);
  if (computed === undefined) return verdict;
  return { classification: 'unknown', reason: computed.reason, flag: computed.code, prefixExcluded: true };
}

/**
 * The command lines `command` runs, as the allow step reads them: `hiddenCommandTexts`, less
 * two kinds of text the deny side reads as shell only on the chance that it is —
 *
 * - an interpreter's own words (`python3 -c 'print(1)'`, `perl -lane '$s+=$F[0]'`, `vim -c
 *   'set nu'`): its program, in its own language; the command lines such a program runs
 *   are the ones the table or the search finds in it (`vim -c '!CMD'`, `less '+!CMD'`, awk's
 *   `system("CMD")`, `perl … 'CMD|'`), which stay;
 * - the values of make's variables (`make PREFIX=/usr`, `CC=gcc make`): a value may be a
 *   command, a flag or a path, and which one only the Makefile says. A rule on make already
 *   allows whatever the Makefile runs.
 *
 * A line the command table says the argv holds (`commandLinesIn`) always stays.
 */
export function commandLinesRun(command: SimpleCommand): readonly string[] {
  const texts = commandTexts(command);
  if (texts.length === 0) return texts;
  const inner = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
  const word = inner[0] ?? '';
  const name = commandBasename(word);
  const ownWords = !isCommandRunner(name) && isInterpreterOrWrapper(word);
  const variables = COMMAND_VARIABLE_NAMES.has(name);
  if (!ownWords && !variables) return texts;
  // The same variables the deny side reads: a `commandEnv` one's line always stays.
  const assigned = variablesSetFor(command);
  const table = new Set(commandLinesIn(readCommand(inner, 0, name) ?? [], inner, assigned));
  const dropped = new Set<string>();
  if (variables) {
    for (const arg of inner) {
      const equals = arg.indexOf('=');
      if (equals > 0) dropped.add(arg.slice(equals + 1));
    }
    for (const assignment of assigned) dropped.add(assignment.value);
  }
  return texts.filter(
    (text) =>
      table.has(text) ||
      (!dropped.has(text) && !(ownWords && (isOwnWord(text, command.argv) || isOwnWord(text, inner)))),
  );
}

/**
 * True when `text` is one of `words` as the search for hidden commands reads a program word:
 * as written, or with field and variable references spelled `_` (`$s+=$F[0]` read as
 * `_s+=_F[0]`, so that they do not read as shell expansions).
 */
function isOwnWord(text: string, words: readonly string[]): boolean {
  for (const word of words) {
    if (word.length !== text.length) continue;
    let same = true;
    for (let index = 0; index < word.length && same; index++) {
      const code = word.charCodeAt(index);
      same = code === text.charCodeAt(index) || (code === 0x24 && text.charCodeAt(index) === 0x5f);
    }
    if (same) return true;
  }
  return false;
}

/**
 * What `command` runs that the allow rules do not cover (see the module's comment), as the
 * reasons say it — the first command line not covered, or the code it runs that the line does
 * not show (`unseenCodeReason`: `awk '{system($0)}'`, `… | awk -f -`) — or undefined when it
 * runs nothing uncovered.
 */
export function uncoveredRun(
  command: SimpleCommand,
  rules: ShellRuleSet['allow'],
  shell: ShellAnalysisOptions | undefined,
  depth = 0,
  rule?: ShellRuleSet['allow'][number],
): string | undefined {
  const unseen = unseenReason(command);
  if (unseen !== undefined) return unseen;
  const lines = commandLinesRun(command);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!lineCovered(line, rules, shell, depth + 1)) return notCovered(line);
  }
  return uncoveredCommand(command, rules, shell, depth, rule);
}

/** The reason for a command line or command no allow rule covers. */
function notCovered(line: string): string {
  return `it runs "${line.length > 80 ? `${line.slice(0, 77)}...` : line}", which no allow rule covers`;
}

/**
 * Commands whose words may hold a command they run (decision 0057): a runner or wrapper
 * (`wrapper`: `ssh`, `docker exec`, `npx`, `op run`, `busybox`) or an option whose value is a
 * command (`fd -x`).
 */
const RUNS_COMMAND_WORDS: ReadonlySet<string> = namesWhere(
  atAnyLevel((fact) => fact.wrapper !== undefined || Object.values(fact.values ?? {}).includes('command')),
);

/**
 * The command a runner or wrapper runs, given as its words (decision 0057), that the allow rules
 * do not cover: the command a wrapper the parser takes off runs (`timeout 5 rm -rf x`, `sudo rm
 * x`: the unwrapped argv), else the ones the table places in the argv (`commandsRun`: `ssh host
 * rm -rf x`, `docker exec c rm -rf x`, `kubectl exec pod -- rm x`, `npx rm x`, `fd -x rm`). Each
 * must be allowed on its own, as a command line is: covered by an allow rule or read-only. The
 * words of the prefix rule that matched past the runner's (`Bash(sudo apt-get install:*)`) are
 * a prefix rule for the command there. A package runner's program the table has no entry for
 * (`npx prettier`, `uv run pytest`) is the package's, which the runner's rule allows, as an
 * interpreter's rule allows its program (decision 0053).
 */
function uncoveredCommand(
  command: SimpleCommand,
  rules: ShellRuleSet['allow'],
  shell: ShellAnalysisOptions | undefined,
  depth: number,
  rule: ShellRuleSet['allow'][number] | undefined,
): string | undefined {
  if (unwrappedDiffers(command)) {
    const inner = command.unwrapped;
    if (inner.opaqueReason !== undefined)
      return `it runs a command that cannot be told (${inner.opaqueReason})`;
    if (inner.argv.length === 0) return undefined;
    const line = joinedRaw(inner.words, 0, inner.words.length);
    const start = command.argv.length - inner.argv.length;
    return lineCovered(line, withRest(rules, rule, start), shell, depth + 1) ? undefined : notCovered(line);
  }
  const argv = command.argv;
  const name = commandBasename(argv[0] ?? '');
  if (!RUNS_COMMAND_WORDS.has(name)) return undefined;
  const readings = readCommand(argv, 0, name);
  if (readings === undefined) return undefined;
  const runs = commandsRun(readings, argv);
  if (runs === undefined) return `it runs a command ${name} is given, which cannot be placed in its words`;
  for (const run of runs) {
    if (run.packageProgram && readCommand(argv, run.start) === undefined) continue;
    let line: string;
    if (run.shell) {
      // The words are joined and read again by a shell: a computed one cannot be read.
      for (let index = run.start; index < run.end; index++)
        if (command.words[index]?.dynamic !== false)
          return notCovered(argv.slice(run.start, run.end).join(' '));
      line = argv.slice(run.start, run.end).join(' ');
    } else line = joinedRaw(command.words, run.start, run.end);
    if (!lineCovered(line, withRest(rules, rule, run.start), shell, depth + 1)) return notCovered(line);
  }
  return undefined;
}

/** The source text of `words[start]` up to `end`, joined by blanks: the command as if typed alone. */
function joinedRaw(words: SimpleCommand['words'], start: number, end: number): string {
  let line = '';
  for (let index = start; index < end; index++)
    line += index === start ? words[index]!.raw : ` ${words[index]!.raw}`;
  return line;
}

/**
 * `rules` with, first, the words of the prefix rule `rule` past `start` as a prefix rule of
 * their own (`Bash(sudo apt-get install:*)` on `sudo apt-get install x`: `apt-get install`), when
 * it has any: the rule spells the command out that far.
 */
function withRest(
  rules: ShellRuleSet['allow'],
  rule: ShellRuleSet['allow'][number] | undefined,
  start: number,
): ShellRuleSet['allow'] {
  if (rule === undefined || rule.kind !== 'prefix' || rule.argv.length <= start) return rules;
  const rest: CommandRule = { ...rule, argv: rule.argv.slice(start) };
  return [rest, ...rules];
}

/** True when every command of `line` is allowed on its own (see the module's comment). */
function lineCovered(
  line: string,
  rules: ShellRuleSet['allow'],
  shell: ShellAnalysisOptions | undefined,
  depth: number,
): boolean {
  if (depth > MAX_DEPTH) return false;
  const analysis = analyzeShell(line, shell);
  if (analysis.opaque || analysis.rejected) return false;
  for (const inner of analysis.commands) {
    const verdict = classifyForRules(inner);
    const rule = findAllowRule(inner, rules, verdict);
    // A tool-wide or exact rule names all the command runs; a prefix rule only its head.
    if (rule !== undefined && rule.kind !== 'prefix') continue;
    if (rule === undefined && !readOnlyAlone(inner, verdict)) return false;
    if (uncoveredRun(inner, rules, shell, depth, rule) === undefined) continue;
    if (findAllowRule(inner, wholeCommandRules(rules), verdict) === undefined) return false;
  }
  return true;
}

/**
 * True when the classifier's word is enough to run `command` without a rule: read-only, no
 * write redirect, and no recursive read of a tree whose hidden files (`.env`) it would reach —
 * what read-only mode allows.
 */
function readOnlyAlone(command: SimpleCommand, verdict: CommandVerdict): boolean {
  if (verdict.classification !== 'read-only' || hasWriteRedirect(command)) return false;
  const argv = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
  const tree = treeReadOf(argv, commandBasename(argv[0] ?? ''));
  return tree === undefined || tree.trees.length === 0 || tree.skipsHidden;
}

/** The tool-wide and exact rules of an allow list (cached per list). */
const wholeRules = new WeakMap<ShellRuleSet['allow'], ShellRuleSet['allow']>();

/**
 * The rules of `rules` that name all a command runs: the tool-wide ones (`Bash`) and the exact
 * ones, which spell out the command lines in its words. Cached per list (rule lists are
 * immutable values).
 */
export function wholeCommandRules(rules: ShellRuleSet['allow']): ShellRuleSet['allow'] {
  let whole = wholeRules.get(rules);
  if (whole === undefined) {
    whole = rules.filter((rule) => rule.kind !== 'prefix');
    wholeRules.set(rules, whole);
  }
  return whole;
}

/**
 * `findAllowRule` with this module's condition: a prefix rule covers `command` only when every
 * command line it runs is covered; otherwise only a tool-wide or exact rule does.
 */
export function findCoveringRule(
  command: SimpleCommand,
  rules: ShellRuleSet['allow'],
  verdict: CommandVerdict,
  shell?: ShellAnalysisOptions,
): ReturnType<typeof findAllowRule> {
  const rule = findAllowRule(command, rules, verdict);
  if (rule === undefined || rule.kind !== 'prefix') return rule;
  if (uncoveredRun(command, rules, shell, 0, rule) === undefined) return rule;
  return findAllowRule(command, wholeCommandRules(rules), verdict);
}
