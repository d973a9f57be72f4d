/**
 * Pagers and the manual reader: they show files, and run commands given on their command line
 * — less's and more's `+CMD` (`+!CMD` runs a shell command), man's pager and browser (`-P CMD`,
 * `-H CMD`) — or typed at their prompt (`!CMD`: `runsCode`). Facts from less 643's, util-linux 2.39 more's and man-db 2.12 man's manuals.
 */
import type { CommandFact } from '../types';

export const PAGERS: readonly CommandFact[] = [
  {
    names: ['less'],
    summary: 'shows files a screen at a time; `+CMD` runs a less command first',
    short: 'aAb:BcCdD:eEfFgGh:iIj:Jk:KLmMnNo:O:p:P:qQrRsSt:T:uUVwWx:Xy:z:~#:',
    values: {
      // A log file it writes what it shows into.
      '-o': 'write',
      '-O': 'write',
      '-k': 'read',
      '-T': 'read',
      '-p': 'pattern',
      '-t': 'name',
      '-P': 'value',
      '-b': 'value',
      '-D': 'value',
      '-h': 'value',
      '-j': 'value',
      '-x': 'value',
      '-y': 'value',
      '-z': 'value',
      '-#': 'value',
    },
    plusCommands: 'after-bang',
    // `!CMD` typed at it runs a shell command; `v` starts an editor.
    runsCode: 'prompt',
    examples: [
      { argv: ['less', '-R', '+!rm x', 'f'], commandLines: ['rm x'], prefix: [] },
      { argv: ['less', '+G', 'f'], commandLines: [] },
    ],
  },
  {
    names: ['more'],
    summary: 'shows files a screen at a time',
    short: 'dlfpcsun:',
    numeric: [],
    values: { '-n': 'value' },
    plusCommands: 'after-bang',
    runsCode: 'prompt',
    examples: [{ argv: ['more', '+!rm x', 'f'], commandLines: ['rm x'], prefix: [] }],
  },
  {
    names: ['man'],
    summary: 'shows manual pages, through a pager or browser it may be given',
    short: 'C:dDwWclM:P:S:s:m:p:L:r:E:R:e:H:T::ZkKfaiIutVX::',
    long: 'pager= html= config-file= manpath= sections= systems= preprocessor= locale= prompt= encoding=',
    values: {
      '-P': 'script',
      '--pager': 'script',
      '-H': 'script',
      '--html': 'script',
      '-C': 'read',
      '--config-file': 'read',
      '-S': 'value',
      '-s': 'value',
      '--sections': 'value',
      '-m': 'value',
      '--systems': 'value',
      '-p': 'value',
      '--preprocessor': 'value',
      '-L': 'value',
      '--locale': 'value',
      '-r': 'value',
      '--prompt': 'value',
      '-E': 'value',
      '--encoding': 'value',
      '-R': 'value',
      '-e': 'value',
    },
    // It shows pages through a pager (less), at whose prompt `!CMD` runs a shell command.
    runsCode: 'prompt',
    examples: [
      { argv: ['man', '-P', 'rm x', 'ls'], roles: { 2: 'script' }, commandLines: ['rm x'] },
      { argv: ['man', '--pager=rm x', 'ls'], commandLines: ['rm x'] },
      { argv: ['man', 'rm'], commandLines: [], prefix: [] },
    ],
  },
];
