/**
 * Language interpreters that take a program inline: by which options (`python3 -c`, `node -e`,
 * `perl -e`/`-E`, `php -r`/`-B`/`-R`/`-E`, `lua -e`) or subcommand (`deno eval`) the program
 * text comes, and in which language. The floor reads those `code` words by their `language`
 * (`floor/interpreter-code.ts`): the file names and environment reads they spell, the command
 * lines they run, and whether they compute names at run time (never allowed by a prefix rule).
 *
 * Only the options that take a value are listed with it; a letter not listed may or may not
 * take one, and the reader tries both (a program found in any reading is checked). Options
 * are read after operands too (`permute`): an interpreter stops at its script, but reading on
 * only finds more words to check, never fewer.
 */
import type { CommandFact } from '../types';
import { PACKAGE_RUN } from './runners';

/**
 * Calls that change files, or run commands (which may), named alike in these languages'
 * libraries: `write`, `rename`, `unlink`, `shutil.copy`, `fs.mkdirSync`, `os.system`, `cp`…
 */
const FILE_CALLS = String.raw`\b(?:write\w*|append\w*|rename\w*|replace|remove\w*|unlink\w*|rmtree|copy\w*|move\w*|symlink\w*|link\w*|chmod\w*|chown\w*|truncate\w*|dump|touch|mkdir\w*|rm|system|exec\w*|spawn\w*|popen|subprocess|cp|mv)\b`;
/** An open mode that writes, given to `open(…)`/`fopen(…)` after the file: `'w'`, `'a+'`, `mode='wb'`. */
const OPEN_WRITES = String.raw`open\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][rbt]*[wax+]`;
/** Perl's and Ruby's open modes written in front of a name, and pipes: `">>x"`, `'+<x'`, `'cmd |'`. */
const MODE_WRITES = String.raw`['"]\s*\+?>|\|\s*['"]`;
/** What a JavaScript program writes with: the common calls, `fs.open(f, 'w')`, `fs.createWriteStream`. */
const JS_WRITE_CALLS = `${FILE_CALLS}|${OPEN_WRITES}|\\bcreateWriteStream\\b`;

/** JavaScript's calls that run a program (`child_process`, `Bun.spawn`, `Deno.run`, `Deno.Command`). */
const JS_RUN_CALLS = String.raw`\b(?:execSync|execFileSync|spawnSync|exec|execFile|spawn|Bun\.spawn|Bun\.spawnSync|Deno\.run|Command)\s*\(`;

/**
 * JavaScript's process APIs: `exec(` is also a regular expression's method, so for node and deno a
 * run call only counts in a program that reaches one of them.
 */
const JS_PROCESS_API = String.raw`child_process|Bun\.spawn|Deno\.(?:run|Command)`;

