/**
 * The simple commands the read-only classifier allows (decision 0039): printers, filters,
 * checksums, system information, and the few whose options or operands write (`sort -o`,
 * `uniq IN OUT`, `date -s`, `hostname NAME`). Facts from GNU coreutils 9, util-linux, procps,
 * binutils 2.42 and the BSD/macOS manuals where they add an option (`base64 -o`).
 *
 * `readOnly: 'any-option'` says no option of the command (GNU or BSD) writes or runs anything
 * beyond those listed, so an option the entry does not list is harmless; `listed-options`
 * entries list every option, and any other is unknown. Operand checks that are no fact of one
 * word (`date` sets the clock from an operand not starting with `+`) are in
 * `classifier/table-checks.ts`.
 */
import type { CommandFact } from '../types';

/**
 * An option whose value is a file the command reads and whose lines it prints back, in its
 * output or its error messages (`du --files0-from=.env` prints `du: cannot access 'KEY=…'`).
 */
const LISTS = ['reads-listed'] as const;

export const BASICS: readonly CommandFact[] = [
  {
    names: ['cat'],
    summary: 'prints the files it reads (or standard input) on standard output',
    readOnly: 'any-option',
    // With no file, what it prints is what arrives on standard input (a here-doc, a pipe).
    showsOutput: 'copies-input',
  },
  {
    names: [
      'tac',
      'rev',
      'nl',
      'od',
      'cut',
      'tr',
      'fold',
      'fmt',
      'expand',
      'unexpand',
      'column',
      'paste',
      'join',
      'comm',
      'cmp',
      'zcat',
      'bzcat',
      'xzcat',
    ],
    summary: 'print or transform the files they read (or standard input) on standard output',
    readOnly: 'any-option',
  },
  {
    names: [
      'md5sum',
      'sha1sum',
      'sha224sum',
      'sha256sum',
      'sha384sum',
      'sha512sum',
      'b2sum',
      'cksum',
      'sum',
      'shasum',
      'md5',
    ],
    summary: 'print or check checksums of the files they read',
    readOnly: 'any-option',
  },
  {
    names: ['head', 'tail'],
    summary: 'print the first or last lines of files; `-20` is a count',
    readOnly: 'any-option',
    numeric: [],
  },
  {
    names: [
      'pwd',
      'whoami',
      'id',
      'uname',
      'which',
      'type',
      'df',
      'true',
      'false',
      'exit',
      ':',
      'dirs',
      'sleep',
      'nproc',
      'free',
      'uptime',
      'whereis',
      'groups',
      'locale',
      'tty',
      'users',
      'who',
      'getconf',
      'expr',
      'numfmt',
      'cal',
      'lsof',
      'pgrep',
      'lsblk',
      'logname',
    ],
    summary: 'print system, user, process or shell state; change nothing but the shell directory',
    readOnly: 'any-option',
  },
  {
    names: ['cd'],
    summary:
      'changes the shell directory to its operand (home without one); `-L`/`-P` say how symbolic links are followed',
    readOnly: 'any-option',
    short: 'LPe@',
    operands: ['chdir'],
    examples: [
      { argv: ['cd', '-P', 'sub'], roles: { 2: 'chdir' } },
      { argv: ['cd', '-L', '--', '-x'], roles: { 3: 'chdir' } },
    ],
  },
  {
    names: ['pushd'],
    summary: 'changes the shell directory to its operand and pushes the one it leaves; `-n` only pushes it',
    readOnly: 'any-option',
    short: 'n',
    effects: { '-n': ['keeps-directory'] },
    operands: ['chdir'],
    examples: [
      { argv: ['pushd', 'sub'], roles: { 1: 'chdir' }, notEffects: ['keeps-directory'] },
      { argv: ['pushd', '-n', 'sub'], roles: { 2: 'chdir' }, effects: ['keeps-directory'] },
    ],
  },
  {
    names: ['popd'],
    summary: 'changes the shell directory to the one on top of the directory stack, and pops it',
    readOnly: 'any-option',
    short: 'n',
    implies: ['stack-directory'],
    examples: [{ argv: ['popd'], effects: ['stack-directory'] }],
  },
  {
    names: ['seq'],
    summary: 'prints a sequence of numbers',
    readOnly: 'any-option',
    // `seq -1 1`: after the first operand, words are operands.
    permute: false,
  },
  {
    names: ['hexdump'],
    summary:
      'prints files in hexadecimal; `-f FILE` reads its format from a file and prints what it cannot parse',
    readOnly: 'any-option',
    short: 'e:f:n:s:',
    long: 'format= format-file= length= skip=',
    values: { '-f': 'read', '--format-file': 'read' },
    effects: { '-f': LISTS, '--format-file': LISTS },
    examples: [{ argv: ['hexdump', '-f', 'fmt', 'x'], roles: { 2: 'read' }, effects: ['reads-listed'] }],
  },
  {
    names: ['base64', 'base32', 'basenc'],
    summary: 'encode or decode; GNU only prints, BSD/macOS `-o FILE` writes',
    readOnly: 'any-option',
    short: 'o:',
    long: 'output=',
    abbreviations: true,
    values: { '-o': 'write', '--output': 'write' },
    examples: [{ argv: ['base64', '-o', 'out', 'in'], roles: { 2: 'write' } }],
  },
  {
    names: ['sort'],
    summary: 'sorts lines; `-o FILE` writes, `--compress-program` runs a program',
    readOnly: 'listed-options',
    short: 'bcCdfghiMmnRrsuVzk:o:S:t:T:',
    long:
      'ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort ' +
      'human-numeric-sort numeric-sort random-sort random-source= reverse sort= version-sort batch-size= ' +
      'check=? compress-program= debug files0-from= key= merge output= stable buffer-size= field-separator= ' +
      'temporary-directory= unique zero-terminated parallel= help version',
    abbreviations: true,
    values: { '-o': 'write', '--output': 'write', '--files0-from': 'read' },
    // `echo -n .env | sort --files0-from=-` prints files the command line never names.
    effects: { '--compress-program': ['runs'], '--files0-from': LISTS },
    examples: [
      { argv: ['sort', '-uo', 'out', 'in'], roles: { 2: 'write' } },
      { argv: ['sort', '--compress=gzip', 'in'], effects: ['runs'] },
    ],
  },
  {
    names: ['uniq'],
    summary: 'filters repeated lines; writes its second operand',
    readOnly: 'listed-options',
    short: 'cdDiuzf:s:w:',
    long: 'count repeated all-repeated=? skip-fields= skip-chars= check-chars= ignore-case unique zero-terminated group=? help version',
    abbreviations: true,
    operands: ['read', 'write'],
    examples: [{ argv: ['uniq', '-c', 'in', 'out'], roles: { 2: 'read', 3: 'write' } }],
  },
  {
    names: ['date'],
    summary: 'prints the date; `-s` or an operand not starting with `+` sets the clock',
    readOnly: 'listed-options',
    short: 'd:f:I::r:s:uRjnv:',
    long: 'date= file= iso-8601=? rfc-3339= rfc-email rfc-2822 reference= set= utc universal debug resolution help version',
    abbreviations: true,
    // `date -f FILE` parses each line of FILE and prints a bad one back: `invalid date 'KEY=…'`.
    values: { '-f': 'read', '--file': 'read' },
    effects: { '-s': ['writes'], '--set': ['writes'], '-f': LISTS, '--file': LISTS },
    examples: [{ argv: ['date', '-s', 'now'], effects: ['writes'] }],
  },
  {
    names: ['hostname'],
    summary: 'prints the host name; an operand, `-F FILE` or `-b` sets it',
    readOnly: 'listed-options',
    short: 'aAbdfiIsyvVhF:',
    long: 'alias all-fqdns all-ip-addresses boot domain fqdn long ip-address short yp nis verbose version help file=',
    abbreviations: true,
    effects: { '-F': ['writes'], '--file': ['writes'], '-b': ['writes'], '--boot': ['writes'] },
  },
  {
    names: ['wait'],
    summary: 'waits for jobs; `-p NAME` assigns a shell variable (bash 5.1)',
    readOnly: 'any-option',
    short: 'fnp:',
    values: { '-p': 'name' },
    effects: { '-p': ['writes'] },
  },
  {
    names: ['nm'],
    summary: 'lists symbols; `--plugin NAME` loads a shared library (code runs), `@FILE` reads more options',
    readOnly: 'any-option',
    long: 'plugin=',
    effects: { '--plugin': ['runs'] },
    optionFiles: '@',
    examples: [
      { argv: ['nm', '@opts', 'a.out'], effects: ['reads-options'] },
      { argv: ['nm', '-C', 'a.out'], notEffects: ['reads-options'] },
    ],
  },
  {
    names: ['xxd'],
    summary: 'prints a hex dump of a file, or turns one back (`-r`); writes its second operand',
    readOnly: 'any-option',
    // `-cols 8`, `-ps`: long options with one dash, and `-c 8`/`-c8` values.
    singleDash: true,
    long:
      'a autoskip b bits C capitalize c= cols= d E EBCDIC e g= groupsize= h help i include l= len= ' +
      'n= name= o= offset= p ps postscript plain r revert R= s= seek= u v version',
    values: {
      '-c': 'value',
      '-cols': 'value',
      '-g': 'value',
      '-groupsize': 'value',
      '-l': 'value',
      '-len': 'value',
      '-o': 'value',
      '-offset': 'value',
      '-s': 'value',
      '-seek': 'value',
      '-R': 'value',
      '-n': 'name',
      '-name': 'name',
    },
    operands: ['read', 'write'],
    examples: [
      { argv: ['xxd', '-c', '8', 'in', 'out'], roles: { 2: 'value', 3: 'read', 4: 'write' } },
      { argv: ['xxd', '-r', '-p', 'dump'], roles: { 3: 'read' } },
    ],
  },
  {
    names: ['tree'],
    summary:
      'lists directory trees; `-o FILE` writes the listing, `-R` reruns it with `-o 00Tree.html` in each directory',
    readOnly: 'any-option',
    // tree reads every letter of a dash word as an option, and a letter that takes a value
    // takes the next word (`-oa out` is `-o out -a`). Only `-o` is listed, so the others read
    // as flags and their values as operands (`-Lo 2 out` reads `2` as `-o`'s: more written).
    short: 'o:R',
    valuesFollow: true,
    long: 'output= fromfile fromtabfile',
    values: { '-o': 'write', '--output': 'write' },
    // `--fromfile` reads listings from its operands and prints their lines.
    effects: { '-R': ['writes'], '--fromfile': LISTS, '--fromtabfile': LISTS },
    examples: [
      { argv: ['tree', '-o', 'out', '.'], roles: { 2: 'write' } },
      { argv: ['tree', '-oa', 'out', '.'], roles: { 2: 'write' } },
      { argv: ['tree', '-oo', 'a', 'b', '.'], roles: { 2: 'write', 3: 'write' } },
      { argv: ['tree', '-R', 'src'], effects: ['writes'] },
      { argv: ['tree', '--fromfile', 'list.txt'], effects: ['reads-listed'] },
    ],
  },
  {
    // Alone (or with `--help`, `--version`) it prints the machine name; macOS `arch -x86_64
    // CMD`, `arch -arch arm64 CMD` runs CMD under another architecture: a runner whose options
    // the table does not list, so any later word may be the command (as in `runners.ts`).
    names: ['arch'],
    summary: 'prints the machine name; on macOS it runs the program its operands name',
    readOnly: 'listed-options',
    long: 'help version',
    wrapper: 'any-later-word',
    examples: [{ argv: ['arch', 'make', 'x'], roles: { 1: 'unknown', 2: 'unknown' } }],
  },
  {
    names: ['size', 'objdump', 'readelf', 'strings'],
    summary: 'print parts of object files; `@FILE` reads more options',
    readOnly: 'any-option',
    optionFiles: '@',
    examples: [{ argv: ['objdump', '@opts', 'x.o'], effects: ['reads-options'] }],
  },
];
