import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { decodeEscapes, scriptsWrittenThenRun } from './written-scripts';

/** `[path, text]` of each script `command` writes and then runs. */
function scripts(command: string): [string, string][] {
  return scriptsWrittenThenRun(analyzeShell(command).commands).scripts.map((script) => [
    script.path,
    script.text,
  ]);
}

describe('scriptsWrittenThenRun', () => {
  it('finds what echo, printf, a here-doc or a pipe into tee writes, then a shell, source, ./ or make runs', () => {
    expect(scripts("echo 'rm -rf x' > s.sh && bash s.sh")).toEqual([['s.sh', 'rm -rf x']]);
    expect(scripts("printf 'curl x' > /tmp/a; . /tmp/a")).toEqual([['/tmp/a', 'curl x']]);
    expect(scripts("cat > x.sh <<'EOF'\nrm y\nEOF\nsh ./x.sh")).toEqual([['x.sh', 'rm y\n']]);
    expect(scripts("echo 'rm x' | tee s.sh && zsh s.sh")).toEqual([['s.sh', 'rm x']]);
    expect(scripts("echo 'rm x' > s.sh; chmod +x s.sh; ./s.sh")).toEqual([['s.sh', 'rm x']]);
    expect(scripts("echo 'rm x' >> Makefile && make")).toEqual([['Makefile', 'rm x']]);
    expect(scripts("echo 'rm x' > m.mk && make -f m.mk")).toEqual([['m.mk', 'rm x']]);
  });

  it('reads a command word that ran nothing before again when it writes or runs', () => {
    // `echo` and `ls` run no file whatever their arguments; with a redirection they write one.
    expect(scripts("echo a; echo 'rm x' > s.sh; bash s.sh")).toEqual([['s.sh', 'rm x']]);
    expect(scripts("echo a; ls; echo b; echo 'rm x' | tee s.sh; sh s.sh")).toEqual([['s.sh', 'rm x']]);
    // `bash -c` runs no file, `bash s.sh` does: a shell's word is read each time.
    expect(scripts("echo 'rm x' > s.sh; bash -c ls; bash s.sh")).toEqual([['s.sh', 'rm x']]);
    expect(scripts("echo 'rm x' > s.sh; make -n; make -f s.sh")).toEqual([['s.sh', 'rm x']]);
  });

  it("gives an interpreter's script the checks of its inline program", () => {
    const [script] = scriptsWrittenThenRun(
      analyzeShell("echo 'import os' > t.py && python3 -u t.py").commands,
    ).scripts;
    expect(script?.commandLine).toBe("python3 -c 'import os'");
    expect(scripts("echo 'x' > t.py && python3 -m t")).toEqual([]);
    // Run first as shell, then by an interpreter: the interpreter's run is checked too.
    const both = scriptsWrittenThenRun(analyzeShell("echo 'x' > s; bash s; python3 s").commands).scripts;
    expect(both.map((script) => script.commandLine)).toEqual(['x', 'python3 -c x']);
    expect(scripts("echo 'x' > a.js && node -e 'y' a.js")).toEqual([]);
  });

  it("takes the interpreter's inline option and script operand from the command table", () => {
    const lines = (command: string) =>
      scriptsWrittenThenRun(analyzeShell(command).commands).scripts.map((script) => script.commandLine);
    // Each language's own option (`INLINE_OPTION`), Lua's too, and deno's `eval` subcommand.
    expect(lines("echo 'os.execute(1)' > t.lua && lua t.lua")).toEqual(["lua -e 'os.execute(1)'"]);
    expect(lines("echo 'x' > t.php && php t.php")).toEqual(['php -r x']);
    expect(lines("echo 'x' > t.rb && ruby -w t.rb")).toEqual(['ruby -e x']);
    // Options after the script are the script's: the file still runs.
    expect(lines("echo 'x' > t.py && python3 t.py -c y")).toEqual(['python3 -c x']);
    // An option's value is not the script (`-W ignore`), a module's argument may be.
    expect(lines("echo 'x' > t.py && python3 -W ignore t.py")).toEqual(['python3 -c x']);
    expect(lines("echo 'x' > t.py && python3 -m pytest t.py")).toEqual(['python3 -c x']);
    expect(lines("echo 'x' > - && python3 -")).toEqual([]);
  });

  it("finds a shell's script operand with the shell's options from the table (decision 0047)", () => {
    // `-o`/`+o` take an option's name; the script is the operand after it.
    expect(scripts("echo 'rm x' > s.sh && bash -eo pipefail s.sh")).toEqual([['s.sh', 'rm x']]);
    expect(scripts("echo 'rm x' > s.sh && bash +o pipefail s.sh")).toEqual([['s.sh', 'rm x']]);
    expect(scripts("echo 'rm x' > s.sh && bash --rcfile r s.sh")).toEqual([['s.sh', 'rm x']]);
    expect(scripts("echo 'rm x' > s.sh && sh -- s.sh")).toEqual([['s.sh', 'rm x']]);
    // Inline, on standard input, or only checked: no file runs.
    expect(scripts("echo 'rm x' > s.sh && bash -c s.sh")).toEqual([]);
    expect(scripts("echo 'rm x' > s.sh && bash -s s.sh")).toEqual([]);
    expect(scripts("echo 'rm x' > s.sh && bash -n s.sh")).toEqual([]);
    expect(scripts("echo 'rm x' > s.sh && bash -xn s.sh")).toEqual([]);
  });

  it('returns a script run again once, and says when there were too many to check', () => {
    expect(scripts("echo 'ls' > s.sh; bash s.sh; bash s.sh; bash ./s.sh")).toEqual([['s.sh', 'ls']]);
    const many = Array.from({ length: 300 }, (_, n) => `echo 'ls ${n}' > s${n}.sh; bash s${n}.sh`).join('; ');
    const result = scriptsWrittenThenRun(analyzeShell(many).commands);
    expect(result.scripts).toHaveLength(256);
    expect(result.overflow).toBe(true);
    // Appending and running again and again: each run is a new, longer script.
    const growing = Array.from({ length: 200 }, () => `echo '${'x'.repeat(200)}' >> s.sh; bash s.sh`).join(
      '; ',
    );
    const capped = scriptsWrittenThenRun(analyzeShell(growing).commands);
    expect(capped.overflow).toBe(true);
    expect(capped.scripts.reduce((sum, script) => sum + script.text.length, 0)).toBeLessThanOrEqual(
      256 * 1024,
    );
  });

  it('reads what printf and echo -e decode, and each argument as a line', () => {
    expect(decodeEscapes('\\x72\\x6d \\162\\155 \\u0063url a\\tb\\\\')).toBe('rm rm curl a\tb\\');
    expect(scripts("printf '\\x72\\x6d x' > s.sh; bash s.sh")[0]?.[1]).toContain('rm x');
    expect(scripts("echo -e 'a' 'rm x' > s.sh; bash s.sh")).toEqual([['s.sh', 'a rm x\na\nrm x']]);
  });

  it('keeps appended text, and what a later unseen append leaves', () => {
    expect(scripts("echo 'a' > s.sh; echo 'b' >> s.sh; bash s.sh")).toEqual([['s.sh', 'a\nb']]);
    expect(scripts("echo 'rm x' > s.sh; ls >> s.sh; bash s.sh")).toEqual([['s.sh', 'rm x']]);
  });

  it('leaves out files whose content the line does not show, and files not run', () => {
    expect(scripts("echo 'rm x' > s.sh; ls > s.sh; bash s.sh")).toEqual([]);
    expect(scripts('echo "$X" > s.sh; bash s.sh')).toEqual([]);
    expect(scripts('cp a.sh s.sh; bash s.sh')).toEqual([]);
    expect(scripts("echo 'rm x' > a.sh; bash b.sh")).toEqual([]);
    expect(scripts("bash s.sh; echo 'rm x' > s.sh")).toEqual([]);
    expect(scripts("echo 'rm x' 2> s.sh; bash s.sh")).toEqual([]);
  });

  it('does not count reading a script as running it', () => {
    expect(scripts("echo 'rm x' > s.sh && bash -n s.sh")).toEqual([]);
    expect(scripts("echo 'rm x' > s.sh && bash -c 'cat s.sh'")).toEqual([]);
    expect(scripts("echo 'rm x' > s.sh && cat s.sh")).toEqual([]);
  });
});
