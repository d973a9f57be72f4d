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
    short: 'AcdrtuxaBhijJklmMnOopPRsSUvwWzZGb:C:f:F:g:H:I:K:L:N:T:V:X:',
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
      'ignore-zeros help version',
    abbreviations: true,
    bundledFirst: true,
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
    },
    effects: {
      '-c': ['recursive'],
      '--create': ['recursive'],
      '-r': ['recursive'],
      '--append': ['recursive'],
      '-u': ['recursive'],
      '--update': ['recursive'],
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
    ],
  },
  {
    names: ['zip'],
    summary: 'packs files into a zip archive; -r packs trees',
    short: 'b:n:x:i:t:P:O:rRqvdDfFuUmjkloTyAcJzSXeg@$0123456789',
    long:
      'recurse-paths recurse-patterns exclude= include= password= temp-path= suffixes= out= quiet ' +
      'verbose delete freshen update move junk-paths symlinks test encrypt grow help version',
    values: {
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
    effects: {
      '-r': ['recursive'],
      '-R': ['recursive'],
      '--recurse-paths': ['recursive'],
      '--recurse-patterns': ['recursive'],
    },
    operands: ['write', 'read'],
    examples: [
      {
        argv: ['zip', '-qr', 'out.zip', 'dir', '-x', '.env'],
        roles: { 2: 'write', 3: 'read', 5: 'pattern' },
      },
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
    ],
  },
];
