/**
 * Commands hidden from the parser inside another program's arguments, looked for only while
 * deny rules exist (so a `Bash(rm:*)` rule cannot be walked around):
 *
 * - behind a command runner the shell parser does not unwrap — `ssh host rm -rf /`,
 *   `chroot /x rm`, `strace rm`, `flock l rm`, `docker exec c rm`, `su -c 'rm x'` — the deny
 *   rule is matched at every later word, and any word holding a command line is parsed;
 * - in the inline program of an interpreter — `python3 -c "os.system('rm -rf x')"`,
 *   `perl -e 'system "curl x"'`, `awk '{system("rm " $1)}'` — the program text is searched
 *   for the rule's words as whole tokens.
 *
 * The cost of this policy is a denial of an inline program that merely mentions a denied
 * command (`python3 -c "print('rm')"`): rare, and on the safe side of a deny rule.
 */
import { isInterpreterOrWrapper } from '../classifier';
import {
  ARGV_WRAPPER_NAMES,
  AWK_NAMES,
  atAnyLevel,
  COMMAND_VARIABLE_NAMES,
  COPIER_NAMES,
  COUNT_OPTIONS,
  commandLinesIn,
  copiedPrograms,
  countValues,
  DOLLAR_NOT_SHELL_NAMES,
  interpreterName,
  MAX_READINGS,
  namesWhere,
  PACKAGE_RUNNER_NAMES as PACKAGE_RUNNERS,
  printsOnlyIds,
  type Reading,
  RUNNER_NAMES,
  readCommand,
  readingsAfterHost,
  runnerOperands,
  runsNoCommand,
  SCRIPT_HOLDER_NAMES as SCRIPT_HOLDERS,
  SHELL_STARTING_OPTIONS,
  withoutFieldReferences,
  wordsNamingNoCommand,
} from '../commands';
import { commandBasename, matchCommandRule } from '../rules/match-command-rule';
import type { CommandRule } from '../rules/rule';
import type { ShellAssignment, SimpleCommand } from '../shell/types';
import { unwrappedDiffers } from './shell-rules';

/**
 * Programs that run a command given in their trailing arguments and that the parser does not
 * unwrap: the command table's runners (`ssh`, `op run`, `docker exec`, …).
 */
const runners = RUNNER_NAMES;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternCache = new WeakMap<CommandRule, RegExp>();

/** A token pattern for the rule's words in program text: `rm` in `system("rm -rf x")`, not in `format` or `/rm/`. */
function tokenPattern(rule: CommandRule): RegExp {
  let pattern = patternCache.get(rule);
  if (!pattern) {
    const words = rule.argv.map((word) => escapeRegExp(commandBasename(word)));
    // Looks like an invocation: at the start, or after a blank, quote, backtick, `;|&(`,
    // optionally path-qualified (`"/bin/rm -rf"`); followed by a blank, quote or the end.
    pattern = new RegExp(
      `(?:^|[\\s"'\`;|&(\\[,])(?:[A-Za-z0-9_.\\-]*/)*${words.join('[\\s"\',\\]\\[]+')}(?=$|[\\s"'\`;|&)\\],])`,
    );
    patternCache.set(rule, pattern);
  }
  return pattern;
}

