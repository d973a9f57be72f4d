/**
 * Archivers: what they read into an archive is read whole, every tree file by file. Facts from
 * GNU tar 1.35's, Info-ZIP zip 3.0's and 7-Zip 23's manuals.
 */
import type { CommandFact } from '../types';

/** 7-Zip's switches: one word each, the letter then its value (`-p…`, `-t7z`, `-x!*.log`). */
const SEVEN_ZIP_SWITCHES = {
  short: 'a::b::i::m::o::p::r::s::t::u::v::w::x::y::',
  values: {
    '-i': 'read',
    '-x': 'pattern',
    '-o': 'write',
    '-w': 'write',
    '-p': 'value',
    '-t': 'value',
    '-m': 'value',
    '-v': 'value',
  },
  // `-i@list`, `-ir@list`, `-x@list`, `-ai@list`: the names are read from a list file.
  effects: { '-i=*@*': ['reads-listed'], '-x=*@*': ['reads-listed'], '-a=*@*': ['reads-listed'] },
  // `7z a x.7z @list.txt`: an operand naming a list file.
  listOperands: '@',
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

/** A 7-Zip command that adds files to the archive its first operand names. */
const SEVEN_ZIP_ADDS = {
  ...SEVEN_ZIP_SWITCHES,
  implies: ['recursive'],
  operands: ['write', 'read'],
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

/** A 7-Zip command that reads the archive its first operand names; later operands name files in it. */
const SEVEN_ZIP_READS = {
  ...SEVEN_ZIP_SWITCHES,
  operands: ['read', 'name'],
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

export const ARCHIVES: readonly CommandFact[] = [
  {
    names: ['tar', 'gtar', 'bsdtar'],
    summary: 'creates, lists and extracts archives; -c/-r/-u read trees into one',
    short: 'AcdrtuxaBhijJklmMnOopPRsSUvwWzZG0b:C:f:F:g:H:I:K:L:N:T:V:X:',
    long:
      'create append update extract get list diff compare delete concatenate catenate test-label ' +
      'directory= file= files-from= exclude= exclude-from= exclude-vcs exclude-vcs-ignores ' +
      'exclude-caches exclude-backups use-compress-program= to-command= owner= group= mode= mtime= ' +
      'transform= xform= label= format= newer= newer-mtime= after-date= listed-incremental= ' +
      'blocking-factor= info-script= new-volume-script= starting-file= tape-length= ' +
      'strip-components= checkpoint=? checkpoint-action= warning= sort= owner-map= group-map= ' +
      'gzip gunzip ungzip bzip2 xz lzma zstd lzip lzop compress uncompress auto-compress verbose ' +
      'keep-old-files keep-newer-files overwrite skip-old-files wildcards no-wildcards no-recursion ' +
      'recursion anchored no-anchored null verbatim-files-from totals numeric-owner ' +
      'preserve-permissions same-permissions same-owner no-same-owner no-same-permissions ' +
      'dereference hard-dereference one-file-system sparse ignore-failed-read absolute-names ' +
      'remove-files show-transformed-names to-stdout multi-volume incremental interactive ' +
      'ignore-zeros help version read-full-records check-links touch block-number same-order ' +
      'preserve-order unlink-first confirmation verify rsh-command= rmt-command= index-file= volno-file= ' +
      'force-local ignore-case no-ignore-case no-null occurrence=? utc full-time quiet quoting-style= ' +
      'one-top-level=? overwrite-dir keep-directory-symlink show-defaults show-omitted-dirs ' +
      'show-stored-names record-size= acls no-acls selinux no-selinux xattrs no-xattrs xattrs-include= ' +
      'xattrs-exclude= posix old-archive portability pax-option= hole-detection= seek no-seek ' +
      'no-auto-compress delay-directory-restore no-delay-directory-restore ignore-command-error ' +
      'no-ignore-command-error usage',
    abbreviations: true,
    // Read-only only when listing or comparing (`-t`, `-d`), with every option listed (decision
    // 0043); no mode, or `-f HOST:FILE` (reached by rsh), is `classifier/table-checks.ts`.
    readOnly: 'listed-options',
    bundledFirst: true,
    // GNU tar reads TAR_OPTIONS as options before its own (`--to-command=sh`).
    env: ['TAR_OPTIONS'],
    optionsEnv: ['TAR_OPTIONS'],
    values: {
      '-C': 'chdir',
      '--directory': 'chdir',
      '-T': 'read',
      '--files-from': 'read',
      '-X': 'read',
      '--exclude-from': 'read',
      // Names left out are never read (`tar czf out.tgz --exclude=.env .`).
      '--exclude': 'pattern',
      '-b': 'value',
      '--blocking-factor': 'value',
      '-H': 'value',
      '--format': 'value',
      '-L': 'value',
      '--tape-length': 'value',
      '-V': 'name',
      '--label': 'name',
      '--owner': 'value',
      '--group': 'value',
      '--mode': 'value',
      '--mtime': 'value',
      '--transform': 'value',
      '--xform': 'value',
      '--strip-components': 'value',
      '--sort': 'value',
      '--warning': 'value',
      // Command lines it runs: for each member, as the compressor, between volumes, to reach
      // a remote archive, at a checkpoint.
      '--to-command': 'script',
      '-I': 'script',
      '--use-compress-program': 'script',
      '-F': 'script',
      '--info-script': 'script',
      '--new-volume-script': 'script',
      '--rsh-command': 'script',
      '--checkpoint-action': 'script',
    },
    scriptFormat: { '--checkpoint-action': 'exec-action' },
    effects: {
      '-c': ['recursive', 'writes'],
      '--create': ['recursive', 'writes'],
      '-r': ['recursive', 'writes'],
      '--append': ['recursive', 'writes'],
      '-u': ['recursive', 'writes'],
      '--update': ['recursive', 'writes'],
      // The other modes that create or change files.
      '-A': ['writes'],
      '--catenate': ['writes'],
      '--concatenate': ['writes'],
      '--delete': ['writes'],
      '-x': ['writes'],
      '--extract': ['writes'],
      '--get': ['writes'],
      // Side files written, and the files removed once archived.
      '--index-file': ['writes'],
      '-g': ['writes'],
      '--listed-incremental': ['writes'],
      '--volno-file': ['writes'],
      '--remove-files': ['writes'],
      // Programs run: for each member, between volumes, to reach a remote archive, at a
      // checkpoint (`--checkpoint-action=exec=CMD`; any action counts), and the compressors
      // (gzip, bzip2, xz, …) found on PATH.
      '--to-command': ['runs'],
      '-I': ['runs'],
      '--use-compress-program': ['runs'],
      '-F': ['runs'],
      '--info-script': ['runs'],
      '--new-volume-script': ['runs'],
      '--rsh-command': ['runs'],
      '--rmt-command': ['runs'],
      '--checkpoint-action=*': ['runs'],
      '-z': ['runs'],
      '-j': ['runs'],
      '-J': ['runs'],
      '-Z': ['runs'],
      '--gzip': ['runs'],
      '--gunzip': ['runs'],
      '--ungzip': ['runs'],
      '--bzip2': ['runs'],
      '--xz': ['runs'],
      '--lzip': ['runs'],
      '--lzma': ['runs'],
      '--lzop': ['runs'],
      '--zstd': ['runs'],
      '--compress': ['runs'],
      '--uncompress': ['runs'],
    },
    operands: ['read'],
    examples: [
      { argv: ['tar', 'czf', 'out.tgz', 'a'], roles: { 3: 'read' }, effects: ['recursive'] },
      { argv: ['tar', 'cfb', 'out.tar', '20', 'a'], roles: { 3: 'value', 4: 'read' } },
      { argv: ['tar', 'xzf', 'out.tgz'], notEffects: ['recursive'] },
      {
        argv: ['tar', '-C', 'dir', '-cf', 'out.tar', 'x'],
        roles: { 2: 'chdir', 5: 'read' },
        effects: ['recursive'],
      },
      { argv: ['tar', 'cf', '--exclude', '.env'], roles: { 3: 'read' } },
      { argv: ['tar', 'tvf', 'a.tar'], roles: { 2: 'unknown' }, notEffects: ['writes', 'runs'] },
      { argv: ['tar', '-tzf', 'a.tgz'], effects: ['runs'] },
      { argv: ['tar', '-xf', 'a.tar'], effects: ['writes'] },
      { argv: ['tar', '-xf', 'a.tar', '--to-command=rm x'], commandLines: ['rm x'] },
      { argv: ['tar', 'cIf', 'rm x', 'a.tar', 'dir'], commandLines: ['rm x'] },
      { argv: ['tar', '-cf', 'a.tar', '--checkpoint-action=exec=rm x', 'dir'], commandLines: ['rm x'] },
      { argv: ['tar', '-cf', 'a.tar', '--checkpoint-action=dot', 'dir'], commandLines: [] },
      {
        argv: ['tar', '-tf', 'a.tar'],
        env: { TAR_OPTIONS: '--to-command=sh' },
        envEffects: ['runs'],
        notEffects: ['runs'],
      },
    ],
  },
  {
    names: ['zip'],
    summary: 'packs files into a zip archive; -r packs trees; -T tests it with unzip, or with -TT CMD',
    // `-TT CMD` (`--unzip-command`) is one option of two letters beside `-T`: the command line
    // zip runs to test the archive.
    short: 'b:n:x:i:t:P:O:rRqvdDfFuUmjkloTyAcJzSXeg@$0123456789[TT]:',
    long:
      'recurse-paths recurse-patterns exclude= include= password= temp-path= suffixes= out= quiet ' +
      'verbose delete freshen update move junk-paths symlinks test encrypt grow help version ' +
      'unzip-command= names-stdin',
    values: {
      '-TT': 'script',
      '--unzip-command': 'script',
      '-x': 'pattern',
      '--exclude': 'pattern',
      '-i': 'read',
      '--include': 'read',
      '-b': 'write',
      '--temp-path': 'write',
      '-O': 'write',
      '--out': 'write',
      '-n': 'value',
      '--suffixes': 'value',
      '-t': 'value',
      '-P': 'value',
      '--password': 'value',
    },
    // `-x`/`-i` take every word up to the next option: `-x .env '*.pem' -r`.
    valueLists: ['-x', '--exclude', '-i', '--include'],
    effects: {
      '-r': ['recursive'],
      '-R': ['recursive'],
      '--recurse-paths': ['recursive'],
      '--recurse-patterns': ['recursive'],
      // The names of the files to pack, read from standard input (`find . | zip x.zip -@`), and
      // the patterns of `-i@FILE`/`-x@FILE`, read from FILE.
      '-@': ['reads-listed'],
      '--names-stdin': ['reads-listed'],
      '-i=@*': ['reads-listed'],
      '--include=@*': ['reads-listed'],
      '-x=@*': ['reads-listed'],
      '--exclude=@*': ['reads-listed'],
    },
    operands: ['write', 'read'],
    examples: [
      {
        argv: ['zip', '-qr', 'out.zip', 'dir', '-x', '.env'],
        roles: { 2: 'write', 3: 'read', 5: 'pattern' },
      },
      {
        argv: ['zip', '-r', 'out.zip', '.', '-x', '.env', '*.pem', '-q', 'more'],
        roles: { 5: 'pattern', 6: 'pattern', 8: 'read' },
      },
      {
        argv: ['zip', '-T', '-TT', 'rm -rf x', 'a.zip', 'f'],
        roles: { 3: 'script', 4: 'write', 5: 'read' },
        commandLines: ['rm -rf x'],
      },
      { argv: ['zip', '-qTT', 'rm x', 'a.zip', 'f'], roles: { 2: 'script' }, commandLines: ['rm x'] },
      { argv: ['zip', '--unzip-command=rm x', 'a.zip', 'f'], commandLines: ['rm x'] },
      { argv: ['zip', '-T', 'a.zip', 'f'], roles: { 2: 'write', 3: 'read' }, commandLines: [] },
      { argv: ['zip', '-r@', 'x.zip'], roles: { 2: 'write' }, effects: ['reads-listed'] },
      { argv: ['zip', 'x.zip', '-i@list.txt'], effects: ['reads-listed'] },
      { argv: ['zip', '-r', 'x.zip', 'dir', '-x', '*.o'], notEffects: ['reads-listed'] },
    ],
  },
  {
    names: ['7z', '7za', '7zz', '7zr'],
    summary: '7-Zip: a adds trees to an archive, x extracts, l lists',
    ...SEVEN_ZIP_SWITCHES,
    subcommands: {
      a: { summary: 'adds files to an archive', ...SEVEN_ZIP_ADDS },
      u: { summary: 'updates files in an archive', ...SEVEN_ZIP_ADDS },
      b: { summary: 'benchmarks', ...SEVEN_ZIP_SWITCHES },
      d: { summary: 'deletes files from an archive', ...SEVEN_ZIP_READS },
      e: { summary: 'extracts files, without their directories', ...SEVEN_ZIP_READS },
      h: { summary: 'prints hashes of files', ...SEVEN_ZIP_SWITCHES, operands: ['read'] },
      i: { summary: 'prints the supported formats', ...SEVEN_ZIP_SWITCHES },
      l: { summary: 'lists an archive', ...SEVEN_ZIP_READS },
      rn: { summary: 'renames files in an archive', ...SEVEN_ZIP_READS },
      t: { summary: 'tests an archive', ...SEVEN_ZIP_READS },
      x: { summary: 'extracts files with their directories', ...SEVEN_ZIP_READS },
    },
    examples: [
      {
        argv: ['7z', 'a', '-r', '-pSECRET', 'out.7z', 'dir'],
        roles: { 4: 'write', 5: 'read' },
        effects: ['recursive'],
      },
      { argv: ['7z', 'x', 'out.7z', '-oout'], roles: { 2: 'read' }, notEffects: ['recursive'] },
      { argv: ['7z', 'a', 'x.7z', '@list.txt'], effects: ['reads-listed'] },
      { argv: ['7z', 'a', '-ir@list', 'x.7z'], effects: ['reads-listed'] },
      { argv: ['7z', 'a', '-ir!*.txt', 'x.7z', 'dir'], notEffects: ['reads-listed'] },
    ],
  },
];
