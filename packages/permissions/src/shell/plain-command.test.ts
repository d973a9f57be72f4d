/**
 * The plain-command fast path must build exactly what the parser builds. The parser's own
 * analysis is had by a non-default cap (`maxCommands: 513`: the fast path runs only under the
 * default caps, and one command is far under either cap).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell, analyzeShellRecordingBlanks, type BlankRunRecord } from './analyze-shell';
import { fallbackScan } from './fallback-scan';
import { findSharedData, loadCorpora } from './oracle/corpora';
import { isDeclarationBuiltin } from './parser';
import { mayBeSpecialHead, plainAnalysis, plainHeaderError } from './plain-command';
import { isReservedWord, RESERVED_WORDS } from './reserved-words';
import { NEEDS_UNWRAP, needsUnwrap } from './unwrap';

const parserOnly = { maxCommands: 513 };

/** The parser's analysis and blank runs of `command`. */
function parsed(command: string) {
  const blanks: BlankRunRecord = { runs: [], complete: false };
  const analysis = analyzeShellRecordingBlanks(command, parserOnly, blanks);
  return { analysis, runs: blanks.runs };
}

/** The fast path's, or undefined when it declines. */
function fast(command: string) {
  const runs: number[] = [];
  const analysis = plainAnalysis(command, runs);
  return analysis && { analysis, runs };
}

