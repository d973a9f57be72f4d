/**
 * Environment dumps: commands whose output is the whole environment, where API keys live. What
 * prints it is the command table's `printsEnvironment` (decisions 0040, 0045), read here in
 * every reading; `env` is read with its wrapper entry; inline interpreter programs are
 * `interpreter-code.ts`'s. What stays here is where the output goes: a list of names
 * (`compgen -v`) is denied only where it may be consumed.
 *
 * | command                                    | verdict | note                                      |
 * | ------------------------------------------ | ------- | ----------------------------------------- |
 * | `env`, `env -0`, `env -u X`, `env X=1` (no command) | deny |                                   |
 * | `printenv` (no names)  (table: `environment.ts`) | deny |                                      |
 * | `printenv NAME…`                           | deny only when a NAME looks secret (KEY, TOKEN, SECRET, PASS, AUTH, CREDENTIAL, PRIVATE, SESSION, COOKIE) | `printenv PATH` is fine |
 * | `set` (no arguments)                       | deny    | `set -e`, `set -o pipefail` are fine      |
 * | `export`, `export -p`, `declare`/`typeset` with only `-p -x -r -g …`, `readonly [-p]`, `local` | deny | `declare -f`/`-F` list functions: fine |
 * | `ps` with the BSD `e` modifier (`ps eww`, `ps auxe`) or `-E` | deny | prints each process's environment |
 * | `jq -n env`, `jq '$ENV'`                   | deny    | `$ENV.HOME` (one variable), `--arg env x` (a binding) are fine |
 * | `python -c 'print(os.environ)'`, `node -e 'console.log(process.env)'`, `ruby -e 'p ENV'`, `perl -e 'print %ENV'`, `php -r 'print_r($_ENV);'` | deny | `os.environ['HOME']`, `process.env.HOME` are fine |
 * | `awk '…ENVIRON…'` (not `ENVIRON["X"]`) | deny    | loops over every variable                 |
 * | `docker|podman|kubectl exec … env`, `ssh HOST env` | deny | the container's or host's environment |
 * | `compgen -v`/`-e`                          | allow   | names only, no values                     |
 * | `compgen -v`/`-e` not a top-level command (in a pipe, `$(…)`, a loop) | deny | the names may drive a dump: `for v in $(compgen -e); do echo "${!v}"; done` |
 * | `/proc/*\/environ`                         | (secret-read) |                                     |
 */

import {
  commandFact,
  ENVIRONMENT_NAMES,
  namesInAny,
  readCommand,
  readingPrintsEnvironment,
  SECRET_NAME,
} from '../commands';
import { commandWordBasename } from '../shell/command-word';
import { FALLBACK_SCAN_REASON } from '../shell/fallback-scan';
import type { SimpleCommand } from '../shell/types';
import { type InlineProgram, inlinePrograms, readsWholeEnvironment } from './interpreter-code';
import type { FloorViolation } from './types';

/**
 * True when a variable (or setting) named `name` holds a secret by its name: `API_KEY`,
 * `GITHUB_TOKEN`, `MYSQL_PWD`, `DATABASE_URL`, ... — the names `printenv NAME` may not show.
 * Telemetry masks values under such names.
 */
export function isSecretVariableName(name: string): boolean {
  return SECRET_NAME.test(name);
}
/** Where a command's output goes straight to the model (elsewhere it may feed another command). */
const SHOWN = new Set(['top', 'background']);

/** Every command name the checks here know: the table's (`printenv`, `ps`, `awk`, `ssh` …) and `env`. */
export const DUMP_COMMANDS: ReadonlySet<string> = namesInAny(ENVIRONMENT_NAMES, new Set(['env']));

const dump = (command: SimpleCommand): FloorViolation => ({
  check: 'env-dump',
  reason:
    'Printing the whole environment would expose secrets (API keys, tokens) to the model. Print only the variables you need, e.g. `printenv PATH` or `echo "$HOME"`.',
  detail: command.argv.join(' ') || 'env',
});

/** A word `env` reads as an assignment, or `-` (an empty environment, as `-i`). */
const ENV_ASSIGNMENT = /^(?:[A-Za-z_][A-Za-z0-9_]*=|-$)/;

/**
 * True when `env ARGS` runs no command and so prints the environment, in some reading of its
 * options (the command table's `env` entry): every option one the table lists, none a
 * command line (`-S`), and only assignments where the command would be.
 */
function isEnvDumpArgs(argv: readonly string[]): boolean {
  const fact = commandFact('env');
  const readings = readCommand(argv, 0, 'env');
  if (fact === undefined || readings === undefined) return false;
  const split = fact.fact.unwrap?.splitString ?? [];
  return readings.some((reading) => {
    for (const option of reading.options) {
      if (option.def === undefined || split.includes(option.def.spelling)) return false;
    }
    const from = reading.commandAt ?? reading.operands[0];
    if (from === undefined) return true;
    for (let index = from; index < argv.length; index++) if (!ENV_ASSIGNMENT.test(argv[index]!)) return false;
    return true;
  });
}

/** Checks one simple command for an environment dump. */
export function checkEnvDump(command: SimpleCommand): FloorViolation | undefined {
  return checkEnvDumpNamed(command, commandWordBasename(command.unwrapped.argv[0] ?? ''));
}

/**
 * `checkEnvDump` with the command name of the unwrapped argv, and its inline programs,
 * already worked out.
 */
export function checkEnvDumpNamed(
  command: SimpleCommand,
  name: string,
  programs: readonly InlineProgram[] = inlinePrograms(command.unwrapped.argv, name),
): FloorViolation | undefined {
  const { unwrapped } = command;
  if (unwrapped.argv.length === 0) {
    for (const wrapper of unwrapped.wrappers) {
      if (commandWordBasename(wrapper) === 'env') return dump(command);
    }
    return undefined;
  }
  for (const { family, code } of programs) {
    if (readsWholeEnvironment(family, code)) return dump(command);
  }
  if (!DUMP_COMMANDS.has(name)) return undefined;
  if (name === 'env') return isEnvDumpArgs(unwrapped.argv) ? dump(command) : undefined;
  // The table's facts, in every reading of the argv (any one printing is enough).
  const argv = unwrapped.argv;
  const printing = (readCommand(argv, 0, name) ?? []).filter((reading) =>
    readingPrintsEnvironment(reading, argv),
  );
  if (printing.length === 0) return undefined;
  // Names alone (`compgen -v`) are harmless where they are shown; handed on, they select every
  // value in turn (`for v in $(compgen -e); do echo "${!v}"; done`). A best-effort scan lists
  // `$(…)` contents and pipeline members as top-level commands: where the structure is unknown,
  // the output may be consumed.
  const shown = SHOWN.has(command.context) && !command.opaqueReasons.includes(FALLBACK_SCAN_REASON);
  return shown && printing.every((reading) => reading.effects.has('names-only')) ? undefined : dump(command);
}
