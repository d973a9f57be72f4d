/**
 * Searchers: grep and its family, ugrep, ripgrep, the silver searcher, ack, fd. Facts from GNU
 * grep 3.11's, ugrep 7's, ripgrep 14's, ag 2.2's, ack 3's and fd 10's manuals. The first operand
 * is the pattern unless an option gave one; every other operand is a file read, or with `-r`
 * (always, for rg, ag and ack) a tree read file by file — the working directory when none is
 * named. rg, ag and fd skip hidden and ignored files unless told otherwise.
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
  defaultTree: '.',
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

export const SEARCH: readonly CommandFact[] = [
  {
    names: ['grep', 'egrep', 'fgrep'],
    summary: 'prints the lines of files that match a pattern',
    ...GREP,
    // No option of GNU or BSD grep writes or runs anything (decision 0043).
    readOnly: 'any-option',
    env: ['GREP_OPTIONS', 'GREP_COLORS'],
    // grep up to 3.5 reads GREP_OPTIONS as options before its own (`-r` reads a whole tree).
    optionsEnv: ['GREP_OPTIONS'],
    examples: [
      {
        argv: ['grep', 'KEY', 'src'],
        env: { GREP_OPTIONS: '-r' },
        envEffects: ['recursive'],
        notEffects: ['recursive'],
      },
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
    defaultTree: '.',
    examples: [
      // `.env` is the pattern, `.gitignore` the file searched (issue 27).
      { argv: ['ugrep', '.env', '.gitignore'], roles: { 1: 'pattern', 2: 'read' } },
      { argv: ['ugrep', '--filter=txt:rm -rf x', 'KEY', '.'], roles: { 2: 'pattern', 3: 'read' } },
      { argv: ['ugrep', '-3', 'KEY', '/root'], effects: ['recursive'], roles: { 3: 'read' } },
      { argv: ['ug', '--depth', '2', 'KEY'], effects: ['recursive'], roles: { 3: 'pattern' } },
      { argv: ['ugrep', '-e', 'KEY', 'x'], roles: { 2: 'pattern', 3: 'read' } },
    ],
  },
  {
    names: ['rg'],
    summary: 'ripgrep: searches the trees it is given (the working directory by default)',
    short: 'e:f:g:t:T:m:A:B:C:M:j:r:E:d:0abcFHhiIlLnNopPqsSuUvVwxzZ.',
    long:
      'regexp= file= glob= iglob= type= type-not= type-add= type-clear= max-count= after-context= ' +
      'before-context= context= max-columns= threads= replace= encoding= max-depth= maxdepth= ' +
      'max-filesize= sort= sortr= color= colors= path-separator= ignore-file= pre= pre-glob= engine= ' +
      'dfa-size-limit= regex-size-limit= context-separator= field-context-separator= ' +
      'field-match-separator= hostname-bin= hyperlink-format= generate= hidden no-hidden unrestricted ' +
      'files type-list files-with-matches files-without-match count count-matches ignore-case ' +
      'smart-case case-sensitive invert-match word-regexp line-regexp fixed-strings no-fixed-strings ' +
      'multiline multiline-dotall null null-data only-matching quiet follow no-follow no-ignore ' +
      'no-ignore-vcs no-ignore-dot no-ignore-parent no-ignore-global no-ignore-exclude ' +
      'no-ignore-files no-ignore-messages no-messages line-number no-line-number column no-column ' +
      'heading no-heading with-filename no-filename pretty vimgrep json no-json stats no-stats text ' +
      'no-text binary no-binary search-zip no-search-zip crlf no-crlf one-file-system no-config trim ' +
      'no-trim byte-offset passthru passthrough debug trace help version pcre2 no-pcre2 ' +
      'auto-hybrid-regex no-pcre2-unicode no-unicode unicode mmap no-mmap block-buffered ' +
      'line-buffered sort-files max-columns-preview include-zero no-require-git ' +
      'glob-case-insensitive ignore-file-case-insensitive list-file-types pcre2-version no-encoding ' +
      'no-glob-case-insensitive no-ignore-file-case-insensitive no-include-zero no-invert-match ' +
      'no-max-columns-preview no-multiline no-multiline-dotall no-one-file-system no-pre no-sort-files ' +
      'no-context-separator',
    // Every option is listed (decision 0043): one it does not know may write or run anything.
    readOnly: 'listed-options',
    values: {
      '-e': 'pattern',
      '--regexp': 'pattern',
      '-f': 'read',
      '--file': 'read',
      '--ignore-file': 'read',
      // A preprocessor run on every file: `--pre CMD`.
      '--pre': 'script',
      // `-g GLOB` stays a word the floor checks: a glob overrides rg's ignore rules (`-g .env`);
      // `-g '!GLOB'` leaves files out (`exclusions`).
      '-t': 'value',
      '--type': 'value',
      '-T': 'value',
      '--type-not': 'value',
      '--type-add': 'value',
      '--type-clear': 'value',
      '-m': 'value',
      '--max-count': 'value',
      '-A': 'value',
      '-B': 'value',
      '-C': 'value',
      '--after-context': 'value',
      '--before-context': 'value',
      '--context': 'value',
      '-M': 'value',
      '--max-columns': 'value',
      '-j': 'value',
      '--threads': 'value',
      '-r': 'value',
      '--replace': 'value',
      '-E': 'value',
      '--encoding': 'value',
      '-d': 'value',
      '--max-depth': 'value',
      '--maxdepth': 'value',
      '--max-filesize': 'value',
      '--sort': 'value',
      '--sortr': 'value',
      // `--color` takes its value in the next word too (`rg --color never KEY`).
      '--color': 'value',
      '--colors': 'value',
      '--engine': 'value',
    },
    exclusions: { '-g': '!', '--glob': '!', '--iglob': '!' },
    effects: {
      '-e': ['pattern-given'],
      '--regexp': ['pattern-given'],
      '-f': ['pattern-given'],
      '--file': ['pattern-given'],
      // Names, not content: every operand is a tree whose names it lists.
      '--files': ['names-only', 'pattern-given'],
      '--type-list': ['names-only', 'pattern-given'],
      '--hidden': ['shows-hidden'],
      '-.': ['shows-hidden'],
      '--unrestricted': ['shows-hidden'],
      // `-u` reads ignored files, `-uu` hidden ones too.
      '-u*2': ['shows-hidden'],
      // A preprocessor run on every file, a program that finds the host name, and the
      // decompressors (gzip, xz, …) found on PATH.
      '--pre': ['runs'],
      '--hostname-bin': ['runs'],
      '-z': ['runs'],
      '--search-zip': ['runs'],
    },
    implies: ['recursive'],
    skipsHidden: true,
    operands: ['pattern', 'read'],
    defaultTree: '.',
    examples: [
      { argv: ['rg', '--color', 'never', 'KEY', '/root'], roles: { 2: 'value', 3: 'pattern', 4: 'read' } },
      { argv: ['rg', '-uu', 'KEY', 'x'], roles: { 2: 'pattern', 3: 'read' }, effects: ['shows-hidden'] },
      { argv: ['rg', '-u', 'KEY'], notEffects: ['shows-hidden'] },
      { argv: ['rg', '-e', 'KEY', 'x'], roles: { 2: 'pattern', 3: 'read' } },
      { argv: ['rg', '--files', 'src'], roles: { 2: 'read' }, effects: ['names-only'] },
      { argv: ['rg', '--pre', 'pdftotext', 'KEY'], roles: { 3: 'pattern' }, effects: ['runs'] },
      { argv: ['rg', '--pre=rm x', 'KEY'], commandLines: ['rm x'] },
    ],
  },
  {
    names: ['ag'],
    summary: 'the silver searcher: searches the trees it is given (the working directory by default)',
    // `-A/-B/-C [LINES]` may or may not take a number: left unlisted, both readings are made.
    short: 'G:g:m:p:W:aDfFhHiLlnoQrRsStuUvVwz0',
    long:
      'after=? before=? context=? ignore= file-search-regex= depth= pager= max-count= path-to-ignore= ' +
      'width= ignore-dir= hidden unrestricted all-types all-text search-binary skip-vcs-ignores ' +
      'case-sensitive ignore-case smart-case literal word-regexp invert-match count files-with-matches ' +
      'files-without-matches filename no-filename heading no-heading break no-break column numbers ' +
      'no-numbers color no-color follow nofollow stats vimgrep null print0 zip one-device silent ' +
      'only-matching list-file-types help version',
    values: {
      '-G': 'pattern',
      '--file-search-regex': 'pattern',
      '-g': 'pattern',
      '--ignore': 'pattern',
      '--ignore-dir': 'pattern',
      '-p': 'read',
      '--path-to-ignore': 'read',
      '-m': 'value',
      '--max-count': 'value',
      '--depth': 'value',
      '-W': 'value',
      '--width': 'value',
      '--after': 'value',
      '--before': 'value',
      '--context': 'value',
    },
    effects: {
      // `ag -g PAT`: prints the names of files that match, reads none.
      '-g': ['names-only', 'pattern-given'],
      '--hidden': ['shows-hidden'],
      '-u': ['shows-hidden'],
      '--unrestricted': ['shows-hidden'],
      // All file types, hidden ones not; counted as showing them, as before.
      '-a': ['shows-hidden'],
      '--all-types': ['shows-hidden'],
    },
    implies: ['recursive'],
    skipsHidden: true,
    operands: ['pattern', 'read'],
    defaultTree: '.',
    examples: [
      { argv: ['ag', '--hidden', 'KEY', 'x'], roles: { 2: 'pattern', 3: 'read' }, effects: ['shows-hidden'] },
      { argv: ['ag', '-g', 'conf', '/root'], roles: { 2: 'pattern', 3: 'read' }, effects: ['names-only'] },
    ],
  },
  {
    names: ['ack', 'ack-grep'],
    summary: 'searches the trees it is given (the working directory by default)',
    // `-C [NUM]` takes a number only when the next word is one: left unlisted, both readings are made.
    short: 'A:B:m:g:fiIwvlLcohHsQknrR',
    long:
      'after-context= before-context= context=? max-count= match= type= ignore-dir= noignore-dir= ' +
      'ignore-file= type-add= type-set= type-del= output= files-from= pager= color-match= ' +
      'color-filename= color-lineno= ignore-case smart-case word-regexp invert-match ' +
      'files-with-matches files-without-matches count only-matching with-filename no-filename ' +
      'literal heading noheading break nobreak group nogroup color nocolor column nocolumn ' +
      'recurse no-recurse follow nofollow sort-files show-types help version noenv nopager',
    values: {
      '--match': 'pattern',
      '-g': 'pattern',
      '--ignore-dir': 'pattern',
      '--noignore-dir': 'pattern',
      '--ignore-file': 'pattern',
      '--files-from': 'read',
      '-A': 'value',
      '-B': 'value',
      '-m': 'value',
      '--after-context': 'value',
      '--before-context': 'value',
      '--context': 'value',
      '--max-count': 'value',
      '--type': 'value',
      '--type-add': 'value',
      '--type-set': 'value',
      '--type-del': 'value',
      '--output': 'value',
      '--color-match': 'value',
      '--color-filename': 'value',
      '--color-lineno': 'value',
    },
    effects: {
      '--match': ['pattern-given'],
      // `-f` lists the files it would search, `-g PAT` those whose names match.
      '-f': ['names-only', 'pattern-given'],
      '-g': ['names-only', 'pattern-given'],
      '--files-from': ['pattern-given'],
    },
    implies: ['recursive'],
    operands: ['pattern', 'read'],
    defaultTree: '.',
    examples: [{ argv: ['ack', '-A', '3', 'KEY', 'x'], roles: { 2: 'value', 3: 'pattern', 4: 'read' } }],
  },
  {
    names: ['fd', 'fdfind'],
    summary: 'finds files by name; with -x/-X runs a command on each one found',
    short: 'e:t:E:x:X:j:d:c:S:o:HIuslLpaF0gq1ih',
    long:
      'extension= type= exclude= exec= exec-batch= threads= max-depth= min-depth= exact-depth= ' +
      'color= size= owner= changed-within= changed-before= max-results= base-directory= ' +
      'path-separator= search-path= ignore-file= format= batch-size= hidden no-hidden unrestricted ' +
      'no-ignore no-ignore-vcs no-ignore-parent case-sensitive ignore-case glob regex fixed-strings ' +
      'absolute-path list-details follow full-path print0 prune one-file-system quiet help version',
    values: {
      '-e': 'value',
      '--extension': 'value',
      '-t': 'value',
      '--type': 'value',
      '-E': 'pattern',
      '--exclude': 'pattern',
      // The command run on each file found: it reads them.
      '-x': 'command',
      '--exec': 'command',
      '-X': 'command',
      '--exec-batch': 'command',
      '-j': 'value',
      '--threads': 'value',
      '-d': 'value',
      '--max-depth': 'value',
      '--min-depth': 'value',
      '--exact-depth': 'value',
      '-c': 'value',
      '--color': 'value',
      '-S': 'value',
      '--size': 'value',
      '-o': 'value',
      '--owner': 'value',
      '--search-path': 'read',
      '--base-directory': 'read',
      '--ignore-file': 'read',
    },
    effects: {
      '-x': ['recursive'],
      '--exec': ['recursive'],
      '-X': ['recursive'],
      '--exec-batch': ['recursive'],
      '-H': ['shows-hidden'],
      '--hidden': ['shows-hidden'],
      '-u': ['shows-hidden'],
      '--unrestricted': ['shows-hidden'],
    },
    skipsHidden: true,
    operands: ['pattern', 'read'],
    defaultTree: '.',
    examples: [
      { argv: ['fd', '-e', 'env', '-x', 'cat'], roles: { 2: 'value', 4: 'command' }, effects: ['recursive'] },
      { argv: ['fd', '-x', 'rm', '-rf', ';', 'x'], roles: { 2: 'command' }, runs: ['rm -rf'] },
      { argv: ['fd', 'conf', '/root'], roles: { 1: 'pattern', 2: 'read' }, notEffects: ['recursive'] },
    ],
  },
];
