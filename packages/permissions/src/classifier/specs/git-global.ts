/**
 * git's own options, before the subcommand (`git -C dir -c x=y log`). `-c`/`--config-env`
 * can set `core.pager`, `core.sshCommand`, `diff.external`, `alias.*`… — each a way to
 * run a program; `-p/--paginate` runs the configured pager; `--exec-path=DIR` and
 * `--git-dir` (like `GIT_DIR`, which the floor denies) point git at programs and config
 * the user did not choose. git matches these names exactly (no abbreviations).
 */
import type { ShellWord } from '../../shell/types';
import { couldExpandToFlag } from '../flag-expansion';
import type { ClassificationResult } from '../types';
import { mutating, unknown } from '../verdict';

/** Result of reading git's global options: the index of the subcommand word, or a verdict. */
export type GitGlobalResult = number | ClassificationResult;

const FLAGS = new Set([
  '-P',
  '--no-pager',
  '--bare',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-lazy-fetch',
  '--no-advice',
  '--version',
  '--help',
  '-h',
  '-v',
  '--html-path',
  '--man-path',
  '--info-path',
  '--exec-path',
]);
const WITH_VALUE_SAFE = new Set(['-C', '--work-tree', '--namespace', '--attr-source']);
// A map, not an object: looking a word up in an object's properties costs more.
const EXEC_WITH_VALUE: ReadonlyMap<string, string> = new Map([
  ['-c', 'sets configuration (core.pager, core.sshCommand, alias.*, … can run programs)'],
  ['--config-env', 'sets configuration from the environment (can run programs)'],
  ['--git-dir', 'points git at another repository and its config (hooks, pager, fsmonitor can run programs)'],
  ['--exec-path', 'makes git run its helpers from another directory'],
]);

/**
 * Reads global options from index `start` of `args` (`words` aligned with it); returns the
 * index of the subcommand word (`args.length` when there is none) or a verdict. A number
 * rather than a wrapping object: this runs for every git command.
 */
export function readGitGlobalOptions(
  args: readonly string[],
  words?: readonly ShellWord[],
  start = 0,
): GitGlobalResult {
  let i = start;
  while (i < args.length) {
    const arg = args[i]!;
    if (couldExpandToFlag(words?.[i])) {
      return unknown('git: a run-time word could expand to an option', arg);
    }
    if (!arg.startsWith('-')) return i;
    if (arg === '-p' || arg === '--paginate') {
      return mutating('git -p/--paginate runs the configured pager program', arg);
    }
    if (FLAGS.has(arg)) {
      i++;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const execWhy = EXEC_WITH_VALUE.get(name);
    if (execWhy) {
      return mutating(`git ${name} ${execWhy}`, arg);
    }
    if (arg.startsWith('-c') && arg.length > 2) {
      return mutating(`git -c ${EXEC_WITH_VALUE.get('-c')}`, arg);
    }
    if (WITH_VALUE_SAFE.has(name)) {
      i += eq === -1 ? 2 : 1;
      continue;
    }
    if (arg.startsWith('-C') && arg.length > 2) {
      i++;
      continue;
    }
    return unknown(`git: unrecognized global option ${arg}`, arg);
  }
  return args.length;
}
