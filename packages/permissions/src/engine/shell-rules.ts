/**
 * The rules that apply to shell commands, picked out of a rule set once and cached per
 * rule set (rule sets are immutable values), and the per-command lookups of the deny, ask
 * and allow steps.
 */
import type { classifyCommand } from '../classifier';
import { MULTI_CALL_NAMES } from '../commands';
import { commandBasename, matchCommandRule } from '../rules/match-command-rule';
import type { CommandRule, Rule, RuleSet, ToolRule } from '../rules/rule';
import { isShellToolName } from '../rules/tool-name';
import type { SimpleCommand } from '../shell/types';
import { withoutGlobalOptions } from './global-options';
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

// The rule set looked up last and its shell rules: a host evaluates under the same rule set
// call after call, and a field costs less than the WeakMap's lookup.
let lastRules: RuleSet | undefined;
let lastShellRules: ShellRuleSet | undefined;

/** The shell rules of `rules` (cached). */
export function shellRulesOf(rules: RuleSet): ShellRuleSet {
  if (rules === lastRules) return lastShellRules!;
  let found = cache.get(rules);
  if (!found) {
    const deny = pick(rules.deny);
    const denyCommands = deny.filter((rule): rule is CommandRule => rule.kind !== 'tool');
    found = { allow: pick(rules.allow), ask: pick(rules.ask), deny, denyCommands, hasDeny: deny.length > 0 };
    cache.set(rules, found);
  }
  lastRules = rules;
  lastShellRules = found;
  return found;
}

const multiCall = MULTI_CALL_NAMES;

/** True when the unwrapped argv may differ from the argv (a wrapper was removed, or it differs anyway). */
export function unwrappedDiffers(command: SimpleCommand): boolean {
  const unwrapped = command.unwrapped.argv;
  const argv = command.argv;
  // Without a wrapper the parser hands over the argv itself: nothing else to compare.
  if (unwrapped === argv) return command.unwrapped.wrappers.length > 0;
  // Both empty (`X=1`, `> file`): nothing differs. The test keeps index -1 from being read,
  // which is a slow property lookup rather than an element read.
  const last = argv.length - 1;
  return (
    command.unwrapped.wrappers.length > 0 ||
    unwrapped.length !== argv.length ||
    (last >= 0 && (unwrapped[0] !== argv[0] || unwrapped[last] !== argv[last]))
  );
}

/**
 * A rule list indexed by command word, so a command is compared only with the rules that
 * could match it (agents' settings grow to hundreds of rules). `byName` holds the rules'
 * positions in the list, in order, keyed by what the command word must equal: the exact
 * word for allow, the basename folded to ASCII lower case for deny and ask (see
 * `matchCommandRule`). `matchCommandRule` still decides; the index only skips rules that
 * cannot match.
 */
interface RuleIndex {
  /** Position of the first tool-wide rule (`Bash`), or the list's length when there is none. */
  readonly toolWide: number;
  readonly byName: ReadonlyMap<string, readonly number[]>;
  /**
   * 1 at the last character of every key (all ASCII), so most command words are ruled out
   * by one character, before a basename and a map lookup; undefined when some key is empty
   * or ends in another character.
   */
  readonly lastChars: Uint8Array | undefined;
}

/** Basename folded to ASCII lower case: the deny-side key of a command word (no copy when already folded). */
function foldedBasename(word: string): string {
  // One pass finds both the last `/` and any upper-case letter; most words need no copy.
  let start = 0;
  let upper = false;
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index);
    if (code === 0x2f) {
      start = index + 1;
      upper = false;
    } else if (code >= 65 && code <= 90) {
      upper = true;
    }
  }
  const base = start === 0 ? word : word.slice(start);
  return upper ? base.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : base;
}

/**
 * Rule indexes of one kind, per rule list. Each decision looks up the same lists over and
 * over (deny, then ask, for every command), so two lists' indexes are held in fields, which
 * cost less than the WeakMap's lookup; they hold only what the WeakMap does.
 */
interface IndexCache {
  readonly byList: WeakMap<readonly ShellRule[], RuleIndex>;
  readonly key: (word: string) => string;
  rulesA: readonly ShellRule[] | undefined;
  indexA: RuleIndex | undefined;
  rulesB: readonly ShellRule[] | undefined;
  indexB: RuleIndex | undefined;
  /** The field pair a list not held replaces (the two take turns). */
  replaceB: boolean;
}

function indexCache(key: (word: string) => string): IndexCache {
  return {
    byList: new WeakMap(),
    key,
    rulesA: undefined,
    indexA: undefined,
    rulesB: undefined,
    indexB: undefined,
    replaceB: false,
  };
}

