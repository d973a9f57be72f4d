/**
 * Option tables of the simple read-only commands whose command-table entries belong to
 * another part of the table's move (decision 0039): the floor's non-reading commands (`ls`,
 * `stat`, `du`, `wc`, `file`, …), the grep family and `diff`/`rg`. Commands none of whose
 * options (GNU or BSD) write or execute are marked `harmlessOptions`: an option we do not
 * list cannot make them dangerous. The others list every option, so an unknown one is
 * 'unknown' and an abbreviation resolves the way getopt_long resolves it. The other simple
 * commands are entries of `commands/table/basics.ts`.
 */
import { defineSpec } from '../define-spec';
import type { ClassificationResult, CommandSpec, ParsedArgs } from '../types';
import { unknown } from '../verdict';

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

const printf = defineSpec({
  short: 'v:',
  long: 'help version',
  abbreviations: false,
  permute: false,
  danger: { '-v': 'write' },
  why: { '-v': 'assigns a shell variable' },
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
  ['wc', wc],
  ['echo', harmless({ permute: false })],
  ['stat', harmless()],
  ['du', du],
  ['grep', harmless()],
  ['egrep', harmless()],
  ['fgrep', harmless()],
  ['diff', diff],
  ['basename', harmless()],
  ['dirname', harmless()],
  ['realpath', harmless()],
  ['readlink', harmless()],
  ['printf', printf],
  ['file', file],
  ['rg', rg],
]);
