/**
 * How many words of an argv a prefix rule proposed for it may take (`Bash(git log:*)`, `Bash(gh
 * pr list:*)`), from the command table (decision 0052): none for a command whose own word runs
 * code, for a subcommand that runs code, or where the words that name the action are missing;
 * the command word alone for a command without subcommands; else up to the subcommand, and one
 * word more where the subcommand is a group whose first word names the action (`git stash
 * list`, `npm run build`, `gh pr list`). A command the table has no entry for gets none: the
 * table cannot tell whether its first operand is a subcommand.
 */
import type { CompiledFact } from './compile';
import type { CommandFact } from './types';

/** An entry's facts, or a subcommand's. */
type Facts = Omit<CommandFact, 'names'>;

/**
 * True when the command's own word runs code or another command given to it — a shell, a
 * wrapper or runner, a language interpreter, a builtin that runs shell code (`source`, `eval`),
 * or a program the table says runs code (`runsCode`): a prefix rule on that word would allow
 * anything (`Bash(python3:*)`, `Bash(man:*)`).
 */
export function runsCodeItself(fact: Facts): boolean {
  return (
    fact.kind !== undefined ||
    fact.wrapper !== undefined ||
    fact.unwrap !== undefined ||
    fact.language !== undefined ||
    fact.runsShellCode !== undefined ||
    fact.runsCode !== undefined
  );
}

/**
 * True when a subcommand (this level only) runs a program or a command line given to it, stores
 * one to run later, or always runs code or changes state whatever its words (`implies`): see
 * `RUNS_CODE_SUBCOMMANDS`.
 */
export function subcommandRunsCode(fact: Facts): boolean {
  return (
    fact.wrapper !== undefined ||
    fact.implies?.includes('runs') === true ||
    fact.implies?.includes('writes') === true ||
    fact.language !== undefined ||
    fact.setsCommandSettings !== undefined ||
    Object.values(fact.values ?? {}).includes('script') ||
    (fact.operands ?? []).includes('code')
  );
}

/** `subcommandRunsCode` of a subcommand or of any subcommand below it. */
function runsCodeBelow(fact: Facts): boolean {
  if (subcommandRunsCode(fact)) return true;
  for (const sub of Object.values(fact.subcommands ?? {})) if (runsCodeBelow(sub)) return true;
  return false;
}

/** A word that may name a subcommand or an action: not empty, not an option. */
function isWord(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value.charCodeAt(0) !== 0x2d;
}

/**
 * True when the subcommand is a group whose first operand names the action taken: it has
 * subcommands of its own (`git stash list`, `git remote show`, `kubectl config view`), its first
 * operand names the script run (`npm run build`: `runsScripts: 'operand'`), or the command says
 * all its subcommands are groups (`groupedSubcommands`: `gh pr list`, `aws s3 ls`).
 */
function isGroup(entry: CompiledFact, level: CompiledFact | undefined): boolean {
  return (
    entry.fact.groupedSubcommands === true ||
    level?.subcommands !== undefined ||
    level?.fact.runsScripts === 'operand'
  );
}

/**
 * How many words of `argv` (the command word first, read by `entry`, its table entry) a proposed
 * prefix rule may take: 0 for none (only an exact rule is safe), 1 for the command word, 2 up to
 * the subcommand, 3 up to the action of a group. `decidedByOperands` names the subcommands
 * (`git branch`) a check outside the table decides from their operands: a prefix up to them
 * would cover their writing forms.
 *
 * @example
 * prefixLength(['git', 'log', '-5'], git); // 2
 * prefixLength(['gh', 'pr', 'list'], gh); // 3
 * prefixLength(['man', 'ls'], man); // 0: its pager runs `!CMD`
 */
export function prefixLength(
  argv: readonly string[],
  entry: CompiledFact | undefined,
  decidedByOperands: (path: string) => boolean = () => false,
): number {
  if (entry === undefined || runsCodeItself(entry.fact)) return 0;
  if (entry.subcommands === undefined && entry.fact.groupedSubcommands !== true) return 1;
  const sub = argv[1];
  if (!isWord(sub)) return 0;
  const level = entry.subcommands?.get(sub);
  if (level !== undefined && runsCodeBelow(level.fact)) return 0;
  if (isGroup(entry, level)) return isWord(argv[2]) ? 3 : 0;
  return decidedByOperands(level?.path ?? `${entry.path} ${sub}`) ? 0 : 2;
}
