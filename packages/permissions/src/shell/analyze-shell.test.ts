import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';
import type { SimpleCommand } from './types';

const argvs = (command: string) => analyzeShell(command).commands.map((entry) => entry.argv);
const find = (command: string, word: string): SimpleCommand => {
  const found = analyzeShell(command).commands.find((entry) => entry.argv[0] === word);
  if (!found) throw new Error(`no command ${word} in ${command}`);
  return found;
};

describe('analyzeShell: lists and quote removal', () => {
  it.each([
    ['ls -la', [['ls', '-la']]],
    ['a; b && c || d | e |& f & g', [['a'], ['b'], ['c'], ['d'], ['e'], ['f'], ['g']]],
    ['a\nb\n\nc', [['a'], ['b'], ['c']]],
    [
      `echo 'single $x' "double \\$x \\" \\\\ \\a" plain\\ space`,
      [['echo', 'single $x', 'double $x " \\ \\a', 'plain space']],
    ],
    ['echo a\\\nb', [['echo', 'ab']]],
    ['echo "a\\\nb"', [['echo', 'ab']]],
    ["echo $'a\\tb\\x41\\101\\'' $\"x\"", [['echo', "a\tbAA'", 'x']]],
    ['echo a#b #comment\nls', [['echo', 'a#b'], ['ls']]],
    ['echo "" \'\'', [['echo', '', '']]],
    ['ls;;', undefined],
  ])('%j', (command, expected) => {
    if (expected === undefined) expect(analyzeShell(command).opaque).toBe(true);
    else expect(argvs(command)).toEqual(expected);
  });

  it('marks pipeline and background contexts at the top level', () => {
    const analysis = analyzeShell('a | b; c &');
    expect(analysis.commands.map((entry) => entry.context)).toEqual(['pipeline', 'pipeline', 'background']);
    expect(analysis.opaque).toBe(false);
  });

  it('keeps offsets of each simple command', () => {
    const [first, second] = analyzeShell('ls -l && rm x').commands;
    expect([first?.start, first?.end, second?.start, second?.end]).toEqual([0, 5, 9, 13]);
  });
});