export const INTERPRETERS: readonly CommandFact[] = [
  {
    names: ['python', 'python2', 'python3', 'pypy', 'pypy3'],
    dollarNotShell: true,
    summary: 'the Python interpreter (a version after the name is the same: `python3.12`)',
    language: 'python',
    runCalls: String.raw`\b(?:os\.(?:system|popen|exec\w*|spawn\w*)|subprocess\.\w+|pty\.spawn|commands\.getoutput)\s*\(`,
    writeCalls: `${FILE_CALLS}|${OPEN_WRITES}|${MODE_WRITES}`,
    // -c CODE, -m MODULE; -W and -X take a setting; the rest are flags.
    short: 'c:m:W:X:bBdEhiIOPqsSuvVx?',
    long: 'check-hash-based-pycs= help version',
    values: { '-c': 'code', '-m': 'name' },
    // With no program, or `-` (`python3 - ARGS`), the program is read on standard input.
    stdinProgram: true,
    effects: {
      '-m': ['program-given'],
      '-h': ['no-program'],
      '-?': ['no-program'],
      '--help': ['no-program'],
      '-V': ['no-program'],
      '--version': ['no-program'],
    },
    examples: [
      { argv: ['python3', '-c', 'print("$HOME", $x)'], dollars: '-c print("$HOME", _x)' },
      { argv: ['python3', '-c', 'print(1)'], roles: { 2: 'code' } },
      { argv: ['python3', '-Bc', 'print(1)'], roles: { 2: 'code' } },
      { argv: ['python3', '-m', 'json.tool', 'x.json'], roles: { 2: 'name' }, effects: ['program-given'] },
      { argv: ['python3', '-u', '-', 'x'], roles: { 2: 'unknown' }, notEffects: ['program-given'] },
      { argv: ['python3', '-V'], effects: ['no-program'] },
    ],
  },
  {
    names: ['node', 'nodejs'],
    dollarNotShell: true,
    summary: 'Node.js',
    language: 'node',
    runCalls: JS_RUN_CALLS,
    processApi: JS_PROCESS_API,
    writeCalls: JS_WRITE_CALLS,
    // `-pe CODE` is node's alias for `--print --eval CODE` (see `inlineCode`).
    short: 'e:p:r:C:cihv',
    long:
      'eval= print= require= import= loader= experimental-loader= input-type= conditions= env-file= ' +
      'check interactive help version',
    stdinProgram: true,
    // `-c` checks the script's syntax only.
    effects: {
      '-c': ['no-program'],
      '-h': ['no-program'],
      '--help': ['no-program'],
      '-v': ['no-program'],
      '--version': ['no-program'],
    },
    values: {
      '-e': 'code',
      '--eval': 'code',
      '-p': 'code',
      '--print': 'code',
      '-C': 'name',
      '--conditions': 'name',
    },
    examples: [
      { argv: ['node', '-e', 'const $x = 1'], dollars: '-e const _x = 1' },
      { argv: ['node', '-e', 'console.log(1)'], roles: { 2: 'code' } },
      { argv: ['node', '--input-type=module', '--eval', 'x'], roles: { 3: 'code' } },
      { argv: ['node', '--loader', 'ts-node/esm', '-'], roles: { 3: 'unknown' } },
      { argv: ['node', '-c', 'x.js'], effects: ['no-program'] },
    ],
  },
  {
    names: ['bun'],
    summary: 'the Bun JavaScript runtime',
    language: 'bun',
    runCalls: JS_RUN_CALLS,
    writeCalls: JS_WRITE_CALLS,
    short: 'e:p:r:',
    long: 'eval= print= preload= cwd= env-file= bun help version',
    values: { '-e': 'code', '--eval': 'code', '-p': 'code', '--print': 'code' },
    // Kept as before: a bun with no script is counted as reading one on standard input.
    stdinProgram: true,
    effects: { '--help': ['no-program'], '--version': ['no-program'] },
    // `bun x` is bunx; `bun exec` runs a command line in Bun's shell.
    subcommands: { x: { ...PACKAGE_RUN, names: ['exec'] } },
    // Only its first word is a subcommand: a later `x` is an operand (`bun -e CODE x`).
    subcommandsFirst: true,
    operandUnlessSubcommand: true,
    examples: [
      { argv: ['bun', '--eval', 'console.log(1)'], roles: { 2: 'code' } },
      { argv: ['bun', 'x', 'rm', 'y'], roles: { 2: 'command' } },
      { argv: ['bun', 'app.js', '-e', 'console.log(1)'], roles: { 3: 'code' } },
      { argv: ['bun', '-e', 'y', 'x', '-e', 'z'], roles: { 2: 'code', 5: 'code' } },
    ],
  },
  {
    names: ['deno'],
    summary: 'the Deno JavaScript runtime',
    language: 'deno',
    runCalls: JS_RUN_CALLS,
    processApi: JS_PROCESS_API,
    writeCalls: JS_WRITE_CALLS,
    // With no subcommand, the REPL: it runs what it reads on standard input.
    stdinProgram: true,
    short: 'hV',
    long: 'help version',
    effects: {
      '-h': ['no-program'],
      '--help': ['no-program'],
      '-V': ['no-program'],
      '--version': ['no-program'],
    },
    permute: false,
    subcommands: {
      // `deno eval [OPTIONS] CODE [ARGS…]`: `-p` prints the result.
      eval: {
        summary: 'runs a program given as text',
        short: 'p',
        long: 'print ext=',
        operands: ['code', 'unknown'],
      },
    },
    examples: [
      { argv: ['deno', 'eval', 'console.log(1)'], roles: { 2: 'code' } },
      { argv: ['deno', 'eval', '-p', '1+1'], roles: { 3: 'code' } },
    ],
  },
  {
    names: ['ruby'],
    dollarNotShell: true,
    summary: 'the Ruby interpreter',
    language: 'ruby',
    runCalls: String.raw`\b(?:system|exec|spawn|IO\.popen|Open3\.\w+)\b\s*\(?`,
    writeCalls: `${FILE_CALLS}|${OPEN_WRITES}|${MODE_WRITES}`,
    shellQuotes: true,
    interpolates: true,
    // -e CODE; -r LIBRARY; -I and -C a directory; -E an encoding; -F a pattern.
    // -i[EXT]: edits the files in place (attached only).
    short: 'e:r:I:C:E:F:i::acdhlnpsSvwy',
    long: 'enable= disable= encoding= external-encoding= internal-encoding= dump= jit yjit verbose version help copyright',
    values: { '-e': 'code', '-r': 'name' },
    stdinProgram: true,
    // -c checks the syntax only; -v prints the version (and exits when no program is given).
    effects: {
      '-i': ['in-place', 'writes'],
      '-c': ['no-program'],
      '-v': ['no-program'],
      '--version': ['no-program'],
      '-h': ['no-program'],
      '--help': ['no-program'],
    },
    examples: [
      { argv: ['ruby', '-ne', 'puts $_'], dollars: '-ne puts __' },
      { argv: ['ruby', '-ne', 'print', 'x'], roles: { 2: 'code' } },
      { argv: ['ruby', '-rjson', '-e', 'p 1'], roles: { 3: 'code' } },
    ],
  },
  {
    names: ['perl'],
    dollarNotShell: true,
    summary: 'the Perl interpreter',
    language: 'perl',
    runCalls: String.raw`\b(?:system|exec)\b\s*\(?`,
    writeCalls: `${FILE_CALLS}|\\bsysopen\\b|${OPEN_WRITES}|${MODE_WRITES}`,
    shellQuotes: true,
    interpolates: true,
    // -e/-E CODE; -M/-m a module and -i a backup suffix, attached only; -0 an octal record
    // separator, attached. -l is a flag here (its octal value is digits, read as -0's by
    // nothing else): `-lne CODE` is -l -n -e CODE.
    short: 'e:E:M::m::i::0::I:lnpacstTwWXvVhSu',
    values: { '-e': 'code', '-E': 'code', '-M': 'name', '-m': 'name' },
    // `<>` (`-n`, `-p`) opens each operand with two-argument open: `'CMD|'` runs CMD.
    commandWords: 'pipe-open',
    stdinProgram: true,
    // -i[EXT]: the files named after the program are edited in place. -c compiles the program
    // without running its main part; -v, -V and -h print and exit.
    effects: {
      '-i': ['in-place', 'writes'],
      '-c': ['no-program'],
      '-v': ['no-program'],
      '-V': ['no-program'],
      '-h': ['no-program'],
    },
    examples: [
      { argv: ['perl', '-ne', 'print $1 if /(x)/'], dollars: '-ne print _1 if /(x)/' },
      { argv: ['perl', '-lne', 'print', 'x'], roles: { 2: 'code' } },
      { argv: ['perl', '-MMIME::Base64', '-E', 'say 1'], roles: { 3: 'code' } },
      { argv: ['perl', '-pi', '-e', 's/a/b/', 'f'], roles: { 3: 'code' }, effects: ['in-place'] },
      { argv: ['perl', '-pe', '', 'rm -rf x|'], commandLines: ['rm -rf x'] },
      { argv: ['perl', '-ne', 'print', '|rm -rf x'], commandLines: ['rm -rf x'] },
      { argv: ['perl', '-ne', 'print', 'a|b.txt'], commandLines: [] },
    ],
  },
  {
    names: ['php'],
    dollarNotShell: true,
    summary: 'the PHP command-line interpreter',
    language: 'php',
    runCalls: String.raw`\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*\(`,
    // `fopen($f, 'w')` is an open mode; `file_put_contents`, `fwrite` and `fputs` write.
    writeCalls: `${FILE_CALLS}|${OPEN_WRITES}|${MODE_WRITES}|\\b(?:file_put_contents|fwrite|fputs)\\b`,
    shellQuotes: true,
    interpolates: true,
    // -r CODE; -B, -R, -E code run before, per line and after the input; -F a file run per line.
    short: 'r:B:R:E:F:f:d:c:z:S:t:nalsiwvmhHqe',
    values: { '-r': 'code', '-B': 'code', '-R': 'code', '-E': 'code', '-d': 'name' },
    stdinProgram: true,
    // -f FILE and -F FILE run a file; -S serves the document root's scripts; -v and -h print
    // and exit. (-l lints and -i, -m print, reading no program either: not said yet, so such a
    // php still counts as reading one from standard input, as before.)
    effects: {
      '-f': ['program-given'],
      '-F': ['program-given'],
      '-S': ['program-given'],
      '-v': ['no-program'],
      '-h': ['no-program'],
    },
    examples: [
      { argv: ['php', '-r', 'echo $argv[1];'], dollars: '-r echo _argv[1];' },
      { argv: ['php', '-r', 'echo 1;'], roles: { 2: 'code' } },
      { argv: ['php', '-R', 'echo $argn;'], roles: { 2: 'code' } },
      { argv: ['php', '-F', 'line.php'], effects: ['program-given'] },
    ],
  },
  {
    names: ['lua', 'luajit'],
    dollarNotShell: true,
    summary: 'the Lua interpreter (a version after the name is the same: `lua5.4`)',
    language: 'lua',
    runCalls: String.raw`\b(?:os\.execute|io\.popen)\s*\(?`,
    writeCalls: `${FILE_CALLS}|${OPEN_WRITES}|${MODE_WRITES}`,
    // -e CODE; -l a module; the rest are flags.
    short: 'e:l:ivEWj:O::b',
    values: { '-e': 'code', '-l': 'name' },
    // With no script, or `-`, it runs standard input — unless `-e` or `-v` is given.
    stdinProgram: true,
    effects: { '-v': ['no-program'] },
    examples: [
      { argv: ['lua', '-e', 'print("$x")'], dollars: '-e print("$x")' },
      { argv: ['lua', '-e', 'print(1)'], roles: { 2: 'code' } },
    ],
  },
  {
    names: ['tclsh'],
    summary: 'the Tcl shell: runs a script file operand, or the program it reads on standard input',
    language: 'tcl',
    // `-encoding NAME` before the script; no option takes a program inline.
    singleDash: true,
    long: 'encoding=',
    permute: false,
    operands: ['read', 'value'],
    stdinProgram: true,
    examples: [{ argv: ['tclsh', 'build.tcl', 'x'], roles: { 1: 'read', 2: 'value' } }],
  },
];
