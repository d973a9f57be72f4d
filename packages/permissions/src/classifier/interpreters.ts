/**
 * Commands that run code or other commands given to them, from the command table: the shells,
 * wrappers, runners, interpreters and programs that run code given to them (`RUNS_CODE_NAMES`:
 * `make`, `java`, `psql`, `man`), and an interpreter's name with a version (`python3.12`).
 * "Always allow" never proposes a prefix rule for these: `Bash(python:*)` or `Bash(sudo:*)`
 * would allow anything at all.
 */
import { interpreterName, RUNS_CODE_NAMES } from '../commands';
import { commandWordBasename } from '../shell/command-word';

/**
 * True when `word` (a command word, possibly path-qualified) names an interpreter or a
 * command wrapper. `git` alone is not one (its read-only subcommands may get prefix
 * rules), but `subcommandPrefix(['git'])` proposes no prefix.
 *
 * @example
 * isInterpreterOrWrapper('python3.12'); // true
 * isInterpreterOrWrapper('/usr/bin/sudo'); // true
 * isInterpreterOrWrapper('ls'); // false
 */
export function isInterpreterOrWrapper(word: string): boolean {
  return isInterpreterOrWrapperName(commandWordBasename(word));
}

/** `isInterpreterOrWrapper` for a command word's basename, already worked out. */
export function isInterpreterOrWrapperName(base: string): boolean {
  return RUNS_CODE_NAMES.has(base) || interpreterName(base) !== undefined;
}
