/**
 * Commands that print the environment's variables, where API keys live (the floor's env-dump
 * check, decision 0040): `printenv` with no name or a secret one, `set` alone, `export`,
 * `declare`/`typeset`, `readonly` and `local` with no name (`-p` or no option). Facts from
 * GNU coreutils 9's printenv and bash 5.2's builtins. (`env` is a wrapper, in wrappers.ts;
 * `ps e`, awk's ENVIRON, jq's `env`, a remote `env` and `compgen` are checks of the floor.)
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
    plusOptions: true,
    operands: ['value'],
    printsEnvironment: ['@empty'],
    examples: [
      { argv: ['set'], environment: true },
      { argv: ['set', '-e'], environment: false },
      { argv: ['set', '-o', 'pipefail'], environment: false },
      { argv: ['set', '--'], environment: false },
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
