import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MUTATING_NAMES } from '../commands';
import { analyzeShell } from '../shell';
import { classifyArgv, READ_ONLY_COMMANDS } from './classify-argv';
import { classifyCommand } from './classify-command';

/** Classifies the first simple command of a real parse. */
function classify(source: string) {
  const command = analyzeShell(source).commands[0];
  if (!command) throw new Error(`no command parsed from ${source}`);
  return classifyCommand(command);
}

/** Classifies the inner argv with its words, bypassing the parser's opaque marks. */
function classifyWords(source: string) {
  const command = analyzeShell(source).commands[0]!;
  return classifyArgv(command.unwrapped.argv, command.unwrapped.words);
}

const READ_ONLY = [
  'ls -la',
  'ls -la src',
  'cat README.md',
  'head -n 20 file.txt',
  'head -20 file.txt',
  'tail -f log.txt',
  'tail -n +5 file',
  'wc -l src/index.ts',
  'echo hello world',
  'printf "%s\\n" hi',
  'pwd',
  'whoami',
  'id -u',
  'date',
  'date +%Y-%m-%d',
  'date -d yesterday +%F',
  'date -u',
  'hostname',
  'hostname -f',
  'uname -a',
  'which node',
  'type ls',
  'file README.md',
  'stat package.json',
  'du -sh .',
  'df -h',
  'tree -L 2',
  'tree -a -I node_modules',
  "find . -name '*.ts'",
  'find . -type f -name x.ts -print',
  'find src -maxdepth 2 -type d',
  'find . -newermt 2024-01-01 -ls',
  'grep -rn TODO src',
  "rg -n 'foo' src",
  'rg --files',
  'rg -t ts foo',
  'sort file',
  'sort -u file',
  'sort -k 2 -t , file',
  'sort -- -o',
  'sort -n -r file',
  'uniq file',
  'uniq -c file',
  'cut -d , -f 1 file',
  'tr a-z A-Z',
  'nl file',
  'od -c file',
  'xxd file',
  'xxd -r -p file',
  'hexdump -C file',
  'diff a b',
  'cmp a b',
  'comm a b',
  'basename /a/b',
  'dirname /a/b',
  'realpath .',
  'readlink -f x',
  'seq 10',
  'true',
  'false',
  'test -f x',
  '[ -d src ]',
  'printenv PATH',
  "jq '.name' package.json",
  "jq -r '.dependencies | keys[]' package.json",
  "yq '.a' file.yaml",
  "sed -n '1,20p' file",
  "sed 's/a/b/g' file",
  "sed -e 's/a/b/' -e '/x/d' file",
  "sed -E 's|/a|/b|g' file",
  "sed '/start/,/end/{s/x/y/;p}' file",
  "sed -n -l 80 'l' file",
  "sed -n -e '/x/{' -e p -e '}' file",
  "sed -n '/[/]/p' file",
  "yq -e '.a' file.yaml",
  'GIT_TRACE=1 git status',
  'git reflog -n 5',
  'git stash list --oneline',
  "jq --arg env prod '.environments[$env]' config.json",
  "jq '.env' config.json",
  'nm -C a.out',
  'objdump -d a.out',
  'tar -tf a.tar',
  'git diff --text',
  'git diff -a HEAD~1',
  'git branch --merged',
  'git branch -a --no-merged',
  'git branch --merged main',
  'git tag --contains',
  'git log --no-show-signature',
  'diff -u -I l a b',
  'tar tvf a.tar',
  'tar --list --file=a.tar',
  'git status',
  'git status --short',
  'git log --oneline -5',
  'git log -n 3 --stat',
  'git log --format=%H -1',
  'git -C sub log',
  'git --no-pager log',
  'git -P diff',
  'git diff HEAD~1',
  'git diff --no-index a b',
  'git diff --no-ext-diff',
  'git show HEAD',
  'git branch',
  'git branch -a',
  'git branch -vv',
  'git branch --list "feat*"',
  'git branch --contains HEAD',
  'git branch --show-current',
  'git tag',
  'git tag -l "v1*"',
  'git remote -v',
  'git remote',
  'git remote show -n origin',
  'git remote get-url origin',
  'git rev-parse HEAD',
  'git rev-parse --show-toplevel',
  'git ls-files',
  'git blame file.ts',
  'git describe --tags',
  'git shortlog -sn',
  'git reflog',
  'git reflog show',
  'git config --get user.name',
  'git config user.name',
  'git config --list',
  'git config -l',
  'git config get user.name',
  'git stash list',
  'git stash show -p',
  'git grep foo',
  'git cat-file -p HEAD',
  'git ls-tree HEAD',
  'git merge-base a b',
  "git for-each-ref --format='%(refname)'",
  'git worktree list',
  'git --version',
  '/usr/bin/ls -la',
  'timeout 5 ls',
  'env ls',
  'env',
  'nice -n 5 cat file',
];

