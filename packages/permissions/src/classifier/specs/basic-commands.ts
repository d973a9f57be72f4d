/**
 * Option tables of the simple read-only commands on the allowlist. Commands none of whose
 * options (GNU or BSD) write or execute are marked `harmlessOptions`: an option we do not
 * list cannot make them dangerous. The others list every option, so an unknown one is
 * 'unknown' and an abbreviation resolves the way getopt_long resolves it.
 */
import { defineSpec } from '../define-spec';
import type { ClassificationResult, CommandSpec, ParsedArgs } from '../types';
import { mutating, unknown } from '../verdict';

const harmless = (extra: Partial<Parameters<typeof defineSpec>[0]> = {}): CommandSpec =>
  defineSpec({ harmlessOptions: true, ...extra });

/**
 * An option whose value is a file the command reads and whose lines it prints back, in its
 * output or its error messages (`du --files0-from=.env` prints `du: cannot access
 * 'API_KEY=…'`): a read the command line does not spell as an operand. Not read-only, and
 * named in `reads` so a secret check can look at the file.
 */
function optionRead(command: string, names: readonly string[], what: string) {
  return (parsed: ParsedArgs): ClassificationResult | undefined => {
    const option = parsed.options.find((candidate) => names.includes(candidate.def.name));
    if (option === undefined) return undefined;
    const result: ClassificationResult = {
      ...unknown(`${command} ${option.def.name} ${what}`, option.spelling),
      prefixExcluded: true,
    };
    if (option.value !== undefined && option.value !== '-') result.reads = [option.value];
    return result;
  };
}

const FILES0_WHY = 'reads file names from a file and prints them (in errors too): a read of that file';

/** GNU du / wc: `--files0-from=F`. */
const du = defineSpec({
  short: 'B:d:t:X:',
  long: 'files0-from= block-size= max-depth= threshold= exclude-from= exclude= time=? time-style=',
  harmlessOptions: true,
  check: optionRead('du', ['--files0-from'], FILES0_WHY),
});
const wc = defineSpec({
  long: 'files0-from=',
  harmlessOptions: true,
  check: optionRead('wc', ['--files0-from'], FILES0_WHY),
});

/** hexdump `-f FORMAT_FILE` reads its format from a file and prints what it cannot parse. */
const hexdump = defineSpec({
  short: 'e:f:n:s:',
  long: 'format= format-file= length= skip=',
  harmlessOptions: true,
  check: optionRead('hexdump', ['-f', '--format-file'], 'prints lines of the format file it reads'),
});

/** GNU base64 only prints; BSD/macOS base64 has `-o FILE` / `--output=FILE`. */
const baseEncoder = defineSpec({
  short: 'o:',
  long: 'output=',
  harmlessOptions: true,
  danger: { '-o': 'write', '--output': 'write' },
});

const sort = defineSpec({
  short: 'bcCdfghiMmnRrsuVzk:o:S:t:T:',
  long:
    'ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort ' +
    'human-numeric-sort numeric-sort random-sort random-source= reverse sort= version-sort batch-size= ' +
    'check=? compress-program= debug files0-from= key= merge output= stable buffer-size= field-separator= ' +
    'temporary-directory= unique zero-terminated parallel= help version',
  danger: { '-o': 'write', '--output': 'write', '--compress-program': 'exec' },
  // `echo -n .env | sort --files0-from=-` prints files the command line never names: the
  // floor cannot check them, so no prefix rule covers it.
  check: (parsed) => {
    const list = parsed.options.find((option) => option.def.name === '--files0-from');
    return list === undefined
      ? undefined
      : {
          ...unknown(
            'sort prints the files named in its --files0-from list, which the command line does not show',
            list.spelling,
          ),
          prefixExcluded: true as const,
        };
  },
});

const uniq = defineSpec({
  short: 'cdDiuzf:s:w:',
  long: 'count repeated all-repeated=? skip-fields= skip-chars= check-chars= ignore-case unique zero-terminated group=? help version',
  check: (parsed) =>
    parsed.positionals.length >= 2
      ? mutating('uniq writes its second operand (OUTPUT file)', parsed.positionals[1])
      : undefined,
});