describe('plainAnalysis', () => {
  it('builds the parser’s analysis for plain commands', () => {
    for (const command of [
      'git status -s',
      'ls',
      '  mkdir -p build/out  ',
      'X=1 Y= make test',
      'A=1',
      'A=1 B=2',
      'npm  run   build',
      'echo a=b c+=d',
      'chmod +x /home/u/run.sh',
      'sudo -u root ls -la',
      'env X=1 ls',
      'timeout 5 git fetch',
      'git -c core.pager=cat log',
      `echo "Build done!" 'and $this'`,
      `X="a b" Y='c' make`,
      'git commit -m "fix: a; b | c"',
      'echo "done" > out.txt',
      'make 2>&1',
      'npm test  2>> "test log.txt"',
      'sort < in.txt > out.txt',
      '> empty.txt',
      'X=1 >f make',
      "cat > out.py << 'EOF'",
      'cat <<-EOF >> log',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
      'echo $HOME "${USER}-$1" $$',
      'X=$HOME Y=~/a make',
      'mkdir -p ~/.cache',
      'ls *.txt a?',
      'echo "✓ done" é',
      'echo -e "\\nDone: \\"$X\\" costs \\$5, \\`id\\` \\\\ \\q" > out.txt',
      'export PATH=/usr/local/bin:$PATH',
      'X=1 local -r A=~ B "C=1" D=$E',
      'A=20  # bytes after it',
      'echo a#b #c',
      'echo "$x" >> "$OUT" > ~/f',
      '[ ! -f x ] && echo ] [ !',
      'test ! -e x|| [ -d y ]',
      // Lists of plain commands.
      'ls | wc',
      'apt-get update && apt-get install -y git',
      'make || echo "build failed" >&2',
      'cd /app;ls -la;  ',
      'sleep 5 &',
      'a && b | c &  d|e;f # done',
      'x=1 | y >o 2>&1& z',
      'sudo ls | env X=1 wc -l',
      'cat a|grep -v b||true',
    ]) {
      const result = fast(command);
      expect(result, command).toBeDefined();
      expect(result, command).toEqual(parsed(command));
    }
  });

  it('declines what the parser must read', () => {
    for (const command of [
      '',
      '   ',
      'ls | wc',
      'echo $HOME',
      'echo "$HOME"',
      'echo $(id)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
      'echo ${A:-$B}',
      "echo $'a'",
      'cat <<<x',
      'cat > ~/x',
      'ls\u00a0-la',
      // What the rejection scan rejects, quoted, unquoted or in a comment.
      "echo 'a\u200bb'",
      'echo "\u202e"',
      'echo a\u00adb',
      'echo \u007f',
      'ls # \u2066x',
      "echo 'open",
      'echo "a\\"b"',
      'echo "tab\there"',
      'cat <<EOF',
      'ls >',
      'ls >&-',
      'ls > time',
      'ls >(x)',
      'ls 2>x>y',
      'ls *.txt',
      'cd ~',
      'ls\tx',
      'a\nb',
      'time ls',
      'if x',
      'export A=1',
      'declare -x A=1',
      'A+=1 ls',
      'xargs rm',
      'bash -c ls',
      'eval ls',
      'find . -delete',
      'ls # comment',
      'echo é',
    ]) {
      if (fast(command) === undefined) continue;
      // Taken: then it must still be exactly the parser's answer.
      expect(fast(command), command).toEqual(parsed(command));
    }
    for (const command of [
      'ls |& wc',
      'ls && && wc',
      'ls &&',
      'ls | # c',
      '; ls',
      'ls ;; x',
      'ls ;& x',
      'ls &> f',
      'ls & & x',
      'ls; fi',
      'ls | time x',
      'ls && ! x',
      'echo "$(id)"',
      'echo "`id`"',
      "echo 'open",
      'time ls',
      'export A+=1',
      'A+=1 ls',
      'ls > #x',
      '>&$X',
      'xargs rm',
      'bash -c ls',
    ]) {
      expect(fast(command), command).toBeUndefined();
    }
  });

  it('leaves the blank runs as they were when it declines', () => {
    for (const command of [
      '  ls  |&  wc',
      '  ls  &&  wc  &&',
      'a   b  $(c)',
      '    fi',
      'ls   >  #x',
      'xargs  rm',
      'echo  "a\tb"  ',
    ]) {
      const runs = [7, 9];
      expect(plainAnalysis(command, runs), command).toBeUndefined();
      expect(runs, command).toEqual([7, 9]);
    }
    const runs = [7, 9];
    expect(plainAnalysis('  ls   -la', runs)).toBeDefined();
    expect(runs).toEqual([7, 9, 0, 2, 4, 7]);
  });

  it('is what analyzeShell returns under the default caps', () => {
    expect(analyzeShell('git log -n 3')).toEqual(analyzeShell('git log -n 3', parserOnly));
    expect(analyzeShell('git log -n 3')).toEqual(fast('git log -n 3')?.analysis);
  });

  const words = [
    'ls',
    'git',
    'status',
    '-s',
    '--x=y',
    'a=b',
    'A=1',
    '_x=',
    'B+=2',
    '1x=2',
    'a=b=c',
    '=',
    'sudo',
    '/usr/bin/sudo',
    './env',
    'a/b/time',
    '/bin/export',
    'x/averylongname',
    '-u',
    'root',
    'env',
    'X=1',
    'timeout',
    '5',
    'nice',
    '-n',
    'nohup',
    'xargs',
    'find',
    '-exec',
    'bash',
    'sh',
    '-c',
    'eval',
    'exec',
    'command',
    'builtin',
    'time',
    'if',
    'then',
    'for',
    'in',
    'do',
    'done',
    'coproc',
    'function',
    'select',
    'export',
    'local',
    'readonly',
    'declare',
    'alias',
    'source',
    '.',
    'trap',
    'watch',
    'rm',
    '-rf',
    '/tmp/x',
    'python3',
    '-m',
    'pytest',
    'make',
    'cp',
    '%1',
    '@x',
    'a,b',
    'x:y',
    'stdbuf',
    '-oL',
    'su',
    'chroot',
    '"a b"',
    "'c  d'",
    '"x=1"',
    'X="a b"',
    "Y='v w'",
    '"if"',
    "'export'",
    "''",
    '""',
    '"Done!"',
    "'$HOME'",
    `"a'b"`,
    `'a"b'`,
    '"*.txt"',
    'a"b"c',
    '"--opt=v"',
    '"ls"',
    "'rm'",
    '"sudo"',
    '"$HOME"',
    '"a\\n"',
    '"`id`"',
    "'open",
    "'~/x'",
    '"#x"',
    "'a;b|c&d'",
    ';',
    '&',
    '&&',
    '||',
    '|',
    '|&',
    ';;',
    'a;',
    'a&',
    'a|b',
    'a&&b',
    '>x;',
    '2>&1&',
    '#c',
    '[',
    ']',
    '!',
    '[a',
    'a]',
    '[]',
    '!x',
    '[>x',
    '>',
    '>>',
    '<',
    '2>',
    '2>&1',
    '>&2',
    '>out',
    '2>/dev/null',
    '1>>log',
    '<in.txt',
    '>"a b"',
    'a>b',
    '"2">x',
    '12>x',
    '>&-',
    '<<EOF',
    '<>f',
    '>|f',
    '<&0',
    'time',
    '&>f',
    '$HOME',
    '"$X"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    '${A}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    '"${X:-a b}"',
    '${A',
    '$$',
    '$?',
    '$1',
    '$',
    '"a$"',
    `"$'x"`,
    '$"x"',
    "$'x'",
    '"$(id)"',
    'a$B=c',
    'A=$B',
    'A="$B"',
    'A=~/x',
    'A=x:~/y',
    'a=~',
    'x:~',
    '~',
    '~/x',
    'a~',
    '*.txt',
    'a?',
    '>$X',
    '<<',
    '<<-',
    '<<"EOF"',
    "<<'E O'",
    '2<<X',
    '<<<x',
    'é',
    '"✓ ok"',
    "'✗'",
    '\u00a0',
    '"\u200b"',
    "'\u202e'",
    '"a $X b ✓"',
    '"a\\b"',
    '"a\\"b\\\\c\\$X\\`d\\e"',
    '"\\\\"',
    '"\\"',
    "'a\\'",
    '"\\é"',
    '"$X\\"\\$"',
    '"a`b"',
    "'$a`b\\c ✓'",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    '"${X}é"',
    '\u007f',
    '#\u2028',
    '#',
    '# c  d',
    'a#b',
    '#✓',
    '>"$X"',
    '>>~/x',
    '<$F',
    '<<$X',
    '>&$X',
    'typeset',
    '"local"',
    'E+=~',
  ];
  it('equals the parser on generated plain commands', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...words), fc.integer({ min: 1, max: 3 })), {
          minLength: 1,
          maxLength: 7,
        }),
        fc.integer({ min: 0, max: 2 }),
        (parts, lead) => {
          const command = ' '.repeat(lead) + parts.map(([word, gap]) => word + ' '.repeat(gap)).join('');
          const result = fast(command);
          if (result === undefined) return;
          taken++;
          // Field order too: callers serialize analyses.
          expect(JSON.stringify(result), command).toBe(JSON.stringify(parsed(command)));
        },
      ),
      { numRuns: 4000, seed: 20261130 },
    );
    // The comparison above ran on a good share of cases, not on none.
    expect(taken).toBeGreaterThan(1000);
  });

  const data = findSharedData(__dirname);
  it.skipIf(!data)('equals the parser on every plain command of the corpora', { timeout: 60_000 }, () => {
    let taken = 0;
    const differing: string[] = [];
    for (const corpus of loadCorpora(data as string)) {
      for (const command of corpus.commands) {
        const result = fast(command);
        if (result === undefined) continue;
        taken++;
        if (JSON.stringify(result) !== JSON.stringify(parsed(command))) differing.push(command);
      }
    }
    expect(differing.slice(0, 5)).toEqual([]);
    expect(taken).toBeGreaterThan(1000);
  });
});

