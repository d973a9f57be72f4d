/**
 * Environment dumps: commands whose output is the whole environment, where API keys live.
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
const REMOTE_DUMPS = new Set(['env', 'printenv', 'set', 'export']);
/** ps options whose value is the next word (`-C node`, `-u alice`, `--sort start`). */
const PS_VALUE_OPTION =
  /^(?:-[a-zA-Z]*[CGUgoOpqstu]|--(?:sort|pid|ppid|quick-pid|user|User|group|Group|tty|sid|cols|columns|rows|lines|width|format))$/;
/** jq options followed by a variable's name and value (`--arg env prod` binds `$env`, a string). */
const JQ_BINDINGS = new Set(['--arg', '--argjson', '--slurpfile', '--rawfile']);

/** jq's arguments without the names and values of `--arg`-style bindings: neither is program text. */
function jqArgs(args: readonly string[]): readonly string[] {
  if (!args.some((arg) => JQ_BINDINGS.has(arg))) return args;
  const out: string[] = [];
  for (let index = 0; index < args.length; index++) {
    if (JQ_BINDINGS.has(args[index]!)) index += 2;
    else out.push(args[index]!);
  }
  return out;
}

/**
 * Every command name the checks here know — the table's (`printenv`, `set`, `declare` …) and
 * the switch's in `checkEnvDumpNamed`; any other needs no argument scan.
 */
export const DUMP_COMMANDS: ReadonlySet<string> = new Set([
  ...ENVIRONMENT_NAMES,
  'env',
  'ps',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'docker',
  'podman',
  'kubectl',
  'ssh',
  'jq',
  'gojq',
  'jaq',
  'yq',
  'compgen',
]);
/** Where a command's output goes straight to the model (elsewhere it may feed another command). */
const SHOWN = new Set(['top', 'background']);

/**
 * A jq/yq program that prints environment variables: the whole of it (`env`, `$ENV`), yq's
 * `envsubst` (fills every `${NAME}` of the document from it), or one whose name looks secret
 * (`env.API_KEY`, `$ENV["TOKEN"]`, yq's `env(AWS_SECRET)` and `strenv(GITHUB_TOKEN)`), as
 * `printenv NAME` is judged.
 */
function jqReadsEnvironment(program: string): boolean {
  if (!/env|ENV/.test(program)) return false;
  if (/(^|[^.\w$])env\b(?!\s*[.(])|\$ENV\b(?!\s*[.[])|\benvsubst\b/.test(program)) return true;
  for (const match of program.matchAll(
    /(?:\$ENV|\benv)\s*(?:\.\s*|\[\s*")([A-Za-z_]\w*)|\b(?:str)?env\s*\(\s*"?([A-Za-z_]\w*)/g,
  )) {
    if (SECRET_NAME.test(match[1] ?? match[2]!)) return true;
  }
  return false;
}

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
  if (ENVIRONMENT_NAMES.has(name)) {
    // The table's facts, in every reading of the argv (any one printing is enough).
    const argv = unwrapped.argv;
    const readings = readCommand(argv, 0, name) ?? [];
    return readings.some((reading) => readingPrintsEnvironment(reading, argv)) ? dump(command) : undefined;
  }
  const args = unwrapped.argv.slice(1);
  switch (name) {
    case 'env':
      return isEnvDumpArgs(unwrapped.argv) ? dump(command) : undefined;
    case 'ps':
      // BSD syntax: the `e` modifier in a dash-less argument (`ps eww`, `ps auxe`, `ps -ef e`)
      // that is not the value of an option (`ps -C node`, `ps -u alice`).
      return args.some(
        (arg, index) =>
          /^[a-zA-Z]*e[a-zA-Z]*$/.test(arg) && (index === 0 || !PS_VALUE_OPTION.test(args[index - 1]!)),
      ) || args.some((arg) => /^-[a-zA-Z]*E/.test(arg))
        ? dump(command)
        : undefined;
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return args.some((arg) => /\bENVIRON\b(?!\s*\[)/.test(arg)) ? dump(command) : undefined;
    case 'docker':
    case 'podman':
    case 'kubectl':
    case 'ssh': {
      // A remote or container command that is only `env`/`printenv`/`set`.
      const last = args[args.length - 1];
      const remote = last !== undefined && REMOTE_DUMPS.has(last);
      return remote && (name === 'ssh' || args.includes('exec')) ? dump(command) : undefined;
    }
    case 'jq':
    case 'gojq':
    case 'jaq':
    case 'yq':
      return jqArgs(args).some((arg) => jqReadsEnvironment(arg)) ? dump(command) : undefined;
    case 'compgen': {
      // Variable names alone are harmless; handed on, they select every value in turn.
      const lists = args.some(
        (arg, index) =>
          /^-[a-zA-Z]*[ve]/.test(arg) ||
          (arg === '-A' && /^(?:variable|export)$/.test(args[index + 1] ?? '')) ||
          /^-A(?:variable|export)$/.test(arg),
      );
      // A best-effort scan lists `$(…)` contents and pipeline members as top-level commands:
      // where the structure is unknown, the output may be consumed.
      const shown = SHOWN.has(command.context) && !command.opaqueReasons.includes(FALLBACK_SCAN_REASON);
      return lists && !shown ? dump(command) : undefined;
    }
    default:
      return undefined;
  }
}
