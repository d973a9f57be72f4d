/**
 * Assignments written as arguments rather than as `NAME=value` prefixes, which a parser
 * may not report as assignments: `export/declare/typeset/local/readonly NAME=…`,
 * `env`/`sudo NAME=…`, and builtins that assign by name — `read NAME`, `printf -v NAME`,
 * `mapfile`/`readarray NAME`, `getopts SPEC NAME`, `let NAME=…`. Also function export
 * (`export -f`, `declare -fx`), which plants `BASH_FUNC_name%%` in every child bash: a
 * child script calling `git` would run the exported function instead.
 */

import { expandBraces } from '../secrets/secret-globs';
import { commandWordBasename } from '../shell/command-word';
import { isShellName } from '../shell/names';
import type { ShellAssignment, SimpleCommand } from '../shell/types';
import { checkAssignments } from './dangerous-variables';
import type { FloorViolation } from './types';

const DECLARATIONS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
/** Commands that can assign a variable by name (checked first: most commands are none of these). */
export const ASSIGNING_COMMANDS: ReadonlySet<string> = new Set([
  ...DECLARATIONS,
  'let',
  'env',
  'sudo',
  'doas',
  'read',
  'printf',
  'mapfile',
  'readarray',
  'getopts',
  'hash',
  'enable',
]);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=(.*)$/s;
const WRAPPER_VALUE_OPTIONS = new Set([
  '-u',
  '-g',
  '-C',
  '-h',
  '-p',
  '-U',
  '-r',
  '-t',
  '-D',
  '-R',
  '-T',
  '-S',
  '--unset',
  '--chdir',
  '--split-string',
  '--user',
  '--group',
]);
const READ_VALUE_OPTIONS = new Set(['d', 'i', 'n', 'N', 'p', 't', 'u']);

function named(name: string, value = ''): ShellAssignment {
  return { name, value, dynamic: true, form: 'declaration' };
}

/** Variable names a builtin invocation assigns; `command` is the command name of `argv[0]`. */
function assignedNames(argv: readonly string[], command: string): ShellAssignment[] {
  if (!ASSIGNING_COMMANDS.has(command)) return [];
  // `export {PATH,X}=1` is `export PATH=1 X=1` after brace expansion.
  // A loop, not `flatMap`: V8's flatMap costs microseconds even for one word.
  const args: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.includes('{')) args.push(...expandBraces(arg));
    else args.push(arg);
  }
  const out: ShellAssignment[] = [];
  if (DECLARATIONS.has(command) || command === 'let') {
    for (const arg of args) {
      const match = ASSIGNMENT.exec(arg);
      if (match) out.push({ name: match[1]!, value: match[2]!, dynamic: false, form: 'declaration' });
    }
  }
  if (command === 'env' || command === 'sudo' || command === 'doas') {
    // Up to the command word: options (with their values) and assignments.
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      // env accepts any NAME=VALUE, including BASH_FUNC_name%%=() {…}.
      const match = /^([^=\s-][^=]*)=(.*)$/s.exec(arg);
      if (match) out.push({ name: match[1]!, value: match[2]!, dynamic: false, form: 'env' });
      else if (WRAPPER_VALUE_OPTIONS.has(arg)) i++;
      else if (!arg.startsWith('-')) break;
    }
  }
  if (command === 'read') {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg.startsWith('-') && arg !== '-' && arg !== '--') {
        const letters = arg.slice(1);
        const arrayAt = letters.indexOf('a');
        const valueAt = [...letters].findIndex((letter) => READ_VALUE_OPTIONS.has(letter) || letter === 'a');
        if (valueAt !== -1 && valueAt === letters.length - 1) {
          if (arrayAt === valueAt && args[i + 1]) out.push(named(args[i + 1]!));
          i++;
        } else if (arrayAt !== -1 && arrayAt === valueAt) out.push(named(letters.slice(arrayAt + 1)));
        continue;
      }
      if (isShellName(arg)) out.push(named(arg));
    }
  }
  if (command === 'printf') {
    const index = args.findIndex((arg) => arg === '-v' || arg.startsWith('-v'));
    if (index !== -1) {
      const name = args[index] === '-v' ? args[index + 1] : args[index]!.slice(2);
      if (name) out.push(named(name.replace(/\[.*$/, '')));
    }
  }
  if (command === 'mapfile' || command === 'readarray') {
    const last = args[args.length - 1];
    if (last && isShellName(last)) out.push(named(last));
  }
  if (command === 'getopts' && args[1]) out.push(named(args[1]));
  return out;
}