const MUTATING: [string, (string | null)?][] = [
  // `-o` writes; without its value sort refuses to run, but the option is still a write flag.
  ['sort -o', '-o'],
  ['sort -o x file', '-o'],
  ['sort -ox file', '-ox'],
  ['sort -uo x file', '-uo'],
  ['sort -ouniq file', '-ouniq'],
  ['sort --output=x file', '--output=x'],
  ['sort --out=x file', '--out=x'],
  ['sort --o=x file', '--o=x'],
  ['sort --output x file', '--output'],
  ['sort file -o x', '-o'],
  ['sort --compress-program=sh file', '--compress-program=sh'],
  ['sort --compress=gzip file', '--compress=gzip'],
  ['sort --co=x file', '--co=x'],
  ['find . -delete', '-delete'],
  ['find . -exec rm {} \\;', '-exec'],
  ['find . -execdir sh -c x {} +', '-execdir'],
  ['find . -ok rm {} \\;', '-ok'],
  ['find . -okdir rm {} \\;', '-okdir'],
  ['find . -fprint out', '-fprint'],
  ['find . -fprint0 out', '-fprint0'],
  ['find . -fprintf out %p', '-fprintf'],
  ['find . -fls out', '-fls'],
  ['find . -name x -o -delete', '-delete'],
  ['git -c core.pager=evil log', '-c'],
  ['git -ccore.pager=evil log', '-ccore.pager=evil'],
  ['git --config-env=core.pager=X log', '--config-env=core.pager=X'],
  ['git --exec-path=/tmp log', '--exec-path=/tmp'],
  ['git --git-dir=/tmp/evil status', '--git-dir=/tmp/evil'],
  ['git -p log', '-p'],
  ['git --paginate log', '--paginate'],
  ['git log --output=x', '--output=x'],
  ['git log --output x', '--output'],
  ['git log --out=x', '--out=x'],
  ['git diff --ext-diff', '--ext-diff'],
  ['git diff --ext', '--ext'],
  ['git log -p --textconv', '--textconv'],
  ['git show --output=/tmp/x HEAD', '--output=/tmp/x'],
  ['git grep -O foo', '-O'],
  ['git grep -Ovim foo', '-Ovim'],
  ['git grep --open-files-in-pager foo', '--open-files-in-pager'],
  ['git cat-file --filters HEAD:x', '--filters'],
  ['git branch -d old', '-d'],
  ['git branch -D old', '-D'],
  ['git branch --delete old', '--delete'],
  ['git branch --del old', '--del'],
  ['git branch -m a b', '-m'],
  ['git branch -M a b', '-M'],
  ['git branch -c a b', '-c'],
  ['git branch newbranch', 'newbranch'],
  ['git branch --edit-description', '--edit-description'],
  ['git branch -u origin/main', '-u'],
  ['git tag v1.0', 'v1.0'],
  ['git tag -d v1.0', '-d'],
  ['git tag -a v1 -m msg', '-a'],
  ['git remote add x url', null],
  ['git remote remove x', null],
  ['git remote set-url origin url', null],
  ['git reflog expire --all', null],
  ['git reflog delete HEAD@{1}', null],
  ['git config user.name bob', 'bob'],
  ['git config --unset user.name', '--unset'],
  ['git config --add x.y z', '--add'],
  ['git config -e', '-e'],
  ['git config set user.name x', null],
  ['git stash', null],
  ['git stash pop', null],
  ['git stash drop', null],
  ['git stash show --output=x', '--output=x'],
  ['git worktree add ../x', null],
  ['rg --pre cat x', '--pre'],
  ['rg --pre=cat x', '--pre=cat'],
  ['rg -z x', '-z'],
  ['rg -iz x', '-iz'],
  ['rg --search-zip x', '--search-zip'],
  ['rg --hostname-bin=evil x', '--hostname-bin=evil'],
  ['tree -o out', '-o'],
  ['tree -ao out', '-ao'],
  ['tree -L 2 -o out', '-o'],
  ['date -s now', '-s'],
  ['date --set=now', '--set=now'],
  ['date --se=now', '--se=now'],
  ['date 010100002030', '010100002030'],
  ['hostname evil', 'evil'],
  ['hostname -F file', '-F'],
  ['hostname --file=x', '--file=x'],
  ['uniq in out', 'out'],
  ['uniq -c in out', 'out'],
  ['printf -v X %s y', '-v'],
  ['xxd in out', 'out'],
  ['xxd -r in out', 'out'],
  ['yq -i .a=1 f.yaml', '-i'],
  ['yq --inplace .a=1 f.yaml', '--inplace'],
  ['yq --in-place .a=1 f.yaml', '--in-place'],
  ['yq --in .a=1 f.yaml', '--in'],
  ['yq -Pi .a=1 f.yaml', '-Pi'],
  ['yq -s .a f.yaml', '-s'],
  ['sed -i s/a/b/ f', '-i'],
  ['sed -i.bak s/a/b/ f', '-i.bak'],
  ["sed -i '' s/a/b/ f", '-i'],
  ['sed -ni p f', '-ni'],
  ['sed -Ei s/a/b/ f', '-Ei'],
  ['sed --in-place s/a/b/ f', '--in-place'],
  ['sed --in-place=.orig s/a/b/ f', '--in-place=.orig'],
  ['sed --in s/a/b/ f', '--in'],
  ['sed -I .bak s/a/b/ f', '-I'],
  ["sed -n 'w out' f", 'w out'],
  ["sed 'W out' f", 'W out'],
  ["sed '1w out' f", 'w out'],
  ["sed '/x/w out' f", 'w out'],
  ["sed 's/a/b/e' f", 's///e'],
  ["sed 's/a/b/w out' f", 's///w out'],
  ["sed 's/a/b/gw out' f", 's///w out'],
  ["sed 's|a|b|e' f", 's///e'],
  ["sed -e p -e 'e date' f", 'e date'],
  ["sed '1e id' f", 'e id'],
  ["sed '/x/{s/a/b/;w out\n}' f", 'w out'],
  ["sed -n ':a w out' f", 'w out'],
  ["sed -n -e 's/a/\\' -e '/w out' f", 's///w out'],
  ["sed -n '/[/r]/w out' f", 'w out'],
  ["sed -n '1a x\\\\\nw out' f", 'w out'],
  ['yq -ei .a=1 f.yaml', '-ei'],
  ['yq --security-enable-system-operator -n \'system("id")\'', '--security-enable-system-operator'],
  ['nm --plugin /tmp/x.so a.out', '--plugin'],
  ['GIT_TRACE=/tmp/o git status', 'GIT_TRACE=/tmp/o'],
  ['git stash list --output=x', '--output=x'],
  ['git reflog --output=x', '--output=x'],
  ['git reflog show --outp=x', '--outp=x'],
  ['git reflog --output=x exists', '--output=x'],
  ['git stash -- list', null],
  ['env GIT_TRACE2_EVENT=/tmp/o git log', 'GIT_TRACE2_EVENT=/tmp/o'],
  [
    "npm test --node-options='--import=data:text/javascript,1'",
    '--node-options=--import=data:text/javascript,1',
  ],
  ['npm test --node-opt x', '--node-opt'],
  ['npm test --script-shell=/tmp/x', '--script-shell=/tmp/x'],
  ['npm test --prefix /tmp/other', '--prefix'],
  ['npm test -C /tmp/other', '-C'],
  ['pnpm test --dir /tmp/other', '--dir'],
  ['pnpm test --config.node-options=--require=./x.js', '--config.node-options=--require=./x.js'],
  ['npm test --logs-dir=/tmp/x', '--logs-dir=/tmp/x'],
  ['nm --plug=/tmp/x.so a.out', '--plug=/tmp/x.so'],
  ['tar -xf a.tar', '-xf'],
  ['tar xf a.tar', '-x'],
  ['tar -cf a.tar dir', '-cf'],
  ['tar czf a.tgz dir', '-c'],
  ['tar -tzf a.tgz', '-tzf'],
  ['tar tjf a.tbz', '-j'],
  ['tar -t --zstd -f a.tar.zst', '--zstd'],
  ['diff -l a b', '-l'],
  ['diff -ul a b', '-ul'],
  ['diff --pag a b', '--pag'],
  ['git log --show-signature', '--show-signature'],
  ['git show --show-sig HEAD', '--show-sig'],
  ['tar -rf a.tar x', '-rf'],
  ['tar --extract -f a.tar', '--extract'],
  ['tar --to-command=sh -xf a.tar', '--to-command=sh'],
  ['tar -tf a.tar --to-command=sh', '--to-command=sh'],
  ['tar -t --use-compress-program=sh -f a.tar', '--use-compress-program=sh'],
  ['tar -tIsh -f a.tar', '-tIsh'],
  ['tar -t -I sh -f a.tar', '-I'],
  ['tar -tf a.tar --checkpoint=1 --checkpoint-action=exec=sh', '--checkpoint-action=exec=sh'],
  ['tar -tf host:a.tar', '-tf'],
  ['tar -tf a.tar --index-file=out', '--index-file=out'],
  ['file -C -m magic', '-C'],
  ['file -z x.gz', '-z'],
  ['base64 -i in -o out', '-o'],
  ['base64 --output=out in', '--output=out'],
  ['ls > out', '>out'],
  ['cat a >> b', '>>b'],
  ['git log &> out', '&>out'],
  ['nohup ls', 'nohup'],
  // The command table knows rm changes what it names (issue 29).
  ['rm -rf x', 'rm'],
];

