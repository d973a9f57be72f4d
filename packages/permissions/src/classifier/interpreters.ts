/**
 * Commands that run code or other commands given to them. "Always allow" never proposes a
 * prefix rule for these: `Bash(python:*)` or `Bash(sudo:*)` would allow anything at all.
 */
import { RUNS_CODE_NAMES } from '../commands';
import { commandWordBasename } from '../shell/command-word';

/**
 * The command table's shells, wrappers, runners and interpreters (`RUNS_CODE_NAMES`), and the
 * programs that run code given to them that the table has no entry for yet.
 */
const NAMES: ReadonlySet<string> = new Set([
  ...RUNS_CODE_NAMES,
  // Runners of a script file (the package runners `npx`, `bunx`, `pnpx`, `uvx` are the table's).
  'tsx',
  'ts-node',
  'pipx',
  // Shell builtins that run their arguments.
  'eval',
  'source',
  '.',
  'lldb',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'make',
  'gmake',
  'expect',
  'wish',
  'osascript',
  'Rscript',
  'R',
  'julia',
  'java',
  'jshell',
  'groovy',
  'scala',
  'irb',
  'pry',
  'sqlite3',
  'psql',
  'mysql',
  // Editors and pagers: `!CMD` runs a shell command.
  'vim',
  'vi',
  'nvim',
  'emacs',
  'ed',
  'ex',
  'less',
  'more',
  'man',
]);
const VERSIONED = /^(python|pypy|ruby|perl|php|lua|luajit|node)[0-9.]*$/;

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
  if (NAMES.has(base)) return true;
  // VERSIONED's names all start with `p`, `r`, `l` or `n`: a first-letter test spares most
  // words the regular expression, a call costlier than the set look-up.
  const first = base.charCodeAt(0);
  return (first === 0x70 || first === 0x72 || first === 0x6c || first === 0x6e) && VERSIONED.test(base);
}
