/**
 * What makes a subcommand of the command table write that is no fact of one word: a verb or
 * operand count (`git branch NAME` creates a branch, `git config NAME VALUE` sets one, `git
 * stash pop` changes state). Keyed by the entry's path (`git branch`); each check reads one
 * reading and returns a verdict, or undefined to let the table's facts decide. A writing verb
 * is not reported as a `flag`: it is a subcommand, which a user's prefix rule naming it
 * (`Bash(git remote:*)`) means to cover.
 */
import type { Reading } from '../commands';
import { hasComputedSubscript } from '../shell/subscripts';
import type { ClassificationResult } from './types';
import { mutating, readOnly, unknown } from './verdict';

type Check = (argv: readonly string[], start: number, reading: Reading) => ClassificationResult | undefined;

/** Canonical spellings of the options a reading gave. */
function given(reading: Reading, spellings: readonly string[]): boolean {
  return reading.options.some(
    (option) => option.def !== undefined && spellings.includes(option.def.spelling),
  );
}

/** `git branch NAME` / `git tag NAME` create one unless a listing option is given. */
function needsList(what: string, listing: readonly string[]): Check {
  return (argv, _start, reading) => {
    const first = reading.operands[0];
    if (first === undefined || given(reading, listing)) return undefined;
    return mutating(`git ${what} NAME creates a ${what}`, argv[first]);
  };
}

const CONFIG_READ_ACTIONS = [
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '--list',
  '-l',
];
const CONFIG_WRITE_VERBS = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);

/** `git config`: `get`/`list`, a read action or one NAME reads; NAME VALUE and the other verbs write. */
const config: Check = (argv, _start, reading) => {
  const sub = reading.kinds.indexOf('subcommand');
  const operands = reading.operands;
  const verb = operands[0] === sub + 1 ? argv[sub + 1] : undefined;
  if (verb === 'get' || verb === 'list') return readOnly(`git config ${verb} only reads`);
  if (verb !== undefined && CONFIG_WRITE_VERBS.has(verb))
    return mutating(`git config ${verb} changes configuration`);
  if (given(reading, CONFIG_READ_ACTIONS)) return readOnly('git config with a read action only reads');
  if (operands.length === 1) return readOnly('git config NAME only reads the value');
  if (operands.length === 0) return unknown('git config without an action');
  return mutating('git config NAME VALUE sets configuration', argv[operands[1]!]);
};

/**
 * A subcommand whose verbs other than the table's change state (`git stash pop`); without a
 * verb it reads only where the table says so (`git remote`, `git reflog`).
 */
function verbs(name: string): Check {
  return (argv, start, reading) => {
    const subs: number[] = [];
    for (let i = start + 1; i < argv.length; i++) if (reading.kinds[i] === 'subcommand') subs.push(i);
    const verbAt = subs[1];
    if (reading.unknownSubcommand !== undefined && verbAt !== undefined)
      return mutating(`git ${name} ${argv[verbAt]} changes state`);
    if (verbAt === undefined) {
      return reading.facts[reading.facts.length - 1]!.fact.readOnly === undefined
        ? mutating(`git ${name} without a verb changes state`)
        : undefined;
    }
    // `git remote show NAME` asks the remote for its branches (network, credential helpers,
    // core.sshCommand) unless `-n` keeps it to what is cached locally.
    if (name === 'remote' && argv[verbAt] === 'show' && !given(reading, ['-n']))
      return unknown('git remote show without -n queries the remote over the network', argv[verbAt]);
    return undefined;
  };
}

/** `date OPERAND`: an operand not starting with `+` (a format) sets the system clock. */
const date: Check = (argv, _start, reading) => {
  const setter = reading.operands.find((index) => !argv[index]!.startsWith('+'));
  return setter === undefined
    ? undefined
    : mutating('date with a non-format operand sets the system clock', argv[setter]);
};

/** `hostname NAME` sets the host name. */
const hostname: Check = (argv, _start, reading) =>
  reading.operands.length > 0
    ? mutating('hostname NAME sets the host name', argv[reading.operands[0]!])
    : undefined;

/** binutils read more options from `@FILE`, where nothing shows what they do (`nm @opts` can hold `--plugin`). */
const optionFile: Check = (argv, _start, reading) => {
  const file = reading.operands.find((index) => argv[index]!.startsWith('@'));
  if (file === undefined) return undefined;
  return { ...unknown('binutils read further options from an @FILE', argv[file]), prefixExcluded: true };
};

/**
 * `test -v NAME` (also `[ -v NAME ]`) makes bash evaluate an array subscript in NAME as
 * arithmetic, which reads variables' values as expressions that may hold substitutions (`i='b[$(id)]';
 * test -v 'a[i]'` runs `id`). Only a number, `@` or `*` subscript is read-only. (A substitution
 * written in the subscript itself makes the parser list its commands and the command opaque.)
 */
const testVariable: Check = (argv, start) => {
  for (let index = start + 2; index < argv.length; index++) {
    const operand = argv[index]!;
    if (argv[index - 1] === '-v' && hasComputedSubscript(operand))
      return unknown(
        `${argv[start]} -v evaluates an array subscript as arithmetic, which can run commands`,
        operand,
      );
  }
  return undefined;
};

export const TABLE_CHECKS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['test', testVariable],
  ['date', date],
  ['hostname', hostname],
  ['nm', optionFile],
  ['size', optionFile],
  ['git branch', needsList('branch', ['-l', '--list', '--show-current'])],
  ['git tag', needsList('tag', ['-l', '--list'])],
  ['git config', config],
  ['git stash', verbs('stash')],
  ['git remote', verbs('remote')],
  ['git reflog', verbs('reflog')],
  ['git worktree', verbs('worktree')],
]);