const exactWord = (word: string) => word;
const restrictIndexes = indexCache(foldedBasename);
const allowIndexes = indexCache(exactWord);

function indexOf(rules: readonly ShellRule[], cache: IndexCache): RuleIndex {
  if (rules === cache.rulesA) return cache.indexA!;
  if (rules === cache.rulesB) return cache.indexB!;
  const index = cache.byList.get(rules) ?? buildIndex(rules, cache);
  if (cache.replaceB) {
    cache.rulesB = rules;
    cache.indexB = index;
  } else {
    cache.rulesA = rules;
    cache.indexA = index;
  }
  cache.replaceB = !cache.replaceB;
  return index;
}

function buildIndex(rules: readonly ShellRule[], cache: IndexCache): RuleIndex {
  let toolWide = rules.length;
  const byName = new Map<string, number[]>();
  rules.forEach((rule, position) => {
    if (rule.kind === 'tool') {
      toolWide = Math.min(toolWide, position);
      return;
    }
    const first = rule.argv[0];
    if (first === undefined) return; // matches nothing
    const name = cache.key(first);
    const list = byName.get(name);
    if (list) list.push(position);
    else byName.set(name, [position]);
  });
  let lastChars: Uint8Array | undefined = new Uint8Array(128);
  for (const name of byName.keys()) {
    const code = name.length === 0 ? 128 : name.charCodeAt(name.length - 1);
    if (code >= 128) lastChars = undefined;
    else if (lastChars) lastChars[code] = 1;
  }
  const index = { toolWide, byName, lastChars };
  cache.byList.set(rules, index);
  return index;
}

/**
 * The deny-side index's rules for a command word (`index.byName.get(foldedBasename(word))`),
 * ruled out first by the word's last character, which is its basename's unless the word
 * ends in `/`.
 */
function restrictCandidates(index: RuleIndex, word: string): readonly number[] | undefined {
  const lastChars = index.lastChars;
  if (lastChars !== undefined && word.length > 0) {
    let code = word.charCodeAt(word.length - 1);
    if (code >= 65 && code <= 90) code += 32;
    if (code < 128 && code !== 0x2f && lastChars[code] === 0) return undefined;
  }
  return index.byName.get(foldedBasename(word));
}

/** The earliest rule (position below `best`) matching `argv` at `offset` for deny, or `best`. */
function earliestRestricting(
  rules: readonly ShellRule[],
  index: RuleIndex,
  argv: readonly string[],
  offset: number,
  best: number,
): number {
  const word = argv[offset];
  if (word === undefined) return best;
  return earliestAmong(rules, restrictCandidates(index, word), argv, offset, best);
}

/** `earliestRestricting` with the index's candidates for the word at `offset` already looked up. */
function earliestAmong(
  rules: readonly ShellRule[],
  candidates: readonly number[] | undefined,
  argv: readonly string[],
  offset: number,
  best: number,
): number {
  if (!candidates) return best;
  for (const position of candidates) {
    if (position >= best) break;
    if (matchCommandRule(rules[position] as CommandRule, argv, 'deny', offset)) return position;
  }
  return best;
}

/** True when a multi-call binary (`busybox rm`) may run the command named by a later word. */
function isMultiCall(word: string | undefined): boolean {
  // Both names end in `box`: a one-character test first, since nearly every word fails it.
  return (
    word !== undefined &&
    word.charCodeAt(word.length - 1) === 0x78 &&
    word.endsWith('box') &&
    multiCall.has(commandBasename(word))
  );
}

/**
 * The deny/ask rule matching `command`: on its argv and on its unwrapped argv, by basename;
 * when a wrapper could not be understood (or the command is a multi-call binary such as
 * `busybox`), at every later word too — the real command is somewhere in there. The first
 * matching rule of the list wins.
 */