const UNKNOWN = [
  'awk 1 file',
  'python3 -c "print(1)"',
  'node -e 1',
  'less file',
  'make',
  'npm test',
  './ls',
  'tmp/ls -la',
  'sort --bogus file',
  'sort --s=x file', // ambiguous: --sort / --stable
  'find . -frobnicate',
  'git frobnicate',
  'git co main',
  'git -x log',
  'git config',
  'sed -f script.sed f',
  "sed 's/a/b/q' f",
  // BSD sed's -l takes no value: the script may be the word after it.
  "sed -n -l 'w out' f",
  // GNU sed accepts these; the script reader does not.
  "sed -n 's\\a\\b\\w out' f",
  'nm @opts',
  // Without -n it asks the remote (network): not read-only.
  'git remote show origin',
  'TAR_OPTIONS=--to-command=sh tar -tf a.tar',
  'env TAR_OPTIONS=-v tar -tf a.tar',
  "jq -rn 'env.GITHUB_TOKEN'",
  "jq -n '$ENV[]'",
  'jq -n \'"\\(env.HOME)"\'',
  'npm test -- --node-options=x',
  'npm test --silent',
  'objdump -d @opts',
  // sort prints the files its list names, which the command line does not show.
  'sort --files0-from=-',
  'sort --fil list.txt',
  'tar -f a.tar',
  'sudo ls',
  'xargs ls',
  'ls *',
  'echo $HOME',
];