/** True for a word that holds more than one shell word or program text. */
function isCodeLike(word: string): boolean {
  return /[\s;|&()'"`]/.test(word);
}

/** True when `name` (a command basename) runs a command given in its trailing arguments (`ssh`, `docker`, `su`). */
export function isCommandRunner(name: string): boolean {
  return runners.has(name);
}

/**
 * The values of the variables `make CC='rm -rf x'` sets from its `NAME=VALUE` operands (in any
 * reading) and its environment (`CC='rm -rf x' make`, `env CC=… make`): the table's
 * `commandVariables`. A value the shell computes (`CC="$CC"`) passes on the caller's setting
 * and is not read, except make's own shell (`make SHELL="$X"`), which runs every recipe.
 */
function variableCommandTexts(
  command: SimpleCommand,
  argv: readonly string[],
  texts: string[],
  name: string,
): void {
  const seen = new Set<number>();
  for (const reading of readCommand(argv, 0, name) ?? []) {
    for (const index of reading.operands) {
      const arg = argv[index]!;
      const equals = arg.indexOf('=');
      if (seen.has(index) || equals <= 0) continue;
      seen.add(index);
      if (!/[$`]/.test(arg) || /^(?:MAKE)?SHELL=/.test(arg)) texts.push(arg.slice(equals + 1));
    }
  }
  for (const assignment of variablesSetFor(command)) if (!assignment.dynamic) texts.push(assignment.value);
}

/**
 * The variables set for `command`'s program: its prefix assignments, then those a wrapper sets
 * (`env X=1 cmd`, `sudo X=1 cmd`).
 */
export function variablesSetFor(command: SimpleCommand): readonly ShellAssignment[] {
  return command.unwrapped.assignments.length > 0
    ? [...command.assignments, ...command.unwrapped.assignments]
    : command.assignments;
}

type Kind = 'runner' | 'interpreter' | undefined;
/** Memoized kinds; `null` for a word that is neither, so one lookup answers for it too. */
const kinds = new Map<string, Kind | null>();

/** The runner or interpreter a command word names, if any (memoized per command word). */
function kindOf(word: string | undefined): Kind {
  if (word === undefined) return undefined;
  let kind = kinds.get(word);
  if (kind === undefined) {
    kind = runners.has(commandBasename(word))
      ? 'runner'
      : isInterpreterOrWrapper(word)
        ? 'interpreter'
        : null;
    if (kinds.size >= 4096) kinds.clear(); // bounded: command words repeat, hostile input may not
    kinds.set(word, kind);
  }
  return kind ?? undefined;
}

/**
 * True when a command word can hide another command in its arguments: a runner, an
 * interpreter, or a command the table says holds command lines (`trap`, `alias`, `git`). Only those give
 * `findHiddenDenyRule` or `hiddenCommandTexts` anything to look at.
 */
export function mayHideCommands(word: string): boolean {
  const name = commandBasename(word);
  return (
    kindOf(word) !== undefined ||
    PACKAGE_RUNNERS.has(name) ||
    COMMAND_VALUE_NAMES.has(name) ||
    SCRIPT_HOLDERS.has(name) ||
    COPIER_NAMES.has(name)
  );
}

/** The result of `packageRunStarts` for most commands (shared: callers only read it). */
const NO_INDEXES: readonly number[] = Object.freeze([]);

/**
 * Where the program a package runner runs may start in `argv` (`npx -y rm x` → [2]), from
 * every reading of its entry (`packageRunner`): an option the table does not list may take
 * the next word as its value or not, so both words are candidates (`uv run --frozen rm x`);
 * a runner whose program may be any later word (`mise exec node@20 -- rm`) gives them all, as
 * do readings past the reader's limit. A candidate holding a command line goes to `texts`.
 */
function packageRunStarts(
  argv: readonly string[],
  texts?: string[],
  name = commandBasename(argv[0] ?? ''),
): readonly number[] {
  if (!PACKAGE_RUNNERS.has(name)) return NO_INDEXES;
  const readings = readCommand(argv, 0, name);
  if (readings === undefined) return NO_INDEXES;
  let found: Set<number> | undefined;
  const every = readings.length >= MAX_READINGS;
  for (const reading of readings) {
    if (!reading.facts.some((level) => level.fact.packageRunner === true)) continue;
    if (reading.commandAt !== undefined) (found ??= new Set()).add(reading.commandAt);
    if (!reading.anyLaterWord && !every) continue;
    for (let index = 1; index < argv.length; index++) {
      const kind = reading.kinds[index];
      if (kind === 'unknown' || (every && kind !== 'option' && kind !== 'subcommand'))
        (found ??= new Set()).add(index);
    }
  }
  if (found === undefined) return NO_INDEXES;
  const starts = [...found].sort((a, b) => a - b);
  for (const at of starts) if (isCodeLike(argv[at]!)) texts?.push(argv[at]!);
  return starts;
}

/**
 * The command lines the command table says an argv holds (`ugrep --filter=txt:CMD`,
 * `git -C dir clone -u CMD`, `git -c core.pager=CMD log`, `npm config set script-shell CMD`,
 * `RSYNC_RSH=CMD rsync …`),
 * from every reading: a deny rule matches if any reading holds a denied command.
 */
function tableScriptTexts(
  argv: readonly string[],
  texts: string[],
  name: string,
  command: SimpleCommand,
): void {
  if (!SCRIPT_HOLDERS.has(name)) return;
  const readings = readCommand(argv, 0, name) ?? [];
  // The variables set for it (`RSYNC_RSH=CMD rsync …`, `env RSYNC_RSH=CMD rsync …`): its
  // `commandEnv` ones hold command lines, a computed value included (fail closed).
  texts.push(...commandLinesIn(readings, argv, variablesSetFor(command)));
  // `ssh host -o ProxyCommand=CMD ls`: its options after the host, as it reads them there.
  const again = readingsAfterHost(readings, argv);
  if (again.length > 0) texts.push(...commandLinesIn(again, argv));
}

/** Pushes the words of a runner's or interpreter's `argv` that may hold a command line. */
const BRACE_EXPANSION = /\{[^}]*(?:,|\.\.)[^}]*\}/;

// The number of processors, printed by a command that prints nothing else.
const CPU_COUNT =
  /^(?:\$\(\s*(?:nproc(?:\s+--all)?|getconf\s+_NPROCESSORS_ONLN|sysctl\s+-n\s+hw\.(?:ncpu|logicalcpu))\s*\)|`\s*nproc\s*`)$/;

/**
 * The indexes of `argv` that are a count from `$(nproc)` (`make -j$(nproc)`, `make -j
 * "$(nproc)"`; the entry's `countOptions`): one number, not make code — unlike any other
 * computed word, which may split into an assignment such as `SHELL=…`.
 */
function cpuCounts(argv: readonly string[], spellings: readonly string[]): Set<number> {
  const found = new Set<number>();
  for (const [index, text] of countValues(argv, spellings)) if (CPU_COUNT.test(text)) found.add(index);
  return found;
}

/**
 * True for an interpreter whose program's `$` is its own (`dollarNotShell`), by its name or the
 * name it is a version of (`python3.12`, `lua5.4`).
 */
function notShell(name: string): boolean {
  if (DOLLAR_NOT_SHELL_NAMES.has(name)) return true;
  const stem = interpreterName(name);
  return stem !== undefined && DOLLAR_NOT_SHELL_NAMES.has(stem);
}
const PROCESS_SUBSTITUTION = /^[<>]\([^()]*(?:\([^()]*\)[^()]*)*\)$/;

/**
 * The words of one command substitution of a plain command, with no quote, expansion or
 * operator in it (`$(docker ps -qf name=db)`, `` `kubectl get pods -o name` ``): its argv.
 */
const ONE_SUBSTITUTION = /^(?:\$\(\s*([^()`;|&<>\n$'"\\]*)\)|`\s*([^()`;|&<>\n$'"\\]*)`)$/;

/**
 * The indexes of a runner's own operands (`runnerOperands`: the container of `docker exec -it
 * CONTAINER psql`, the pod of `kubectl exec POD -- …`) that are a command substitution of a
 * command printing only ids or names (`printsIds`: `$(docker ps -qf name=db)`): one word, a name,
 * not the command, which follows it. Undefined when there is none — and whenever some reading
 * may read the word otherwise (an option the table does not list may take its place).
 */
function computedTargets(argv: readonly string[], readings: readonly Reading[]): Set<number> | undefined {
  let found: Set<number> | undefined;
  for (let index = 1; index < argv.length; index++) {
    const match = ONE_SUBSTITUTION.exec(argv[index]!);
    if (match === null) continue;
    const words = (match[1] ?? match[2]!).split(/\s+/).filter((word) => word !== '');
    if (words.length === 0 || !printsOnlyIds(readCommand(words, 0))) continue;
    const operands = runnerOperands(readings, argv);
    if (operands === undefined) return undefined;
    if (operands.has(index)) (found ??= new Set()).add(index);
  }
  return found;
}

function runnerCodeTexts(
  argv: readonly string[],
  texts: string[],
  skip?: ReadonlySet<number>,
  name = argv.length > 0 ? commandBasename(argv[0]!) : '',
): void {
  const kind = kindOf(argv[0]);
  if (kind === undefined) return;
  // `docker logs $(docker ps -q)`: a subcommand that runs no command takes the word as a name.
  const readings = kind === 'runner' ? (readCommand(argv, 0, name) ?? []) : undefined;
  if (readings !== undefined && runsNoCommand(readings)) return;
  const targets = readings === undefined ? undefined : computedTargets(argv, readings);
  const countOptions = kind === 'interpreter' ? COUNT_OPTIONS.get(name) : undefined;
  const counts = countOptions === undefined ? undefined : cpuCounts(argv, countOptions);
  const language = kind === 'interpreter' && notShell(name);
  const program = language && AWK_NAMES.has(name) ? awkProgramIndex(argv, name) : -1;
  for (let offset = 1; offset < argv.length; offset++) {
    const word = argv[offset]!;
    if (skip?.has(offset) || targets?.has(offset)) continue;
    if (counts?.has(offset)) continue;
    if (language) {
      // A file operand `<(zcat f.gz)` is a descriptor path; its commands are in the parse.
      if (PROCESS_SUBSTITUTION.test(word)) continue;
      if (!isCodeLike(word)) continue;
      // awk runs commands only from its strings (`system("rm " $1)`): those are the text.
      const text = offset === program ? awkStrings(word) : withoutFieldReferences(word);
      if (text !== '') texts.push(text);
      continue;
    }
    // A runner hands its words to a shell, where a brace expansion becomes several words
    // (`ssh h '{rm,-rf,x}'`): a command line too. An interpreter's words are program text.
    if (isCodeLike(word) || (kind === 'runner' && BRACE_EXPANSION.test(word))) texts.push(word);
  }
}

/**
 * Words of a runner's or interpreter's argv that may hold a command line (`ssh h 'rm x'`,
 * `su -c 'rm x'`), and command lines held by builtins (`trap`, `alias`, `git -c alias.x=…`):
 * the evaluator parses them as shell and checks them like any command. Looks at the argv
 * as written and, when a wrapper was removed, once unwrapped.
 */
export function hiddenCommandTexts(command: SimpleCommand): string[] {
  const texts: string[] = [];
  const wrapped = unwrappedDiffers(command);
  const inner = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
  // One basename for the lookups below; without a wrapper the argv starts with the same word.
  const name = commandBasename(inner[0] ?? '');
  packageRunStarts(inner, texts, name);
  tableScriptTexts(inner, texts, name, command);
  if (COMMAND_VARIABLE_NAMES.has(name)) variableCommandTexts(command, inner, texts, name);
  // Without a wrapper the argv starts with the same word as `inner`.
  if (wrapped) {
    runnerCodeTexts(command.argv, texts, execedArguments(command));
    runnerCodeTexts(command.unwrapped.argv, texts);
  } else runnerCodeTexts(command.argv, texts, undefined, name);
  return texts;
}

/** Wrappers that exec the command after them as an argv, never through a shell (`argvOnly`). */
const ARGV_WRAPPERS = ARGV_WRAPPER_NAMES;

/**
 * The wrappers' options that start a shell (`withoutCommand.with`: `sudo -s`, `-i`, `--shell`,
 * `--login`), and anything that may spell them: a cluster holding one of their letters (`-Es`).
 */
const SHELL_FLAG = (() => {
  const letters = SHELL_STARTING_OPTIONS.filter((option) => /^-[^-]$/.test(option)).map(
    (option) => option[1]!,
  );
  const longs = SHELL_STARTING_OPTIONS.filter((option) => option.startsWith('--')).map((option) =>
    option.slice(2),
  );
  const inClass = letters.map((letter) => escapeRegExp(letter).replace('-', '\\-')).join('');
  return new RegExp(`^-[a-zA-Z]*[${inClass}]|^--(?:${longs.map(escapeRegExp).join('|')})$`);
})();

/**
 * Indexes of `command.argv` that are arguments of the command a wrapper execs
 * (`sudo chown $(whoami) x`, `xargs grep -n '[Tt]odo: x'`): each is one argument — a
 * substitution's own commands are in the parse — not a command line, unlike after
 * `sudo -s`, where the shell reads the words again. The command itself is checked on its
 * own (its program text, its runners). Undefined when any wrapper in front may run a
 * shell, or the parser could not follow them.
 */
function execedArguments(command: SimpleCommand): ReadonlySet<number> | undefined {
  const { argv } = command;
  const inner = command.unwrapped.argv;
  const start = argv.length - inner.length;
  if (command.unwrapped.opaqueReason !== undefined || start <= 0 || inner.length < 2) return undefined;
  for (let index = 0; index < start; index++) {
    const word = argv[index]!;
    if (SHELL_FLAG.test(word)) return undefined;
    if (isInterpreterOrWrapper(word) && !ARGV_WRAPPERS.has(commandBasename(word))) return undefined;
  }
  if (!ARGV_WRAPPERS.has(commandBasename(argv[0]!))) return undefined;
  for (let index = 0; index < inner.length; index++) {
    if (argv[start + index] !== inner[index]) return undefined;
  }
  const skip = new Set<number>();
  for (let index = start + 1; index < argv.length; index++) skip.add(index);
  return skip;
}

const AWK_STRING = /"(?:[^"\\]|\\.)*"/g;
const AWK_RUNS = /\bsystem\s*\(|(?<!\|)\|(?!\|)/;

/**
 * The index of awk's program in `argv`: the word every reading of its entry reads as the
 * `pattern` (the first operand, or `-e`'s value), unless a program file (`-f`, a `read` option
 * that gives the pattern) comes first; -1 then, or when the readings differ (every code-like word
 * is then read whole, on the safe side).
 */
function awkProgramIndex(argv: readonly string[], name: string): number {
  let found: number | undefined;
  for (const reading of readCommand(argv, 0, name) ?? []) {
    let at = -1;
    for (let index = 1; index < argv.length; index++) {
      if (reading.kinds[index] === 'pattern') {
        at = index;
        break;
      }
      const file = reading.options.some(
        (option) =>
          option.index === index &&
          option.def?.role === 'read' &&
          option.def.effects.includes('pattern-given'),
      );
      if (file) break;
    }
    if (found === undefined) found = at;
    else if (found !== at) return -1;
  }
  return found ?? -1;
}

/**
 * The string literals of an awk program, one a line: awk runs commands only from strings
 * (`system("rm " $1)`, `print | "sh"`, `"cmd" | getline`); a regular expression such as
 * `/curl /` or a field name is not a command. (A command built from pieces is caught as
 * unseen code.)
 */
function awkStrings(program: string): string {
  // Without system() or a pipe (`print | …`, `… | getline`) no string runs at all.
  if (!AWK_RUNS.test(program.replace(AWK_STRING, '""'))) return '';
  let out = '';
  for (const match of program.matchAll(/"((?:[^"\\]|\\.)*)"/g)) out += `${match[1]}\n`;
  return out;
}

/** `findHiddenDenyRule` on one form of the argv. */
function hiddenDenyRuleIn(
  argv: readonly string[],
  rules: readonly CommandRule[],
  knownName?: string,
): { rule: CommandRule; reason: string } | undefined {
  const kind = kindOf(argv[0]);
  if (kind === undefined) return undefined;
  const name = knownName ?? commandBasename(argv[0]!);
  if (kind === 'interpreter') {
    const program = AWK_NAMES.has(name) ? awkProgramIndex(argv, name) : -1;
    for (let offset = 1; offset < argv.length; offset++) {
      const arg = argv[offset]!;
      if (!isCodeLike(arg)) continue;
      const text = offset === program ? awkStrings(arg) : arg;
      for (const rule of rules) {
        if (tokenPattern(rule).test(text)) {
          return {
            rule,
            reason: `the program given to ${name} mentions ${JSON.stringify(rule.argv.join(' '))}, which a deny rule forbids`,
          };
        }
      }
    }
    return undefined;
  }
  // `docker logs curl`, `kubectl get pod rm`: a subcommand that runs no command names none;
  // `docker image rm x`, `tmux new -s rm`: a subcommand's word or an option's value is no command.
  const readings = readCommand(argv, 0, name) ?? [];
  if (runsNoCommand(readings)) return undefined;
  const names = wordsNamingNoCommand(readings, argv);
  for (let offset = 1; offset < argv.length; offset++) {
    if (names?.has(offset)) continue;
    for (const rule of rules) {
      if (matchCommandRule(rule, argv, 'deny', offset)) {
        return {
          rule,
          reason: `${name} runs ${JSON.stringify(argv.slice(offset).join(' '))}, which matches the deny rule`,
        };
      }
    }
  }
  return undefined;
}

/**
 * A deny rule hidden in `command`'s arguments: matched at a later word of a runner's argv,
 * or named as a token in an interpreter's inline program.
 */
export function findHiddenDenyRule(
  command: SimpleCommand,
  rules: readonly CommandRule[],
): { rule: CommandRule; reason: string } | undefined {
  if (rules.length === 0) return undefined;
  // A runner the parser unwrapped without trouble (`doas apk add curl`, `chroot /x ls`,
  // `taskset -c 0 make`) ran what the unwrapped argv shows, which the rules already checked:
  // matching the rule at any later word of the outer argv would read `curl` the package as
  // `curl` the program. Where the unwrapper gave up, the outer argv is still matched.
  const unwrapped = command.unwrapped;
  const understood =
    unwrapped.opaqueReason === undefined &&
    unwrapped.wrappers.length > 0 &&
    unwrapped.wrappers[0] === commandBasename(command.argv[0] ?? '');
  const inner = unwrapped.argv.length > 0 ? unwrapped.argv : command.argv;
  const name = commandBasename(inner[0] ?? '');
  return (
    (understood
      ? undefined
      : hiddenDenyRuleIn(command.argv, rules, command.argv[0] === inner[0] ? name : undefined)) ??
    (unwrappedDiffers(command) ? hiddenDenyRuleIn(unwrapped.argv, rules, name) : undefined) ??
    packageRunDenyRule(inner, rules, name) ??
    copiedDeniedProgram(command, rules, name)
  );
}

/**
 * A denied program copied or linked under another name by a `copiesFiles` entry (`cp /bin/rm
 * /tmp/x`, `ln -s "$(which rm)" del`): the copy runs it where no rule can see the name. Looks at
 * operands with a directory or computed at run time, whose last word is the rule's command.
 */
function copiedDeniedProgram(
  command: SimpleCommand,
  rules: readonly CommandRule[],
  name: string,
): { rule: CommandRule; reason: string } | undefined {
  if (!COPIER_NAMES.has(name)) return undefined;
  const argv = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
  const words = command.unwrapped.argv.length > 0 ? command.unwrapped.words : command.words;
  // `/bin/rm`, or `$(which rm)` / `` `command -v rm` ``: the program named last.
  for (const named of copiedPrograms(argv, words)) {
    for (const rule of rules) {
      // A rule on a whole program (`Bash(rm:*)`), not on one of its subcommands (`git push`).
      if (rule.argv.length === 1 && commandBasename(rule.argv[0]!) === named) {
        return { rule, reason: `${name} copies ${named} under another name, which the deny rule forbids` };
      }
    }
  }
  return undefined;
}

/** Commands with an option whose value is a command word, run with the words after it (`fd -x CMD ;`). */
const COMMAND_VALUE_NAMES = namesWhere(
  atAnyLevel((fact) => Object.values(fact.values ?? {}).includes('command')),
);

/**
 * Where the commands of `command` values start in `argv` (`fd -x rm -rf ;` → [2]), in any
 * reading: the deny rules are matched there, at the word, not at text made of the words.
 */
function commandValueStarts(argv: readonly string[], name: string): readonly number[] {
  if (!COMMAND_VALUE_NAMES.has(name)) return NO_INDEXES;
  let found: Set<number> | undefined;
  for (const reading of readCommand(argv, 0, name) ?? [])
    for (const option of reading.options)
      if (
        option.def?.role === 'command' &&
        option.valueIndex !== undefined &&
        option.valueIndex > option.index
      )
        (found ??= new Set()).add(option.valueIndex);
  return found === undefined ? NO_INDEXES : [...found];
}

/** A deny rule matching the program a package runner runs (`npx rm x`, `pnpm exec -- rm x`). */
function packageRunDenyRule(
  argv: readonly string[],
  rules: readonly CommandRule[],
  name: string,
): { rule: CommandRule; reason: string } | undefined {
  // An index loop: cheaper than `for…of`, which sets up an iterator even for the empty
  // list most commands get.
  const runs = packageRunStarts(argv, undefined, name);
  const values = commandValueStarts(argv, name);
  const starts = values.length === 0 ? runs : [...runs, ...values];
  for (let start = 0; start < starts.length; start++) {
    const at = starts[start]!;
    for (const rule of rules) {
      if (matchCommandRule(rule, argv, 'deny', at)) {
        return {
          rule,
          reason: `${name} runs ${JSON.stringify(argv.slice(at).join(' '))}, which matches the deny rule`,
        };
      }
    }
  }
  return undefined;
}