export function findRestrictingRule(
  command: SimpleCommand,
  rules: readonly ShellRule[],
): ShellRule | undefined {
  if (rules.length === 0) return undefined;
  const index = indexOf(rules, restrictIndexes);
  const argv = command.argv;
  const first = argv[0];
  // The command word's rules, looked up once: the global-options step below reuses them.
  const firstCandidates = first === undefined ? undefined : restrictCandidates(index, first);
  const inner = command.unwrapped;
  if (
    firstCandidates === undefined &&
    inner.argv === argv &&
    first !== undefined &&
    inner.wrappers.length === 0 &&
    inner.opaqueReason === undefined &&
    !isMultiCall(first)
  ) {
    // The common command: no rule for its word, no wrapper, nothing else to read. Every step
    // below would keep the tool-wide rule, if any.
    return index.toolWide === rules.length ? undefined : rules[index.toolWide];
  }
  let best = earliestAmong(rules, firstCandidates, argv, 0, index.toolWide);
  // Without wrappers the unwrapped argv is the argv itself; with an unknown wrapper option it
  // may be empty, and the scan below covers every later word.
  const unwrappedArgv = command.unwrapped.argv;
  if (unwrappedDiffers(command)) best = earliestRestricting(rules, index, unwrappedArgv, 0, best);
  if (command.unwrapped.opaqueReason !== undefined || isMultiCall(first)) {
    for (let offset = 1; offset < argv.length; offset++) {
      best = earliestRestricting(rules, index, argv, offset, best);
    }
  }
  // `git -C /repo push` under `Bash(git push:*)`: also without the tool's global options.
  // Only for rules naming a tool (the index has candidates for it) and an option after it.
  const unwrapped = unwrappedArgv.length > 0 ? unwrappedArgv : argv;
  const head = unwrapped[0];
  if (
    head !== undefined &&
    unwrapped.length > 2 &&
    (head === first ? firstCandidates : restrictCandidates(index, head)) !== undefined
  ) {
    // An index loop: cheaper than `for…of`, which sets up an iterator even for the empty
    // list most commands get.
    const forms = withoutGlobalOptions(unwrapped);
    for (let form = 0; form < forms.length; form++)
      best = earliestRestricting(rules, index, forms[form]!, 0, best);
  }
  return best === rules.length ? undefined : rules[best];
}

/** The classifier's verdict on one command. */
export type CommandVerdict = ReturnType<typeof classifyCommand>;

/**
 * True when the classifier blames a flag the prefix rule does not spell out: one that
 * writes or executes (mutating), an option it could not make sense of (an unknown option,
 * a glob that may expand to one), or an argument it excludes from prefix rules (a sed
 * script it could not read, a jq program reading the environment). An
 * unknown command or subcommand is not a flag: `Bash(npm test:*)` or `Bash(git:*)` still
 * cover what the classifier has no table for.
 */
function flagOutsidePrefix(rule: CommandRule, argv: readonly string[], verdict: CommandVerdict): boolean {
  const flag = verdict.flag;
  if (flag === undefined || verdict.classification === 'read-only') return false;
  // `Bash(sed -i:*)`: the author wrote the option out. A blamed operand is spelled out only
  // if it is not among the words after the rule's: the word `branch` of `Bash(git branch:*)`
  // does not cover creating a branch named `branch` (`git branch branch`, `uniq uniq uniq`).
  if (rule.argv.includes(flag) && (flag.startsWith('-') || !argv.includes(flag, rule.argv.length))) {
    return false;
  }
  if (verdict.classification === 'mutating' || verdict.prefixExcluded) return true;
  return flag.startsWith('-') || /[*?[]/.test(flag);
}

/**
 * True when the classifier blames one of the command's assignments (`GIT_TRACE=/x git
 * status` appends to /x, `TAR_OPTIONS=… tar` adds options): a word rule, exact ones included,
 * spells no assignment, so none covers it.
 */
function assignmentBlamed(command: SimpleCommand, verdict: CommandVerdict): boolean {
  const flag = verdict.flag;
  if (flag === undefined || verdict.classification === 'read-only' || !flag.includes('=')) return false;
  for (const list of [command.assignments, command.unwrapped.assignments]) {
    for (const assignment of list) if (flag === `${assignment.name}=${assignment.value}`) return true;
  }
  return false;
}

/**
 * The allow-side index's rules for a command word (`index.byName.get(word)`): a key equals
 * the word, so a word ending in a character no key ends in is ruled out by that character.
 */
function allowCandidates(index: RuleIndex, word: string): readonly number[] | undefined {
  const lastChars = index.lastChars;
  if (lastChars !== undefined && word.length > 0) {
    const code = word.charCodeAt(word.length - 1);
    if (code < 128 && lastChars[code] === 0) return undefined;
  }
  return index.byName.get(word);
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
  if (rules.length === 0) return undefined;
  const index = indexOf(rules, allowIndexes);
  let best = index.toolWide;
  const word = command.argv[0];
  // The index first: most commands have no rule of their own to be kept from.
  const candidates = word === undefined ? undefined : allowCandidates(index, word);
  if (candidates && !hasWriteRedirect(command) && !assignmentBlamed(command, verdict)) {
    for (const position of candidates) {
      if (position >= best) break;
      const rule = rules[position] as CommandRule;
      if (!matchCommandRule(rule, command.argv, 'allow')) continue;
      if (rule.kind === 'prefix' && flagOutsidePrefix(rule, command.argv, verdict)) continue;
      best = position;
      break;
    }
  }
  return best === rules.length ? undefined : rules[best];
}