describe('classifyCommand on real parses', () => {
  it.each(READ_ONLY)('read-only: %s', (source) => {
    expect(classify(source)).toMatchObject({ classification: 'read-only' });
  });

  it.each(MUTATING)('mutating: %s (flag %s)', (source, flag) => {
    const result = classify(source);
    expect(result.classification).toBe('mutating');
    if (flag === null) expect(result.flag).toBeUndefined();
    else if (flag !== undefined) expect(result.flag).toBe(flag);
    expect(result.reason.length).toBeGreaterThan(5);
  });

  it.each(UNKNOWN)('unknown: %s', (source) => {
    expect(classify(source).classification).toBe('unknown');
  });
});

describe('globs and expansions that could become flags (classifier level, ignoring parser marks)', () => {
  it.each([
    'ls *',
    'sort *',
    'sort -k *',
    'cat $X',
    'cat "$X"',
    "cat ''$X",
    'find . -name *.ts',
    'find * -print',
    'git log $REV',
    'tree *',
    'sed $S file',
    'xxd *',
    'yq * f',
    'env $X',
  ])('%s is not read-only', (source) => {
    expect(classifyWords(source).classification).not.toBe('read-only');
  });

  it.each(['ls src/*', 'cat ./*.md', 'cat "abc$X"', 'ls ~/x', 'sort -- *', 'cat a{b,c}'])(
    '%s keeps a literal, non-dash first character, so it stays read-only',
    (source) => {
      expect(classifyWords(source).classification).toBe('read-only');
    },
  );
});