/**
 * Dangerous assignments hidden in argv (see the file comment).
 */
export function checkHiddenAssignments(command: SimpleCommand): FloorViolation | undefined {
  return checkHiddenAssignmentsNamed(
    command,
    commandWordBasename(command.argv[0] ?? ''),
    commandWordBasename(command.unwrapped.argv[0] ?? ''),
  );
}

/**
 * `checkHiddenAssignments` with the command names of argv (`outerName`) and of the
 * unwrapped argv (`innerName`) already worked out.
 */
export function checkHiddenAssignmentsNamed(
  command: SimpleCommand,
  outerName: string,
  innerName: string,
): FloorViolation | undefined {
  if (command.argv[0]?.includes('[') === true) {
    const subscripted = subscriptAssignments(command.argv);
    if (subscripted.length > 0) return checkAssignments(subscripted, command.argv[subscripted.length]);
  }
  // Most commands assign nothing by name: two set lookups instead of two scans.
  if (!ASSIGNING_COMMANDS.has(outerName) && !ASSIGNING_COMMANDS.has(innerName)) return undefined;
  const inner = command.unwrapped.argv;
  const assigning = inner[0];
  // Without wrappers the unwrapped argv is argv itself: its second look would find the same.
  const same = inner === command.argv && innerName === outerName;
  return (
    checkAssignments(assignedNames(command.argv, outerName), assigning) ??
    (same ? undefined : checkAssignments(assignedNames(inner, innerName), assigning)) ??
    nameReference(command.argv, outerName) ??
    (same ? undefined : nameReference(inner, innerName)) ??
    resolutionHijack(inner, innerName)
  );
}

/**
 * `hash -p FILE NAME` makes NAME run FILE (`hash -p /bin/rm ls; ls -rf x`), and
 * `enable -f LIB NAME` loads a shared object into bash as a builtin: what runs under a
 * name is chosen the way `PATH=` or `LD_PRELOAD=` would choose it.
 */
function resolutionHijack(argv: readonly string[], name: string): FloorViolation | undefined {
  if (name !== 'hash' && name !== 'enable') return undefined;
  const flag = name === 'hash' ? 'p' : 'f';
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--' || !arg.startsWith('-')) break;
    if (/^-[a-zA-Z]+$/.test(arg) && arg.includes(flag)) {
      return {
        check: 'dangerous-assignment',
        reason:
          name === 'hash'
            ? 'hash -p makes a command name run another program; it is never allowed.'
            : 'enable -f loads a shared library into the shell as a builtin; it is never allowed.',
        detail: argv.join(' '),
      };
    }
  }
  return undefined;
}

const SUBSCRIPTED = /^([A-Za-z_][A-Za-z0-9_]*)\[[^\]]*\]\+?=(.*)$/s;

/**
 * Leading `NAME[SUB]=VALUE` words: in command position bash always reads them as
 * assignments, but a best-effort scan may list them as the command (`BASH_CMDS[ls]=/x`).
 */
function subscriptAssignments(argv: readonly string[]): ShellAssignment[] {
  const out: ShellAssignment[] = [];
  for (const arg of argv) {
    const match = SUBSCRIPTED.exec(arg);
    if (!match) break;
    out.push({ name: match[1]!, value: match[2]!, dynamic: true, form: 'prefix' });
  }
  return out;
}

// `${NAME:=VALUE}` / `${NAME=VALUE}` assign NAME when it is unset (or empty): after
// `unset PATH` or for a variable such as LD_PRELOAD that usually is, an assignment.
const DEFAULT_ASSIGNMENT = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?:?=/g;