describe('analyzeShell: nested commands', () => {
  it.each([
    ['(a; b)', 'subshell', [['a'], ['b']]],
    ['{ a; b; }', 'group', [['a'], ['b']]],
    ['if a; then b; elif c; then d; else e; fi', 'control-flow', [['a'], ['b'], ['c'], ['d'], ['e']]],
    ['while a; do b; done', 'control-flow', [['a'], ['b']]],
    ['until a; do b; done', 'control-flow', [['a'], ['b']]],
    ['for x in 1 2; do b; done', 'control-flow', [['b']]],
    ['for x do b; done', 'control-flow', [['b']]],
    ['select x in 1 2; do b; done', 'control-flow', [['b']]],
    ['case y in a|b) c;; (d) e;& *) f;;& esac', 'control-flow', [['c'], ['e'], ['f']]],
  ])('%j', (command, context, expected) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands.map((entry) => entry.argv)).toEqual(expected);
    expect(analysis.commands.every((entry) => entry.context === context && entry.depth === 1)).toBe(true);
    expect(analysis.opaque).toBe(false);
  });

  it.each([
    ['echo $(rm -rf /)', 'command-substitution'],
    ['echo "$(rm -rf /)"', 'command-substitution'],
    ['echo `rm -rf /`', 'command-substitution'],
    ['echo "`rm -rf /`"', 'command-substitution'],
    ['cat <(rm -rf /)', 'process-substitution'],
    ['tee >(rm -rf /)', 'process-substitution'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source
    ['echo ${x:-$(rm -rf /)}', 'command-substitution'],
    ['echo $(( $(rm -rf /) + 1 ))', 'command-substitution'],
    ['(( $(rm -rf /) ))', 'command-substitution'],
    ['[[ -n $(rm -rf /) ]]', 'command-substitution'],
    ["sh -c 'rm -rf /'", 'shell-string'],
    ['bash -lc "rm -rf /"', 'shell-string'],
    ["bash -e -c 'rm -rf /'", 'shell-string'],
    ["zsh -c 'rm -rf /'", 'shell-string'],
    ["dash -c 'rm -rf /'", 'shell-string'],
    ["eval 'rm -rf /'", 'shell-string'],
    ["trap 'rm -rf /' EXIT", 'shell-string'],
    ["trap -- 'rm -rf /' INT TERM", 'shell-string'],
    ['find . -exec rm -rf / \\;', 'find-exec'],
    ['find . -execdir rm -rf / {} +', 'find-exec'],
    ['find . -ok rm -rf / ;', 'find-exec'],
    ['xargs rm -rf /', 'xargs'],
    ['xargs -I{} -n 1 -P 4 rm -rf /', 'xargs'],
    ['parallel -j 4 rm -rf / ::: a', 'xargs'],
    ["watch -n 1 'rm -rf /'", 'wrapper-argument'],
    ["env -S 'rm -rf /'", 'wrapper-argument'],
    ['f() { rm -rf /; }', 'group'],
    ['function f { rm -rf /; }', 'group'],
    ['coproc rm -rf /', 'background'],
    ['cat <<EOF\n$(rm -rf /)\nEOF', 'command-substitution'],
    ['echo \'x\' && echo "$(echo `rm -rf /`)"', 'command-substitution'],
  ])('finds rm in %j, nested as %s, and the analysis is opaque', (command, context) => {
    const analysis = analyzeShell(command);
    const rm = analysis.commands.find((entry) => entry.argv[0] === 'rm');
    expect(rm?.argv).toEqual(command.includes('{} +') ? ['rm', '-rf', '/', '{}'] : ['rm', '-rf', '/']);
    expect(rm?.context).toBe(context);
    expect(rm?.depth).toBeGreaterThan(0);
    expect(analysis.opaque).toBe(true);
  });

  it.each([
    'for f in $(rm -rf /); do echo hi; done',
    'case $(rm -rf /) in *) echo hi;; esac',
    'case x in $(rm -rf /)) echo hi;; esac',
  ])('%j lists the substitution outside any simple command, and is opaque', (command) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands.map((entry) => entry.argv)).toContainEqual(['rm', '-rf', '/']);
    expect(analysis.opaqueReasons).toContain('command substitution');
  });

  it('lists commands in source order, outer before inner', () => {
    expect(argvs('a $(b) && c `d` | e')).toEqual([['a', '$(b)'], ['b'], ['c', '`d`'], ['d'], ['e']]);
  });

  it('does not parse a quoted here-doc body, but does parse an unquoted one', () => {
    expect(argvs("cat <<'EOF'\n$(rm x)\nEOF\nls")).toEqual([['cat'], ['ls']]);
    expect(argvs('cat <<EOF\n$(rm x) `id`\nEOF\nls')).toEqual([['cat'], ['rm', 'x'], ['id'], ['ls']]);
    expect(argvs('cat <<-EOF\n\t$(rm x)\n\tEOF\nls')).toEqual([['cat'], ['rm', 'x'], ['ls']]);
    expect(argvs('cat <<A <<B\na\nA\nb $(id)\nB\nls')).toEqual([['cat'], ['id'], ['ls']]);
    const analysis = analyzeShell("cat <<'EOF'\nhello\nEOF");
    expect(analysis.opaque).toBe(true);
    expect(analysis.opaqueReasons).toContain('here-document');
    expect(analysis.commands[0]?.redirects[0]).toMatchObject({ operator: '<<', target: 'EOF', write: false });
  });

  it.each([
    ["bash <<'EOF'\nrm -rf /\nEOF\nls"],
    ['sh -s <<EOF\nrm -rf /\nEOF'],
    ['sudo bash -x - <<-EOF\n\trm -rf /\n\tEOF'],
    ["bash <<< 'rm -rf /'"],
    ["env X=1 sh <<< 'rm -rf /'"],
  ])('a shell reading its script from a here-doc or here-string: %j', (command) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands.find((entry) => entry.context === 'shell-string')?.argv).toEqual([
      'rm',
      '-rf',
      '/',
    ]);
    expect(analysis.opaqueReasons).toContain('a shell runs a here-document or here-string as a script');
  });

  it.each([
    ["cat <<'EOF'\nrm -rf /\nEOF"],
    ["bash script.sh <<'EOF'\nrm -rf /\nEOF"],
    ["bash -c 'ls' <<< 'rm -rf /'"],
  ])('here-doc data that no shell reads as a script is not parsed: %j', (command) => {
    expect(analyzeShell(command).commands.some((entry) => entry.argv[0] === 'rm')).toBe(false);
  });

  it('treats [[ ]] as a test, not a command, and (( )) as opaque arithmetic', () => {
    expect(argvs('[[ -f a && b == c ]] && ls')).toEqual([['ls']]);
    expect(analyzeShell('[[ -f a ]] && ls').opaque).toBe(false);
    expect(analyzeShell('(( x++ ))').opaque).toBe(true);
    expect(argvs('((a)) ; ( (b) )')).toEqual([['b']]);
  });

  it('handles ! and time prefixes', () => {
    expect(argvs('! time -p grep x | wc')).toEqual([['grep', 'x'], ['wc']]);
    expect(argvs('time')).toEqual([]);
    // bash's TIMEIGN: `--` after `time` or `time -p` ends the keyword's options.
    expect(argvs('time -- rm x')).toEqual([['rm', 'x']]);
    expect(argvs('time -p -- rm x')).toEqual([['rm', 'x']]);
    expect(argvs('time -- -p rm x')).toEqual([['-p', 'rm', 'x']]);
  });

  it('reports a non-literal sh -c script as opaque', () => {
    const command = find('sh -c "$SCRIPT"', 'sh');
    expect(command.unwrapped.opaqueReason).toMatch(/non-literal/);
  });
});