describe('redirects and wrappers', () => {
  it.each([
    'X=1',
    'a=1 b=2',
    ':',
    'exit 0',
    'ls 2>/dev/null',
    'ls > /dev/null 2>&1',
    'ls > /dev/stdout 2> /dev/stderr',
    'ls >> /dev/fd/1 2>/dev/fd/2',
    'cat f 2>&1',
    'command -v git',
    'cd src',
    'cat < in.txt',
  ])('%s is read-only', (source) => {
    expect(classify(source).classification).toBe('read-only');
  });

  it.each([
    'ls > out.txt',
    'ls 2> err.log',
    'cat f >| out',
    'cat <> f',
    'ls >&out',
    'ls > /dev/fd/3',
    'ls > /dev/nul',
    'ls > dev/null__',
    'ls > /dev/stdoux',
    'TAR_OPTIONS=x ls > /tmp/a',
  ])('%s is mutating', (source) => {
    expect(classify(source).classification).toBe('mutating');
  });
});

describe('the allowlist lookup', () => {
  // Listed: the allowlist, and npm/pnpm (classified for their prefix rules). The lookup asks the
  // table's derived sets one name at a time: it must find every listed name and only those.
  const listed = new Set([...READ_ONLY_COMMANDS, 'npm', 'pnpm']);
  const unlisted = (name: string) => `${name} is not on the read-only allowlist`;
  const agrees = (name: string) => {
    // (npm and pnpm with no arguments give the same reason as an unlisted name.)
    if (name === 'npm' || name === 'pnpm') return;
    // (The command table's writers, such as rm, are mutating: another reason.)
    if (MUTATING_NAMES.has(name)) return;
    expect(classifyArgv([name]).reason === unlisted(name), name).toBe(!listed.has(name));
    expect(classifyArgv([`/usr/bin/${name}`]).reason === unlisted(name), name).toBe(!listed.has(name));
  };

  it('finds every listed name and no name like one', () => {
    for (const name of listed) {
      for (const other of [
        name,
        `${name}x`,
        `x${name}`,
        name.slice(1),
        name.slice(0, -1),
        name.toUpperCase(),
      ]) {
        if (other !== '') agrees(other);
      }
    }
  });

  it('finds no other name', () => {
    const char = fc.constantFrom(...'abcdeghilmnopqrstuwxyz-_.1\u00e9\u0169');
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 9 }), (chars) => agrees(chars.join(''))),
      { numRuns: 20000 },
    );
  });
});
