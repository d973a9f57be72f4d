import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';

const hasRm = (command: string, options = {}) =>
  analyzeShell(command, options).commands.some(
    (entry) => entry.argv[0] === 'rm' || entry.unwrapped.argv[0] === 'rm',
  );

describe('caps make the input opaque but never hide a command', () => {
  it('a 1 MB input with rm -rf / near the end still lists rm', () => {
    const command = `${'echo hello world; '.repeat(60_000)}rm -rf /; ls`;
    expect(command.length).toBeGreaterThan(1_000_000);
    const analysis = analyzeShell(command);
    expect(analysis.opaque).toBe(true);
    expect(analysis.opaqueReasons).toContain('input longer than the length cap');
    expect(analysis.commands.find((entry) => entry.argv[0] === 'rm')?.argv).toEqual(['rm', '-rf', '/']);
  });

  it('a long input of quotes, substitutions and wrappers still lists its commands', () => {
    const command = `${'echo \'a;b\' "$(x)" | '.repeat(30_000)}sudo -u root cat .env`;
    const analysis = analyzeShell(command);
    expect(analysis.commands.some((entry) => entry.unwrapped.argv.join(' ') === 'cat .env')).toBe(true);
  });

  it('over the length cap, redirections stay visible and repeated commands are listed once', () => {
    const command = `${'echo hello world; '.repeat(60_000)}cat < .env; echo x > out`;
    const analysis = analyzeShell(command);
    expect(
      analysis.commands.map((entry) => [entry.argv, entry.redirects.map((redirect) => redirect.target)]),
    ).toEqual([
      [['echo', 'hello', 'world'], []],
      [['cat'], ['.env']],
      [['echo', 'x'], ['out']],
    ]);
    expect(analysis.commands[1]?.redirects[0]).toMatchObject({ read: true, write: false });
    expect(analysis.commands[2]?.redirects[0]).toMatchObject({ read: false, write: true });
  });

  it('a small length cap is honoured', () => {
    const analysis = analyzeShell('ls -la && rm x', { maxLength: 5 });
    expect(analysis.opaque).toBe(true);
    expect(analysis.commands.map((entry) => entry.argv)).toEqual([
      ['ls', '-la'],
      ['rm', 'x'],
    ]);
  });

  it('over the length cap, `time --` and descriptor redirections read as bash reads them', () => {
    const scan = (command: string) =>
      analyzeShell(command, { maxLength: 4 }).commands.map((entry) => [
        entry.argv,
        entry.redirects.map((redirect) => `${redirect.fd ?? ''}${redirect.operator}${redirect.target}`),
      ]);
    expect(scan('time -- rm x')).toEqual([[['rm', 'x'], []]]);
    expect(scan('time -p -- rm x')).toEqual([[['rm', 'x'], []]]);
    expect(scan("exec 3<<<'rm x'; bash 0<&3")).toEqual([
      [['exec'], ['3<<<rm x']],
      [['bash'], ['0<&3']],
    ]);
    expect(scan('ls 2>&1 >&2 &> f; echo a2>f 2 >g')).toEqual([
      [['ls'], ['2>&1', '>&2', '&>f']],
      [
        ['echo', 'a2', '2'],
        ['>f', '>g'],
      ],
    ]);
    // Commands that differ only in a descriptor are both listed.
    expect(scan('sh 3<&4; sh 0<&4')).toHaveLength(2);
  });

  it('a syntax error leaves `[` a command word, and a bracket glob computed', () => {
    // An agent's partial script line: the fallback scan must not read `[` as a glob.
    const [test] = analyzeShell('if [ -f x ]; then').commands;
    expect(test?.words[0]).toMatchObject({ value: '[', dynamic: false });
    const [glob] = analyzeShell('/bin/r[m] x; fi').commands;
    expect(glob?.words[0]).toMatchObject({ value: '/bin/r[m]', dynamic: true });
  });

  it('nesting deeper than the depth cap is opaque and still lists the innermost command', () => {
    const deep = `${'$('.repeat(40)}rm -rf /${')'.repeat(40)}`;
    const analysis = analyzeShell(`echo ${deep}`);
    expect(analysis.opaque).toBe(true);
    expect(analysis.opaqueReasons).toContain('nesting deeper than the depth cap');
    expect(hasRm(`echo ${deep}`)).toBe(true);
    expect(hasRm(`${'( '.repeat(20000)}rm x${' )'.repeat(20000)}`)).toBe(true);
    // `((...))` is arithmetic for bash, which never runs its text as a command.
    expect(analyzeShell('((rm x))').commands).toEqual([]);
    expect(hasRm(`${'`'.repeat(1)}${"sh -c '".repeat(1)}rm x'\``)).toBe(true);
  });

  it('more commands than the command cap is opaque, and all are listed', () => {
    const command = Array.from({ length: 600 }, (_, index) => `echo ${index}`).join('; ');
    const analysis = analyzeShell(`${command}; rm x`);
    expect(analysis.opaqueReasons).toContain('more commands than the command cap');
    expect(analysis.commands).toHaveLength(601);
    expect(hasRm(`${command}; rm x`)).toBe(true);
  });

  it('respects custom caps', () => {
    expect(analyzeShell('echo $(ls)', { maxDepth: 0 }).opaqueReasons).toContain(
      'nesting deeper than the depth cap',
    );
    expect(analyzeShell('a; b; c', { maxCommands: 2 }).opaque).toBe(true);
    expect(analyzeShell('a; b', { maxCommands: 2 }).opaque).toBe(false);
  });
});
