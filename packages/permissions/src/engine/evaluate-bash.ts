/**
 * The shell evaluator: DESIGN §5's order, the first step that applies decides.
 *
 *  1. input rejected or capped → opaque (never allowed), but 2 and 3 still run on every
 *     command that could be seen;
 *  2. the built-in floor on every command → deny (`builtin:<check>`), not overridable;
 *  3. user deny rules on every command, as written and unwrapped → deny; while deny rules
 *     exist, code the engine cannot see (`$(…)` as the command word, `… | sh`) is denied too;
 *  4. opaque → ask, never cacheable;
 *  5. user ask rules → ask;
 *  6. allow rules, only when every command is covered;
 *  7. read-only mode, when the host opted in and every command is read-only;
 *  8. the default (`ask`, or `deny` for headless hosts).
 */
import { markForeignRepositories } from '../classifier';
import { forgetReadings, WORDS_RUNNER_NAMES } from '../commands';
import type { PermissionBehavior, PermissionDecision } from '../decision';
import {
  checkAssignments,
  checkFloorNamed,
  checkSecretReads,
  FloorNames,
  type FloorViolation,
} from '../floor';
import { type GuardedWrite, ResolvedReads } from '../floor/resolved-reads';
import { defaultProtectedPathModel, type ProtectedPathModel } from '../protected/protected-paths';
import { commandBasename, matchCommandRule } from '../rules/match-command-rule';
import { parseRule } from '../rules/parse-rule';
import type { RuleSet } from '../rules/rule';
import { serializeCommandRule } from '../rules/serialize-rule';
import { shadowingRule } from '../rules/shadowing-rule';
import { isShellToolName } from '../rules/tool-name';
import { defaultSecretModel, type SecretModel } from '../secrets/secret-model';
import { analyzeShell } from '../shell';
import {
  analyzeShellRecordingBlanks,
  analyzeShellStreaming,
  type BlankRunRecord,
  LENGTH_CAP_REASON,
  type StreamedShellAnalysis,
  shellLengthCap,
} from '../shell/analyze-shell';
import { FALLBACK_SCAN_REASON, type SegmentVisitor } from '../shell/fallback-scan';
import type { ShellAnalysis, ShellAnalysisOptions, ShellRedirect, SimpleCommand } from '../shell/types';
import { commandTexts, forgetCommandAnalyses, unseenReason } from './command-analysis';
import { classifyForRules, uncoveredRun, wholeCommandRules } from './command-lines-run';
import { distinctCommands } from './distinct-commands';
import type { EvaluationStep, EvaluationStepName } from './evaluation-step';
import { findHiddenDenyRule, mayHideCommands } from './hidden-commands';
import { proposalsKnowing } from './propose-rules';
import { hasWriteRedirect } from './redirects';
import { ruleText } from './rule-text';
import { bashSessionKey, bashSessionKeyOfParsed } from './session-key';
import {
  type CommandVerdict,
  findAllowRule,
  findRestrictingRule,
  type ShellRuleSet,
  shellRulesOf,
  unwrappedDiffers,
} from './shell-rules';
import { mayRunUnseenCode } from './unseen-code';
import {
  MAX_SCRIPT_TEXT,
  MAX_SCRIPTS,
  ScriptWrites,
  scriptsWrittenThenRun,
  type WrittenScript,
} from './written-scripts';

/** Options of `evaluateBash`. */
export interface EvaluateBashOptions {
  /** Working directory (keys the session cache). */
  cwd?: string;
  /** What happens when no rule decides: `ask` (default) or `deny` for headless hosts. */
  defaultMode?: 'ask' | 'deny';
  /** Allow commands that are all read-only (for hosts running a sandbox). Default false. */
  readOnlyAutoAllow?: boolean;
  /** Shell parser caps. */
  shell?: ShellAnalysisOptions;
  /** Tool name written into proposed rules (default `Bash`). */
  tool?: string;
  /**
   * The secret model paths are checked against, after resolution against `cwd` and the
   * home directory (default: `os.homedir()` and the built-in catalogue alone).
   */
  secrets?: SecretModel;
  /**
   * The protected-path model writes are checked against (default: the built-in catalogue for
   * `os.homedir()`): a policy file written → floor deny; a persistence path → only an exact
   * rule allows it.
   */
  protectedPaths?: ProtectedPathModel;
}

/** A decision with everything that went into it (for the CLI's `eval` and `explain`). */
export interface BashEvaluation {
  decision: PermissionDecision;
  analysis: ShellAnalysis;
  /** Classifier verdicts aligned with `analysis.commands` (empty when the input was rejected). */
  verdicts: CommandVerdict[];
  /** The steps that ran, the deciding one last. */
  steps: EvaluationStep[];
}

const maxEvalDepth = 4;
const noShellOptions: ShellAnalysisOptions = Object.freeze({});
// Shared by evaluations that do not record their steps (`evaluateBash`): never written to.
const noSteps: EvaluationStep[] = Object.freeze([]) as unknown as EvaluationStep[];

/**
 * A command's words as reasons quote them, cut to 80 characters. The reasons put the quotes
 * around it in their own template: each addition to a string makes a new one.
 */
