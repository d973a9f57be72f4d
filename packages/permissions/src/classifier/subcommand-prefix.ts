/**
 * The argv prefix an "always allow" answer may turn into a prefix rule (`Bash(git log:*)`) for a
 * READ-ONLY command, from the command table (`prefixLength`, decision 0052): none for a command
 * whose own word runs code (interpreters, shells, wrappers, runners, `runsCode`: `make`, `man`)
 * or that the table has no entry for; none for a subcommand that runs code (`npm exec`, `docker
 * run`: `RUNS_CODE_SUBCOMMANDS`) or an option where the subcommand belongs (`git -C x log`,
 * `docker --version`); three words for a group's action (`git stash list`, `npm run build`, `gh
 * pr list`), none without it; two up to any other subcommand (`git log`), none for one whose
 * operands decide whether it writes (`git branch NAME`, `git config NAME VALUE`: a check of
 * `table-checks.ts`); else the command word (`ls -la` → `['ls']`).
 */
import { commandFact, prefixLength } from '../commands';
import { commandWordBasename } from '../shell/command-word';
import { TABLE_CHECKS } from './table-checks';

/** A check of `table-checks.ts` decides the subcommand from its operands (`git branch NAME`). */
const decidedByOperands = (path: string): boolean => TABLE_CHECKS.has(path);

/**
 * Returns the prefix for a proposed prefix rule, or `undefined` when only an exact rule is
 * safe.
 *
 * @example
 * subcommandPrefix(['git', 'log', '-5']); // ['git', 'log']
 * subcommandPrefix(['ls', '-la']); // ['ls']
 * subcommandPrefix(['python3', '-c', 'print(1)']); // undefined
 */
export function subcommandPrefix(argv: readonly string[]): string[] | undefined {
  const command = argv[0];
  if (command === undefined || command === '') return undefined;
  const length = prefixLength(argv, commandFact(commandWordBasename(command)), decidedByOperands);
  return length === 0 ? undefined : argv.slice(0, length);
}
