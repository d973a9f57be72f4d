/**
 * git: its global options (git(1), 2.47) and the subcommands whose words other parts of the
 * engine need to read — `grep` and `diff` (which read trees with `--no-index`), and the
 * transports whose upload-pack/receive-pack program is a command line (`git clone -u CMD`).
 * Subcommand options parse with git's parse-options: abbreviations allowed.
 */
import type { CommandFact } from '../types';

const UPLOAD_PACK = { '-u': 'script', '--upload-pack': 'script' } as const;

export const GIT: readonly CommandFact[] = [
  {
    names: ['git'],
    summary: 'the version control system',
    short: 'vhC:c:pP',
    long:
      'version help exec-path=? html-path man-path info-path paginate no-pager no-replace-objects ' +
      'no-lazy-fetch no-optional-locks no-advice bare git-dir= work-tree= namespace= super-prefix= ' +
      'config-env= attr-source= literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs list-cmds=?',
    // The first word that is no option is the subcommand.
    permute: false,
    values: {
      '-C': 'chdir',
      '-c': 'name',
      '--config-env': 'name',
      '--git-dir': 'read',
      '--work-tree': 'read',
      '--namespace': 'name',
      '--attr-source': 'value',
      '--super-prefix': 'value',
    },
    env: [
      'GIT_DIR',
      'GIT_WORK_TREE',
      'GIT_CONFIG_PARAMETERS',
      'GIT_PAGER',
      'GIT_SSH_COMMAND',
      'GIT_EXEC_PATH',
    ],
    subcommands: {
      grep: {
        summary: 'searches tracked files, or with --no-index/--untracked the files of a tree',
        short: 'e:f:A:B:C:m:O::aiIwvhHEGFPncLlozqWpr',
        long:
          'cached no-index untracked exclude-standard no-exclude-standard recurse-submodules text textconv ' +
          'no-textconv ignore-case no-ignore-case word-regexp invert-match full-name extended-regexp basic-regexp ' +
          'fixed-strings perl-regexp line-number column files-with-matches name-only files-without-match ' +
          'open-files-in-pager=? null only-matching count color=? no-color break heading show-function ' +
          'function-context context= after-context= before-context= threads= max-depth= max-count= quiet ' +
          'and or not all-match recursive no-recursive',
        abbreviations: true,
        numeric: [],
        values: {
          '-e': 'pattern',
          '-f': 'read',
          '-O': 'script',
          '--open-files-in-pager': 'script',
        },
        effects: {
          '-e': ['pattern-given'],
          '-f': ['pattern-given'],
          '--no-index': ['recursive', 'no-index'],
          '--untracked': ['recursive'],
        },
        operands: ['pattern', 'read'],
      },
      diff: {
        summary: 'compares commits, or with --no-index two files or trees',
        short: 'pusS:G:O:U::zbwRaM::C::B::l:',
        long:
          'no-index patch no-patch unified=? output= stat=? numstat shortstat name-only name-status ' +
          'quiet exit-code text color=? no-color word-diff=? cached staged',
        abbreviations: true,
        values: { '-S': 'pattern', '-G': 'pattern', '-O': 'read', '--output': 'write' },
        effects: { '--no-index': ['recursive', 'no-index'] },
        operands: ['read'],
      },
      clone: {
        summary: 'copies a repository; its upload-pack program runs on the source side',
        short: 'u:o:b:c:j:vqlsn',
        long:
          'upload-pack= origin= branch= config= depth= reference= reference-if-able= separate-git-dir= template= ' +
          'shallow-since= shallow-exclude= filter= server-option= jobs= bundle-uri= ref-format= revision= ' +
          'recurse-submodules=? quiet verbose progress no-checkout bare mirror local no-local no-hardlinks shared ' +
          'dissociate single-branch no-single-branch no-tags shallow-submodules remote-submodules sparse reject-shallow',
        abbreviations: true,
        values: { ...UPLOAD_PACK, '-c': 'name', '--config': 'name', '--template': 'read' },
        operands: ['value', 'write'],
      },
      fetch: {
        summary: 'downloads objects; its upload-pack program runs on the source side',
        short: 'u:j:o:aqvfpPtnk',
        long: 'upload-pack= jobs= depth= deepen= shallow-since= shallow-exclude= server-option= all prune tags quiet verbose',
        abbreviations: true,
        values: UPLOAD_PACK,
        operands: ['value'],
      },
      'ls-remote': {
        summary: 'lists references of a remote; its upload-pack program runs on the source side',
        short: 'u:o:qht',
        long: 'upload-pack= server-option= sort= heads tags refs quiet get-url symref exit-code',
        abbreviations: true,
        values: UPLOAD_PACK,
        operands: ['value'],
      },
      // Subcommands that fire hooks: a hook the same command line writes is checked.
      commit: {
        summary: 'records changes; fires the commit hooks',
        short: 'am:F:C:c:t:qvsSnez',
        long:
          'all message= file= reuse-message= reedit-message= template= fixup= squash= author= date= cleanup= ' +
          'amend no-edit edit no-verify verify signoff quiet verbose only include allow-empty allow-empty-message dry-run',
        abbreviations: true,
        values: {
          '-m': 'value',
          '--message': 'value',
          '-F': 'read',
          '--file': 'read',
          '-t': 'read',
          '--template': 'read',
        },
        runsFiles: [
          '.git/hooks/pre-commit',
          '.git/hooks/prepare-commit-msg',
          '.git/hooks/commit-msg',
          '.git/hooks/post-commit',
        ],
      },
      push: {
        summary: 'sends commits to a remote; fires pre-push, runs its receive-pack program there',
        long: 'receive-pack= exec= force force-with-lease=? no-verify verify tags all mirror delete dry-run set-upstream',
        abbreviations: true,
        values: { '--receive-pack': 'script', '--exec': 'script' },
        runsFiles: ['.git/hooks/pre-push'],
      },
      merge: {
        summary: 'joins histories; fires the merge hooks',
        short: 'm:F:s:X:',
        abbreviations: true,
        values: { '-m': 'value', '-F': 'read' },
        runsFiles: [
          '.git/hooks/pre-merge-commit',
          '.git/hooks/prepare-commit-msg',
          '.git/hooks/commit-msg',
          '.git/hooks/post-merge',
        ],
      },
      pull: {
        summary: 'fetches and merges; its upload-pack program runs on the source side; fires the merge hooks',
        short: 'u:j:o:qvr::',
        long: 'upload-pack= jobs= depth= server-option= rebase=? quiet verbose',
        abbreviations: true,
        values: UPLOAD_PACK,
        operands: ['value'],
        runsFiles: ['.git/hooks/pre-merge-commit', '.git/hooks/post-merge', '.git/hooks/post-rewrite'],
      },
      rebase: {
        summary: 'replays commits; fires pre-rebase and post-rewrite',
        abbreviations: true,
        runsFiles: ['.git/hooks/pre-rebase', '.git/hooks/post-rewrite', '.git/hooks/post-checkout'],
      },
      checkout: {
        summary: 'switches branches; fires post-checkout',
        runsFiles: ['.git/hooks/post-checkout'],
      },
      switch: { summary: 'switches branches; fires post-checkout', runsFiles: ['.git/hooks/post-checkout'] },
      am: {
        summary: 'applies mailed patches; fires the applypatch hooks',
        runsFiles: ['.git/hooks/applypatch-msg', '.git/hooks/pre-applypatch', '.git/hooks/post-applypatch'],
      },
      archive: {
        summary: 'writes an archive of a tree; with --remote its --exec program runs on the remote side',
        // No `-u` of its own: kept from the engine's earlier table, where `archive -u CMD` was a
        // command line — on the safe side, git refuses the option anyway.
        short: 'u:o:l',
        long: 'exec= remote= output= format= prefix= add-file= add-virtual-file= worktree-attributes list verbose',
        abbreviations: true,
        values: {
          '-u': 'script',
          '--exec': 'script',
          '-o': 'write',
          '--output': 'write',
          '--add-file': 'read',
        },
        operands: ['value', 'read'],
      },
    },
    examples: [
      { argv: ['git', '-C', '/tmp', 'clone', '-u', 'rm -rf x', 'repo'], roles: { 2: 'chdir', 5: 'script' } },
      // `--attr-source` takes the next word (issue 27): `grep` is the subcommand.
      {
        argv: ['git', '--attr-source', 'HEAD', 'grep', '--no-index', 'KEY', '/root'],
        roles: { 2: 'value', 5: 'pattern', 6: 'read' },
        effects: ['recursive', 'no-index'],
      },
      {
        argv: ['git', 'grep', '-e', 'KEY', '--no-inde', 'x'],
        roles: { 3: 'pattern', 5: 'read' },
        effects: ['no-index'],
      },
      { argv: ['git', 'grep', 'KEY'], notEffects: ['recursive'] },
      {
        argv: ['git', 'diff', '--no-index', 'a', 'b'],
        roles: { 3: 'read', 4: 'read' },
        effects: ['recursive'],
      },
      { argv: ['git', 'fetch', '--upload-pack', 'x', 'origin'], roles: { 3: 'script' } },
    ],
  },
];
