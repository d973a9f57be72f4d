/**
 * Read-only mode by family (issue 14): commands that run code or write while looking like
 * reads must never be auto-allowed by `readOnlyAutoAllow`, and the benign members of each
 * family must stay allowed. Each family lists more cases than the examples; the
 * commands are only analysed as strings, never run.
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../src/classifier';
import { evaluateBash } from '../src/engine/evaluate-bash';
import { compileRuleSet } from '../src/rules/compile-rule-set';
import { analyzeShell } from '../src/shell';

const none = compileRuleSet({});
const readOnly = (command: string, cwd = '/work/project') =>
  evaluateBash(command, none, { readOnlyAutoAllow: true, cwd });

/** Every case of a family: never allowed in read-only mode. */
function neverAllowed(cases: readonly string[], cwd?: string): void {
  it.each(cases)('does not auto-allow %s', (command) => {
    expect(readOnly(command, cwd).behavior).not.toBe('allow');
  });
}

/** Benign neighbours of a family: still allowed in read-only mode. */
function stillAllowed(cases: readonly string[], cwd?: string): void {
  it.each(cases)('still allows %s', (command) => {
    const decision = readOnly(command, cwd);
    expect(decision.behavior, decision.reason).toBe('allow');
  });
}

describe('runners: programs that run the program in their arguments', () => {
  neverAllowed([
    'arch -x86_64 rm -rf build',
    'arch -arm64 sh -c "id"',
    'arch -arch x86_64 python3 x.py',
    'arch rm x',
    'arch -- touch x',
    'arch -x86_64',
    '/usr/bin/arch -x86_64 make',
    'env arch -x86_64 make',
  ]);
  stillAllowed(['arch', 'arch --version', 'uname -m']);

  it('lets deny rules see the command behind arch', () => {
    const rules = compileRuleSet({ deny: ['Bash(rm:*)'] });
    expect(evaluateBash('arch -x86_64 rm -rf /tmp/x', rules).behavior).toBe('deny');
    expect(evaluateBash('arch -arm64 /bin/rm x', rules).behavior).toBe('deny');
  });
});

describe('writers and readers hidden in options', () => {
  neverAllowed([
    // GNU time (the program; the bash keyword only takes -p) writes its report to -o FILE.
    '/usr/bin/time -o out.txt ls',
    'command time -o out.txt ls',
    'env time --output=out.txt ls',
    'env time --output out.txt ls',
    'env time -ao out.txt ls',
    'env time -a -o out.txt make',
    'env time -oout.txt ls',
    'nice -n 5 /usr/bin/time -o log ls',
    'timeout 5 /usr/bin/time -f %e -o log ls',
    'env time --out=x ls',
    // Option values naming a file whose lines the command prints back.
    'du --files0-from=list',
    'du --files0-from list',
    'du -sh --files0-from=/etc/shadow',
    'du --files0=list',
    'du --files0-from=-',
    'wc --files0-from=names',
    'wc -l --files0-from names',
    'date -f dates.txt',
    'date --file=dates.txt',
    'date -u -f dates.txt +%s',
    'file -f names.txt',
    'file --files-from names.txt',
    'file -m custom.magic x',
    'hexdump -f fmt.txt x.bin',
    'tree --fromfile listing.txt',
    'tree --fromfile=listing.txt',
    'sort --files0-from=names',
  ]);
  stillAllowed([
    'time ls',
    'time -p ls',
    '/usr/bin/time -f %e ls',
    'env time -v ls',
    'du -sh .',
    'du -d 1 src',
    'wc -l src/index.ts',
    'date -u +%s',
    'date -r package.json',
    'file package.json',
    'hexdump -C x.bin',
    'tree -L 2 src',
  ]);

  it('names the file an option reads, for the secret checks', () => {
    const reads = (command: string) => classifyCommand(analyzeShell(command).commands[0]!).reads;
    expect(reads('du --files0-from=list.txt')).toEqual(['list.txt']);
    expect(reads('du --files0-from list.txt -s')).toEqual(['list.txt']);
    expect(reads('wc --files0-from=names')).toEqual(['names']);
    expect(reads('date -f dates.txt')).toEqual(['dates.txt']);
    expect(reads('file -f names.txt')).toEqual(['names.txt']);
    expect(reads('tree --fromfile a.txt b.txt')).toEqual(['a.txt', 'b.txt']);
    expect(reads('du --files0-from=-')).toBeUndefined();
    expect(reads('du -sh .')).toBeUndefined();
  });
});