describe('mayBeSpecialHead', () => {
  // It may only say false for a word none of the checks it stands for holds on.
  const special = (head: string) =>
    isReservedWord(head) ||
    isDeclarationBuiltin(head) ||
    needsUnwrap([{ value: head, raw: head, dynamic: false, glob: false, quoted: false }]);
  const agrees = (head: string) => {
    if (special(head)) expect(mayBeSpecialHead(head, 0, head.length), head).toBe(true);
    // Read in place inside a longer text too.
    if (special(head)) expect(mayBeSpecialHead(`a ${head} b`, 2, head.length + 2), head).toBe(true);
  };

  it('holds for the names and for paths ending in them', () => {
    const names = [...RESERVED_WORDS, 'export', 'local', 'declare', 'typeset', 'readonly', ...NEEDS_UNWRAP];
    for (const name of names) {
      for (const prefix of ['', '/', '/usr/bin/', './', 'a/b/']) {
        expect(special(prefix + name) || prefix !== '', prefix + name).toBe(true);
        agrees(prefix + name);
      }
    }
    expect(mayBeSpecialHead('git', 0, 3)).toBe(false);
    expect(mayBeSpecialHead('python3', 0, 7)).toBe(false);
  });

  it('holds on any word', () => {
    const char = fc.constantFrom(...'abcdefghilnoprstuvxyz{}![]/.E\u00e9\u0169');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 14 }), (chars) => agrees(chars.join(''))),
      { numRuns: 20000 },
    );
  });
});

