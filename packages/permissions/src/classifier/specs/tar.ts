/**
 * `tar` is read-only only when listing (`-t`, `--list`), comparing (`-d`, `--diff`) or
 * testing a label, and no option runs a program (`--to-command`, `-I/--use-compress-program`,
 * `-z`/`-j`/`-J`/`--zstd`…, which run a compressor found on PATH,
 * `-F/--info-script`, `--checkpoint-action=exec=…`, `--rsh-command`, an archive `host:file`
 * reached through rsh) or writes a side file (`--index-file`, `-g`, `--volno-file`).
 * Old-style bundles (`tar tvf a.tar`) are rewritten into dashed options first: each letter
 * that takes a value consumes the next word, in order.
 */
import type { ShellWord } from '../../shell/types';
import { defineSpec } from '../define-spec';
import { isParseFailure, parseOptions } from '../parse-options';
import type { ClassificationResult } from '../types';
import { dangerousOption, mutating, readOnly, unknown } from '../verdict';

const checkpointAction = (value: string | undefined) => (value?.startsWith('exec') ? 'exec' : undefined);

// Each of these runs gzip, bzip2, xz, … — whichever one PATH finds first.
const COMPRESSORS = [
  '-z',
  '-j',
  '-J',
  '-Z',
  '--gzip',
  '--gunzip',
  '--ungzip',
  '--bzip2',
  '--xz',
  '--lzip',
  '--lzma',
  '--lzop',
  '--zstd',
  '--compress',
  '--uncompress',
];

/** tar's option table (exported for the property tests). */
export const tarSpec = defineSpec({
  short: 'AcdrtuxabB0C:f:F:g:GhH:iI:jJkK:lL:mMN:oOpPRsSUvV:wWX:zZT:',
  long:
    'catenate concatenate create diff compare delete append list test-label update extract get ' +
    'auto-compress blocking-factor= read-full-records directory= file= info-script= new-volume-script= ' +
    'listed-incremental= incremental dereference format= ignore-zeros use-compress-program= bzip2 xz ' +
    'keep-old-files starting-file= check-links tape-length= touch multi-volume newer= after-date= ' +
    'newer-mtime= no-same-owner to-stdout preserve-permissions same-permissions absolute-names ' +
    'block-number same-order preserve-order sparse files-from= unlink-first verbose label= interactive ' +
    'confirmation verify exclude-from= gzip gunzip ungzip compress uncompress lzip lzma lzop zstd ' +
    'to-command= checkpoint=? checkpoint-action= rsh-command= rmt-command= index-file= volno-file= ' +
    'force-local exclude= exclude-vcs exclude-vcs-ignores exclude-caches wildcards no-wildcards anchored ' +
    'no-anchored ignore-case no-ignore-case recursion no-recursion null no-null numeric-owner owner= group= ' +
    'mode= mtime= occurrence=? show-transformed-names transform= xform= strip-components= warning= ' +
    'totals=? utc full-time quiet quoting-style= one-file-system one-top-level=? overwrite ' +
    'overwrite-dir remove-files skip-old-files keep-newer-files keep-directory-symlink show-defaults ' +
    'show-omitted-dirs show-stored-names no-same-permissions same-owner sort= record-size= acls no-acls ' +
    'selinux no-selinux xattrs no-xattrs xattrs-include= xattrs-exclude= posix old-archive portability ' +
    'pax-option= hole-detection= seek no-seek no-auto-compress delay-directory-restore ' +
    'no-delay-directory-restore ignore-failed-read ignore-command-error no-ignore-command-error help usage version',
  danger: {
    '--to-command': 'exec',
    '-I': 'exec',
    '--use-compress-program': 'exec',
    '-F': 'exec',
    '--info-script': 'exec',
    '--new-volume-script': 'exec',
    '--checkpoint-action': checkpointAction,
    '--rsh-command': 'exec',
    '--rmt-command': 'exec',
    '--index-file': 'write',
    '-g': 'write',
    '--listed-incremental': 'write',
    '--volno-file': 'write',
    '--remove-files': 'write',
    ...Object.fromEntries(COMPRESSORS.map((option) => [option, 'exec' as const])),
  },
  why: Object.fromEntries(COMPRESSORS.map((option) => [option, 'runs a compression program found on PATH'])),
});

const READ_MODES = new Set(['-t', '--list', '-d', '--diff', '--compare', '--test-label']);
const WRITE_MODES = new Set([
  '-A',
  '--catenate',
  '--concatenate',
  '-c',
  '--create',
  '--delete',
  '-r',
  '--append',
  '-u',
  '--update',
  '-x',
  '--extract',
  '--get',
]);

/** Rewrites an old-style first word (`tvf a.tar`) into dashed options. */
function expandBundle(args: readonly string[]): string[] | undefined {
  const first = args[0];
  if (first === undefined || first.startsWith('-')) return [...args];
  const rest = args.slice(1);
  const out: string[] = [];
  for (const letter of first) {
    const def = tarSpec.short.get(letter);
    if (!def) return undefined;
    out.push(`-${letter}`);
    if (def.argument === 'required') {
      const value = rest.shift();
      if (value === undefined) return undefined;
      out.push(value);
    }
  }
  return [...out, ...rest];
}

/** Classifies `tar ARGS…`. */
export function classifyTar(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  const expanded = expandBundle(args);
  if (!expanded) return unknown('tar: old-style option bundle not understood', args[0]);
  // Word alignment is lost when a bundle is expanded; keep it only for dashed forms.
  const parsed = parseOptions(tarSpec, expanded, args[0]?.startsWith('-') ? words : undefined);
  if (isParseFailure(parsed)) return unknown(`tar: ${parsed.failure}`, parsed.flag);
  const danger = dangerousOption('tar', parsed);
  if (danger) return danger;
  let mode: string | undefined;
  for (const option of parsed.options) {
    if (WRITE_MODES.has(option.def.name))
      return mutating(`tar ${option.def.name} creates or changes files`, option.spelling);
    if (READ_MODES.has(option.def.name)) mode = option.def.name;
  }
  if (!mode) return unknown('tar without a known operation mode');
  const forceLocal = parsed.options.some((option) => option.def.name === '--force-local');
  for (const option of parsed.options) {
    if (
      (option.def.name === '-f' || option.def.name === '--file') &&
      option.value?.includes(':') &&
      !forceLocal
    ) {
      return mutating('tar -f HOST:FILE runs a remote shell (rsh/ssh) to reach the archive', option.spelling);
    }
  }
  return readOnly(`tar ${mode} only reads the archive`);
}
