/**
 * Pagers and the manual reader: they show files, and run commands given on their command line
 * — less's and more's `+CMD` (`+!CMD` runs a shell command), man's pager and browser (`-P CMD`,
 * `-H CMD`) — or typed at their prompt (`!CMD`: `runsCode`). Facts from less 643's, util-linux 2.39 more's and man-db 2.12 man's manuals.
 */
import type { CommandFact } from '../types';

export const PAGERS: readonly CommandFact[] = [
  {
    names: ['fzf'],
    summary: 'picks lines of its input interactively; its preview and key bindings run commands',
    // fzf 0.5x's manual: `--preview CMD` and `--with-shell STR` are command lines run by a
    // shell (`{}` stands for the line picked), `--bind KEY:ACTION` runs one in an `execute`,
    // `become`, `reload`, `preview` or `transform` action; FZF_DEFAULT_COMMAND is the command
    // it reads its input from when standard input is a terminal; FZF_DEFAULT_OPTS and the file
    // FZF_DEFAULT_OPTS_FILE names hold options before its own.
    long: 'preview= bind= with-shell= query= filter= delimiter= nth= with-nth= header= prompt= height=',
    values: {
      '--preview': 'script',
      '--bind': 'script',
      '--with-shell': 'script',
      '--query': 'value',
      '--filter': 'pattern',
      '--delimiter': 'value',
      '--nth': 'value',
      '--with-nth': 'value',
      '--header': 'value',
      '--prompt': 'value',
      '--height': 'value',
    },
    scriptFormat: { '--bind': 'key-actions' },
    permute: true,
    env: ['FZF_DEFAULT_COMMAND', 'FZF_DEFAULT_OPTS', 'FZF_DEFAULT_OPTS_FILE'],
    commandEnv: ['FZF_DEFAULT_COMMAND'],
    optionsEnv: ['FZF_DEFAULT_OPTS', 'FZF_DEFAULT_OPTS_FILE'],
    examples: [
      { argv: ['fzf', '--preview', 'rm x {}'], commandLines: ['rm x {}'] },
      { argv: ['fzf', '--bind', 'enter:execute(rm x)'], commandLines: ['rm x'] },
      {
        argv: ['fzf', '--bind=ctrl-r:reload[rm x]+down,alt-p:preview:rm y'],
        commandLines: ['rm x\nrm y'],
      },
      { argv: ['fzf', '--bind', 'ctrl-a:select-all,ctrl-p:toggle-preview'], commandLines: [] },
      { argv: ['fzf'], variables: { FZF_DEFAULT_COMMAND: 'rm x' }, commandLines: ['rm x'] },
      { argv: ['fzf', '--query', 'x'], commandLines: [] },
    ],
  },
  {
    names: ['bat', 'batcat'],
    summary: 'shows files with syntax highlighting, through a pager',
    // bat 0.24's manual: `--pager CMD` is the pager it runs (BAT_PAGER, PAGER otherwise).
    long: 'pager= paging= language= theme= style= map-syntax=',
    values: {
      '--pager': 'script',
      '--paging': 'value',
      '--language': 'value',
      '--theme': 'value',
      '--style': 'value',
      '--map-syntax': 'value',
    },
    permute: true,
    examples: [
      { argv: ['bat', '--pager', 'rm x', 'f'], commandLines: ['rm x'] },
      { argv: ['bat', '--paging=never', 'f'], commandLines: [] },
    ],
  },
  {
    names: ['delta'],
    summary: "shows diffs (git's pager), through a pager",
    // delta's manual: `--pager CMD` is the pager it runs (DELTA_PAGER, BAT_PAGER, PAGER otherwise).
    long: 'pager= paging=',
    values: { '--pager': 'script', '--paging': 'value' },
    permute: true,
    examples: [{ argv: ['delta', '--pager=rm x'], commandLines: ['rm x'] }],
  },
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
