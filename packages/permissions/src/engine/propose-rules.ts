/**
 * "Always allow" proposals: the most conservative persistent rules that would have allowed
 * a command. Exact for anything mutating or unknown; a prefix up to the subcommand for
 * read-only commands (`git log:*`, `ls:*`) that run no command line the allow rules leave
 * uncovered (a prefix would not allow those: decision 0053); never a prefix for interpreters and wrappers
 * (`python`, `node`, `sh`, `env`, `sudo`) or bare `git`, whose "prefix" is everything.
 * Opaque input gets no proposal: no rule can stand for what the engine cannot see.
 */
import { classifyCommand, subcommandPrefix } from '../classifier';
import { parseRule } from '../rules/parse-rule';
import type { Rule, RuleSet } from '../rules/rule';
import { serializeCommandRule, serializeExactRuleJoined } from '../rules/serialize-rule';
import { shadowingRule } from '../rules/shadowing-rule';
import { isShellToolName } from '../rules/tool-name';
import type { ShellAnalysis, SimpleCommand } from '../shell/types';
import { findCoveringRule, uncoveredRun } from './command-lines-run';
import { hasWriteRedirect } from './redirects';
import { type CommandVerdict, type ShellRuleSet, shellRulesOf } from './shell-rules';

/** Options of `proposeRules`. */
export interface ProposeRulesOptions {
  /** Commands these rules already allow get no proposal. */
  rules?: RuleSet;
  /** Tool name written into the rules (default `Bash`). */
  tool?: string;
  /** Verdicts already computed, aligned with `analysis.commands`. */
  verdicts?: readonly CommandVerdict[];
}

/**
 * The text of the rule proposed for one command (built straight from its words, no rule
 * object); `joined`, when given, is its words joined by spaces.
 */
function proposalFor(
  command: SimpleCommand,
  verdict: CommandVerdict,
  tool: string,
  joined: string | undefined,
  restricting: Restricting | undefined,
  allowRules: ShellRuleSet['allow'],
): string | undefined {
  const argv = command.argv;
  // A prefix names the command, not a command line it runs (decision 0053): where one is not
  // covered, a prefix would not allow the command, and only the exact rule spells the line out.
  if (verdict.classification === 'read-only' && uncoveredRun(command, allowRules, undefined) === undefined) {
    // subcommandPrefix gives no prefix for an interpreter or wrapper, and every prefix it
    // gives starts with argv[0]: it has already asked isInterpreterOrWrapper of that word.
    const prefix = subcommandPrefix(argv);
    const bareGit = prefix?.length === 1 && prefix[0] === 'git';
    if (prefix && prefix.length > 0 && !bareGit)
      return living('prefix', tool, prefix, serializeCommandRule('prefix', tool, prefix), restricting);
  }
  const text =
    joined === undefined
      ? serializeCommandRule('exact', tool, argv)
      : serializeExactRuleJoined(tool, argv, joined);
  return living('exact', tool, argv, text, restricting);
}

/** The ask and deny rules a proposal must not be shadowed by. */
type Restricting = Pick<RuleSet, 'ask' | 'deny'>;

/**
 * `text`, the rule of `kind` with `words`, or `undefined` when a rule of `restricting` shadows
 * it (a dead answer: ask and deny rules are checked before any allow rule). The rule shadowed
 * or not is the one `text` reads back as: for a shell tool that is the rule of its words
 * (`serializeRule`'s output reads back as the same rule, property-tested), so the command is
 * not parsed again; another tool name reads back as a path rule, which is parsed.
 */
function living(
  kind: 'exact' | 'prefix',
  tool: string,
  words: readonly string[],
  text: string,
  restricting: Restricting | undefined,
): string | undefined {
  if (restricting === undefined || (restricting.ask.length === 0 && restricting.deny.length === 0))
    return text;
  let rule: Rule;
  if (isShellToolName(tool)) rule = { kind, tool, argv: words };
  else {
    try {
      rule = parseRule(text);
    } catch {
      return undefined;
    }
  }
  return shadowingRule(rule, restricting) === undefined ? text : undefined;
}

/**
 * Conservative rules whose addition would allow every command of `analysis` (one per
 * command not yet allowed; duplicates removed). Empty when the input is opaque or some
 * command could not be allowed by any word rule (a write redirect).
 *
 * @example
 * ```ts
 * proposeRules(analyzeShell('git log -n 3 && rm -rf build'));
 * // ['Bash(git log:*)', 'Bash(rm -rf build)']
 * ```
 */
export function proposeRules(analysis: ShellAnalysis, options: ProposeRulesOptions = {}): string[] {
  return proposeRulesKnowing(analysis, options, -1);
}

/**
 * `proposeRules`, for a caller that already matched the allow rules: the commands before
 * `uncovered` are known to be allowed and the one at `uncovered` known not to be (-1: nothing
 * known), so their allow rules are not looked for again.
 */
export function proposeRulesKnowing(
  analysis: ShellAnalysis,
  options: ProposeRulesOptions,
  uncovered: number,
): string[] {
  if (analysis.opaque || analysis.rejected) return [];
  return proposalsKnowing(
    analysis,
    options.rules ? shellRulesOf(options.rules).allow : [],
    options.verdicts,
    options.tool ?? 'Bash',
    uncovered,
  );
}

/**
 * `proposeRulesKnowing` with its options spelled out, for the evaluation (most decisions that
 * ask): the shell allow rules already picked out, no options object, and the words of the
 * command at `uncovered` joined by spaces when known (`uncoveredWords`, which the reasons quote).
 */
export function proposalsKnowing(
  analysis: ShellAnalysis,
  allowRules: ShellRuleSet['allow'],
  verdicts: readonly CommandVerdict[] | undefined,
  tool: string,
  uncovered: number,
  uncoveredWords?: string,
  restricting?: Restricting,
): string[] {
  if (analysis.opaque || analysis.rejected) return [];
  // Most analyses get one proposal: the list is built at its size when done (a list pushed to
  // reserves room for 17), and a second one is only compared with the first.
  let first: string | undefined;
  let proposals: string[] | undefined;
  for (let index = 0; index < analysis.commands.length; index++) {
    const command = analysis.commands[index]!;
    if (command.argv.length === 0) continue;
    if (hasWriteRedirect(command)) return [];
    if (index < uncovered) continue;
    const verdict = verdicts?.[index] ?? classifyCommand(command);
    if (index !== uncovered && findCoveringRule(command, allowRules, verdict)) continue;
    // serializeRule output always reads back as the same rule (property-tested), so no re-parse here.
    const text = proposalFor(
      command,
      verdict,
      tool,
      index === uncovered ? uncoveredWords : undefined,
      restricting,
      allowRules,
    );
    if (text === undefined) continue;
    if (first === undefined) first = text;
    else if (proposals === undefined) {
      if (text !== first) proposals = [first, text];
    } else if (!proposals.includes(text)) proposals.push(text);
  }
  return proposals ?? (first === undefined ? [] : [first]);
}
