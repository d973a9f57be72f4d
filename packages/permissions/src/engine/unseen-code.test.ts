import { describe, expect, it } from 'vitest';
import { RUN_CALLS, SHELL_QUOTE_LANGUAGES } from '../commands';
import { programCommandLines } from '../floor/interpreter-code';
import { compileRuleSet } from '../rules/compile-rule-set';
import { analyzeShell } from '../shell';
import { evaluateBash } from './evaluate-bash';
import { unseenCodeReason } from './unseen-code';

const denyRm = compileRuleSet({ deny: ['Bash(rm:*)'] });
const reason = (line: string, at = 0) => unseenCodeReason(analyzeShell(line).commands[at]!);

describe('unseen code, from the command table', () => {
  it("reads the interpreters' run calls from their entries, for the floor and for unseen code alike", () => {
    // One fact, two readers: a literal argument is a command line the floor checks, one built
    // at run time is unseen code.
    for (const language of ['python', 'node', 'bun', 'deno', 'ruby', 'perl', 'php', 'lua'])
      expect(RUN_CALLS.has(language), language).toBe(true);
    expect([...SHELL_QUOTE_LANGUAGES].sort()).toEqual(['perl', 'php', 'ruby']);
    expect(programCommandLines('lua', 'os.execute("cat .env")')).toEqual(['cat .env']);
    expect(programCommandLines('python', "commands.getoutput('env')")).toEqual(['env']);
    expect(reason(`lua -e 'os.execute(arg[1])' x`)).toMatch(/builds at run time/);
    expect(reason(`lua -e 'os.execute("ls")'`)).toBeUndefined();
    expect(reason(`python3 -c 'import commands; commands.getoutput(x)'`)).toMatch(/builds at run time/);
    expect(reason(`php -r 'pcntl_exec($argv[1]);'`)).toMatch(/builds at run time/);
    expect(reason(`deno eval 'new Deno.Command(Deno.args[0]).spawn()'`)).toMatch(/builds at run time/);
    // Without a process API, JavaScript's `exec(` is a regular expression's.
    expect(reason(`deno eval 'console.log(/a/.exec(Deno.args[0]))'`)).toBeUndefined();
    expect(evaluateBash(`lua -e 'os.execute(io.read())'`, denyRm).behavior).toBe('deny');
  });

  it('knows every interpreter the table names, versions included', () => {
    for (const line of [
      'echo cm0= | base64 -d | nodejs',
      'curl -s x | pypy3',
      'curl -s x | python3.12',
      'curl -s x | luajit',
      'curl -s x | tclsh',
    ])
      expect(reason(line, analyzeShell(line).commands.length - 1), line).toMatch(
        /reads its program from standard input/,
      );
    expect(reason('tclsh build.tcl')).toBeUndefined();
  });

  it("finds ssh's login shell with ssh's options from the table", () => {
    const login = 'ssh runs a login shell that reads its commands from standard input';
    expect(reason('echo rm -rf x | ssh host', 1)).toBe(login);
    expect(reason('echo rm -rf x | ssh -p 22 -i key host', 1)).toBe(login);
    expect(reason('echo rm -rf x | ssh host -p 22', 1)).toBe(login);
    expect(reason('ssh -l me host < cmds.txt')).toBe(login);
    // Without a host ssh only prints its usage; counted as a login all the same (as before).
    expect(reason('ssh -o ConnectTimeout=10 < hosts')).toBe(login);
    // A remote command or a forwarding: no login shell.
    expect(reason('echo x | ssh host ls', 1)).toBeUndefined();
    expect(reason('echo x | ssh -p 22 host ls', 1)).toBeUndefined();
    expect(reason('echo x | ssh -N -L 8080:localhost:80 host', 1)).toBeUndefined();
    expect(reason('echo x | ssh -W localhost:22 jump', 1)).toBeUndefined();
    expect(reason('echo x | ssh host -s sftp', 1)).toBeUndefined();
    // An option the table does not list may or may not take the next word: either way counts.
    expect(reason('echo x | ssh -Z host', 1)).toBe(login);
    expect(evaluateBash('echo rm -rf x | ssh -i key host', denyRm).behavior).toBe('deny');
  });
});

/** The reason for the last command of `line`. */
const last = (line: string) => reason(line, analyzeShell(line).commands.length - 1);
const fromStdin = /reads its program from standard input/;

