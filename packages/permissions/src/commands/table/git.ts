/**
 * git: its global options (git(1), 2.47) and the subcommands whose words other parts of the
 * engine need to read — `grep` and `diff` (which read trees with `--no-index`), the
 * transports whose upload-pack/receive-pack program is a command line (`git clone -u CMD`),
 * the subcommands that fire hooks, and the read-only subcommands the classifier allows.
 * Subcommand options parse with git's parse-options: abbreviations allowed.
 *
 * Read-only subcommands: the log/diff family has too many options to list, so an option it
 * does not list is harmless (`any-option`), and those that write or run a program are listed
 * with their effect — `--output=FILE`, `--ext-diff`, `--textconv`, `--show-signature` (gpg).
 * Subcommands that both list and change (branch, tag, config, stash, remote, reflog,
 * worktree) list every option; their verbs and operands are read by the classifier's
 * checks (`classifier/table-checks.ts`).
 */
import type { CommandFact } from '../types';
import { runsCode } from './runs-code';

const UPLOAD_PACK = { '-u': 'script', '--upload-pack': 'script' } as const;

/**
 * git's settings whose value is a command line it runs (git-config(1), 2.47): set for one run
 * by `git -c KEY=VALUE` (`clone --config`) or stored by `git config KEY VALUE`. `alias.*` is
 * `aliasSettings`.
 */
const COMMAND_SETTINGS = [
  'core.pager',
  'core.sshCommand',
  'core.editor',
  'core.fsmonitor',
  'core.askPass',
  'sequence.editor',
  'diff.external',
  'pager.*',
  '*.command',
  '*.cmd',
  '*.textconv',
  '*.helper',
  '*.program',
  '*.clean',
  '*.smudge',
  '*.process',
];

type Sub = NonNullable<CommandFact['subcommands']>[string];

/**
 * Flags of the log/diff family listed so that common invocations read one way (an option
 * the table does not list may take the next word: two readings).
 */
const LOG_FLAGS =
  'oneline graph all name-only name-status no-patch abbrev-commit reverse first-parent merges no-merges ' +
  'follow decorate=? stat=? pretty=? color=? no-color';

/**
 * A read-only subcommand of the log/diff family (`extra`: its own long options). Its searches
 * are patterns, never paths (`-S TEXT`, `-G REGEX`, `--grep=REGEX`, `--author=REGEX`), but not
 * where the letter means something else (`git blame -S REVS-FILE`: `pickaxe` false).
 */
function logFamily(summary: string, extra = '', runs: readonly string[] = [], pickaxe = true): Sub {
  return {
    summary,
    readOnly: 'any-option',
    abbreviations: true,
    numeric: [],
    short: pickaxe ? 'pS:G:' : 'p',
    long: `output= ext-diff textconv text ${LOG_FLAGS} ${pickaxe ? 'grep= author= ' : ''}${extra}`,
    values: pickaxe
      ? { '--output': 'write', '-S': 'pattern', '-G': 'pattern', '--grep': 'pattern', '--author': 'pattern' }
      : { '--output': 'write' },
    effects: {
      '--ext-diff': ['runs'],
      '--textconv': ['runs'],
      ...Object.fromEntries(runs.map((spelling) => [spelling, ['runs']])),
    },
  };
}

/** `git log --show-signature` runs gpg (or `gpg.program`) to verify each signature. */
const LOG_BASE = logFamily('shows commit logs', 'show-signature', ['--show-signature']);

/**
 * `git log`'s options that print the files' content (a patch, combined diffs, a line range);
 * without one it names files and commits only (`git log --oneline -- .env`).
 */
const LOG_CONTENT = [
  '-p',
  '-u',
  '-U',
  '-L',
  '-c',
  '-W',
  '--patch',
  '--unified',
  '--patch-with-stat',
  '--patch-with-raw',
  '--word-diff',
  '--color-words',
  '--cc',
  '--dd',
  '--remerge-diff',
  '--binary',
  '--full-diff',
  '--function-context',
  '--line-range',
  '--textconv',
  '--ext-diff',
];

