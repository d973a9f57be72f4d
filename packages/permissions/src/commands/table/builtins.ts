/**
 * Shell builtins that store a command line the shell runs later: `trap ACTION SIGNAL…` (when
 * the signal arrives), `alias NAME=VALUE` (when NAME is run as a command), `mapfile -C
 * CALLBACK` (for every chunk of lines read); builtins that run shell code in the current shell
 * (`source FILE`, `. FILE`, `eval WORDS`) or turn alias expansion on (`shopt -s expand_aliases`;
 * `set -o posix` is `set`'s entry). Facts from the bash 5.2 manual.
 */
import type { CommandFact } from '../types';

export const BUILTINS: readonly CommandFact[] = [
  {
    names: ['trap'],
    summary: 'runs a command line when a signal arrives, or the shell exits',
    short: 'lp',
    // The action, then the signals: one word each.
    operands: ['script', 'name'],
    examples: [
      { argv: ['trap', 'rm -rf x', 'EXIT'], roles: { 1: 'script', 2: 'name' }, commandLines: ['rm -rf x'] },
      { argv: ['trap', '--', 'rm x', 'INT', 'TERM'], commandLines: ['rm x'] },
      { argv: ['trap', '-p'], commandLines: [] },
    ],
  },
  {
    names: ['alias'],
    summary: 'defines names that run a command line',
    short: 'p',
    // Every `NAME=VALUE` operand stores a command line, run with the words after NAME.
    setsCommandSettings: ['*'],
    assignedSettings: true,
    definesAliases: true,
    examples: [
      { argv: ['alias', 'ls=rm -rf x'], commandLines: ['rm -rf x'] },
      { argv: ['alias', 'ff=find', '.', '$1'], commandLines: ['find'] },
      { argv: ['alias', '-p'], commandLines: [] },
    ],
  },
  {
    names: ['mapfile', 'readarray'],
    summary: 'reads lines into an array; -C runs a command line for every chunk',
    short: 'd:n:O:s:tu:C:c:',
    values: { '-C': 'script', '-d': 'value', '-n': 'value', '-O': 'value', '-s': 'value', '-c': 'value' },
    examples: [
      { argv: ['mapfile', '-t', '-C', 'rm x', 'arr'], commandLines: ['rm x'] },
      { argv: ['readarray', '-Crm x', 'arr'], commandLines: ['rm x'] },
    ],
  },
  {
    names: ['source', '.'],
    summary: 'runs a script file in the current shell, with the words after it as its arguments',
    runsShellCode: 'file',
    permute: false,
    // The script, then its arguments: left for the floor to read as files, as before.
    operands: ['read', 'unknown'],
    examples: [
      { argv: ['.', 'env.sh', 'a'], roles: { 1: 'read', 2: 'unknown' } },
      // Runs shell code: no prefix rule (`Bash(source:*)` would run any script).
      { argv: ['source', 'env.sh'], prefix: [] },
    ],
  },
  {
    names: ['eval'],
    summary: 'runs its words, joined, as a command line in the current shell',
    // The shell parser reads the joined words as a script of their own (`shell/unwrap.ts`).
    runsShellCode: 'words',
    permute: false,
    operands: ['unknown'],
    examples: [
      { argv: ['eval', 'rm', '-rf x'], roles: { 1: 'unknown', 2: 'unknown' } },
      { argv: ['eval', 'ls'], prefix: [] },
    ],
  },
  {
    names: ['shopt'],
    summary: 'sets or shows shell options (`-s` on, `-u` off)',
    short: 'pqsuo',
    operands: ['unknown'],
    expandsAliases: ['-s&@*=expand_aliases'],
    examples: [
      { argv: ['shopt', '-s', 'expand_aliases'], expandsAliases: true },
      { argv: ['shopt', '-qs', 'extglob', 'expand_aliases'], expandsAliases: true },
      { argv: ['shopt', '-u', 'expand_aliases'], expandsAliases: false },
      { argv: ['shopt', '-s', 'extglob'], expandsAliases: false },
    ],
  },
];
