/**
 * Commands that change, copy, compare or find the files their operands name. Facts from GNU
 * coreutils 9's, GNU diffutils 3.10's, GNU findutils 4.9's, OpenSSH 9's and rsync 3.2's manuals.
 */
import type { CommandFact } from '../types';
import { SSH_KEY_SETTINGS } from './runners';

/** find's `-newerXY REFERENCE` primaries (`-newermt 2024-01-01`). */
const NEWER_XY = [...'aBcmt'].flatMap((x) => [...'aBcmt'].map((y) => `newer${x}${y}=`)).join(' ');

export const FILES: readonly CommandFact[] = [
  {
    names: ['rm'],
    summary: 'removes files and (with -r) trees',
    mutates: true,
    printsNoContent: true,
    short: 'fiIrRdv',
    long: 'force interactive=? one-file-system no-preserve-root preserve-root=? recursive dir verbose help version',
    abbreviations: true,
    operands: ['remove'],
    effects: { '-r': ['recursive'], '-R': ['recursive'], '--recursive': ['recursive'] },
    examples: [{ argv: ['rm', '-rf', 'x'], roles: { 2: 'remove' }, effects: ['recursive'] }],
  },
  {
    names: ['cp'],
    summary: 'copies files, and with -r/-a trees',
    short: 'abdfHilLnPpRrsS:t:TuvxZ',
    long:
      'archive attributes-only backup=? copy-contents debug dereference force interactive link ' +
      'no-dereference preserve=? no-preserve= parents recursive reflink=? remove-destination sparse= ' +
      'strip-trailing-slashes suffix= symbolic-link target-directory= no-target-directory update=? ' +
      'verbose one-file-system context=? keep-directory-symlink no-clobber help version',
    abbreviations: true,
    values: {
      '-S': 'value',
      '--suffix': 'value',
      '-t': 'write',
      '--target-directory': 'write',
      '--sparse': 'value',
      '--no-preserve': 'value',
    },
    effects: {
      '-r': ['recursive'],
      '-R': ['recursive'],
      '--recursive': ['recursive'],
      '-a': ['recursive'],
      '--archive': ['recursive'],
      '-t': ['target-given'],
      '--target-directory': ['target-given'],
    },
    operands: ['read'],
    lastOperand: 'write',
    copiesFiles: true,
    examples: [
      {
        argv: ['cp', '-r', 'a', 'b', 'dest'],
        roles: { 2: 'read', 3: 'read', 4: 'write' },
        effects: ['recursive'],
      },
      { argv: ['cp', '-t', 'dest', 'a', 'b'], roles: { 2: 'write', 3: 'read', 4: 'read' } },
      { argv: ['cp', '.env.example', '.env'], roles: { 1: 'read', 2: 'write' }, notEffects: ['recursive'] },
      { argv: ['cp', '/bin/rm', '/tmp/x'], copies: ['rm', 'x'] },
      { argv: ['cp', '-t', 'dest', 'a'], copies: [] },
    ],
  },
  {
    names: ['scp'],
    summary: 'copies files over ssh, and with -r trees',
    short: 'c:D:F:i:J:l:o:P:S:X:346ABCOpqRrTv',
    values: {
      // An identity file logs in, it is not sent.
      '-i': 'uses',
      '-c': 'value',
      '-l': 'value',
      '-P': 'value',
      '-J': 'value',
      // The program it connects with (ssh by default), and ssh's settings.
      '-S': 'script',
      '-o': 'script',
    },
    scriptFormat: { '-o': 'ssh-option' },
    settingRoles: { '-o': SSH_KEY_SETTINGS },
    effects: { '-r': ['recursive'] },
    operands: ['read'],
    lastOperand: 'write',
    copiesFiles: true,
    examples: [
      { argv: ['scp', '/usr/bin/rm', 'h:x'], copies: ['rm'] },
      { argv: ['scp', '-r', '-i', 'key', 'dir', 'host:x'], roles: { 3: 'uses', 4: 'read', 5: 'write' } },
      { argv: ['scp', '-S', 'rm x', 'a', 'h:b'], commandLines: ['rm x'] },
      { argv: ['scp', '-o', 'ProxyCommand=rm x', 'a', 'h:b'], commandLines: ['rm x'] },
    ],
  },
  {
    names: ['rsync'],
    summary: 'copies files and trees, locally or over ssh',
    short: 'e:f:T:B:M:vqcarRbudlLkKHpEAXogDtOJUNmnWxyzCFhPSi8460s',
    long:
      'rsh= filter= temp-dir= block-size= remote-option= exclude= exclude-from= include= include-from= ' +
      'files-from= password-file= rsync-path= log-file= log-file-format= out-format= backup-dir= ' +
      'suffix= chmod= chown= usermap= groupmap= compare-dest= copy-dest= link-dest= partial-dir= ' +
      'timeout= contimeout= port= sockopts= bwlimit= max-size= min-size= max-delete= modify-window= ' +
      'compress-level= compress-choice= checksum-choice= skip-compress= info= debug= iconv= ' +
      'archive recursive relative checksum compress delete delete-before delete-during ' +
      'delete-after delete-excluded dry-run human-readable links copy-links safe-links hard-links ' +
      'perms executability acls xattrs owner group devices specials times omit-dir-times ' +
      'omit-link-times partial progress quiet stats update inplace append append-verify dirs ' +
      'mkpath whole-file no-whole-file one-file-system existing ignore-existing remove-source-files ' +
      'numeric-ids itemize-changes list-only verbose backup cvs-exclude prune-empty-dirs ' +
      'ignore-times size-only fuzzy sparse preallocate super fake-super protect-args secluded-args ' +
      'from0 ipv4 ipv6 8-bit-output no-motd help version',
    abbreviations: true,
    values: {
      '--exclude': 'pattern',
      '--exclude-from': 'read',
      '--include-from': 'read',
      '--files-from': 'read',
      // A password file authenticates to a daemon, it is not sent as a file.
      '--password-file': 'uses',
      '-T': 'write',
      '--temp-dir': 'write',
      '--log-file': 'write',
      '-B': 'value',
      '--block-size': 'value',
      '--timeout': 'value',
      '--contimeout': 'value',
      '--port': 'value',
      '--bwlimit': 'value',
      '--max-size': 'value',
      '--min-size': 'value',
      '--chmod': 'value',
      '--chown': 'value',
      '--compress-level': 'value',
      // The remote shell it connects with, and the rsync it runs on the other side (the floor
      // reads a plain one as its command's words: `-e 'ssh -i KEY'` reads no key).
      '-e': 'script',
      '--rsh': 'script',
      '--rsync-path': 'script',
    },
    effects: {
      '-r': ['recursive'],
      '--recursive': ['recursive'],
      '-a': ['recursive'],
      '--archive': ['recursive'],
      // The names to copy, read from a file or standard input (`--files-from=-`).
      '--files-from': ['reads-listed'],
    },
    operands: ['read'],
    lastOperand: 'write',
    copiesFiles: true,
    // The remote shell when `-e` is not given, and the program a daemon connection is made
    // through (run by a shell, `%H` the host): command lines, as `-e`'s value is.
    env: ['RSYNC_RSH', 'RSYNC_CONNECT_PROG'],
    commandEnv: ['RSYNC_RSH', 'RSYNC_CONNECT_PROG'],
    examples: [
      { argv: ['rsync', '-a', '/bin/rm', 'h:x'], copies: ['rm'] },
      { argv: ['rsync', 'a', 'h:b'], variables: { RSYNC_RSH: 'rm x' }, commandLines: ['rm x'] },
      {
        argv: ['rsync', 'a', 'rsync://h/m'],
        variables: { RSYNC_CONNECT_PROG: 'rm x', RSYNC_PASSWORD: 'p' },
        commandLines: ['rm x'],
      },
      {
        argv: ['rsync', '-av', '--exclude', '.env', 'src/', 'host:dst'],
        roles: { 3: 'pattern', 4: 'read', 5: 'write' },
        effects: ['recursive'],
      },
      { argv: ['rsync', '-e', 'rm x', 'a', 'h:b'], roles: { 2: 'script' }, commandLines: ['rm x'] },
      { argv: ['rsync', '--rsync-path=rm x', 'a', 'h:b'], commandLines: ['rm x'] },
      { argv: ['rsync', '-ave', 'ssh -i k', 'a', 'h:'], roles: { 2: 'script', 3: 'read' } },
      { argv: ['rsync', '-a', '--files-from=-', '.', 'h:b'], effects: ['reads-listed'] },
    ],
  },
  {
    names: ['dd'],
    summary: 'copies and converts a file: `if=FILE` is read, `of=FILE` written',
    keyOperands: {
      if: 'read',
      of: 'write',
      bs: 'value',
      ibs: 'value',
      obs: 'value',
      cbs: 'value',
      count: 'value',
      skip: 'value',
      iseek: 'value',
      seek: 'value',
      oseek: 'value',
      conv: 'value',
      iflag: 'value',
      oflag: 'value',
      status: 'value',
    },
    operands: ['unknown'],
    examples: [
      {
        argv: ['dd', 'if=/dev/zero', 'of=.env', 'bs=1M', 'x'],
        roles: { 1: 'read', 2: 'write', 3: 'value', 4: 'unknown' },
      },
    ],
  },
  {
    names: ['diff'],
    summary: 'compares files, and with -r trees',
    short: 'abBcC:dD:eEfF:hiI:lL:nNpPqrsS:tTuU:vwW:x:X:yZ',
    long:
      'normal brief report-identical-files context=? unified=? ed rcs side-by-side width= expand-tabs ' +
      'initial-tab tabsize= suppress-common-lines left-column suppress-blank-empty show-c-function ' +
      'show-function-line= label= ignore-case ignore-file-name-case no-ignore-file-name-case ' +
      'ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ' +
      'ignore-blank-lines ignore-matching-lines= text strip-trailing-cr minimal horizon-lines= ' +
      'speed-large-files line-format= old-line-format= new-line-format= unchanged-line-format= ' +
      'old-group-format= new-group-format= unchanged-group-format= changed-group-format= ifdef= ' +
      'recursive new-file unidirectional-new-file starting-file= exclude= exclude-from= from-file= ' +
      'to-file= color=? palette= no-dereference help version paginate',
    abbreviations: true,
    // No option writes; `-l`/`--paginate` runs `pr`, found on PATH (decision 0043).
    readOnly: 'any-option',
    values: {
      '-x': 'pattern',
      '--exclude': 'pattern',
      '-X': 'read',
      '--exclude-from': 'read',
      '--from-file': 'read',
      '--to-file': 'read',
      '-I': 'pattern',
      '--ignore-matching-lines': 'pattern',
      '-F': 'pattern',
      '--show-function-line': 'pattern',
      '-L': 'name',
      '--label': 'name',
      '-S': 'name',
      '--starting-file': 'name',
      '-C': 'value',
      '-U': 'value',
      '-W': 'value',
      '--width': 'value',
      '--tabsize': 'value',
      '--horizon-lines': 'value',
      '--color': 'value',
      '--palette': 'value',
    },
    effects: {
      '-r': ['recursive'],
      '--recursive': ['recursive'],
      // Which files differ, not what is in them.
      '-q': ['names-only'],
      '--brief': ['names-only'],
      '-l': ['runs'],
      '--paginate': ['runs'],
    },
    operands: ['read'],
    examples: [
      { argv: ['diff', '-ru', 'a', 'b'], roles: { 2: 'read', 3: 'read' }, effects: ['recursive'] },
      { argv: ['diff', '-rq', 'a', 'b'], effects: ['recursive', 'names-only'] },
      { argv: ['diff', '--pag', 'a', 'b'], roles: { 2: 'read' }, effects: ['runs'] },
      { argv: ['diff', '-x', '.env', '-r', 'a', 'b'], roles: { 2: 'pattern', 4: 'read' } },
    ],
  },
  {
    names: ['find'],
    summary: 'walks trees; with -exec/-ok runs a command on each file found',
    singleDash: true,
    long:
      'H L P D= O=? name= iname= path= ipath= wholename= iwholename= lname= ilname= regex= iregex= ' +
      'regextype= type= xtype= size= perm= user= group= uid= gid= newer= anewer= cnewer= mtime= atime= ' +
      'ctime= mmin= amin= cmin= used= maxdepth= mindepth= links= inum= samefile= fstype= context= ' +
      'printf= fprint= fprint0= fls= exec= execdir= ok= okdir= delete print print0 prune quit ls ' +
      'empty executable readable writable true false nouser nogroup depth follow xdev mount noleaf ' +
      'daystart ignore_readdir_race noignore_readdir_race warn nowarn not and or a o help version ' +
      `fprintf= Bmin= Btime= Bnewer= files0-from= d E X s x f= ${NEWER_XY}`,
    // Every primary is listed (decision 0043): a typo'd or new one is not assumed to only read.
    readOnly: 'listed-options',
    operandsFirst: ['-H', '-L', '-P', '-D', '-O', '-E', '-X', '-s', '-x', '-f'],
    defaultTree: '.',
    values: {
      '-name': 'read',
      '-iname': 'read',
      '-path': 'read',
      '-ipath': 'read',
      '-wholename': 'read',
      '-iwholename': 'read',
      '-lname': 'pattern',
      '-ilname': 'pattern',
      '-regex': 'read',
      '-iregex': 'read',
      '-exec': 'command',
      '-execdir': 'command',
      '-ok': 'command',
      '-okdir': 'command',
      '-fprint': 'write',
      '-fprint0': 'write',
      '-fprintf': 'write',
      '-fls': 'write',
      // BSD `find -f PATH`: a starting point.
      '-f': 'read',
      '-type': 'value',
      '-xtype': 'value',
      '-maxdepth': 'value',
      '-mindepth': 'value',
      '-mtime': 'value',
      '-mmin': 'value',
      '-size': 'value',
      '-perm': 'value',
    },
    // `-name`, `-path`, `-regex` pick the files read by a name the floor checks as a word.
    effects: {
      '-exec': ['recursive'],
      '-execdir': ['recursive'],
      '-ok': ['recursive'],
      '-okdir': ['recursive'],
      '-name': ['picks-names'],
      '-iname': ['picks-names'],
      '-path': ['picks-names'],
      '-ipath': ['picks-names'],
      '-wholename': ['picks-names'],
      '-iwholename': ['picks-names'],
      '-regex': ['picks-names'],
      '-iregex': ['picks-names'],
      '-delete': ['writes'],
    },
    // `-fprintf FILE FORMAT`.
    pairs: { '-fprintf': 'value' },
    operands: ['read'],
    examples: [
      {
        argv: ['find', '-L', '.', '/root', '-name', '*.py', '-exec', 'cat', '{}', ';'],
        roles: { 2: 'read', 3: 'read', 5: 'read', 7: 'command', 8: 'unknown', 9: 'unknown' },
        effects: ['recursive', 'picks-names'],
      },
      { argv: ['find', '(', '-type', 'f', ')', '-exec', 'grep', 'x', '{}', '+'], roles: { 7: 'unknown' } },
      { argv: ['find', '.', '-type', 'f'], roles: { 1: 'read', 3: 'value' }, notEffects: ['recursive'] },
      { argv: ['find', '.', '-fprintf', 'out', '%p'], roles: { 3: 'write', 4: 'value' } },
      { argv: ['find', '.', '-newermt', '2024-01-01', '-delete'], effects: ['writes'] },
    ],
  },
];