/** `git log`: names files only, unless an option prints their content (`LOG_CONTENT`). */
const LOG: Sub = {
  ...LOG_BASE,
  short: `${LOG_BASE.short}uU::L:cW`,
  long:
    `${LOG_BASE.long} patch unified=? patch-with-stat patch-with-raw word-diff=? color-words=? cc dd ` +
    'remerge-diff binary full-diff function-context line-range=',
  effects: {
    ...LOG_BASE.effects,
    ...Object.fromEntries(
      LOG_CONTENT.map((spelling) => [spelling, [...(LOG_BASE.effects?.[spelling] ?? []), 'prints-content']]),
    ),
  },
  printsNoContent: true,
};
const SHOW = logFamily('shows objects', 'show-signature', ['--show-signature']);

/** A credential helper: `fill` and `get` print the credential it finds for the URL given on input. */
const CREDENTIAL_HELPER: Sub = {
  summary: 'looks up stored credentials',
  subcommands: {
    fill: { summary: 'prints the credential for a URL', printsCredentials: 'always' },
    get: { summary: 'prints the credential for a URL', printsCredentials: 'always' },
  },
};

/** `git notes add|append`: the note's text is never a path, `-F FILE` reads one. */
const NOTE: Sub = {
  summary: 'writes a note on a commit',
  short: 'm:F:c:C:f',
  long: 'message= file= reuse-message= reedit-message= force allow-empty no-stripspace stripspace',
  abbreviations: true,
  values: { '-m': 'value', '--message': 'value', '-F': 'read', '--file': 'read' },
  operands: ['name'],
};

/** A read-only subcommand no option of which writes or runs a program. */
function listing(summary: string): Sub {
  return { summary, readOnly: 'any-option' };
}

