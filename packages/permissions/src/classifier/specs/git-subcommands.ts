/**
 * Option tables of git's read-only subcommands. git's parse-options accepts unique
 * abbreviations of long options, so `--out=x` is `--output=x`; the log/diff family has too
 * many options to list, so it tolerates unknown ones but treats any prefix of a dangerous
 * long option as that option. Subcommands that both list and change (branch, tag, remote,
 * config, stash, reflog, worktree) are read-only only in their listing forms.
 */
import { defineSpec } from '../define-spec';
import type { CommandSpec, OptionEffect, ParsedArgs } from '../types';
import { mutating, unknown } from '../verdict';

const DIFF_DANGER: Record<string, OptionEffect> = {
  '--output': 'write',
  '--ext-diff': 'exec',
  '--textconv': 'exec',
};
const DIFF_WHY: Record<string, string> = {
  '--output': 'writes its output to a file',
  '--ext-diff': 'runs the external diff program',
  '--textconv': 'runs textconv filter programs',
};
// `text` (`-a`) is its own option, not an abbreviation of `--textconv`.
const DIFF_LONG = 'output= ext-diff textconv text';
/** `git log --show-signature` runs gpg (or `gpg.program`) to verify each signature. */
const SIGNATURE: Record<string, OptionEffect> = { '--show-signature': 'exec' };

/** A log/diff-like subcommand: unknown options tolerated, dangerous ones caught in any spelling. */
function diffFamily(short = '', extraLong = '', extraDanger: Record<string, OptionEffect> = {}): CommandSpec {
  return defineSpec({
    short,
    long: `${DIFF_LONG} ${extraLong}`,
    harmlessOptions: true,
    numericOption: true,
    danger: { ...DIFF_DANGER, ...extraDanger },
    why: { ...DIFF_WHY, '--show-signature': 'runs gpg to verify signatures' },
  });
}

const positionalsNeedList = (what: string, listFlags: string[]) => (parsed: ParsedArgs) => {
  if (parsed.positionals.length === 0) return undefined;
  if (parsed.options.some((option) => listFlags.includes(option.def.name))) return undefined;
  return mutating(`git ${what} NAME creates a ${what}`, parsed.positionals[0]);
};

const branch = defineSpec({
  short: 'adDfmMcCrlvqitu:',
  long:
    'all remotes list verbose quiet ignore-case show-current color=? no-color column=? no-column abbrev=? ' +
    'no-abbrev sort= format= contains=* no-contains=* merged=* no-merged=* points-at=* omit-empty delete move copy ' +
    'force edit-description set-upstream-to= unset-upstream track=? no-track create-reflog recurse-submodules',
  danger: {
    '-d': 'write',
    '-D': 'write',
    '--delete': 'write',
    '-m': 'write',
    '-M': 'write',
    '--move': 'write',
    '-c': 'write',
    '-C': 'write',
    '--copy': 'write',
    '-f': 'write',
    '--force': 'write',
    '--edit-description': 'exec',
    '-u': 'write',
    '--set-upstream-to': 'write',
    '--unset-upstream': 'write',
    '-t': 'write',
    '--track': 'write',
    '--no-track': 'write',
    '--create-reflog': 'write',
    '--recurse-submodules': 'write',
  },
  check: positionalsNeedList('branch', ['-l', '--list', '--show-current']),
});

const tag = defineSpec({
  short: 'lin::adsvfmeuF:',
  long:
    'list ignore-case sort= format= contains=* no-contains=* merged=* no-merged=* points-at=* column=? no-column ' +
    'color=? omit-empty annotate delete sign verify force message= file= edit local-user= cleanup= create-reflog',
  danger: {
    '-a': 'write',
    '--annotate': 'write',
    '-d': 'write',
    '--delete': 'write',
    '-s': 'write',
    '--sign': 'exec',
    '-v': 'exec',
    '--verify': 'exec',
    '-f': 'write',
    '--force': 'write',
    '-m': 'write',
    '--message': 'write',
    '-F': 'write',
    '--file': 'write',
    '-e': 'exec',
    '--edit': 'exec',
    '-u': 'exec',
    '--local-user': 'exec',
    '--create-reflog': 'write',
    '--cleanup': 'write',
  },
  check: positionalsNeedList('tag', ['-l', '--list']),
});

const grep = diffFamily('O::', 'open-files-in-pager=?', { '-O': 'exec', '--open-files-in-pager': 'exec' });
/**
 * `git cat-file --batch` / `--batch-command` print the objects named on standard input
 * (`echo HEAD:.env | git cat-file --batch`), which the floor never sees: unknown, and no prefix
 * rule covers it. `--batch-check` prints names, types and sizes only.
 */
const BATCH_READS = new Set(['--batch', '--batch-command']);
const catFile: CommandSpec = {
  ...diffFamily('', 'filters batch=? batch-command=? batch-check=? batch-all-objects', {
    '--filters': 'exec',
  }),
  check: (parsed) => {
    const batch = parsed.options.find((option) => BATCH_READS.has(option.def.name));
    if (batch === undefined) return undefined;
    return {
      ...unknown(
        'git cat-file --batch prints the objects its input names, which cannot be checked',
        batch.spelling,
      ),
      prefixExcluded: true,
    };
  },
};

/** Subcommands whose options alone decide. */
export const GIT_SUBCOMMAND_SPECS: ReadonlyMap<string, CommandSpec> = new Map<string, CommandSpec>([
  ['log', diffFamily('', 'show-signature', SIGNATURE)],
  ['show', diffFamily('', 'show-signature', SIGNATURE)],
  ['diff', diffFamily()],
  ['whatchanged', diffFamily('', 'show-signature', SIGNATURE)],
  ['shortlog', diffFamily()],
  ['diff-tree', diffFamily()],
  ['diff-files', diffFamily()],
  ['diff-index', diffFamily()],
  ['range-diff', diffFamily()],
  ['rev-list', diffFamily()],
  ['blame', diffFamily()],
  ['annotate', diffFamily()],
  ['grep', grep],
  ['cat-file', catFile],
  ['status', defineSpec({ harmlessOptions: true })],
  ['rev-parse', defineSpec({ harmlessOptions: true })],
  ['ls-files', defineSpec({ harmlessOptions: true })],
  ['ls-tree', defineSpec({ harmlessOptions: true })],
  ['describe', defineSpec({ harmlessOptions: true })],
  ['merge-base', defineSpec({ harmlessOptions: true })],
  ['name-rev', defineSpec({ harmlessOptions: true })],
  ['count-objects', defineSpec({ harmlessOptions: true })],
  ['for-each-ref', defineSpec({ harmlessOptions: true })],
  ['show-ref', defineSpec({ harmlessOptions: true })],
  ['show-branch', defineSpec({ harmlessOptions: true })],
  ['check-ignore', defineSpec({ harmlessOptions: true })],
  ['check-attr', defineSpec({ harmlessOptions: true })],
  ['cherry', defineSpec({ harmlessOptions: true })],
  ['var', defineSpec({ harmlessOptions: true })],
  ['version', defineSpec({ harmlessOptions: true })],
  ['branch', branch],
  ['tag', tag],
]);
