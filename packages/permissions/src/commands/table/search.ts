/**
 * Searchers: grep and its family, ugrep. Facts from GNU grep 3.11's and ugrep 7's manuals.
 * The first operand is the pattern unless `-e`/`-f` gave one; every other operand is a file
 * read, or with `-r` a tree read file by file.
 */
import type { CommandFact } from '../types';

const GREP_SHORT = 'EFGPe:f:iywxzsvVbHhnoqrRUaIlLcm:A:B:C:Td:D:Z';
const GREP_LONG =
  'extended-regexp fixed-strings basic-regexp perl-regexp regexp= file= ignore-case no-ignore-case ' +
  'word-regexp line-regexp null-data no-messages invert-match version help byte-offset line-number ' +
  'no-line-number line-buffered with-filename no-filename label= only-matching quiet silent binary-files= ' +
  'text directories= devices= recursive dereference-recursive include= exclude= exclude-from= exclude-dir= ' +
  'files-without-match files-with-matches count initial-tab null max-count= after-context= before-context= ' +
  'context= group-separator= no-group-separator color=? colour=? binary';

/** grep's options, shared by the names that take them. */
const GREP = {
  short: GREP_SHORT,
  long: GREP_LONG,
  abbreviations: true,
  // `grep -5`: five lines of context.
  numeric: [],
  values: {
    '-e': 'pattern',
    '--regexp': 'pattern',
    '-f': 'read',
    '--file': 'read',
    // Names left out are never opened (`grep -r KEY --exclude=.env .`); names kept are.
    '--exclude': 'pattern',
    '--exclude-dir': 'pattern',
    '--include': 'read',
    '--exclude-from': 'read',
    '--label': 'name',
    '-A': 'value',
    '-B': 'value',
    '-C': 'value',
    '-m': 'value',
    '-d': 'value',
    '-D': 'value',
    '--max-count': 'value',
    '--after-context': 'value',
    '--before-context': 'value',
    '--context': 'value',
    '--directories': 'value',
    '--devices': 'value',
    '--binary-files': 'value',
    '--group-separator': 'value',
    '--color': 'value',
    '--colour': 'value',
  },
  effects: {
    '-e': ['pattern-given'],
    '--regexp': ['pattern-given'],
    '-f': ['pattern-given'],
    '--file': ['pattern-given'],
    '-r': ['recursive'],
    '-R': ['recursive'],
    '--recursive': ['recursive'],
    '--dereference-recursive': ['recursive'],
    '-d=recurse': ['recursive'],
    '--directories=recurse': ['recursive'],
  },
  operands: ['pattern', 'read'],
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

export const SEARCH: readonly CommandFact[] = [
  {
    names: ['grep', 'egrep', 'fgrep'],
    summary: 'prints the lines of files that match a pattern',
    ...GREP,
    env: ['GREP_OPTIONS', 'GREP_COLORS'],
    examples: [
      // `--color` takes its value only after `=`: KEY is the pattern, /root a tree (issue 27).
      {
        argv: ['grep', '-r', '--color', 'KEY', '/root'],
        roles: { 3: 'pattern', 4: 'read' },
        effects: ['recursive'],
      },
      { argv: ['grep', '-e', 'KEY', '.env'], roles: { 2: 'pattern', 3: 'read' }, effects: ['pattern-given'] },
      { argv: ['grep', '-f', 'words', 'file'], roles: { 2: 'read', 3: 'read' } },
      { argv: ['grep', '-d', 'recurse', 'KEY'], effects: ['recursive'] },
      { argv: ['grep', '--recur', 'KEY', '.'], effects: ['recursive'] },
      { argv: ['grep', '-A3', 'KEY', 'x'], roles: { 2: 'pattern', 3: 'read' }, notEffects: ['recursive'] },
    ],
  },
  {
    names: ['rgrep'],
    summary: 'grep -r',
    ...GREP,
    implies: ['recursive'],
    examples: [
      { argv: ['rgrep', 'KEY', '/root'], roles: { 1: 'pattern', 2: 'read' }, effects: ['recursive'] },
    ],
  },
  {
    names: ['zgrep', 'zegrep', 'zfgrep'],
    summary: 'grep through decompressed files',
    ...GREP,
    examples: [{ argv: ['zgrep', 'KEY', 'log.gz'], roles: { 1: 'pattern', 2: 'read' } }],
  },
  {
    names: ['ugrep', 'ug'],
    summary: 'a grep with recursion depths, filters and an interactive query mode',
    short: 'e:f:A:B:C:m:d:D:g:O:t:M:N:J:K:rRiIyjwxvVbHhnkoqsaUlLcEFGPTuXzZ::Q::Y',
    long:
      'regexp= file= after-context= before-context= context= max-count= directories= devices= glob= iglob= ' +
      'file-extension= file-type= file-magic= neg-regexp= jobs= range= recursive dereference-recursive ' +
      'ignore-case smart-case word-regexp line-regexp invert-match version help byte-offset with-filename ' +
      'no-filename line-number column-number only-matching quiet silent text binary-files= files-with-matches ' +
      'files-without-match count extended-regexp fixed-strings basic-regexp perl-regexp initial-tab ' +
      'null color=? colour=? colors= config=? save-config=? depth= filter= filter-magic-label= pager=? view=? ' +
      'hidden no-hidden include= exclude= include-dir= exclude-dir= include-from= exclude-from= exclude-fs= ' +
      'include-fs= label= format= replace= encoding= separator=? sort=? tabs=? width=? pretty=? hyperlink=? ' +
      'heading no-heading ignore-files=? index query=? fuzzy=? and= andnot= not= bool lines',
    abbreviations: true,
    // `ugrep -3 KEY`: recursive, three directory levels deep.
    numeric: ['recursive'],
    values: {
      '-e': 'pattern',
      '--regexp': 'pattern',
      '-N': 'pattern',
      '--neg-regexp': 'pattern',
      '--and': 'pattern',
      '--andnot': 'pattern',
      '--not': 'pattern',
      '-f': 'read',
      '--file': 'read',
      '--config': 'read',
      '--save-config': 'write',
      '--exclude': 'pattern',
      '--exclude-dir': 'pattern',
      '--include': 'read',
      '--include-dir': 'read',
      '--include-from': 'read',
      '--exclude-from': 'read',
      '--ignore-files': 'read',
      '--label': 'name',
      // `--filter=EXTS:CMD,…` runs CMD on the files with those extensions; a pager or
      // viewer is a command too.
      '--filter': 'script',
      '--pager': 'script',
      '--view': 'script',
    },
    scriptFormat: { '--filter': 'after-colon' },
    effects: {
      '-e': ['pattern-given'],
      '--regexp': ['pattern-given'],
      '-f': ['pattern-given'],
      '--file': ['pattern-given'],
      '-r': ['recursive'],
      '-R': ['recursive'],
      '--recursive': ['recursive'],
      '--dereference-recursive': ['recursive'],
      '--depth': ['recursive'],
      '-d=recurse': ['recursive'],
      '--directories=recurse': ['recursive'],
    },
    operands: ['pattern', 'read'],
    examples: [
      // `.env` is the pattern, `.gitignore` the file searched (issue 27).
      { argv: ['ugrep', '.env', '.gitignore'], roles: { 1: 'pattern', 2: 'read' } },
      { argv: ['ugrep', '--filter=txt:rm -rf x', 'KEY', '.'], roles: { 2: 'pattern', 3: 'read' } },
      { argv: ['ugrep', '-3', 'KEY', '/root'], effects: ['recursive'], roles: { 3: 'read' } },
      { argv: ['ug', '--depth', '2', 'KEY'], effects: ['recursive'], roles: { 3: 'pattern' } },
      { argv: ['ugrep', '-e', 'KEY', 'x'], roles: { 2: 'pattern', 3: 'read' } },
    ],
  },
];