export const GIT: readonly CommandFact[] = [
  {
    names: ['git'],
    summary: 'the version control system',
    // `git config core.hooksPath DIR`, `git -c core.hooksPath=DIR`: the hooks run from DIR.
    movesRunsFiles: { 'core.hooksPath': '.git/hooks' },
    commandSettings: COMMAND_SETTINGS,
    aliasSettings: 'alias.',
    settingOptions: ['-c'],
    // A remote URL `ext::CMD` runs CMD, wherever a URL is given (`git clone`, `fetch`, `push`,
    // `remote add`, `submodule add`, `ls-remote`, `-c remote.x.url=`… is a setting, not this).
    commandWords: 'ext-transport',
    short: 'vhC:c:pP',
    long:
      'version help exec-path=? html-path man-path info-path paginate no-pager no-replace-objects ' +
      'no-lazy-fetch no-optional-locks no-advice bare git-dir= work-tree= namespace= super-prefix= ' +
      'config-env= attr-source= literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs list-cmds=?',
    // The first word that is no option is the subcommand.
    permute: false,
    readOnly: 'listed-options',
    // `-c`/`--config-env` can set core.pager, core.sshCommand, diff.external, alias.*; `-p`
    // runs the pager; `--git-dir` and `--exec-path=DIR` point git at configuration and
    // programs the user did not choose.
    effects: {
      '-p': ['runs'],
      '--paginate': ['runs'],
      '-c': ['runs'],
      '--config-env': ['runs'],
      '--git-dir': ['runs'],
      '--exec-path=*': ['runs'],
    },
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
      // git-daemon(1): its options take their value after `=` only; `--access-hook=PATH` is run
      // for each request, through a shell (decision 0067).
      daemon: {
        summary: 'serves repositories over the git protocol; its access hook runs a command',
        long:
          'strict-paths base-path=? base-path-relaxed interpolated-path=? export-all timeout=? init-timeout=? ' +
          'max-connections=? syslog log-destination=? user-path=? verbose reuseaddr detach pid-file=? user=? ' +
          'group=? enable=? disable=? allow-override=? forbid-override=? informative-errors ' +
          'no-informative-errors access-hook=? inetd listen=? port=?',
        values: { '--access-hook': 'script', '--pid-file': 'write' },
      },
      grep: {
        summary: 'searches tracked files, or with --no-index/--untracked the files of a tree',
        readOnly: 'any-option',
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
          '--textconv': ['runs'],
        },
        operands: ['pattern', 'read'],
        defaultTree: '.',
      },
      diff: {
        summary: 'compares commits, or with --no-index two files or trees',
        readOnly: 'any-option',
        short: 'pusS:G:O:U::zbwRaM::C::B::l:',
        long:
          'no-index patch no-patch unified=? output= stat=? numstat shortstat name-only name-status ' +
          'quiet exit-code text color=? no-color word-diff=? cached staged ext-diff textconv',
        abbreviations: true,
        values: { '-S': 'pattern', '-G': 'pattern', '-O': 'read', '--output': 'write' },
        effects: { '--no-index': ['recursive', 'no-index'], '--ext-diff': ['runs'], '--textconv': ['runs'] },
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
        settingOptions: ['-c', '--config'],
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
        operands: ['read'],
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
        short: 'm:F:s:X:neqvS::',
        long:
          'message= file= strategy= strategy-option= commit no-commit edit no-edit ff no-ff ff-only squash ' +
          'no-squash stat no-stat log=? signoff verify no-verify allow-unrelated-histories autostash ' +
          'no-autostash abort continue quit quiet verbose progress no-progress gpg-sign=?',
        abbreviations: true,
        // The message is text, never a path (`git merge --no-ff -m "…"`).
        values: { '-m': 'value', '--message': 'value', '-F': 'read', '--file': 'read' },
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
      // `git checkout -- F` writes F over the work tree (a branch name is read the same way).
      checkout: {
        summary: 'switches branches or checks files out; fires post-checkout',
        runsFiles: ['.git/hooks/post-checkout'],
        operands: ['write'],
        // A pathspec that names a directory writes the tree below it (`git checkout -- .claude`).
        implies: ['recursive'],
      },
      restore: {
        summary: 'writes files of the work tree (or the index) from a commit',
        short: 's:',
        long: 'source= staged worktree',
        abbreviations: true,
        values: { '-s': 'name', '--source': 'name' },
        operands: ['write'],
        implies: ['recursive'],
      },
      // The files a patch changes are named inside it, which the command line does not show:
      // its operands count as written, on the safe side.
      apply: { summary: 'applies a patch to the work tree', operands: ['write'] },
      rm: {
        summary: 'removes files from the work tree and the index',
        short: 'rfnq',
        long: 'cached force dry-run quiet ignore-unmatch sparse',
        abbreviations: true,
        operands: ['remove'],
        // It prints the names removed, never what they held (`git rm --cached .env`).
        printsNoContent: true,
      },
      mv: {
        summary: 'moves files in the work tree and the index',
        operands: ['remove'],
        lastOperand: 'write',
      },
      // Staging, committing or hashing reads the files named; none is written.
      add: { summary: 'stages files', operands: ['read'] },
      'hash-object': { summary: 'hashes a file (and with -w stores it)', operands: ['read'] },
      // The diff tool is a configured program (`difftool.*.cmd`), run on each file.
      difftool: {
        summary: 'shows changes with a diff tool',
        implies: ['runs'],
        short: 'x:t:gy',
        long: 'extcmd= tool= tool-help gui no-gui prompt no-prompt dir-diff symlinks no-symlinks trust-exit-code',
        abbreviations: true,
        values: { '-x': 'script', '--extcmd': 'script', '-t': 'name', '--tool': 'name' },
        operands: ['read'],
      },
      'filter-branch': {
        summary: 'rewrites history by running filters on each commit',
        long:
          'tree-filter= index-filter= msg-filter= env-filter= commit-filter= parent-filter= ' +
          'tag-name-filter= subdirectory-filter= prune-empty original= state-branch= setup= force',
        values: {
          '--tree-filter': 'script',
          '--index-filter': 'script',
          '--msg-filter': 'script',
          '--env-filter': 'script',
          '--commit-filter': 'script',
          '--parent-filter': 'script',
          '--tag-name-filter': 'script',
          '--setup': 'script',
        },
      },
      // `git submodule foreach CMD…`, `git bisect run CMD…`: the words are one command line.
      // `update` runs `!CMD` settings too.
      submodule: {
        summary: 'manages submodules; foreach runs a command line in each',
        implies: ['runs'],
        subcommands: {
          foreach: {
            summary: 'runs a command line in each submodule',
            short: 'q',
            long: 'recursive quiet',
            permute: false,
            operands: ['script'],
          },
        },
      },
      bisect: {
        summary: 'finds the commit that changed something; run runs a test command on each',
        implies: ['runs'],
        subcommands: {
          run: { summary: 'runs a command on each commit tried', permute: false, operands: ['script'] },
        },
      },
      'send-email': {
        summary: 'sends patches by mail, with a sendmail-like program',
        // `--to-cmd`, `--cc-cmd`, `--header-cmd`: commands run on each patch for its recipients.
        long: 'sendmail-cmd= smtp-server= to-cmd= cc-cmd= header-cmd=',
        abbreviations: true,
        values: {
          '--sendmail-cmd': 'script',
          '--to-cmd': 'script',
          '--cc-cmd': 'script',
          '--header-cmd': 'script',
        },
      },
      // An interactive todo list's `exec` lines run shell commands too.
      rebase: {
        summary: 'replays commits; fires pre-rebase and post-rewrite',
        implies: ['runs'],
        short: 'x:',
        long: 'exec=',
        abbreviations: true,
        values: { '-x': 'script', '--exec': 'script' },
        runsFiles: ['.git/hooks/pre-rebase', '.git/hooks/post-rewrite', '.git/hooks/post-checkout'],
      },
      mergetool: runsCode('resolves conflicts with a configured merge tool program'),
      switch: { summary: 'switches branches; fires post-checkout', runsFiles: ['.git/hooks/post-checkout'] },
      am: {
        summary: 'applies mailed patches; fires the applypatch hooks',
        runsFiles: ['.git/hooks/applypatch-msg', '.git/hooks/pre-applypatch', '.git/hooks/post-applypatch'],
        // As `apply`: the files changed are named inside the mailbox.
        operands: ['write'],
      },
      log: LOG,
      show: SHOW,
      whatchanged: logFamily('shows commit logs with the files changed', 'show-signature', [
        '--show-signature',
      ]),
      shortlog: logFamily('summarises commit logs'),
      'diff-tree': logFamily('compares trees'),
      'diff-files': logFamily('compares the work tree with the index'),
      'diff-index': logFamily('compares a tree with the work tree or index'),
      'range-diff': logFamily('compares two commit ranges'),
      'rev-list': logFamily('lists commits'),
      blame: logFamily('shows who changed each line', '', [], false),
      annotate: logFamily('shows who changed each line', '', [], false),
      /**
       * `--batch` / `--batch-command` print the objects named on standard input (`echo
       * HEAD:.env | git cat-file --batch`), which the floor never sees; `--batch-check`
       * prints names, types and sizes only.
       */
      'cat-file': {
        summary: 'prints objects',
        readOnly: 'any-option',
        abbreviations: true,
        long: 'textconv filters batch=? batch-command=? batch-check=? batch-all-objects',
        effects: {
          '--textconv': ['runs'],
          '--filters': ['runs'],
          '--batch': ['reads-listed'],
          '--batch-command': ['reads-listed'],
        },
      },
      // Names and states, never content (`git status -- .env`), but `-v` prints the staged diff.
      status: {
        ...listing('shows the work tree status'),
        short: 'v',
        long: 'verbose',
        effects: { '-v': ['prints-content'], '--verbose': ['prints-content'] },
        printsNoContent: true,
      },
      'rev-parse': listing('parses revisions'),
      'ls-files': { ...listing('lists files in the index'), printsNoContent: true },
      'ls-tree': listing('lists a tree'),
      describe: listing('names a commit after a tag'),
      'merge-base': listing('finds a common ancestor'),
      'name-rev': listing('names revisions'),
      'count-objects': listing('counts objects'),
      'for-each-ref': listing('lists references'),
      'show-ref': listing('lists references'),
      'show-branch': listing('shows branches and their commits'),
      'check-ignore': { ...listing('tells whether paths are ignored'), printsNoContent: true },
      'check-attr': listing('prints attributes of paths'),
      cherry: listing('finds commits not yet applied upstream'),
      var: listing('prints a git variable'),
      version: listing('prints the version'),
      // `git credential fill` and the helpers (`git credential-store get`, `credential-osxkeychain`,
      // any `credential-*`: an open set) print the stored username and password.
      credential: CREDENTIAL_HELPER,
      'credential-*': CREDENTIAL_HELPER,
      // Creates a branch when given a name without `--list`/`--show-current` (see the checks).
      branch: {
        summary: 'lists, creates or deletes branches',
        readOnly: 'listed-options',
        abbreviations: true,
        short: 'adDfmMcCrlvqitu:',
        long:
          'all remotes list verbose quiet ignore-case show-current color=? no-color column=? no-column abbrev=? ' +
          'no-abbrev sort= format= contains= no-contains= merged= no-merged= points-at= omit-empty delete move copy ' +
          'force edit-description set-upstream-to= unset-upstream track=? no-track create-reflog recurse-submodules',
        values: {
          '--sort': 'value',
          '--format': 'value',
          '--contains': 'name',
          '--no-contains': 'name',
          '--merged': 'name',
          '--no-merged': 'name',
          '--points-at': 'name',
          '-u': 'name',
          '--set-upstream-to': 'name',
        },
        effects: {
          '-d': ['writes'],
          '-D': ['writes'],
          '--delete': ['writes'],
          '-m': ['writes'],
          '-M': ['writes'],
          '--move': ['writes'],
          '-c': ['writes'],
          '-C': ['writes'],
          '--copy': ['writes'],
          '-f': ['writes'],
          '--force': ['writes'],
          '--edit-description': ['runs'],
          '-u': ['writes'],
          '--set-upstream-to': ['writes'],
          '--unset-upstream': ['writes'],
          '-t': ['writes'],
          '--track': ['writes'],
          '--no-track': ['writes'],
          '--create-reflog': ['writes'],
          '--recurse-submodules': ['writes'],
        },
        operands: ['name'],
      },
      // Creates a tag when given a name without `--list` (see the checks).
      tag: {
        summary: 'lists, creates, deletes or verifies tags',
        readOnly: 'listed-options',
        abbreviations: true,
        short: 'lin::adsvfm:eu:F:',
        long:
          'list ignore-case sort= format= contains= no-contains= merged= no-merged= points-at= column=? no-column ' +
          'color=? omit-empty annotate delete sign verify force message= file= edit local-user= cleanup= create-reflog',
        values: {
          '--sort': 'value',
          '--format': 'value',
          '--contains': 'name',
          '--no-contains': 'name',
          '--merged': 'name',
          '--no-merged': 'name',
          '--points-at': 'name',
          '-m': 'value',
          '--message': 'value',
          '-F': 'read',
          '--file': 'read',
          '-u': 'name',
          '--local-user': 'name',
          '--cleanup': 'value',
        },
        effects: {
          '-a': ['writes'],
          '--annotate': ['writes'],
          '-d': ['writes'],
          '--delete': ['writes'],
          '-s': ['writes'],
          '--sign': ['runs'],
          '-v': ['runs'],
          '--verify': ['runs'],
          '-f': ['writes'],
          '--force': ['writes'],
          '-m': ['writes'],
          '--message': ['writes'],
          '-F': ['writes'],
          '--file': ['writes'],
          '-e': ['runs'],
          '--edit': ['runs'],
          '-u': ['runs'],
          '--local-user': ['runs'],
          '--create-reflog': ['writes'],
          '--cleanup': ['writes'],
        },
        operands: ['name'],
      },
      // `get`/`list`, a read action or one NAME reads; NAME VALUE and the other verbs write (see the checks).
      config: {
        summary: 'reads or sets configuration',
        readOnly: 'listed-options',
        // `git config core.pager CMD`, `git config alias.x '!CMD'`: a command line run later.
        setsCommandSettings: COMMAND_SETTINGS,
        abbreviations: true,
        short: 'lzef:',
        long:
          'get get-all get-regexp get-urlmatch get-color get-colorbool list global system local worktree file= blob= ' +
          'show-origin show-scope name-only null includes no-includes type= bool int bool-or-int path expiry-date ' +
          'default= fixed-value add replace-all unset unset-all rename-section remove-section edit all regexp= value= url=',
        values: {
          '-f': 'read',
          '--file': 'read',
          '--blob': 'name',
          '--type': 'value',
          '--default': 'value',
          '--regexp': 'pattern',
          '--value': 'pattern',
          '--url': 'value',
        },
        effects: {
          '--add': ['writes'],
          '--replace-all': ['writes'],
          '--unset': ['writes'],
          '--unset-all': ['writes'],
          '--rename-section': ['writes'],
          '--remove-section': ['writes'],
          '-e': ['runs'],
          '--edit': ['runs'],
        },
        operands: ['name', 'value'],
        // What it changes (see the checks) it writes into the repository's config, or the file
        // an option names (`--worktree`'s config.worktree is read as .git/config: both can set
        // core.hooksPath).
        writesFiles: {
          files: ['.git/config'],
          options: {
            '--global': '~/.gitconfig',
            '--system': '/etc/gitconfig',
            '--local': '.git/config',
            '--worktree': '.git/config',
            '-f': '=',
            '--file': '=',
          },
          ifChanges: true,
        },
      },
      // Verbs other than the listed ones change state (see the checks).
      stash: {
        summary: 'stashes changes; `list` and `show` only read',
        subcommandsFirst: true,
        subcommands: {
          // Changes state (as any verb but `list`/`show`); its message is text, never a path.
          push: {
            summary: 'stashes changes',
            mutates: true,
            short: 'm:pkuaqS',
            long:
              'message= patch keep-index no-keep-index include-untracked all quiet staged ' +
              'pathspec-from-file= pathspec-file-nul',
            abbreviations: true,
            values: { '-m': 'value', '--message': 'value', '--pathspec-from-file': 'read' },
          },
          // `stash list` passes its options to `git log`, `--output=FILE` included.
          list: logFamily('lists stashes'),
          show: logFamily('shows a stash'),
        },
      },
      remote: {
        summary: 'lists remotes; `show -n` and `get-url` only read',
        readOnly: 'any-option',
        subcommands: {
          // Without `-n`, asks the remote for its branches (network, credential helpers).
          show: {
            summary: 'shows a remote',
            readOnly: 'any-option',
            short: 'n',
            contactsRemote: { unless: ['-n'] },
          },
          'get-url': listing('prints the URL of a remote'),
        },
      },
      // `git reflog [show]` is `git log -g`: it takes log's options, `--output=FILE` included.
      reflog: {
        ...logFamily('shows the reference log'),
        subcommandsFirst: true,
        subcommands: {
          show: logFamily('shows the reference log'),
          exists: listing('tells whether a reference log exists'),
        },
      },
      notes: {
        summary: 'adds or shows notes on commits',
        subcommands: { add: NOTE, append: NOTE },
      },
      worktree: {
        summary: 'manages work trees; `list` only reads',
        subcommands: { list: listing('lists work trees') },
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
      { argv: ['git', 'clone', 'ext::sh -c rm% -rf% x', 'dir'], commandLines: ['sh -c rm -rf x'] },
      { argv: ['git', 'daemon', '--access-hook=rm -rf x', '--export-all'], commandLines: ['rm -rf x'] },
      { argv: ['git', 'fetch-pack', 'ext::rm x'], commandLines: ['rm x'] },
      { argv: ['git', 'clone', 'https://h/ext::x', 'ext'], commandLines: [] },
      // A group's verb is part of the action (`git stash drop` writes); git's global options or
      // a group without its verb leave only an exact rule.
      { argv: ['git', 'log', '-5'], prefix: ['git', 'log'] },
      { argv: ['git', 'stash', 'list'], prefix: ['git', 'stash', 'list'] },
      { argv: ['git', 'remote', '-v'], prefix: [] },
      { argv: ['git', 'remote', 'show', 'origin'], contactsRemote: true },
      { argv: ['git', 'remote', 'show', '-n', 'origin'], contactsRemote: false },
      { argv: ['git', 'remote', '-v'], contactsRemote: false },
      { argv: ['git', '-C', 'x', 'log'], prefix: [] },
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
      { argv: ['git', '-c', 'core.pager=rm -rf x', 'log'], commandLines: ['rm -rf x'] },
      {
        argv: ['git', '-c', 'diff.py.textconv=!rm x', '-c', 'color.ui=always', 'log'],
        commandLines: ['rm x'],
      },
      { argv: ['git', '-c', 'alias.p=push', 'p'], commandLines: ['git push'] },
      { argv: ['git', '-c', 'color.ui=always', 'log'], commandLines: [] },
      { argv: ['git', 'clone', '--config', 'core.sshCommand=rm x', 'u'], commandLines: ['rm x'] },
      { argv: ['git', 'config', '--global', 'alias.x', '!rm -rf x'], commandLines: ['rm -rf x'] },
      { argv: ['git', 'config', 'set', 'filter.lfs.smudge', 'rm x'], commandLines: ['rm x'] },
      { argv: ['git', 'config', 'user.name', 'rm x'], commandLines: [] },
      { argv: ['git', 'difftool', '-x', 'rm x', 'HEAD'], commandLines: ['rm x'] },
      { argv: ['git', 'submodule', 'foreach', '--recursive', 'rm', '-rf', 'x'], commandLines: ['rm -rf x'] },
      {
        argv: ['git', 'bisect', 'run', 'rm', '-rf', 'x'],
        roles: { 3: 'script' },
        commandLines: ['rm -rf x'],
      },
      { argv: ['git', 'filter-branch', '--tree-filter', 'rm x', 'HEAD'], commandLines: ['rm x'] },
      { argv: ['git', 'send-email', '--sendmail-cmd=rm x', 'p'], commandLines: ['rm x'] },
      { argv: ['git', 'send-email', '--to-cmd', 'rm x', 'p'], commandLines: ['rm x'] },
      {
        argv: ['git', 'send-email', '--cc-cmd=rm y', '--header-cmd=rm z', 'p'],
        commandLines: ['rm y', 'rm z'],
      },
      { argv: ['git', 'rebase', '-i', '--exec', 'rm x', 'HEAD~2'], commandLines: ['rm x'] },
      { argv: ['git', 'grep', '-Orm x', 'KEY'], commandLines: ['rm x'] },
      { argv: ['git', '-C', 'x', 'bisect', 'run', 'make'], effects: ['runs'] },
      { argv: ['git', 'rebase', '-i', 'HEAD~3'], effects: ['runs'] },
      { argv: ['git', '-p', 'log'], effects: ['runs'] },
      { argv: ['git', '--exec-path=/tmp', 'status'], effects: ['runs'] },
      { argv: ['git', '--exec-path', 'status'], notEffects: ['runs'] },
      { argv: ['git', 'log', '--outp', 'x'], roles: { 3: 'write' } },
      { argv: ['git', 'log', '--ext-diff', 'HEAD'], effects: ['runs'] },
      { argv: ['git', 'branch', '-D', 'x'], effects: ['writes'], roles: { 3: 'name' } },
      { argv: ['git', 'branch', '--merged', 'main'], roles: { 3: 'name' }, notEffects: ['writes'] },
      { argv: ['git', 'tag', '-m', 'msg', 'v1'], effects: ['writes'], roles: { 3: 'value', 4: 'name' } },
      { argv: ['git', 'config', '--unset', 'x.y'], effects: ['writes'] },
      { argv: ['git', 'cat-file', '--batch'], effects: ['reads-listed'] },
      { argv: ['git', 'reflog', '-n', '5'], notEffects: ['writes'] },
      { argv: ['git', 'stash', '--', 'list'], roles: { 3: 'unknown' } },
      // Messages and searches are text, never paths.
      { argv: ['git', 'commit', '-am', 'drop .env', '--', 'x'], roles: { 3: 'value', 5: 'read' } },
      { argv: ['git', 'merge', '--no-ff', '-m', 'x .env', 'b'], roles: { 4: 'value' } },
      { argv: ['git', 'stash', 'push', '-m', 'x .env'], roles: { 4: 'value' } },
      { argv: ['git', 'notes', 'add', '-m', 'x .env', 'HEAD'], roles: { 4: 'value', 5: 'name' } },
      { argv: ['git', 'log', '-S', 'API_KEY', '--grep=.env', '--', 'x'], roles: { 3: 'pattern' } },
      { argv: ['git', 'log', '--oneline', '--', '.env'], notEffects: ['prints-content'] },
      { argv: ['git', 'log', '-p', '--', '.env'], effects: ['prints-content'] },
      { argv: ['git', 'log', '--patch-with-s', 'x'], effects: ['prints-content'] },
      { argv: ['git', 'status', '-vv'], effects: ['prints-content'] },
      { argv: ['git', 'blame', '-S', 'revs', 'x'], roles: { 3: 'unknown' } },
      { argv: ['git', 'checkout', '--', 'x'], roles: { 3: 'write' } },
      { argv: ['git', 'restore', '-s', 'HEAD', 'x'], roles: { 3: 'name', 4: 'write' } },
      { argv: ['git', 'mv', 'a', 'b', 'dir'], roles: { 2: 'remove', 3: 'remove', 4: 'write' } },
      { argv: ['git', 'rm', '-r', 'dir'], roles: { 3: 'remove' } },
    ],
  },
];
