/**
 * Shell builtins that store a command line the shell runs later: `trap ACTION SIGNAL…` (when
 * the signal arrives), `alias NAME=VALUE` (when NAME is run as a command), `mapfile -C
 * CALLBACK` (for every chunk of lines read). Facts from the bash 5.2 manual.
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
    // Every `NAME=VALUE` operand stores a command line.
    setsCommandSettings: ['*'],
    assignedSettings: true,
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
];