function describedText(command: SimpleCommand): string {
  const argv = command.argv;
  let text = argv[0] ?? '';
  for (let index = 1; index < argv.length && text.length <= 80; index++) text += ` ${argv[index]}`;
  return cutText(text);
}

/** `text` (a command's words joined, or their start past 80 characters) as reasons quote it. */
function cutText(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** `argv.join(' ')`, by additions (cheaper than `join` for the few words most commands have). */
function joinedWords(argv: readonly string[]): string {
  let text = argv[0] ?? '';
  for (let index = 1; index < argv.length; index++) text += ` ${argv[index]}`;
  return text;
}

function describe(command: SimpleCommand): string {
  return `"${describedText(command)}"`;
}

function overall(
  analysis: ShellAnalysis,
  verdicts: readonly CommandVerdict[],
): PermissionDecision['classification'] {
  let unknown = analysis.opaque;
  for (let index = 0; index < verdicts.length; index++) {
    const command = analysis.commands[index]!;
    if (verdicts[index]!.classification === 'mutating' || hasWriteRedirect(command)) return 'mutating';
    if (verdicts[index]!.classification !== 'read-only') unknown = true;
  }
  return unknown || verdicts.length === 0 ? 'unknown' : 'read-only';
}

const plainWords = new Map<string, boolean>();

/**
 * True when nothing in `command` can run or hold code the deny rules have not already seen:
 * no wrapper, a literal command word that is not a shell, interpreter, runner, `eval`,
 * `source` or code-holding builtin, outside `xargs` / `find -exec`; or no command word at all
 * (`NAME=value`, `> file`: bash only assigns and redirects, and code in a value or target,
 * `X=$(…)`, `> >(…)`, is a command of its own in the analysis). Then the unseen-code and
 * hidden-command checks below would all find nothing, so they are skipped (memoized per
 * command word, bounded).
 */
export function plainCommand(command: SimpleCommand): boolean {
  const word = plainCommandWord(command);
  return typeof word === 'string' ? plainWord(word) : word;
}

/**
 * `plainCommand`'s tests of the command before its word's: the answer when they decide
 * (`false`, or `true` for no command word), else the command word to ask `plainWord` about.
 */
function plainCommandWord(command: SimpleCommand): string | boolean {
  if (
    command.context === 'xargs' ||
    command.context === 'find-exec' ||
    command.unwrapped.opaqueReason !== undefined
  ) {
    return false;
  }
  const word = command.argv[0];
  if (word === undefined) return true;
  if (command.words[0]!.dynamic || unwrappedDiffers(command)) return false;
  return word;
}

/**
 * What `plainCommand` makes of a command word itself (memoized, bounded). `eval`, `source` and
 * `.` are the table's builtins that run shell code (`runsShellCode`), which `mayRunUnseenCode`
 * counts, as it counts the shells and interpreters.
 */
function plainWord(word: string): boolean {
  let plain = plainWords.get(word);
  if (plain === undefined) {
    plain = !mayRunUnseenCode(commandBasename(word)) && !mayHideCommands(word);
    if (plainWords.size >= 4096) plainWords.clear(); // bounded: command words repeat, hostile input may not
    plainWords.set(word, plain);
  }
  return plain;
}

/**
 * Characters that separate, quote, redirect or expand: more than one word can hide behind
 * them. One expression test per word: a loop over a table of them measured 2.5-9 times
 * slower on the agent corpus's words, short ones included, in one process.
 */
const LINE_CHARACTER = /[ \t\n\v\f\r;|&()'"`<>${]/;

/** True when `text` holds a character of `LINE_CHARACTER`. */
function holdsLineCharacter(text: string): boolean {
  return LINE_CHARACTER.test(text);
}

/**
 * Whether a word after the command word, or an assignment's value, could hold a command
 * line: more than one word, or one redirected, quoted or expanded (`cat<.env`,
 * `cat${IFS}.env`). Every text `hiddenCommandTexts` finds that could read a file is such a
 * word or value; the others are made of words the floor already sees as arguments
 * (`npx cat .env`).
 */
function mayHoldCommandLine(command: SimpleCommand): boolean {
  const argv = command.argv;
  for (let index = 1; index < argv.length; index++) if (holdsLineCharacter(argv[index]!)) return true;
  for (const assignment of command.assignments) if (holdsLineCharacter(assignment.value)) return true;
  for (const assignment of command.unwrapped.assignments)
    if (holdsLineCharacter(assignment.value)) return true;
  return false;
}

/**
 * Text found in commands' arguments (`hiddenCommandTexts`, `eval`'s words, a script written
 * then run), read as shell once per evaluation: the same text is handed over by more than one
 * command (`xargs sh -c T` and the `sh -c T` it runs), and the floor and the deny rules both
 * read it. The shell options are the evaluation's; `guarded` empties it when one ends.
 * Bounded: hostile input may hand over any number of texts.
 */
const hiddenParses = new Map<string, readonly SimpleCommand[]>();

/** `analyzeShell(text, shell).commands`, once per text and evaluation (see `hiddenParses`). */
function hiddenCommands(text: string, shell: ShellAnalysisOptions | undefined): readonly SimpleCommand[] {
  let commands = hiddenParses.get(text);
  if (commands === undefined) {
    commands = analyzeShell(text, shell).commands;
    if (hiddenParses.size >= 256) hiddenParses.clear();
    hiddenParses.set(text, commands);
  }
  return commands;
}

/**
 * The floor's secret-read check on the command lines a command hands to another program
 * (`ssh host 'cat .env'`, `rsync -e 'cat .env' …`, `tmux new 'cat .env'`): their words are
 * read as if written unquoted (`ssh host cat .env` is denied). Only secret reads: an
 * assignment or `env` in a remote or pane command line is not this shell's.
 */
function hiddenSecretRead(
  command: SimpleCommand,
  shell: ShellAnalysisOptions | undefined,
  depth: number,
  lines: HandedLines | undefined,
): FloorViolation | undefined {
  if (depth >= maxEvalDepth) return undefined;
  const plain = lines !== undefined ? plainKnowing(command, lines) : plainCommand(command);
  if (lines !== undefined) {
    lines.command = command;
    lines.plain = plain;
    lines.texts = undefined;
  }
  if (plain || !mayHoldCommandLine(command)) return undefined;
  const texts = commandTexts(command);
  for (let index = 0; index < texts.length; index++) {
    const commands = hiddenCommands(texts[index]!, shell);
    for (const inner of commands) {
      // Text that does not parse as shell (an awk or perl program) has no words to read:
      // the scan's pieces (`s/(.*\/).*$/$1/`) are not file names.
      if (inner.opaqueReasons.includes(FALLBACK_SCAN_REASON)) continue;
      const found = checkSecretReads(inner) ?? hiddenSecretRead(inner, shell, depth + 1, undefined);
      if (found) return found;
    }
  }
  // Every text was read without finding anything: the deny rules may read them as found.
  if (lines !== undefined) lines.texts = texts;
  return undefined;
}

/**
 * `plainCommand(command)`, told the last command word it was found for at the top of this
 * evaluation and what its word alone made of it (`plainWords`'s answer): the same word
 * (`echo` of `echo 1; echo 2`) needs no lookup. The tests before the lookup are
 * `plainCommand`'s own (`plainCommandWord`).
 */
function plainKnowing(command: SimpleCommand, lines: HandedLines): boolean {
  const word = plainCommandWord(command);
  if (typeof word !== 'string') return word;
  if (word === lines.plainWord) return lines.plainWordPlain;
  const plain = plainWord(word);
  lines.plainWord = word;
  lines.plainWordPlain = plain;
  return plain;
}

/**
 * What the floor worked out for the last command it checked at the top, for the deny rules,
 * which check the same command next (the run and the streamed checks take each command's
 * floor, then its deny rules): whether it is plain and, once the floor has read them all
 * without finding anything, the command lines it hands over (read as shell once, in
 * `hiddenParses`). One per run or streamed check (so the shell options are the same), matched
 * by identity. It is also what the floor found out about the last command word it saw (see
 * `FloorNames`).
 */
class HandedLines extends FloorNames {
  command: SimpleCommand | undefined = undefined;
  plain = false;
  texts: readonly string[] | undefined = undefined;
  /** The last command word `plainKnowing` looked up, and `plainWords`'s answer for it. */
  plainWord: string | undefined = undefined;
  plainWordPlain = false;
}

/** The floor on one command, and on the command lines it hands to other programs. */
function floorViolation(
  command: SimpleCommand,
  shell: ShellAnalysisOptions | undefined,
  lines: HandedLines,
): FloorViolation | undefined {
  return checkFloorNamed(command, lines) ?? hiddenSecretRead(command, shell, 0, lines);
}

/** A deny rule's (or the unseen-code check's) verdict on a command. */
interface DenyMatch {
  rule?: string;
  reason: string;
}

/** Deny rules on one command, following static `eval '…'` strings into their commands. */
function denyMatch(
  command: SimpleCommand,
  rules: ShellRuleSet,
  shell: ShellAnalysisOptions | undefined,
  depth: number,
  lines?: HandedLines,
): DenyMatch | undefined {
  const rule = findRestrictingRule(command, rules.deny);
  if (rule) return { rule: ruleText(rule), reason: `"${describedText(command)}" matches the deny rule` };
  if (!rules.hasDeny) return undefined;
  const known = lines !== undefined && command === lines.command;
  if (known ? lines.plain : plainCommand(command)) return undefined;
  // Text found in another command's arguments (an awk or python program, an ssh command
  // line) is read as shell on the chance that it is; where it does not parse, the scan's
  // pieces (`{print`, `{for`) are not commands, so only the deny rules are matched on them.
  const guessed = depth > 0 && command.opaqueReasons.includes(FALLBACK_SCAN_REASON);
  const unseen = guessed ? undefined : unseenReason(command);
  if (unseen) return { reason: `${unseen}, so deny rules cannot be checked` };
  if (depth >= maxEvalDepth) return undefined;
  const hidden = findHiddenDenyRule(command, rules.denyCommands);
  if (hidden) return { rule: ruleText(hidden.rule), reason: `Denied: ${hidden.reason}` };
  // Text that becomes a command later: `eval 'rm x'`; behind a wrapper the parser could not
  // follow, any word holding a command line (`env -S 'rm -rf x'`); the command lines given
  // to runners and interpreters (`ssh host 'rm x'`, `su -c 'rm x'`).
  const texts = (known ? lines.texts : undefined) ?? commandTexts(command);
  for (let index = 0; index < texts.length; index++) {
    const commands = hiddenCommands(texts[index]!, shell);
    const found = denyMatchAny(commands, rules, shell, depth);
    if (found) return found;
  }
  const argv = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
  if (argv.length > 1 && WORDS_RUNNER_NAMES.has(argv[0]!)) {
    const found = denyMatchAny(hiddenCommands(argv.slice(1).join(' '), shell), rules, shell, depth);
    if (found) return found;
  }
  if (command.unwrapped.opaqueReason !== undefined) {
    for (let index = 1; index < command.words.length; index++) {
      const word = command.words[index]!;
      if (!/\s/.test(word.value)) continue;
      const found = denyMatchAny(hiddenCommands(word.value, shell), rules, shell, depth);
      if (found) return found;
    }
  }
  return undefined;
}

/** `denyMatch` on the commands of a text found in a command at `depth`: the first match. */
function denyMatchAny(
  commands: readonly SimpleCommand[],
  rules: ShellRuleSet,
  shell: ShellAnalysisOptions | undefined,
  depth: number,
): DenyMatch | undefined {
  for (const inner of commands) {
    const found = denyMatch(inner, rules, shell, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Deny rules on the scripts the command line writes and then runs (`echo 'rm -rf x' > s.sh
 * && bash s.sh`): their text is on the line, read as shell like other text found in
 * arguments (see `written-scripts.ts`).
 */
function writtenScriptDenial(
  scripts: readonly WrittenScript[],
  overflow: boolean,
  rules: ShellRuleSet,
  shell: ShellAnalysisOptions | undefined,
): DenyMatch | undefined {
  for (const script of scripts) {
    for (const inner of hiddenCommands(script.commandLine, shell)) {
      const found = denyMatch(inner, rules, shell, 1);
      if (found) {
        const why = found.reason.startsWith('Denied: ')
          ? found.reason.slice('Denied: '.length)
          : found.reason;
        const reason =
          script.path === '-'
            ? `${describe(script.runner)} runs the commands this command line feeds it: ${why}`
            : `${describe(script.runner)} runs ${script.path}, which this command line writes: ${why}`;
        return found.rule === undefined ? { reason } : { rule: found.rule, reason };
      }
    }
  }
  if (overflow) {
    return {
      reason: `more scripts are written and run in this command line than the deny rules check (${MAX_SCRIPTS}, or ${MAX_SCRIPT_TEXT / 1024} KiB of script text)`,
    };
  }
  return undefined;
}

/** A here-document or here-string whose text the line shows: one command may run it (`ftp <<EOF`). */
function feedsText(redirect: ShellRedirect): boolean {
  return redirect.text !== undefined;
}

/**
 * Decides a shell command against `rules` and returns the full evaluation.
 * `evaluateBash` is the same without the details.
 */
export function evaluateBashDetailed(
  command: string,
  rules: RuleSet,
  options: EvaluateBashOptions = {},
): BashEvaluation {
  return guarded(command, rules, options, true, true, undefined);
}

/** What `evaluateBashListing` returns: over the length cap, `analysis.streamed` is set. */
export interface ListedEvaluation extends BashEvaluation {
  analysis: StreamedShellAnalysis;
}

/**
 * The decision the CLI's `eval` prints, with the analysis it was made from (one parse, where
 * `evaluateBash` then `analyzeShell` took two) and without proposed rules (`eval` prints
 * none). Over the length cap the commands are not kept (`analysis.streamed` is set): `list`
 * gets each segment's batch once the floor and deny rules have checked it, told whether
 * `analyzeShell` would list it (see `SegmentVisitor`). An internal failure gives
 * `evaluateBash`'s denial with `analyzeShell`'s analysis (not streamed). Not part of the
 * package's API.
 */
export function evaluateBashListing(
  command: string,
  rules: RuleSet,
  options: EvaluateBashOptions,
  list: SegmentVisitor,
): ListedEvaluation {
  return guarded(command, rules, options, false, false, list);
}

/**
 * Runs the evaluation; an internal failure (a bug in a parser or table) must not throw
 * through the host's agent loop nor let anything through unchecked: it becomes a denial.
 */
function guarded(
  command: string,
  rules: RuleSet,
  options: EvaluateBashOptions,
  record: boolean,
  propose: boolean,
  list: SegmentVisitor | undefined,
): ListedEvaluation {
  try {
    const ev = run(
      typeof command === 'string' ? command : String(command),
      rules,
      options,
      record,
      propose,
      list,
    );
    // `evaluateBash` reads only the decision: the evaluation itself stands in for the wrapper.
    if (!record) return ev;
    return { decision: ev.decision, analysis: ev.analysis, verdicts: ev.verdicts, steps: ev.steps };
  } catch (error) {
    const reason = `The command could not be checked (internal error: ${error instanceof Error ? error.message : String(error)}); it was denied to stay safe`;
    let sessionKey: string;
    try {
      sessionKey = bashSessionKey(String(command), options.cwd);
    } catch {
      sessionKey = `bash:${options.cwd ?? ''}\u0000${String(command)}`;
    }
    return {
      decision: { behavior: 'deny', reason, classification: 'unknown', sessionKey, cacheable: false },
      analysis:
        list === undefined
          ? { commands: [], opaque: true, opaqueReasons: [reason] }
          : analyzeShell(String(command), options.shell),
      verdicts: [],
      steps: [{ step: 'input', decided: true, detail: reason }],
    };
  } finally {
    hiddenParses.clear();
    forgetCommandAnalyses();
  }
}

/** The state of one evaluation: records the steps (for `explain`) and builds the decision. */
class Evaluation {
  readonly steps: EvaluationStep[];
  readonly verdicts: CommandVerdict[];
  readonly classification: PermissionDecision['classification'];
  readonly sessionKey: string;
  /**
   * The allow step's finding, for the proposals: the index of the first command no allow
   * rule covers (those before it are covered), or -1 when the step has not run.
   */
  uncovered = -1;
  /** The words of the command at `uncovered` joined by spaces, once the reasons have joined them. */
  uncoveredWords: string | undefined = undefined;
  /** Set by `decide`: the evaluation is then returned as its own `BashEvaluation`. */
  decision: PermissionDecision = undefined as unknown as PermissionDecision;

  constructor(
    readonly analysis: StreamedShellAnalysis,
    readonly rules: RuleSet,
    readonly options: EvaluateBashOptions,
    readonly record: boolean,
    /** An ask carries proposed rules (`eval` prints none). */
    readonly propose: boolean,
    command: string,
    blanks: BlankRunRecord,
  ) {
    this.steps = record ? [] : noSteps;
    // A rejected or capped input is never allowed, so classifying each of its (possibly
    // hundreds of thousands of) commands would buy nothing: it is simply `unknown`.
    // `map` sizes the list once (pushing reserves room for 17 verdicts on the first).
    this.verdicts = analysis.rejected
      ? []
      : markForeignRepositories(analysis.commands, analysis.commands.map(classifyForRules), {
          cwd: options.cwd,
        });
    this.classification = analysis.rejected ? 'unknown' : overall(analysis, this.verdicts);
    this.sessionKey = bashSessionKeyOfParsed(command, options.cwd, blanks);
  }

  note(step: EvaluationStepName, detail: string): void {
    if (this.record) this.steps.push({ step, decided: false, detail });
  }

  decide(
    step: EvaluationStepName,
    behavior: PermissionBehavior,
    reason: string,
    matchedRule?: string,
    proposedRules?: PermissionDecision['proposedRules'],
    propose = false,
  ): Evaluation {
    // `propose`: this step's ask carries proposals, when the evaluation makes them.
    if (this.record) this.steps.push({ step, decided: true, detail: reason });
    const classification = this.classification;
    const sessionKey = this.sessionKey;
    const cacheable = behavior !== 'deny' && !this.analysis.opaque;
    const tool = this.options.tool || 'Bash';
    const proposals =
      propose && this.propose
        ? // Built from the words of each command, without their dead answers (`living`). Only
          // the default step proposes, after every shell ask and deny rule was matched against
          // every command and none matched: none shadows a shell rule made of a command's argv
          // or of a prefix of it (a rule that matches the prefix matches the argv), so they are
          // not matched again. A rule for another tool name reads back as a path rule: checked.
          proposalsKnowing(
            this.analysis,
            shellRulesOf(this.rules).allow,
            this.verdicts,
            tool,
            this.uncovered,
            this.uncoveredWords,
            isShellToolName(tool) ? undefined : this.rules,
          )
        : proposedRules;
    // One literal per shape, fields in the same order: a field added to a built object would
    // need a second store for it.
    this.decision =
      matchedRule === undefined
        ? proposals === undefined
          ? { behavior, reason, classification, sessionKey, cacheable }
          : { behavior, reason, classification, sessionKey, cacheable, proposedRules: proposals }
        : proposals === undefined
          ? { behavior, reason, classification, sessionKey, cacheable, matchedRule }
          : {
              behavior,
              reason,
              classification,
              sessionKey,
              cacheable,
              matchedRule,
              proposedRules: proposals,
            };
    return this;
  }
}

function floorDenial(ev: Evaluation, violation: FloorViolation): Evaluation {
  return ev.decide(
    'floor',
    'deny',
    `Blocked by the built-in floor (${violation.check}): ${violation.reason}`,
    `builtin:${violation.check}`,
  );
}

function ruleDenial(ev: Evaluation, found: DenyMatch): Evaluation {
  return ev.decide(
    'deny-rules',
    'deny',
    found.rule ? `${found.reason} ${found.rule}` : `Denied: ${found.reason}`,
    found.rule ? found.rule : undefined,
  );
}

function opaqueAsk(ev: Evaluation): Evaluation {
  const reasons = ev.analysis.opaqueReasons;
  // One reason (the usual case) is its own join: `join` sets up its cycle check even for one.
  let why = 'not fully understood';
  if (reasons.length === 1 && typeof reasons[0] === 'string') why = reasons[0];
  else if (reasons.length > 0) why = reasons.join('; ');
  // Not cacheable: `decide` never caches an opaque analysis.
  return ev.decide(
    'opaque',
    'ask',
    `The command cannot be fully analyzed (${why}); it needs approval`,
    undefined,
    [],
  );
}

/**
 * The floor and deny steps run on commands as the fallback scan finds them (input over the
 * length cap, decision only): what they find is what the same steps would find on the sorted
 * list — the floor before any deny rule, and of each the command listed first (lowest start,
 * ties in scan order; each check depends only on its command, so the order they run in does
 * not matter).
 */
class StreamedChecks {
  private floorStart = -1;
  private violation: FloorViolation | undefined = undefined;
  private denyStart = -1;
  private denial: DenyMatch | undefined = undefined;
  /** Scripts written then run (checked after every command's own deny rules, as in `run`). */
  private readonly writes: ScriptWrites | undefined;
  private scripts: WrittenScript[] | undefined = undefined;
  private readonly lines = new HandedLines();

  constructor(
    private readonly rules: ShellRuleSet,
    private readonly shell: ShellAnalysisOptions | undefined,
    private readonly reads: ResolvedReads,
    /** Handed each batch once it is checked (`evaluateBashListing`). */
    private readonly list: SegmentVisitor | undefined,
  ) {
    this.writes = rules.hasDeny ? new ScriptWrites(true) : undefined;
  }

  check(batch: readonly SimpleCommand[], listed: boolean): boolean | undefined {
    for (let index = 0; index < batch.length; index++) {
      const simple = batch[index] as SimpleCommand;
      const start = simple.start;
      // Scripts matter only while no command is denied on its own (a denial comes first).
      if (this.writes !== undefined && this.violation === undefined && this.denial === undefined) {
        const scripts = this.writes.read(simple);
        if (scripts) (this.scripts ??= []).push(...scripts);
      }
      if (this.violation !== undefined && start >= this.floorStart) continue;
      const violation = floorViolation(simple, this.shell, this.lines) ?? this.reads.check(simple);
      if (violation) {
        this.violation = violation;
        this.floorStart = start;
        continue;
      }
      if (this.violation !== undefined || (this.denial !== undefined && start >= this.denyStart)) continue;
      const found = denyMatch(simple, this.rules, this.shell, 0, this.lines);
      if (found) {
        this.denial = found;
        this.denyStart = start;
      }
    }
    if (this.list !== undefined) return this.list(batch, listed);
  }

  decide(ev: Evaluation): Evaluation {
    if (this.violation) return floorDenial(ev, this.violation);
    if (this.denial) return ruleDenial(ev, this.denial);
    const written =
      this.writes && writtenScriptDenial(this.scripts ?? [], this.writes.overflow, this.rules, this.shell);
    if (written) return ruleDenial(ev, written);
    return opaqueAsk(ev);
  }
}

/** `list.split(', ').includes(piece)`, without building the pieces. */
function listsPiece(list: string, piece: string): boolean {
  let from = 0;
  for (;;) {
    const next = list.indexOf(', ', from);
    const end = next === -1 ? list.length : next;
    if (end - from === piece.length && list.startsWith(piece, from)) return true;
    if (next === -1) return false;
    from = next + 2;
  }
}

/**
 * One evaluation. `record`: the steps are kept (`explain`). `propose`: an ask carries proposed
 * rules. `list`: see `evaluateBashListing` (over the length cap, the commands are handed to
 * it, the scan keyed, rather than only checked).
 */
function run(
  command: string,
  rules: RuleSet,
  options: EvaluateBashOptions,
  record: boolean,
  propose: boolean,
  list: SegmentVisitor | undefined,
): Evaluation {
  forgetReadings();
  // The session key's normalized form reuses this parse's blank runs (no second parse).
  const blanks: BlankRunRecord = { runs: [], complete: false };
  const shellRules = shellRulesOf(rules);
  const shellOptions = options.shell ?? noShellOptions;
  // The paths each command reads, resolved against the directory it runs in (see resolved-reads).
  const reads = new ResolvedReads(
    options.cwd,
    options.secrets ?? defaultSecretModel(),
    command,
    options.protectedPaths ?? defaultProtectedPathModel(),
  );
  let analysis: StreamedShellAnalysis;
  let streamed: StreamedChecks | undefined;
  if (!record && command.length > shellLengthCap(shellOptions)) {
    // Over the cap the input is never allowed; only the floor and deny rules can change the
    // answer, and they run on the commands as they are found, which are then dropped.
    const checks = new StreamedChecks(shellRules, options.shell, reads, list);
    analysis = analyzeShellStreaming(
      command,
      shellOptions,
      blanks,
      (batch, listed) => checks.check(batch, listed),
      list !== undefined,
    );
    if (analysis.streamed !== undefined) streamed = checks;
  } else {
    analysis = analyzeShellRecordingBlanks(command, shellOptions, blanks);
  }
  const ev = new Evaluation(analysis, rules, options, record, propose, command, blanks);
  if (streamed) return streamed.decide(ev);
  const { verdicts, classification } = ev;

  if (record) {
    ev.note(
      'input',
      analysis.rejected
        ? `rejected: ${analysis.rejected}; ${analysis.commands.length} command(s) still checked`
        : `${analysis.commands.length} command(s)${analysis.opaque ? ', opaque' : ''}`,
    );
  }

  // Floor and deny checks depend only on a command's own content: on long inputs (a pasted
  // script is mostly repeats) each distinct command is checked once. Over the length cap the
  // fallback scan has already listed each command once: another pass would find nothing.
  const distinct =
    analysis.commands.length > 64 && !analysis.opaqueReasons.includes(LENGTH_CAP_REASON)
      ? distinctCommands(analysis.commands)
      : analysis.commands;
  const loopViolation = analysis.loopAssignments ? checkAssignments(analysis.loopAssignments) : undefined;
  if (loopViolation) return floorDenial(ev, loopViolation);
  // Each command's deny rules are checked right after its floor, which hands them what it
  // worked out (see `HandedLines`). A floor violation on any command still comes before every
  // deny rule, and of the deny rules the first command's match (or failure) counts: the same
  // answer as checking all floors, then all deny rules.
  const lines = new HandedLines();
  let denial: DenyMatch | undefined;
  let denyFailed = false;
  let denyError: unknown;
  for (let index = 0; index < distinct.length; index++) {
    const simple = distinct[index]!;
    const violation = floorViolation(simple, options.shell, lines) ?? reads.check(simple);
    if (violation) return floorDenial(ev, violation);
    if (denial !== undefined || denyFailed) continue;
    try {
      denial = denyMatch(simple, shellRules, options.shell, 0, lines);
    } catch (error) {
      denyFailed = true;
      denyError = error;
    }
  }
  ev.note('floor', 'no built-in check applies');

  if (denyFailed) throw denyError;
  if (denial) return ruleDenial(ev, denial);
  if (
    shellRules.hasDeny &&
    (analysis.commands.length > 1 || analysis.commands[0]?.redirects.some(feedsText) === true)
  ) {
    // Over the length cap, as the streamed checks read it (see `ScriptWrites`).
    const overCap = analysis.opaqueReasons.includes(LENGTH_CAP_REASON);
    const { scripts, overflow } = scriptsWrittenThenRun(analysis.commands, overCap);
    const found = writtenScriptDenial(scripts, overflow, shellRules, options.shell);
    if (found) return ruleDenial(ev, found);
  }
  ev.note('deny-rules', shellRules.deny.length === 0 ? 'no deny rules' : 'no deny rule matches');

  if (analysis.opaque) return opaqueAsk(ev);
  if (reads.unresolved) {
    return ev.decide(
      'opaque',
      'ask',
      'The command changes to a directory that cannot be known here (`cd -`, `pushd +N`), so the files it reads cannot be resolved; it needs approval',
      undefined,
      [],
    );
  }
  ev.note('opaque', 'fully analyzed');

  for (let index = 0; index < analysis.commands.length; index++) {
    const simple = analysis.commands[index]!;
    const rule = findRestrictingRule(simple, shellRules.ask);
    if (rule) {
      const text = ruleText(rule);
      // No proposal: an allow rule could never take effect, the ask rule is checked first.
      return ev.decide(
        'ask-rules',
        'ask',
        `"${describedText(simple)}" matches the ask rule ${text}; an allow rule cannot change that (ask rules are checked first): remove or narrow ${text} to stop being asked`,
        text,
        [],
      );
    }
  }
  ev.note('ask-rules', shellRules.ask.length === 0 ? 'no ask rules' : 'no ask rule matches');

  // A persistence path written (a git hook, a shell rc file), or a protected path named by a
  // command that may write it: only an exact rule for that command allows it. Looked for
  // once, where the answer counts: a command covered by a rule that is not exact, every
  // command covered, read-only mode (most asks have an uncovered first command, and none).
  let guardLooked = false;
  let guardFound: GuardedWrite | undefined;
  const guarded = (): GuardedWrite | undefined => {
    if (!guardLooked) {
      guardLooked = true;
      guardFound = guardedWrite(reads, analysis.commands, verdicts);
    }
    return guardFound;
  };
  let covering = '';
  let uncovered: SimpleCommand | undefined;
  let broad: string | undefined;
  // What the uncovered command runs that no allow rule covers, if that is why (`uncoveredRun`).
  let runs: string | undefined;
  for (let index = 0; index < analysis.commands.length; index++) {
    const simple = analysis.commands[index]!;
    let rule = findAllowRule(simple, shellRules.allow, verdicts[index]!);
    // A prefix rule names the command, not the command lines it runs (decision 0053): each of
    // those must be allowed too, or a rule must spell them out.
    if (rule?.kind === 'prefix' && !plainCommand(simple)) {
      runs = uncoveredRun(simple, shellRules.allow, options.shell, 0, rule);
      if (runs !== undefined)
        rule = findAllowRule(simple, wholeCommandRules(shellRules.allow), verdicts[index]!);
    }
    if (!rule) {
      uncovered = simple;
      ev.uncovered = index;
      break;
    }
    runs = undefined;
    if (rule.kind !== 'exact' && simple === guarded()?.command) {
      // Only an exact rule names what the command writes or reaches.
      const exact = shellRules.allow.find(
        (candidate) => candidate.kind === 'exact' && matchCommandRule(candidate, simple.argv, 'allow'),
      );
      if (exact === undefined || hasWriteRedirect(simple)) broad = ruleText(rule);
      else rule = exact;
    }
    const text = ruleText(rule);
    if (covering === '') covering = text;
    else if (!listsPiece(covering, text)) covering += `, ${text}`;
  }
  const guard = broad !== undefined || !uncovered ? guarded() : undefined;
  if (guard !== undefined) {
    const exact = broad === undefined && !uncovered;
    if (exact) return ev.decide('allow-rules', 'allow', `Allowed by ${covering}`, covering);
    const why = `${guard.why} (${broad} is a broad rule)`;
    if (options.defaultMode === 'deny')
      return ev.decide('allow-rules', 'deny', `${why}; the default is deny`);
    // "Always" saves what can allow it: an exact rule for that command (none through a write
    // redirect, which no word rule covers).
    const exactRule = hasWriteRedirect(guard.command)
      ? undefined
      : serializeCommandRule('exact', options.tool || 'Bash', guard.command.argv);
    return ev.decide(
      'allow-rules',
      'ask',
      `${why}; it needs approval${exactRule === undefined ? ' (no rule can allow it: it writes through a redirect)' : ''}`,
      undefined,
      exactRule === undefined ? [] : livingProposals(rules, [exactRule]),
    );
  }
  if (!uncovered && analysis.commands.length > 0) {
    return ev.decide('allow-rules', 'allow', `Allowed by ${covering}`, covering);
  }
  // The uncovered command's words, joined once: quoted (cut) in the reasons, and the
  // specifier of its proposal when every word is bare.
  const joined = uncovered ? joinedWords(uncovered.argv) : undefined;
  ev.uncoveredWords = joined;
  const described = joined === undefined ? undefined : cutText(joined);
  const through =
    uncovered && hasWriteRedirect(uncovered)
      ? ' (it writes through a redirect)'
      : runs !== undefined
        ? ` (${runs})`
        : '';
  if (record) {
    ev.note(
      'allow-rules',
      described === undefined
        ? 'no command to allow'
        : `"${described}" is not covered by an allow rule${through}`,
    );
  }

  // A recursive read of a tree may reach a secret the engine cannot see (`.env` in a project):
  // read-only mode never allows it on its own.
  if (
    options.readOnlyAutoAllow &&
    classification === 'read-only' &&
    !reads.readsTree &&
    guarded() === undefined
  ) {
    return ev.decide('read-only-mode', 'allow', 'Every command is read-only (read-only mode)');
  }
  if (record)
    ev.note(
      'read-only-mode',
      !options.readOnlyAutoAllow
        ? 'off'
        : classification !== 'read-only'
          ? `not all read-only (${classification})`
          : 'a command reads a directory tree recursively, which may hold secrets',
    );

  if (options.defaultMode === 'deny') {
    return ev.decide('default', 'deny', defaultReason(described, through, '); the default is deny'));
  }
  return ev.decide(
    'default',
    'ask',
    defaultReason(described, through, '); it needs approval'),
    undefined,
    undefined,
    true,
  );
}

/** `proposals` without the ones an ask or deny rule would shadow (dead answers). */
function livingProposals(rules: RuleSet, proposals: string[]): string[] {
  if (proposals.length === 0 || (rules.ask.length === 0 && rules.deny.length === 0)) return proposals;
  return proposals.filter((text) => {
    try {
      return shadowingRule(parseRule(text), rules) === undefined;
    } catch {
      return false;
    }
  });
}

/** The first write `reads` guards that counts (a mention only where the command may write). */
function guardedWrite(
  reads: ResolvedReads,
  commands: readonly SimpleCommand[],
  verdicts: readonly CommandVerdict[],
): GuardedWrite | undefined {
  return reads.firstGuard((command) => {
    const index = commands.indexOf(command);
    return index !== -1 && verdicts[index]?.classification !== 'read-only';
  });
}

/**
 * The default step's reason: what the allow step found (`described`, the text of the first
 * command no allow rule covers; undefined for no command), then `ending`. One template:
 * fewer strings than the allow step's note, then the reason around it.
 */
function defaultReason(described: string | undefined, through: string, ending: string): string {
  return described === undefined
    ? `No rule allows this command (no command to allow${ending}`
    : `No rule allows this command ("${described}" is not covered by an allow rule${through}${ending}`;
}

/**
 * Decides a shell command against `rules` — pure: no files, no environment.
 *
 * @example
 * ```ts
 * const rules = compileRuleSet({ allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] });
 * evaluateBash('git status -s', rules).behavior;   // 'allow'
 * evaluateBash('/bin/rm -rf /', rules).behavior;   // 'deny'
 * evaluateBash('git status > out', rules).behavior; // 'ask'
 * ```
 */
export function evaluateBash(
  command: string,
  rules: RuleSet,
  options: EvaluateBashOptions = {},
): PermissionDecision {
  return guarded(command, rules, options, false, true, undefined).decision;
}
