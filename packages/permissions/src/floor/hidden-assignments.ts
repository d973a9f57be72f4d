/**
 * Assignments written as arguments rather than as `NAME=value` prefixes, which a parser
 * may not report as assignments: `export/declare/typeset/local/readonly NAME=…`,
 * `env`/`sudo NAME=…`, and builtins that assign by name — `read NAME`, `printf -v NAME`,
 * `mapfile`/`readarray NAME`, `getopts SPEC NAME`, `let NAME=…`. Also function export
 * (`export -f`, `declare -fx`), which plants `BASH_FUNC_name%%` in every child bash: a
 * child script calling `git` would run the exported function instead.
 */
import type { ShellAssignment, SimpleCommand } from '../shell/types';
import { checkAssignments } from './dangerous-variables';
import { expandBraces } from './secret-globs';
import type { FloorViolation } from './types';

const DECLARATIONS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
/** Commands that can assign a variable by name (checked first: most commands are none of these). */
const ASSIGNING_COMMANDS = new Set([
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
]);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=(.*)$/s;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
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

const basename = (word: string) => word.slice(word.lastIndexOf('/') + 1);

function named(name: string, value = ''): ShellAssignment {
  return { name, value, dynamic: true, form: 'declaration' };
}

/** Variable names a builtin invocation assigns. */
function assignedNames(argv: readonly string[]): ShellAssignment[] {
  const command = basename(argv[0] ?? '');
  if (!ASSIGNING_COMMANDS.has(command)) return [];
  // `export {PATH,X}=1` is `export PATH=1 X=1` after brace expansion.
  const args = argv.slice(1).flatMap((arg) => (arg.includes('{') ? expandBraces(arg) : [arg]));
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
      if (NAME.test(arg)) out.push(named(arg));
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
    if (last && NAME.test(last)) out.push(named(last));
  }
  if (command === 'getopts' && args[1]) out.push(named(args[1]));
  return out;
}

/**
 * Dangerous assignments hidden in argv (see the file comment).
 */
export function checkHiddenAssignments(command: SimpleCommand): FloorViolation | undefined {
  const commandName = command.unwrapped.argv[0];
  return (
    checkAssignments(assignedNames(command.argv), commandName) ??
    checkAssignments(assignedNames(command.unwrapped.argv), commandName)
  );
}

/** `export -f NAME`, `declare -fx NAME`, `typeset -xf NAME`: function export. */
export function checkFunctionExport(command: SimpleCommand): FloorViolation | undefined {
  for (const argv of [command.argv, command.unwrapped.argv]) {
    const name = basename(argv[0] ?? '');
    if (name !== 'export' && name !== 'declare' && name !== 'typeset') continue;
    const flags = argv
      .slice(1)
      .filter((arg) => /^-[a-zA-Z]+$/.test(arg))
      .join('');
    const exportsFunction =
      (name === 'export' && flags.includes('f')) ||
      ((name === 'declare' || name === 'typeset') && flags.includes('f') && flags.includes('x'));
    const hasNames = argv.slice(1).some((arg) => !arg.startsWith('-'));
    if (exportsFunction && hasNames) {
      return {
        check: 'dangerous-assignment',
        reason:
          'Exporting a shell function (export -f) makes child shells run it in place of commands of the same name; it is never allowed.',
        detail: argv.join(' '),
      };
    }
  }
  return undefined;
}
