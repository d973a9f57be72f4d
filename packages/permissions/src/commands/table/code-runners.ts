/**
 * Programs that run code given to them in a language the engine does not read, or commands typed
 * at their prompt or read on their input that may reach a shell. Only that is said of them
 * (`runsCode`), no option or operand: their own word never gets a prefix rule (`Bash(java:*)`
 * would allow any class), and their words are searched for hidden command lines as an
 * interpreter's are. Facts from each program's manual.
 */
import type { CommandFact } from '../types';

/** A program that runs code given to it, with an example of the prefix rule it never gets. */
function runner(
  names: readonly string[],
  summary: string,
  runsCode: 'program' | 'prompt',
  example: readonly string[],
): CommandFact {
  return { names, summary, runsCode, examples: [{ argv: example, prefix: [] }] };
}

export const CODE_RUNNERS: readonly CommandFact[] = [
  runner(['tsx'], 'runs a TypeScript or JavaScript file with node', 'program', ['tsx', 'script.ts']),
  runner(['ts-node'], 'runs a TypeScript file, or code given with -e', 'program', ['ts-node', 'script.ts']),
  {
    ...runner(['java'], 'runs a Java class, jar or source file', 'program', ['java', '-jar', 'app.jar']),
    // Its options take one dash; `-DNAME=VALUE` sets a system property, its value attached.
    singleDash: true,
    short: 'D:',
    long: 'cp= classpath= jar= version help',
    examples: [
      { argv: ['java', '-jar', 'app.jar'], prefix: [] },
      { argv: ['java', '-Dverbose', 'Main', 'arg'], readings: 1, prefix: [] },
      { argv: ['java', '-cp', 'lib', '-Dkey=value', 'Main'], readings: 1 },
    ],
  },
  runner(['jshell'], 'runs the Java snippets of files or of its input', 'program', ['jshell', 'x.jsh']),
  runner(['groovy'], 'runs a Groovy script, or code given with -e', 'program', ['groovy', '-e', 'println 1']),
  runner(['scala'], 'runs a Scala program or script', 'program', ['scala', 'x.scala']),
  runner(['julia'], 'runs a Julia program, or code given with -e', 'program', ['julia', '-e', '1']),
  runner(['Rscript'], 'runs an R script, or expressions given with -e', 'program', ['Rscript', '-e', '1']),
  runner(['R'], 'the R console: runs the R code of its input, of -f FILE or -e', 'program', [
    'R',
    '--vanilla',
  ]),
  runner(['osascript'], 'runs AppleScript or JavaScript for Automation, from a file or -e', 'program', [
    'osascript',
    '-e',
    'beep',
  ]),
  {
    ...runner(
      ['expect'],
      'runs an Expect (Tcl) script that drives other programs, or -c commands',
      'program',
      ['expect', 'x.exp'],
    ),
    // Given no script file (`-f FILE` or the first operand), it reads its commands from
    // standard input (`-` names it too); `-c` commands run first either way.
    short: 'c:f:b:D:dinNv',
    operands: ['read', 'unknown'],
    effects: { '-f': ['program-given'], '-b': ['program-given'] },
    stdinCommands: true,
    examples: [
      { argv: ['expect', 'x.exp'], prefix: [], stdinCommands: false },
      { argv: ['expect', '-c', 'spawn ls'], stdinCommands: true },
      { argv: ['expect', '-f', 'x.exp', 'a'], stdinCommands: false },
    ],
  },
  runner(['wish'], 'runs a Tcl/Tk script', 'program', ['wish', 'x.tcl']),
  runner(['irb'], "Ruby's console: runs the Ruby of its input", 'program', ['irb']),
  runner(['pry'], 'a Ruby console: runs the Ruby of its input', 'program', ['pry']),
  {
    ...runner(['sqlite3'], 'the SQLite shell: `.shell CMD` and `.system CMD` run commands', 'prompt', [
      'sqlite3',
      'db.sqlite',
      '.tables',
    ]),
    // What arrives on standard input is its SQL and dot-commands (decision 0067).
    stdinCommands: true,
    examples: [
      { argv: ['sqlite3', 'db.sqlite', '.tables'], prefix: [] },
      { argv: ['sqlite3', 'db.sqlite'], stdinCommands: true },
    ],
  },
  {
    ...runner(
      ['psql'],
      'the PostgreSQL client: `\\! CMD` runs a shell command, `\\o |CMD` pipes to one',
      'prompt',
      ['psql', '-c', 'select 1'],
    ),
    // PostgreSQL 16's options. Given no `-c` and no `-f FILE` (`-f -` is standard input), it
    // runs the commands it reads on standard input (decision 0067).
    short: 'c:d:f:h:p:U:v:o:L:F:R:P:T:aAbeEHlnqsStwWxXz01V',
    long:
      'command= dbname= file= host= port= username= set= variable= output= log-file= field-separator= ' +
      'record-separator= pset= table-attr= echo-all no-align csv echo-errors echo-queries echo-hidden html ' +
      'list no-readline quiet single-step single-line tuples-only no-password password expanded no-psqlrc ' +
      'field-separator-zero record-separator-zero single-transaction version help=?',
    values: {
      '-f': 'read',
      '--file': 'read',
      '-o': 'write',
      '--output': 'write',
      '-L': 'write',
      '--log-file': 'write',
    },
    effects: {
      '-c': ['program-given'],
      '--command': ['program-given'],
      '-f': ['program-given'],
      '--file': ['program-given'],
      '-l': ['no-program'],
      '--list': ['no-program'],
      '-V': ['no-program'],
      '--version': ['no-program'],
    },
    stdinCommands: true,
    examples: [
      { argv: ['psql', '-c', 'select 1'], prefix: [], stdinCommands: false },
      { argv: ['psql', '-h', 'db', '-U', 'app', 'app'], stdinCommands: true },
      { argv: ['psql', '-f', 'x.sql'], roles: { 2: 'read' }, stdinCommands: false },
      { argv: ['psql', '-f', '-'], stdinCommands: true },
    ],
  },
  {
    ...runner(['mysql'], 'the MySQL client: `system CMD` (`\\!`) runs a shell command', 'prompt', [
      'mysql',
      '-e',
      'select 1',
    ]),
    // Given no `-e`, it runs the statements and commands it reads on standard input (decision
    // 0067); the password only attached (`-pSECRET`). `--pager=CMD` pipes its output through
    // CMD, run by a shell (`--pager` alone: `$PAGER`); `--tee=FILE` appends the session to FILE.
    // Its options may follow the database, and a unique prefix names a long option (my_getopt).
    short: 'e:u:h:P:D:S:p::BsNrtEfv',
    long:
      'execute= user= host= port= database= socket= password=? batch silent skip-column-names raw table ' +
      'vertical force verbose pager=? no-pager tee= no-tee',
    abbreviations: true,
    permute: true,
    values: { '--pager': 'script', '--tee': 'write' },
    effects: { '-e': ['program-given'], '--execute': ['program-given'] },
    stdinCommands: true,
    examples: [
      { argv: ['mysql', '-e', 'select 1'], prefix: [], stdinCommands: false },
      { argv: ['mysql', '-u', 'root', '-p', 'db'], stdinCommands: true },
      { argv: ['mysql', '--pager=rm -rf x', '-e', 'select 1'], commandLines: ['rm -rf x'] },
      { argv: ['mysql', 'db', '--pag=less -S'], commandLines: ['less -S'] },
      { argv: ['mysql', '--pager', 'db'], commandLines: [] },
      { argv: ['mysql', '--tee', 'out.log', 'db'], roles: { 2: 'write' } },
    ],
  },
];