/** Assignments made by `${NAME:=VALUE}` expansions anywhere in the command's words. */
export function checkDefaultAssignments(command: SimpleCommand): FloorViolation | undefined {
  // Run on every command: only words with an expansion (`'${PATH:=x}'` is literal text).
  for (const word of command.words) {
    if (word.dynamic && word.raw.includes('${')) {
      const violation = defaultAssignmentIn(word.raw);
      if (violation) return violation;
    }
  }
  for (const assignment of command.assignments) {
    if (assignment.dynamic && assignment.value.includes('${')) {
      const violation = defaultAssignmentIn(assignment.value);
      if (violation) return violation;
    }
  }
  for (const redirect of command.redirects) {
    if (redirect.dynamic && redirect.target.includes('${')) {
      const violation = defaultAssignmentIn(redirect.target);
      if (violation) return violation;
    }
  }
  return undefined;
}

function defaultAssignmentIn(text: string): FloorViolation | undefined {
  // Every match ends with `=`; most expansions (`${DIR}`, `${X:-y}`) have none, and skip
  // `matchAll`, which copies the expression and builds an iterator.
  if (!text.includes('=')) return undefined;
  for (const match of text.matchAll(DEFAULT_ASSIGNMENT)) {
    const violation = checkAssignments([named(match[1]!)]);
    if (violation) return violation;
  }
  return undefined;
}

const NAMEREF_COMMANDS = new Set(['declare', 'typeset', 'local']);
const TARGET = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?$/;

/**
 * `declare -n REF=TARGET` makes every later assignment to REF write TARGET: `declare -n
 * p=PATH; p=/tmp/evil` sets PATH without a `PATH=` anywhere. Denied when TARGET is a
 * dangerous variable, computed, or not given yet (`declare -n p; p=PATH` sets the target
 * by the first assignment).
 */
function nameReference(argv: readonly string[], name: string): FloorViolation | undefined {
  if (!NAMEREF_COMMANDS.has(name)) return undefined;
  let index = 1;
  let reference = false;
  for (; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--') {
      index++;
      break;
    }
    if (!/^[-+][a-zA-Z]+$/.test(arg)) break;
    if (arg[0] === '-' && arg.includes('n')) reference = true;
  }
  if (!reference) return undefined;
  for (; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.indexOf('=');
    const target = equals < 0 ? undefined : TARGET.exec(arg.slice(equals + 1))?.[1];
    if (target !== undefined && checkAssignments([named(target)]) === undefined) continue;
    return {
      check: 'dangerous-assignment',
      reason: `A name reference (${argv[0]} -n) makes later assignments write ${target ?? 'a variable chosen at run time'}; one to a variable such as PATH or LD_PRELOAD would run other code, so an unknown or dangerous target is never allowed.`,
      detail: argv.join(' '),
    };
  }
  return undefined;
}

/** `export -f NAME`, `declare -fx NAME`, `typeset -xf NAME`: function export. */
export function checkFunctionExport(command: SimpleCommand): FloorViolation | undefined {
  return checkFunctionExportNamed(
    command,
    commandWordBasename(command.argv[0] ?? ''),
    commandWordBasename(command.unwrapped.argv[0] ?? ''),
  );
}

/** `checkFunctionExport` with the command names already worked out (see `checkHiddenAssignmentsNamed`). */
export function checkFunctionExportNamed(
  command: SimpleCommand,
  outerName: string,
  innerName: string,
): FloorViolation | undefined {
  const inner = command.unwrapped.argv;
  const same = inner === command.argv && innerName === outerName;
  return functionExport(command.argv, outerName) ?? (same ? undefined : functionExport(inner, innerName));
}

/** The function-export violation of one argv whose command name is `name`, if any. */
function functionExport(argv: readonly string[], name: string): FloorViolation | undefined {
  if (name !== 'export' && name !== 'declare' && name !== 'typeset') return undefined;
  // The letters of every all-letter option word (`-f`, `-fx`, `-x -f`), and whether any
  // word is a name (does not start with `-`).
  let flagF = false;
  let flagX = false;
  let hasNames = false;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) hasNames = true;
    else if (/^-[a-zA-Z]+$/.test(arg)) {
      if (arg.includes('f')) flagF = true;
      if (arg.includes('x')) flagX = true;
    }
  }
  const exportsFunction = name === 'export' ? flagF : flagF && flagX;
  if (!exportsFunction || !hasNames) return undefined;
  return {
    check: 'dangerous-assignment',
    reason:
      'Exporting a shell function (export -f) makes child shells run it in place of commands of the same name; it is never allowed.',
    detail: argv.join(' '),
  };
}
