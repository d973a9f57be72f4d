/**
 * Commands that print the environment's variables, where API keys live (the floor's env-dump
 * check, decision 0040): `printenv` with no name or a secret one, `set` alone, `export`,
 * `declare`/`typeset`, `readonly` and `local` with no name (`-p` or no option). Facts from
 * GNU coreutils 9's printenv and bash 5.2's builtins, procps-ng 4's and BSD's ps. (`env` is a
 * wrapper, in wrappers.ts; awk's `ENVIRON` and jq's `env` are facts of their entries, in
 * programs.ts, a remote `env` of ssh's and of `docker|podman|kubectl exec`.)
 */
import { SECRET_NAME_SOURCE } from '../secret-names';
import type { CommandFact } from '../types';

/** A builtin that lists variables with their values when given no name; `-f`/`-F`: functions. */
const LISTS_VARIABLES = {
  short: 'aAfFgiIlnrtuxp',
  long: 'help',
  effects: { '-f': ['no-output'], '-F': ['no-output'], '--help': ['no-output'] },
  operands: ['name'],
  printsEnvironment: ['@none'],
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

export const ENVIRONMENT: readonly CommandFact[] = [
  {
    names: ['ps'],
    summary: 'prints processes; with the BSD `e` modifier (`ps eww`, `ps auxe`) or `-E`, their environment',
    readOnly: 'any-option',
    // procps-ng's options taking a value (`-C node`, `-u alice`, `--sort size`): the value is
    // no BSD option word; every other letter is a flag.
    short: 'C:G:U:g:o:O:p:q:s:t:u:AacdeEFfHhjkLlMmNnrSTVvwXxyZ',
    long:
      'sort= pid= ppid= quick-pid= user= User= group= Group= tty= sid= cols= columns= rows= lines= ' +
      'width= format= help=? version forest headers no-headers deselect cumulative context info',
    // A dash-less word is BSD options: `e` there prints each process's environment; macOS's
    // `-E` does too, in any cluster (`ps -auxE`, where `-u` is a flag).
    printsEnvironment: ['@*=[a-zA-Z]*e[a-zA-Z]*', '@word=-[a-zA-Z]*E.*'],
    examples: [
      { argv: ['ps', 'eww'], environment: true },
      { argv: ['ps', 'auxe'], environment: true },
      { argv: ['ps', '-ef', 'e'], environment: true },
      { argv: ['ps', '-auxE'], environment: true },
      { argv: ['ps', 'aux'], environment: false },
      { argv: ['ps', '-ef'], environment: false },
      { argv: ['ps', '-u', 'alice'], roles: { 2: 'unknown' }, environment: false },
      { argv: ['ps', '--sort', 'size'], environment: false },
    ],
  },
  {
    names: ['compgen'],
    summary: 'prints completions; `-v`/`-e`/`-A variable|export` the names of variables',
    short: 'abcdefgjksuvA:G:W:F:C:X:P:S:o:',
    // Names alone, no values: handed on, they select every value in turn (see the floor).
    effects: { '-v': ['names-only'], '-e': ['names-only'], '-A': ['names-only'] },
    printsEnvironment: ['-v', '-e', '-A~variable', '-A~export'],
    examples: [
      { argv: ['compgen', '-v'], environment: true, effects: ['names-only'] },
      { argv: ['compgen', '-A', 'export'], environment: true },
      { argv: ['compgen', '-c'], environment: false },
      { argv: ['compgen', '-A', 'function'], environment: false },
    ],
  },
  {
    names: ['printenv'],
    summary: 'prints the environment, or the variables it names',
    readOnly: 'any-option',
    short: '0',
    long: 'null help version',
    operands: ['name'],
    // Every variable, or one whose name says it holds a secret (`printenv PATH` is fine).
    printsEnvironment: ['@none', `@*=.*(?:${SECRET_NAME_SOURCE}).*`],
    examples: [
      { argv: ['printenv'], environment: true },
      { argv: ['printenv', '-0'], environment: true },
      { argv: ['printenv', 'HOME', 'GITHUB_TOKEN'], environment: true },
      { argv: ['printenv', 'PATH'], roles: { 1: 'name' }, environment: false },
    ],
  },
  {
    names: ['set'],
    summary: 'sets shell options and positional parameters; alone, prints every variable',
    // bash's letters; `-o NAME` sets an option by name (`set -o posix` turns alias expansion on).
    short: 'abefhkmnptuvxBCEHPTo:',
    plusOptions: true,
    operands: ['value'],
    printsEnvironment: ['@empty'],
    expandsAliases: ['-o~posix'],
    examples: [
      { argv: ['set'], environment: true },
      { argv: ['set', '-e'], environment: false },
      { argv: ['set', '-o', 'pipefail'], environment: false },
      { argv: ['set', '--'], environment: false },
      { argv: ['set', '-o', 'posix'], expandsAliases: true },
      { argv: ['set', '-eo', 'posix'], expandsAliases: true },
      { argv: ['set', '-o', 'pipefail'], expandsAliases: false },
    ],
  },
  {
    names: ['declare', 'typeset', 'local'],
    summary: 'declares variables; with no name (or -p), prints them with their values',
    ...LISTS_VARIABLES,
    examples: [
      { argv: ['declare', '-p'], environment: true },
      { argv: ['declare', '-x'], environment: true },
      { argv: ['declare', '-f'], environment: false },
      { argv: ['declare', '-p', 'HOME'], environment: false },
      // Bash prints every variable for `declare --` as for `declare`.
      { argv: ['declare', '--'], environment: true },
      { argv: ['local', '--help'], environment: false },
    ],
  },
  {
    names: ['export'],
    summary: 'exports variables; with no name (or -p), prints the exported ones with their values',
    short: 'fnp',
    long: 'help',
    effects: { '-f': ['no-output'], '--help': ['no-output'] },
    operands: ['name'],
    printsEnvironment: ['@none'],
    examples: [
      { argv: ['export'], environment: true },
      { argv: ['export', '-p'], environment: true },
      { argv: ['export', 'A=1'], environment: false },
    ],
  },
  {
    names: ['readonly'],
    summary: 'marks variables read-only; with no name (or -p), prints them with their values',
    short: 'aAfp',
    long: 'help',
    effects: { '-f': ['no-output'], '--help': ['no-output'] },
    operands: ['name'],
    printsEnvironment: ['@none'],
    examples: [{ argv: ['readonly', '-p'], environment: true }],
  },
];
