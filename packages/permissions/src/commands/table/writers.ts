/**
 * Commands that write, link or move the files their operands name (GNU coreutils 9, GNU patch
 * 2.7, the common editors), change their times, modes, owners or ACLs (`touch`, `chmod`,
 * `setfacl`), and those that write files they need not name (`crontab`, `launchctl load`).
 * Their `write` and `remove` words are what the protected-path check
 * (protected/written-paths.ts) resolves; a copier's destination may be a directory, so the
 * other operands' names under it count as written too.
 */
import type { CommandFact } from '../types';

/** `mv`, `ln` and `install`: the destination is the last operand, or `-t DIR`. */
const TARGET = {
  values: { '-t': 'write', '--target-directory': 'write', '-S': 'value', '--suffix': 'value' },
  effects: { '-t': ['target-given'], '--target-directory': ['target-given'] },
  lastOperand: 'write',
} as const;

/** An editor: every file operand may be written. */
const EDITOR = { operands: ['write'] } as const satisfies Omit<CommandFact, 'names' | 'summary'>;

/**
 * vi's and ex's commands given on the command line (`-c CMD`, `--cmd CMD`, `+CMD`): only what
 * follows a `!` is a shell command.
 */
const EDITOR_COMMANDS = {
  plusCommands: 'after-bang',
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

/** Writers of the files their operands name. */
const FILE_WRITERS: readonly CommandFact[] = [
  {
    names: ['mv'],
    summary: 'moves (renames) files: the sources go away, the destination is written',
    short: 'bfinuvt:S:TZ',
    long:
      'backup=? force interactive no-clobber strip-trailing-slashes suffix= target-directory= ' +
      'no-target-directory update=? verbose context exchange no-copy debug',
    abbreviations: true,
    ...TARGET,
    operands: ['remove'],
    // A directory moved is a tree written at the destination (`mv x .claude`).
    implies: ['recursive'],
    copiesFiles: true,
    examples: [
      { argv: ['mv', 'a', 'b', 'dir'], roles: { 1: 'remove', 2: 'remove', 3: 'write' }, copies: [] },
      { argv: ['mv', './bin/rm', 'del'], copies: ['rm'] },
      { argv: ['mv', '-t', 'dir', 'a'], roles: { 2: 'write', 3: 'remove' }, effects: ['target-given'] },
    ],
  },
  {
    names: ['ln'],
    summary: 'makes links: the link is written, and a hard link writes to its target',
    short: 'bdfFinLPrsvt:S:T',
    long:
      'backup=? directory force interactive logical no-dereference physical relative symbolic ' +
      'suffix= target-directory= no-target-directory verbose',
    abbreviations: true,
    ...TARGET,
    operands: ['write'],
    copiesFiles: true,
    examples: [
      { argv: ['ln', '-sf', '/tmp/x', 'link'], roles: { 2: 'write', 3: 'write' }, copies: ['x'] },
      { argv: ['ln', '-s', '/usr/bin/rm', 'del'], copies: ['rm'] },
    ],
  },
  {
    names: ['link'],
    summary: 'makes a hard link (the link call): both names write the same file',
    operands: ['write'],
    copiesFiles: true,
    examples: [
      { argv: ['link', 'a', 'b'], roles: { 1: 'write', 2: 'write' }, copies: [] },
      { argv: ['link', '/bin/rm', 'del'], copies: ['rm'] },
    ],
  },
  {
    names: ['install'],
    summary: 'copies files and sets their attributes; with -d, creates directories',
    short: 'bcCdDg:m:o:psvt:S:TZ',
    long:
      'backup=? compare directory group= mode= owner= preserve-timestamps strip strip-program= ' +
      'suffix= target-directory= no-target-directory verbose preserve-context context=? debug',
    abbreviations: true,
    ...TARGET,
    values: { ...TARGET.values, '-m': 'value', '--mode': 'value', '-o': 'name', '--owner': 'name' },
    operands: ['read'],
    copiesFiles: true,
    examples: [
      {
        argv: ['install', '-m', '644', 'x', 'dest'],
        roles: { 2: 'value', 3: 'read', 4: 'write' },
        copies: [],
      },
      { argv: ['install', '/bin/rm', 'bin/del'], copies: ['rm', 'del'] },
    ],
  },
  {
    names: ['tee'],
    summary: 'copies standard input to each file operand',
    // It writes its input to them, never printing or sending what they held.
    printsNoContent: true,
    short: 'aip',
    long: 'append ignore-interrupts output-error=?',
    abbreviations: true,
    effects: { '-a': ['appends'], '--append': ['appends'] },
    operands: ['write'],
    // What it copies into them (and prints) is what arrives on standard input.
    showsOutput: 'copies-input',
    examples: [
      { argv: ['tee', '-a', 'log'], roles: { 2: 'write' }, effects: ['appends'] },
      { argv: ['tee', '--app', 'log'], effects: ['appends'] },
      { argv: ['tee', 'log'], notEffects: ['appends'] },
    ],
  },
  {
    names: ['truncate'],
    summary: 'shrinks or extends files to a size',
    short: 'cos:r:',
    long: 'no-create io-blocks size= reference=',
    abbreviations: true,
    values: { '-r': 'read', '--reference': 'read' },
    operands: ['write'],
    examples: [{ argv: ['truncate', '-s', '0', 'log'], roles: { 3: 'write' } }],
  },
  {
    names: ['chattr'],
    summary: 'changes file attributes on a Linux file system',
    short: 'RVfv:p:',
    // `+i`, `-i`, `=a`: the attributes come first, then the files.
    plusOptions: true,
    operands: ['write'],
    examples: [{ argv: ['chattr', '+i', 'x'], roles: { 2: 'write' } }],
  },
  {
    names: ['patch'],
    summary: 'applies a diff to the files it names (or to the original file operand)',
    short: 'p:F:i:D:B:r:V:Y:z:o:bcEeflNnRstuvZ',
    values: { '-i': 'read', '-o': 'write', '-r': 'write' },
    operands: ['write'],
    examples: [{ argv: ['patch', '-p1', '-i', 'fix.diff', 'x.c'], roles: { 3: 'read', 4: 'write' } }],
  },
  {
    names: ['vi', 'vim', 'nvim', 'view', 'gvim', 'vimdiff'],
    summary: 'a vi editor',
    short: 'c:S:t:T:u:w:U:i:',
    long: 'cmd=',
    ...EDITOR,
    ...EDITOR_COMMANDS,
    values: { '-c': 'script', '--cmd': 'script' },
    scriptFormat: { '-c': 'after-bang', '--cmd': 'after-bang' },
    // `:!CMD` typed at it, or read from a script of keys (`-s FILE`), runs a shell command.
    runsCode: 'prompt',
    examples: [
      { argv: ['vim', '-u', 'NONE', 'x'], roles: { 3: 'write' }, prefix: [] },
      { argv: ['vim', '-c', '!rm x', 'x'], commandLines: ['rm x'] },
      { argv: ['vim', '--cmd', 'set nu', '+!rm x', 'x'], commandLines: ['rm x'] },
      { argv: ['vim', '-c', 'wq', '+10', 'x'], commandLines: [] },
    ],
  },
  {
    names: ['ex'],
    summary: 'the ex editor',
    short: 'c:',
    ...EDITOR,
    ...EDITOR_COMMANDS,
    values: { '-c': 'script' },
    scriptFormat: { '-c': 'after-bang' },
    // Its commands come from its input too: `!CMD` there runs a shell command.
    runsCode: 'prompt',
    examples: [{ argv: ['ex', '-sc', '!rm x', 'f'], commandLines: ['rm x'], prefix: [] }],
  },
  {
    names: ['ed'],
    summary: 'the line editor: runs the commands of its input, `!CMD` in a shell',
    short: 'p:',
    ...EDITOR,
    runsCode: 'prompt',
    // Its commands are what arrives on standard input (decision 0067).
    stdinCommands: true,
    examples: [{ argv: ['ed', '-s', 'f'], prefix: [], stdinCommands: true }],
  },
  { names: ['nano', 'pico', 'micro', 'code'], summary: 'a text editor', ...EDITOR },
  {
    names: ['emacs'],
    summary: 'a text editor that runs Lisp (`--eval`, `-l FILE`) and shell commands (`M-!`)',
    ...EDITOR,
    runsCode: 'program',
    examples: [{ argv: ['emacs', 'f'], prefix: [] }],
  },
  {
    names: ['unlink'],
    summary: 'removes one file (the unlink call)',
    operands: ['remove'],
    examples: [{ argv: ['unlink', 'x'], roles: { 1: 'remove' } }],
  },
];

/** Changes metadata only: never prints, sends or copies a file's content (see `printsNoContent`). */
const METADATA = { printsNoContent: true, permute: true, abbreviations: true } as const;

/**
 * `touch`, `chmod`, `chown`, `chgrp`, `setfacl`, `rmdir`, `shred` (GNU coreutils 9, acl 2.3):
 * what they change is the file itself — a policy file touched, made writable or shredded is
 * as changed as one overwritten.
 */
const METADATA_WRITERS: readonly CommandFact[] = [
  {
    names: ['touch'],
    summary: 'creates files or changes their times',
    ...METADATA,
    short: 'acd:fhmr:t:',
    long: 'no-create date= no-dereference reference= time=',
    values: {
      '-d': 'value',
      '--date': 'value',
      '-t': 'value',
      '--time': 'value',
      '-r': 'meta',
      '--reference': 'meta',
    },
    operands: ['write'],
    examples: [
      { argv: ['touch', '-r', 'ref', '-d', 'now', 'x'], roles: { 2: 'meta', 4: 'value', 5: 'write' } },
    ],
  },
  {
    names: ['chmod'],
    summary: 'changes permission bits',
    ...METADATA,
    // A mode may look like an option (`chmod -w x`): read as an unlisted option, so both
    // readings are taken, and `x` is written in one of them.
    short: 'cfvR',
    long: 'changes silent quiet verbose no-preserve-root preserve-root reference= recursive',
    values: { '--reference': 'meta' },
    // The mode comes first, unless `--reference` gives it: every operand counts as written.
    operands: ['write'],
    examples: [{ argv: ['chmod', '-R', 'u+x', 'dir'], roles: { 2: 'write', 3: 'write' } }],
  },
  {
    names: ['chown', 'chgrp'],
    summary: 'changes the owner or group',
    ...METADATA,
    short: 'cfvRHLPh',
    long: 'changes silent quiet verbose dereference no-dereference from= no-preserve-root preserve-root reference= recursive',
    values: { '--reference': 'meta', '--from': 'name' },
    // The owner comes first, unless `--reference` gives it.
    operands: ['write'],
    examples: [{ argv: ['chown', '-R', 'u:g', 'dir'], roles: { 2: 'write', 3: 'write' } }],
  },
  {
    names: ['setfacl'],
    summary: 'changes access control lists',
    ...METADATA,
    short: 'm:M:x:X:bkndRLPvh',
    long:
      'modify= modify-file= remove= remove-file= remove-all remove-default set= set-file= mask no-mask ' +
      'default restore= test recursive logical physical version help',
    values: {
      '-m': 'value',
      '--modify': 'value',
      '-x': 'value',
      '--remove': 'value',
      '--set': 'value',
      '-M': 'read',
      '--modify-file': 'read',
      '-X': 'read',
      '--remove-file': 'read',
      '--set-file': 'read',
      '--restore': 'read',
    },
    operands: ['write'],
    examples: [{ argv: ['setfacl', '-m', 'u:x:rw', 'f'], roles: { 2: 'value', 3: 'write' } }],
  },
  {
    names: ['rmdir'],
    summary: 'removes empty directories',
    ...METADATA,
    short: 'pv',
    long: 'ignore-fail-on-non-empty parents verbose',
    operands: ['remove'],
    examples: [{ argv: ['rmdir', '-p', 'a/b'], roles: { 2: 'remove' } }],
  },
  {
    names: ['shred'],
    summary: 'overwrites files, and with -u deletes them',
    ...METADATA,
    short: 'fn:s:uvxz',
    long: 'force iterations= random-source= size= remove=? verbose exact zero',
    values: {
      '-n': 'value',
      '--iterations': 'value',
      '-s': 'value',
      '--size': 'value',
      '--random-source': 'read',
    },
    operands: ['remove'],
    examples: [{ argv: ['shred', '-n', '3', '-u', 'x'], roles: { 2: 'value', 4: 'remove' } }],
  },
];

/** Writers of files they need not name at all: a crontab installed, a launchd job loaded. */
const OTHER_WRITERS: readonly CommandFact[] = [
  {
    names: ['crontab'],
    summary: 'installs, edits, removes or lists the user crontab (cronie, Vixie cron)',
    short: 'u:lreisTcnx:V',
    values: { '-u': 'name', '-x': 'value' },
    // The file it installs (`-` standard input) is read.
    operands: ['read'],
    // Anything but listing it writes the spool.
    writesFiles: { files: ['/var/spool/cron/crontabs'], unless: ['-l'] },
    // With no file (or `-`), the crontab it installs is what arrives on standard input; listing,
    // removing or editing the crontab installs none.
    stdinCommands: true,
    effects: { '-l': ['no-program'], '-r': ['no-program'], '-e': ['no-program'] },
    examples: [
      { argv: ['crontab', '-u', 'root', 'jobs'], roles: { 2: 'name', 3: 'read' }, stdinCommands: false },
      { argv: ['crontab', '-'], stdinCommands: true },
      { argv: ['crontab', '-u', 'root'], stdinCommands: true },
      { argv: ['crontab', '-l'], effects: ['no-program'], stdinCommands: false },
    ],
  },
  {
    names: ['at', 'batch'],
    summary: 'queues the command lines it reads on standard input (or from -f FILE) to run later',
    short: 'q:f:t:o:mMlrdcvVbK',
    values: { '-f': 'read', '-q': 'value', '-t': 'value', '-o': 'value' },
    // `-f FILE` holds the jobs; listing (`-l`), removing (`-d`, `-r`) or printing (`-c`) jobs
    // queues none.
    effects: {
      '-f': ['program-given'],
      '-l': ['no-program'],
      '-d': ['no-program'],
      '-r': ['no-program'],
      '-c': ['no-program'],
    },
    // The time, or the jobs' numbers: never a file, but left for the floor to read as one.
    operands: ['unknown'],
    stdinCommands: true,
    // Its later words are matched by the deny rules as for a runner (`at now rm x` is no
    // command, but it was one of the named runners before it had an entry).
    wrapper: 'any-later-word',
    examples: [
      { argv: ['at', 'now', '+', '1', 'hour'], stdinCommands: true },
      { argv: ['batch'], stdinCommands: true },
      { argv: ['at', '-f', 'jobs.sh', 'now'], roles: { 2: 'read' }, stdinCommands: false },
      { argv: ['at', '-f', '-', 'now'], stdinCommands: true },
      { argv: ['at', '-l'], stdinCommands: false },
      { argv: ['at', '-d', '3'], stdinCommands: false },
    ],
  },
  {
    names: ['launchctl'],
    summary: 'the launchd client (macOS): loading or enabling a job makes it run later',
    permute: false,
    subcommands: Object.fromEntries(
      ['load', 'bootstrap', 'enable', 'submit'].map((verb) => [
        verb,
        { summary: `${verb}s a launchd job`, writesFiles: { files: ['~/Library/LaunchAgents'] } },
      ]),
    ),
  },
  {
    names: ['wget'],
    summary: 'downloads files over HTTP(S) and FTP',
    reachesHosts: true,
    short: 'O:o:a:P:i:e:',
    long:
      'output-document= output-file= append-output= directory-prefix= input-file= quiet verbose ' +
      'no-verbose continue timestamping no-clobber recursive use-askpass= execute=',
    abbreviations: true,
    // `-e CMD` runs a .wgetrc command: `use_askpass = PROG` (dashes and underscores in its name
    // are optional) names the program it runs, as `--use-askpass=PROG` does.
    settingOptions: ['-e', '--execute'],
    commandSettings: [
      'use_askpass',
      'useaskpass',
      'use-askpass',
      'use_askpass*',
      'useaskpass*',
      'use-askpass*',
    ],
    scriptFormat: { '--use-askpass': 'program' },
    values: {
      // The program it runs to ask for a user and a password (with the prompt as its argument).
      '--use-askpass': 'script',
      '-O': 'write',
      '--output-document': 'write',
      '-o': 'write',
      '--output-file': 'write',
      '-a': 'write',
      '--append-output': 'write',
      // The directory downloads are saved into (named after the URL): written.
      '-P': 'write',
      '--directory-prefix': 'write',
      '-i': 'read',
      '--input-file': 'read',
    },
    operands: ['value'],
    examples: [
      { argv: ['wget', '-O', 'out', 'https://x'], roles: { 2: 'write', 3: 'value' } },
      { argv: ['wget', '-Oout', 'https://x'], roles: { 2: 'value' } },
      { argv: ['wget', '--use-askpass=rm', 'https://x'], commandLines: ['rm'] },
      { argv: ['wget', '--use-askpass', 'my prog', 'https://x'], commandLines: ["'my prog'"] },
      { argv: ['wget', '-e', 'use_askpass=rm x', 'https://x'], commandLines: ['rm x'] },
      { argv: ['wget', '-e', 'useaskpass = rm', 'https://x'], commandLines: [' rm'] },
      { argv: ['wget', '-e', 'robots=off', 'https://x'], commandLines: [] },
    ],
  },
];

export const WRITERS: readonly CommandFact[] = [...FILE_WRITERS, ...METADATA_WRITERS, ...OTHER_WRITERS];