describe('plainHeaderError', () => {
  const headerWords = [
    '[',
    ']',
    '!',
    '-f',
    '"x y"',
    'a',
    'make',
    '2>&1',
    '>/dev/null',
    ';',
    '&&',
    '|',
    'then',
    'do',
    '#c',
    '<<E',
    '$X',
    '$(x)',
    'if',
    'time',
    '[[',
    'x]',
    '[a',
    '&',
  ];
  /** What `analyzeShell` builds for input the parser aborts at `offset` on. */
  function aborted(command: string, offset: number) {
    const commands = fallbackScan(command, [], 0, 16);
    const reasons = [`syntax error near offset ${offset}`];
    for (const simple of commands)
      for (const reason of simple.opaqueReasons) if (!reasons.includes(reason)) reasons.push(reason);
    return { commands, opaque: true, opaqueReasons: reasons };
  }

  function agrees(command: string): boolean {
    const runs = [7, 9];
    const offset = plainHeaderError(command, runs);
    if (offset < 0) {
      expect(runs, command).toEqual([7, 9]);
      return false;
    }
    const { analysis, runs: parsedRuns } = parsed(command);
    expect(JSON.stringify(analysis), command).toBe(JSON.stringify(aborted(command, offset)));
    expect(runs, command).toEqual([7, 9, ...parsedRuns]);
    return true;
  }

  it('finds the parser’s error on script headers sent alone', () => {
    for (const command of [
      'if [ -f "x" ]; then',
      '  if [ ! -f /app/a.txt ];   then  ',
      'if   make pgen ;then',
      'if a && b | c; d; then',
      'while pgrep -x job; do',
      'until  test -f done.txt  ;  do',
      'if echo then; then',
      'if ! grep -q "a b" $F; then',
      'if  !   make && x; then',
    ]) {
      expect(agrees(command), command).toBe(true);
    }
    for (const command of [
      'if x; then y; fi',
      'if x # c; then',
      'if cat <<EOF; then',
      'if x &; then',
      'if x;; then',
      'if then; then',
      'if ; then',
      'if x; xthen',
      'while x; then',
      'if $(x); then',
      'if\tx; then',
      'for x in a; do',
      'ifx; then',
      'if ! ! x; then',
      'if !; then',
      'if ! ; then',
      'if !x; then',
    ]) {
      expect(agrees(command), command).toBe(false);
    }
  });

  it('equals the parser on generated headers', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('if', 'while', 'until', 'for'),
        fc.array(fc.tuple(fc.constantFrom(...headerWords), fc.integer({ min: 1, max: 3 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.constantFrom(';', ' ;', '', ';  ', '&'),
        fc.constantFrom('then', 'do', 'fi'),
        fc.integer({ min: 0, max: 3 }),
        (lead, keyword, parts, separator, close, trail) => {
          const command = `${' '.repeat(lead)}${keyword} ${parts.map(([word, gap]) => word + ' '.repeat(gap)).join('')}${separator}${close}${' '.repeat(trail)}`;
          if (agrees(command)) taken++;
        },
      ),
      { numRuns: 8000, seed: 20261130 },
    );
    expect(taken).toBeGreaterThan(100);
  });
});