describe('array subscripts bash evaluates as arithmetic', () => {
  const attacks = [
    // test / [ / [[ -v: bash expands the subscript, running its substitutions.
    "test -v 'a[$(id)]'",
    'test -v "a[\\$(id)]"',
    "test -v 'a[`id`]'",
    "test ! -v 'a[$(id)]'",
    "test -f x -a -v 'a[$(id)]'",
    "[ -v 'a[$(id)]' ]",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash 5.3's ${ cmd; }, not a template
    "[ -v 'a[${ id; }]' ]",
    "[[ -v 'a[$(id)]' ]]",
    "[[ 'a[$(id)]' -eq 1 ]] && ls",
    "[[ -v 'a[$(id)]' ]] && ls",
    "test -v 'a[i]'",
    "[ -v 'a[i+1]' ]",
    "[[ -v 'a[i]' ]] && ls",
    // Builtins that take a variable name.
    "unset 'a[$(id)]'",
    "unset -v 'a[`id`]'",
    "read 'a[$(id)]' < /dev/null",
    "read -r -a 'x[$(id)]' < /dev/null",
    "let 'a[$(id)]'",
    "let 'x = a[$(id)] + 1'",
    "declare 'a[$(id)]=1'",
    "declare -p 'a[$(id)]'",
    "declare -i n='a[$(id)]'",
    "typeset 'a[$(id)]'",
    "local 'a[$(id)]'",
    "export 'a[$(id)]'",
    "readonly 'a[$(id)]'",
    "printf -v 'a[$(id)]' x",
    "printf -v'a[$(id)]' x",
    "mapfile 'a[$(id)]' < /dev/null",
    "readarray -t 'a[$(id)]' < /dev/null",
    "wait -p 'a[$(id)]'",
    "wait -n -p 'a[$(id)]'",
    'wait -p pid',
    "getopts ab 'a[$(id)]'",
    "builtin unset 'a[$(id)]'",
    "command unset 'a[$(id)]'",
    // An integer variable evaluates what is assigned to it.
    "n='a[$(id)]'",
    "declare -i n; n='a[$(id)]'; echo $n",
    "X='a[$(id)]' ls",
  ];
  neverAllowed(attacks);
  stillAllowed([
    'test -v HOME',
    '[ -v HOME ]',
    "test -v 'a[1]'",
    "[ -v 'a[@]' ]",
    '[ -f package.json ] && cat package.json',
    '[[ -v HOME ]] && ls',
    "echo 'a[$(id)]'",
    "printf '%s\\n' 'a[$(id)]'",
    'wait',
    'wait -n',
    "n='a[1]'",
  ]);

  it('marks each attack opaque or not read-only, and lists the substituted command', () => {
    for (const command of attacks) {
      if (!/\$\(id\)|`id`|\$\{ id; \}/.test(command)) continue;
      const analysis = analyzeShell(command);
      expect(analysis.opaque, command).toBe(true);
      const listed = analysis.commands.filter((inner) => inner.argv[0] === 'id');
      expect(listed.length, command).toBeGreaterThan(0);
      for (const inner of listed) expect(inner.depth, command).toBeGreaterThan(0);
    }
  });

  it('lets the floor and deny rules see the command in a subscript', () => {
    const deny = compileRuleSet({ deny: ['Bash(rm:*)'] });
    expect(evaluateBash("test -v 'a[$(rm -rf /tmp/x)]'", deny).behavior).toBe('deny');
    expect(evaluateBash("unset 'a[`rm -rf /tmp/x`]'", deny).behavior).toBe('deny');
    expect(evaluateBash("printf -v 'a[$(rm x)]' y", deny).behavior).toBe('deny');
    expect(evaluateBash("[[ -v 'a[$(rm x)]' ]]", deny).behavior).toBe('deny');
    expect(evaluateBash("n='a[$(rm x)]'", deny).behavior).toBe('deny');
    expect(evaluateBash("test -v 'a[$(cat .env)]'", none).behavior).toBe('deny');
    expect(evaluateBash("read 'a[$(cat ~/.ssh/id_rsa)]'", none).behavior).toBe('deny');
  });
});