describe('analyzeShell: dynamic words', () => {
  it.each([
    ['echo $HOME', 'parameter expansion'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source
    ['echo ${HOME}', 'parameter expansion'],
    ['echo "$1"', 'parameter expansion'],
    ['echo $(id)', 'command substitution'],
    ['echo `id`', 'command substitution'],
    ['echo $((1+2))', 'arithmetic expansion'],
    ['echo *.txt', 'unquoted glob'],
    ['echo a?c', 'unquoted glob'],
    ['echo [ab]c', 'unquoted glob'],
    ['echo {a,b}', 'brace expansion'],
    ['echo {1..3}', 'brace expansion'],
    ['echo ~/x', 'tilde expansion'],
    ['X=~/x', 'tilde expansion'],
    ['cat <(ls)', 'process substitution'],
    ['echo $"hello"', 'locale-translated string'],
    ["echo $'\\u00e9'", 'ANSI-C string with locale-dependent escapes'],
  ])('%j is opaque (%s)', (command, reason) => {
    const analysis = analyzeShell(command);
    expect(analysis.opaque).toBe(true);
    expect(analysis.opaqueReasons).toContain(reason);
  });

  it.each([
    "echo '*' \"?\" \\[ab] '{a,b}' a~b '$HOME'",
    '[ -f x ]',
    'echo a=b ~',
    'echo !x',
    'find . -name x -exec true {} \\; -o -print',
  ])('%j has no dynamic word', (command) => {
    const words = analyzeShell(command).commands[0]?.words ?? [];
    expect(words.filter((word) => word.dynamic && word.value !== '~').map((word) => word.raw)).toEqual([]);
  });

  it('reads a locale string as its text, the command staying opaque', () => {
    const analysis = analyzeShell('sudo $"env"');
    expect(analysis.commands[0]?.words[1]).toMatchObject({ value: 'env', dynamic: false, quoted: true });
    expect(analyzeShell('sudo $"rm" x').commands[0]?.unwrapped.argv).toEqual(['rm', 'x']);
    expect(analysis.opaqueReasons).toContain('locale-translated string');
    expect(analyzeShell('echo $"$HOME"').commands[0]?.words[1]?.dynamic).toBe(true);
  });

  it('sets the glob flag on unquoted glob characters only', () => {
    const [, quoted, bare] = analyzeShell("ls '*' *").commands[0]?.words ?? [];
    expect(quoted).toMatchObject({ value: '*', glob: false, dynamic: false, quoted: true });
    expect(bare).toMatchObject({ value: '*', glob: true, dynamic: true, quoted: false });
  });
});

describe('analyzeShell: redirections', () => {
  it.each([
    ['cmd > f', { operator: '>', target: 'f', write: true, read: false }],
    ['cmd >> f', { operator: '>>', write: true }],
    ['cmd >| f', { operator: '>|', write: true }],
    ['cmd &> f', { operator: '&>', write: true }],
    ['cmd &>> f', { operator: '&>>', write: true }],
    ['cmd <> f', { operator: '<>', write: true, read: true }],
    ['cmd < f', { operator: '<', write: false, read: true }],
    ['cmd >& f', { operator: '>&', target: 'f', write: true }],
    ['cmd 2>&1', { operator: '>&', fd: 2, target: '1', write: false }],
    ['cmd >&-', { operator: '>&', target: '-', write: false }],
    ['cmd 3>&2-', { operator: '>&', fd: 3, target: '2-', write: false }],
    ['cmd <&3', { operator: '<&', target: '3', write: false }],
    ['cmd 2> "err log"', { operator: '>', fd: 2, target: 'err log', write: true }],
    ['cmd <<< "text"', { operator: '<<<', target: 'text', write: false }],
    ['cmd>f', { operator: '>', target: 'f', write: true }],
  ])('%j', (command, expected) => {
    const [command0] = analyzeShell(command).commands;
    expect(command0?.argv).toEqual(['cmd']);
    expect(command0?.redirects[0]).toMatchObject(expected);
  });

  it('applies redirections of a compound command to the commands inside', () => {
    const analysis = analyzeShell('{ a; b; } > out');
    expect(analysis.commands.map((entry) => entry.redirects.map((redirect) => redirect.target))).toEqual([
      ['out'],
      ['out'],
    ]);
  });

  it('marks {var}> and dynamic targets opaque', () => {
    expect(analyzeShell('exec {fd}> file').opaque).toBe(true);
    expect(analyzeShell('echo x > "$F"').opaqueReasons).toContain('dynamic redirection target');
    expect(analyzeShell('echo 2>x').commands[0]?.argv).toEqual(['echo']);
    expect(analyzeShell('echo a2>x').commands[0]?.argv).toEqual(['echo', 'a2']);
  });
});

describe('analyzeShell: assignments', () => {
  it.each([
    ['X=1 cmd', [{ name: 'X', value: '1', form: 'prefix' }], ['cmd']],
    ['X=1', [{ name: 'X', value: '1', form: 'bare' }], []],
    ['X+=1;', [{ name: 'X', value: '1', form: 'bare' }], []],
    [
      'A=(a "b c") B=2',
      [
        { name: 'A', form: 'bare' },
        { name: 'B', value: '2', form: 'bare' },
      ],
      [],
    ],
    [
      'export LD_PRELOAD=/x.so',
      [{ name: 'LD_PRELOAD', value: '/x.so', form: 'declaration' }],
      ['export', 'LD_PRELOAD=/x.so'],
    ],
    [
      'declare -x PATH="/tmp"',
      [{ name: 'PATH', value: '/tmp', form: 'declaration' }],
      ['declare', '-x', 'PATH=/tmp'],
    ],
    ['typeset -r A=1', [{ name: 'A', value: '1', form: 'declaration' }], ['typeset', '-r', 'A=1']],
    ['local A=1', [{ name: 'A', value: '1', form: 'declaration' }], ['local', 'A=1']],
    ['readonly A=1', [{ name: 'A', value: '1', form: 'declaration' }], ['readonly', 'A=1']],
    ['echo A=1', [], ['echo', 'A=1']],
    ['"A"=1 cmd', [], ['A=1', 'cmd']],
  ])('%j', (command, assignments, argv) => {
    const [first] = analyzeShell(command).commands;
    expect(first?.assignments).toHaveLength(assignments.length);
    for (const [index, assignment] of assignments.entries())
      expect(first?.assignments[index]).toMatchObject(assignment);
    expect(first?.argv).toEqual(argv);
  });

  it('marks a dynamic assignment value', () => {
    const analysis = analyzeShell('X=$(id) cmd');
    expect(analysis.commands[0]?.assignments[0]).toMatchObject({ name: 'X', dynamic: true });
    expect(analysis.opaque).toBe(true);
  });
});

describe('analyzeShell: syntax errors and odd input fail closed', () => {
  it.each([
    'if true; then',
    'echo "unterminated',
    "echo 'x",
    'fi',
    ')',
    'a &&',
    'case x in',
    'echo $(ls',
    'echo `ls',
    'for',
  ])('%j is opaque', (command) => {
    expect(analyzeShell(command).opaque).toBe(true);
  });

  it.each(['echo $\\\nHOME', 'echo $\\\n(id)', '[[ -f x ]] <<EOF\nbody\nEOF', 'ls 2>time -p'])(
    '%j is read differently by bash than it looks, and is opaque',
    (command) => {
      expect(analyzeShell(command).opaque).toBe(true);
    },
  );

  it('still lists commands of an input that does not parse', () => {
    expect(argvs('rm -rf / && if')).toContainEqual(['rm', '-rf', '/']);
  });

  it('reads words over the length cap as the parser splits them, quotes after a substitution included', () => {
    const capped = (command: string) =>
      analyzeShell(command, { maxLength: 4 }).commands.map((entry) => entry.argv);
    expect(capped('echo 1; echo 2;  echo 3\necho 4 ')).toEqual([
      ['echo', '1'],
      ['echo', '2'],
      ['echo', '3'],
      ['echo', '4'],
    ]);
    // A word going on right after a quoted substitution ends at its blank: the next quoted word
    // is its own. The command the substitution is in goes on after it (and what follows the
    // substitution is listed on its own too).
    // (Listed by start: the command going on starts where it started, before the substitution.)
    expect(capped('"$(x)"ab "cd"')).toEqual([['$(…)'], ['$(…)ab', 'cd'], ['cd'], ['x']]);
    expect(capped('"$(x)"ab;"cd"')).toEqual([['$(…)'], ['$(…)ab'], ['x'], ['cd']]);
  });

  it('returns an empty, non-opaque analysis for empty input and comments', () => {
    expect(analyzeShell('')).toEqual({ commands: [], opaque: false, opaqueReasons: [] });
    expect(analyzeShell('  # just a comment\n')).toMatchObject({ commands: [], opaque: false });
  });

  it('never throws on non-string input', () => {
    expect(analyzeShell(undefined as unknown as string).opaque).toBe(true);
  });
});

describe('analyzeShell: spellings of a command word', () => {
  it.each([
    ['\\rm -rf /', 'rm'],
    ["'rm' -rf /", 'rm'],
    ['"rm" -rf /', 'rm'],
    ['r""m -rf /', 'rm'],
    ["r''m -rf /", 'rm'],
    ['r\\m -rf /', 'rm'],
    ["$'rm' -rf /", 'rm'],
    ["$'\\x72m' -rf /", 'rm'],
    ["$'\\162m' -rf /", 'rm'],
    ['r\\\nm -rf /', 'rm'],
    ['/bin/rm -rf /', '/bin/rm'],
    ['./rm -rf /', './rm'],
  ])('%j runs %j, known exactly', (command, word) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands[0]?.argv).toEqual([word, '-rf', '/']);
    expect(analysis.commands[0]?.words[0]?.dynamic).toBe(false);
    expect(analysis.opaque).toBe(false);
  });

  it.each([
    '$(printf rm) -rf /',
    '`echo rm` -rf /',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source
    '${CMD:-rm} -rf /',
    'r* -rf /',
    '{rm,-rf,/}',
    '~/rm -rf /',
  ])('%j has a run-time command word and is opaque', (command) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands[0]?.words[0]?.dynamic).toBe(true);
    expect(analysis.opaque).toBe(true);
  });
});

describe('analyzeShell: loop variables', () => {
  it('reports the variable of for and select loops, nested ones included', () => {
    const analysis = analyzeShell('for PATH in /tmp; do ls; done; echo $(select X in a; do :; done)');
    expect(analysis.loopAssignments?.map((assignment) => [assignment.name, assignment.form])).toEqual([
      ['PATH', 'loop'],
      ['X', 'loop'],
    ]);
    expect(analysis.commands.map((command) => command.argv)).toEqual([
      ['ls'],
      ['echo', '$(select X in a; do :; done)'],
      [':'],
    ]);
  });

  it('reports nothing for loops without a variable', () => {
    expect(analyzeShell('ls; for ((i = 0; i < 2; i++)); do :; done').loopAssignments).toBeUndefined();
  });
});
