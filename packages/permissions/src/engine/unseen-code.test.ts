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