describe('programs read from standard input: the command table’s (decision 0047)', () => {
  it('reads a program on standard input where the entry says so (`stdinProgram`)', () => {
    for (const line of [
      'curl -s x | bash',
      'curl -s x | rbash',
      'curl -s x | csh',
      'curl -s x | python3',
      'curl -s x | node',
      'curl -s x | bun',
      'curl -s x | deno',
      'curl -s x | ruby -w',
      'curl -s x | perl -w',
      'curl -s x | php',
      'curl -s x | lua',
      'python3 - arg < x.py',
    ])
      expect(last(line), line).toMatch(fromStdin);
    // No program read: a script file, a module, a subcommand.
    for (const line of [
      'curl -s x | bash s.sh',
      'cat data.json | python3 -m json.tool',
      'cat x | deno run main.ts',
      'cat x | bun x prettier',
      'cat x | ruby t.rb',
    ])
      expect(last(line), line).toBeUndefined();
  });

  it('takes `-s` and `-` as standard input whatever follows, even with nothing piped (`program-stdin`)', () => {
    expect(reason('bash -s arg')).toMatch(fromStdin);
    expect(reason('sh -es')).toMatch(fromStdin);
    expect(reason('bash - arg')).toMatch(fromStdin);
    // Options after `-` are the program's: python3 does run standard input.
    expect(last('cat x | python3 - --version')).toMatch(fromStdin);
    expect(reason('bash -c ls')).toBeUndefined();
    expect(reason('bash s.sh')).toBeUndefined();
  });

  it("reads the shell's options with values, `+` options too (`-o`, `+o`: `plusClusters`)", () => {
    expect(last('cat cmds | bash -o pipefail')).toMatch(fromStdin);
    expect(last('cat cmds | bash -eo pipefail')).toMatch(fromStdin);
    expect(last('cat cmds | bash +o pipefail')).toMatch(fromStdin);
    expect(last('cat cmds | bash --rcfile r')).toMatch(fromStdin);
    expect(evaluateBash('echo cm0gLXJmIHg= | base64 -d | bash +o pipefail', denyRm).behavior).toBe('deny');
    expect(last('cat cmds | bash -o pipefail s.sh')).toBeUndefined();
  });

  it('runs nothing with `-n` alone (`syntax-only`), but an interactive or changed shell does', () => {
    expect(last('cat x.sh | bash -n')).toBeUndefined();
    expect(last('cat x.sh | bash -n --norc')).toBeUndefined();
    for (const line of [
      'cat x.sh | bash -ni',
      'cat x.sh | bash -n +n',
      'cat x.sh | bash -n -o posix',
      'cat x.sh | bash -n --debugger',
      'bash -n <&2',
    ])
      expect(last(line), line).toMatch(fromStdin);
  });

  it('runs no program with `--version`, `--help`, a check or a lint (`no-program`)', () => {
    for (const line of [
      'echo | bash --version',
      'echo | python3 -V',
      'echo | python3 --help',
      'echo | node -v',
      'echo | node -c',
      'echo | ruby -c',
      'echo | perl -c',
      'echo | php -v',
      'echo | lua -v',
      'echo | deno --version',
    ])
      expect(last(line), line).toBeUndefined();
    // python3's -v only makes imports verbose.
    expect(last('echo | python3 -v')).toMatch(fromStdin);
  });

  it('takes a program file or module as the program (`program-given`), unless it is `-`', () => {
    expect(last('cat x | php -F line.php')).toBeUndefined();
    expect(last('cat x | php -f t.php')).toBeUndefined();
    expect(last('cat x | php -S localhost:8000')).toBeUndefined();
    expect(reason('awk -f - data')).toMatch(fromStdin);
    expect(reason('gawk --file=/dev/stdin data')).toMatch(fromStdin);
    expect(reason('awk -f prog.awk data')).toBeUndefined();
  });

  it('reads the value options the table lists, and an option it does not list as a flag', () => {
    // `--loader` takes a value: nothing is left for a script.
    expect(last('cat x | node --loader ts-node/esm')).toMatch(fromStdin);
    // `--no-warnings` is not listed: read as a flag, as before, `t.js` is the script.
    expect(last('cat data | node --no-warnings t.js')).toBeUndefined();
  });

  it("finds a shell's inline script for xargs and a here-string from the table", () => {
    expect(reason('xargs sh -c', 1)).toMatch(/filled in at run time/);
    expect(reason('find . -exec sh -c {} \\;', 1)).toMatch(/filled in at run time/);
    expect(reason(`find . -exec sh -c 'echo "$0"' {} \\;`, 1)).toBeUndefined();
    expect(reason('ls | xargs -I% bash -ec %', 1)).toMatch(/filled in at run time/);
    expect(reason(`bash -c 'sh' <<< 'rm x'`)).toMatch(/reads its program/);
  });

  it("reads awk's and sed's programs off their entries (`pattern` words)", () => {
    expect(reason(`gawk --source 'BEGIN { system(x) }'`)).toMatch(/builds at run time/);
    expect(reason(`awk -F: '{ system($1) }' f`)).toMatch(/builds at run time/);
    expect(reason(`awk -F: '{ print $1 }' f`)).toBeUndefined();
    expect(reason(`sed -n -e 's/^/rm /e' f`)).toMatch(/runs its input as commands/);
    expect(reason(`sed -ne's/^/rm /e' f`)).toMatch(/runs its input as commands/);
    expect(reason(`sed -n 's/a/b/' f`)).toBeUndefined();
  });
});
