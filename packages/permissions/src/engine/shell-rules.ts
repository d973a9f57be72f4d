/**
 * The rules that apply to shell commands, picked out of a rule set once and cached per
 * rule set (rule sets are immutable values), and the per-command lookups of the deny, ask
 * and allow steps.
 */
import type { classifyCommand } from '../classifier';
import { commandBasename, matchCommandRule } from '../rules/match-command-rule';
import type { CommandRule, Rule, RuleSet, ToolRule } from '../rules/rule';
import { isShellToolName } from '../rules/tool-name';
import type { SimpleCommand } from '../shell/types';
import { hasWriteRedirect } from './redirects';

type ShellRule = ToolRule | CommandRule;

/** The shell-applicable part of a rule set. */
export interface ShellRuleSet {
  readonly allow: readonly ShellRule[];
  readonly ask: readonly ShellRule[];
  readonly deny: readonly ShellRule[];
  /** The exact and prefix rules of `deny`. */
  readonly denyCommands: readonly CommandRule[];
  /** True when `deny` holds at least one rule (unseen code is then denied, not asked). */
  readonly hasDeny: boolean;
}

const cache = new WeakMap<RuleSet, ShellRuleSet>();

function pick(rules: readonly Rule[]): ShellRule[] {
  return rules.filter((rule): rule is ShellRule => rule.kind !== 'path' && isShellToolName(rule.tool));
}

/** The shell rules of `rules` (cached). */
export function shellRulesOf(rules: RuleSet): ShellRuleSet {
  let found = cache.get(rules);
  if (!found) {
    const deny = pick(rules.deny);
    const denyCommands = deny.filter((rule): rule is CommandRule => rule.kind !== 'tool');
    found = { allow: pick(rules.allow), ask: pick(rules.ask), deny, denyCommands, hasDeny: deny.length > 0 };
    cache.set(rules, found);
  }
  return found;
}

const multiCall = new Set(['busybox', 'toybox']);

/** True when the unwrapped argv may differ from the argv (a wrapper was removed, or it differs anyway). */
export function unwrappedDiffers(command: SimpleCommand): boolean {
  const unwrapped = command.unwrapped.argv;
  return (
    command.unwrapped.wrappers.length > 0 ||
    unwrapped.length !== command.argv.length ||
    unwrapped[0] !== command.argv[0] ||
    unwrapped[unwrapped.length - 1] !== command.argv[command.argv.length - 1]
  );
}

/**
 * The deny/ask rule matching `command`: on its argv and on its unwrapped argv, by basename;
 * when a wrapper could not be understood (or the command is a multi-call binary such as
 * `busybox`), at every later word too — the real command is somewhere in there.
 */
export function findRestrictingRule(
  command: SimpleCommand,
  rules: readonly ShellRule[],
): ShellRule | undefined {
  if (rules.length === 0) return undefined;
  const argv = command.argv;
  // Without wrappers the unwrapped argv is the argv itself; with an unknown wrapper option it
  // may be empty, and the scan below covers every later word.
  const wrapped = unwrappedDiffers(command);
  const scan =
    command.unwrapped.opaqueReason !== undefined ||
    (argv[0] !== undefined && multiCall.has(commandBasename(argv[0])));
  for (const rule of rules) {
    if (rule.kind === 'tool') return rule;
    if (matchCommandRule(rule, argv, 'deny')) return rule;
    if (wrapped && matchCommandRule(rule, command.unwrapped.argv, 'deny')) return rule;
    if (scan) {
      for (let offset = 1; offset < argv.length; offset++) {
        if (matchCommandRule(rule, argv, 'deny', offset)) return rule;
      }
    }
  }
  return undefined;
}

/** The classifier's verdict on one command. */
export type CommandVerdict = ReturnType<typeof classifyCommand>;

/**
 * True when the classifier blames a flag the prefix rule does not spell out: one that
 * writes or executes (mutating), or an option it could not make sense of (an unknown
 * option, a glob that may expand to one). An unknown command or subcommand is not a flag:
 * `Bash(npm test:*)` or `Bash(git:*)` still cover what the classifier has no table for.
 */
function flagOutsidePrefix(rule: CommandRule, verdict: CommandVerdict): boolean {
  const flag = verdict.flag;
  if (flag === undefined || verdict.classification === 'read-only') return false;
  if (rule.argv.includes(flag)) return false; // `Bash(sed -i:*)`: the author wrote it out
  if (verdict.classification === 'mutating') return true;
  return flag.startsWith('-') || /[*?[]/.test(flag);
}

/**
 * The allow rule covering `command`, or undefined. A word rule never covers a write
 * redirect; a prefix rule never covers a flag the classifier knows writes or executes
 * (`Bash(sort:*)` does not allow `sort -o out`), nor one it could not make sense of, unless
 * the rule spells that word out (`Bash(sed -i:*)`); an exact rule covers exactly its argv.
 */
export function findAllowRule(
  command: SimpleCommand,
  rules: readonly ShellRule[],
  verdict: CommandVerdict,
): ShellRule | undefined {
  const writes = hasWriteRedirect(command);
  for (const rule of rules) {
    if (rule.kind === 'tool') return rule;
    if (writes) continue;
    if (!matchCommandRule(rule, command.argv, 'allow')) continue;
    if (rule.kind === 'prefix' && flagOutsidePrefix(rule, verdict)) continue;
    return rule;
  }
  return undefined;
}