const date = defineSpec({
  short: 'd:f:I::r:s:uRjnv:',
  long: 'date= file= iso-8601=? rfc-3339= rfc-email rfc-2822 reference= set= utc universal debug resolution help version',
  danger: { '-s': 'write', '--set': 'write' },
  why: { '-s': 'sets the system clock', '--set': 'sets the system clock' },
  check: (parsed) => {
    // `date -f FILE` parses each line of FILE and prints a bad one back: `invalid date 'KEY=…'`.
    const listed = optionRead(
      'date',
      ['-f', '--file'],
      'prints lines of the file it reads dates from',
    )(parsed);
    if (listed !== undefined) return listed;
    const setter = parsed.positionals.find((operand) => !operand.startsWith('+'));
    return setter === undefined
      ? undefined
      : mutating('date with a non-format operand sets the system clock', setter);
  },
});

const hostname = defineSpec({
  short: 'aAbdfiIsyvVhF:',
  long: 'alias all-fqdns all-ip-addresses boot domain fqdn long ip-address short yp nis verbose version help file=',
  danger: { '-F': 'write', '--file': 'write', '-b': 'write', '--boot': 'write' },
  why: {
    '-F': 'sets the host name',
    '--file': 'sets the host name',
    '-b': 'sets the host name',
    '--boot': 'sets the host name',
  },
  check: (parsed) =>
    parsed.positionals.length > 0
      ? mutating('hostname NAME sets the host name', parsed.positionals[0])
      : undefined,
});

const printf = defineSpec({
  short: 'v:',
  long: 'help version',
  abbreviations: false,
  permute: false,
  danger: { '-v': 'write' },
  why: { '-v': 'assigns a shell variable' },
});

/** `wait -p NAME` assigns the waited-for job's id to a shell variable (bash 5.1). */
const wait = defineSpec({
  short: 'fnp:',
  harmlessOptions: true,
  danger: { '-p': 'write' },
  why: { '-p': 'assigns a shell variable' },
});

const file = defineSpec({
  short: 'bcCdEhiIkLlNnprsSvzZ0e:F:f:m:P:',
  long:
    'apple brief checking-printout compile debug exclude= exclude-quiet= extension files-from= separator= help ' +
    'keep-going list magic-file= mime mime-type mime-encoding no-buffer no-dereference dereference no-pad ' +
    'no-sandbox parameter= preserve-date raw special-files uncompress uncompress-noreport version print0',
  danger: {
    '-C': 'write',
    '--compile': 'write',
    '-p': 'write',
    '--preserve-date': 'write',
    '-z': 'exec',
    '--uncompress': 'exec',
    '-Z': 'exec',
    '--uncompress-noreport': 'exec',
  },
  why: {
    '-C': 'compiles a magic file',
    '--compile': 'compiles a magic file',
    '-p': 'resets access times',
    '--preserve-date': 'resets access times',
    '-z': 'runs decompression programs on compressed files',
    '--uncompress': 'runs decompression programs on compressed files',
    '-Z': 'runs decompression programs on compressed files',
    '--uncompress-noreport': 'runs decompression programs on compressed files',
  },
  // `file -f NAMEFILE` prints each line of NAMEFILE (`KEY=…: cannot open`); `-m MAGIC` parses
  // the file as magic and reports the lines it cannot read.
  check: optionRead(
    'file',
    ['-f', '--files-from', '-m', '--magic-file'],
    'prints lines of the file it reads (names or magic)',
  ),
});

/** GNU `diff -l` / `--paginate` pipes the output through `pr`, found on PATH. */
const diff = defineSpec({
  short: 'lC:U:I:x:X:S:F:D:W:',
  long: 'paginate',
  harmlessOptions: true,
  danger: { '-l': 'exec', '--paginate': 'exec' },
  why: {
    '-l': 'runs pr (found on PATH) on the output',
    '--paginate': 'runs pr (found on PATH) on the output',
  },
});

/**
 * binutils read more options from `@FILE`, where nothing shows what they do (`nm @opts`
 * can hold `--plugin`).
 */
const optionFile = (parsed: ParsedArgs) => {
  const file = parsed.positionals.find((operand) => operand.startsWith('@'));
  if (file === undefined) return undefined;
  return { ...unknown('binutils read further options from an @FILE', file), prefixExcluded: true as const };
};

/** `nm --plugin NAME` loads a shared library into nm: code runs. */
const nm = defineSpec({
  long: 'plugin=',
  harmlessOptions: true,
  danger: { '--plugin': 'exec' },
  why: { '--plugin': 'loads a shared library (code runs)' },
  check: optionFile,
});

