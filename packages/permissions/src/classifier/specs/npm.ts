/**
 * `npm` and `pnpm` are not on the read-only allowlist (their scripts run anything), but a
 * rule such as `Bash(npm test:*)` means "run this project's tests". Some settings, given as
 * options, make that command run code the project never named: `--node-options` becomes
 * `NODE_OPTIONS` (`--import=data:…` runs inline code), `--script-shell` runs the script
 * with another program, `--userconfig`/`--globalconfig` load settings from another file,
 * `--prefix`/`-C`/`--dir` run another package's scripts, and `--logs-dir` writes a log
 * file wherever it names. These make the command mutating, with the option as the flag,
 * so a prefix rule does not cover them; anything else stays 'unknown' as before. npm's
 * option parser (nopt) accepts unique prefixes of long options (`--node-opt`), so a prefix
 * of these names counts too.
 */
import type { ShellWord } from '../../shell/types';
import { couldExpandToFlag } from '../flag-expansion';
import type { ClassificationResult } from '../types';
import { mutating, unknown } from '../verdict';

const RUNS_CODE = [
  'node-options',
  'script-shell',
  'userconfig',
  'globalconfig',
  'prefix',
  'dir',
  // npm 6 loaded this module at start; npm 8+ writes its debug log into this directory.
  'onload-script',
  'logs-dir',
];

/** Classifies `npm ARGS…` / `pnpm ARGS…` (`command` is the name, for the reasons). */
export function classifyPackageRunner(
  command: string,
  args: readonly string[],
  words?: readonly ShellWord[],
): ClassificationResult {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break; // the rest goes to the script
    if (couldExpandToFlag(words?.[i]))
      return unknown(`${command}: a run-time word could expand to an option`, arg);
    if (!arg.startsWith('-') || arg === '-') continue;
    if (arg.startsWith('--')) {
      // pnpm also takes any setting as `--config.NAME=VALUE`.
      const name = arg
        .slice(2)
        .split('=')[0]!
        .toLowerCase()
        .replace(/_/g, '-')
        .replace(/^config\./, '');
      if (
        name.length >= 2 &&
        RUNS_CODE.some((option) => option.startsWith(name) || name.startsWith(option))
      ) {
        return mutating(
          `${command} ${arg.split('=')[0]} makes the command run code the project did not name`,
          arg,
        );
      }
    } else if (arg.includes('C')) {
      return mutating(`${command} -C runs the scripts of another directory`, arg);
    }
  }
  return unknown(`${command} is not on the read-only allowlist`, command);
}