describe('git pointed at a repository outside the working directory', () => {
  // cwd is /work/project: a repository elsewhere may be untrusted, and its configuration runs
  // programs (core.fsmonitor on status, core.pager on log, hooks, diff drivers).
  neverAllowed([
    'git -C /tmp/evil status',
    'git -C ../other log',
    'git -C /work/projectX status',
    'git -C sub -C ../.. status',
    'git -C/tmp/evil status',
    'git --work-tree=/tmp/evil status',
    'git --work-tree /tmp/evil diff',
    'git --git-dir=/tmp/evil/.git log',
    'git --git-dir /tmp/evil/.git log',
    'GIT_DIR=/tmp/evil/.git git log',
    'GIT_WORK_TREE=/tmp/evil git status',
    'GIT_COMMON_DIR=/tmp/evil git status',
    'env GIT_COMMON_DIR=/tmp/evil git status',
    'env -C /tmp/evil git status',
    'env --chdir=/tmp/evil git log',
    'cd /tmp/evil && git status',
    'cd .. && git status',
    'cd && git log',
    'cd - && git log',
    'pushd /tmp/evil && git log',
    'popd && git status',
    '(cd /tmp/evil; ls) && git status',
    'cd /tmp/evil; git diff --stat',
    'cd sub && cd ../.. && git status',
    'CDPATH=/tmp cd evil && git status',
  ]);
  stillAllowed([
    'git status',
    'git -C . status',
    'git -C sub log --oneline',
    'git -C sub -C .. status',
    'git -C /work/project status',
    'git -C /work/project/packages/x diff --stat',
    'git --work-tree=. status',
    'cd /work/project/sub && git log -1',
    'cd /tmp && ls',
  ]);

  it('cannot place an absolute directory without a working directory', () => {
    expect(evaluateBash('git -C /work/project status', none, { readOnlyAutoAllow: true }).behavior).toBe(
      'ask',
    );
    expect(evaluateBash('git -C sub status', none, { readOnlyAutoAllow: true }).behavior).toBe('allow');
  });
});

describe('the same families when the fallback scan reads the line', () => {
  // Over the length cap, or after a syntax error, the best-effort scan lists the commands:
  // a deny rule must still see the command in a subscript or a `${ cmd; }`.
  const deny = compileRuleSet({ deny: ['Bash(rm:*)'] });
  const cases = [
    "unset 'a[$(rm -rf /tmp/x)]'",
    "test -v 'a[$(rm x)]'",
    "printf -v 'a[`rm x`]' y",
    "read 'a[$(rm x)]'",
    "n='a[$(rm x)]'",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash 5.3's ${ cmd; }, not a template
    'echo ${ rm x; }',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash 5.3's ${| cmd; }, not a template
    'echo "${| rm x; }" done',
    'arch -x86_64 rm x',
  ];
  it.each(cases)('denies %s over the length cap and after a syntax error', (command) => {
    expect(evaluateBash(command, deny).behavior).toBe('deny');
    expect(evaluateBash(`${'echo a; '.repeat(9_000)}${command}`, deny).behavior).toBe('deny');
    expect(evaluateBash(`${command} (`, deny).behavior).toBe('deny');
  });

  it('closes a quoted bash 5.3 command substitution where bash does, so what follows is still read', () => {
    const command = `${'echo a; '.repeat(9_000)}echo "\${ a; }"; rm x`;
    expect(evaluateBash(command, deny).behavior).toBe('deny');
  });
});