const rg = defineSpec({
  short: 'abcFhHiIlLnNopPqsSuUvVwxzZ0A:B:C:d:e:E:f:g:j:M:m:r:t:T:',
  long:
    'after-context= before-context= context= regexp= encoding= file= glob= iglob= threads= max-columns= ' +
    'max-count= replace= type= type-not= max-depth= maxdepth= pre= pre-glob= hostname-bin= hyperlink-format= ' +
    'type-add= type-clear= colors= color= context-separator= field-context-separator= field-match-separator= ' +
    'path-separator= sort= sortr= max-filesize= dfa-size-limit= regex-size-limit= engine= ignore-file= ' +
    'generate= binary block-buffered byte-offset case-sensitive column count count-matches crlf debug trace ' +
    'files files-with-matches files-without-match fixed-strings follow glob-case-insensitive heading ' +
    'no-heading hidden no-hidden ignore-case ignore-file-case-insensitive include-zero invert-match json ' +
    'no-json line-buffered line-number no-line-number line-regexp max-columns-preview mmap no-mmap multiline ' +
    'multiline-dotall no-config no-filename with-filename no-ignore no-ignore-dot no-ignore-exclude ' +
    'no-ignore-files no-ignore-global no-ignore-messages no-ignore-parent no-ignore-vcs no-messages ' +
    'no-pcre2-unicode no-unicode null null-data one-file-system only-matching passthru passthrough pcre2 ' +
    'pcre2-version pretty quiet search-zip no-search-zip smart-case sort-files stats text no-text trim ' +
    'type-list unrestricted vimgrep word-regexp auto-hybrid-regex no-require-git no-binary no-column no-crlf ' +
    'no-encoding no-fixed-strings no-follow no-glob-case-insensitive no-ignore-file-case-insensitive ' +
    'no-include-zero no-invert-match no-max-columns-preview no-multiline no-multiline-dotall ' +
    'no-one-file-system no-pcre2 no-pre no-sort-files no-stats no-trim no-context-separator help version',
  abbreviations: false,
  danger: { '--pre': 'exec', '--hostname-bin': 'exec', '-z': 'exec', '--search-zip': 'exec' },
  why: {
    '--pre': 'runs a preprocessor command on every file',
    '--hostname-bin': 'runs a program to find the host name',
    '-z': 'runs decompression programs (gzip, xz, ...) found on PATH',
    '--search-zip': 'runs decompression programs (gzip, xz, ...) found on PATH',
  },
});

/** Allowlisted commands classified by their option table alone. */
export const BASIC_SPECS: ReadonlyMap<string, CommandSpec> = new Map<string, CommandSpec>([
  ['ls', harmless()],
  ['cat', harmless()],
  ['head', harmless({ numericOption: true })],
  ['tail', harmless({ numericOption: true })],
  ['wc', wc],
  ['echo', harmless({ permute: false })],
  ['pwd', harmless()],
  ['whoami', harmless()],
  ['id', harmless()],
  ['uname', harmless()],
  ['which', harmless()],
  ['type', harmless()],
  ['stat', harmless()],
  ['du', du],
  ['df', harmless()],
  ['grep', harmless()],
  ['egrep', harmless()],
  ['fgrep', harmless()],
  ['cut', harmless()],
  ['tr', harmless()],
  ['nl', harmless()],
  ['od', harmless()],
  ['hexdump', hexdump],
  ['diff', diff],
  ['cmp', harmless()],
  ['comm', harmless()],
  ['basename', harmless()],
  ['dirname', harmless()],
  ['realpath', harmless()],
  ['readlink', harmless()],
  ['seq', harmless({ permute: false })],
  ['true', harmless()],
  ['false', harmless()],
  ['printenv', harmless()],
  ...[
    'cd',
    'exit',
    ':',
    'pushd',
    'popd',
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
    'column',
    'fold',
    'fmt',
    'expand',
    'unexpand',
    'rev',
    'tac',
    'paste',
    'join',
    'expr',
    'numfmt',
    'cal',
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
    'zcat',
    'bzcat',
    'xzcat',
    'lsof',
    'ps',
    'pgrep',
    'lsblk',
    'logname',
  ].map((name): [string, CommandSpec] => [name, harmless()]),
  ...['size', 'objdump', 'readelf'].map((name): [string, CommandSpec] => [
    name,
    harmless({ check: optionFile }),
  ]),
  ['nm', nm],
  ['strings', harmless({ check: optionFile })],
  ['base64', baseEncoder],
  ['base32', baseEncoder],
  ['basenc', baseEncoder],
  ['sort', sort],
  ['uniq', uniq],
  ['date', date],
  ['hostname', hostname],
  ['printf', printf],
  ['wait', wait],
  ['file', file],
  ['rg', rg],
]);
