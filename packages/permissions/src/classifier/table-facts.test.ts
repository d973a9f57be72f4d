/**
 * The read-only classifier's facts that moved from its own specs onto the command table
 * (decision 0043): each verdict here comes from a field of a table entry, and dropping that
 * field makes the test fail.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { classifyArgv } from './classify-argv';
import { classifyCommand } from './classify-command';

function verdict(source: string) {
  const command = analyzeShell(source).commands.at(-1)!;
  return classifyCommand(command);
}

describe('classifier facts on the command table', () => {
  it.each([
    'ls -la src',
    'stat -c %s x',
    'du -sh --max-depth=1 .',
    'wc -l src/a.ts',
    'echo a -n',
    'printf "%s\\n" -v x',
    'basename a/b.ts .ts',
    'grep -rn --color KEY src',
    'egrep -c x y',
    'diff -ru a b',
    'rg -n --no-pre KEY src',
    'file -b x',
    'test -f x',
    '[ -v "a[1]" ]',
    'xxd -c 8 in',
    'xxd -ps in',
    'tree -L 2 -a src',
    'env',
    'env -i X=1 Y=2',
    'env - X=1',
    'env -u HOME',
    'arch',
    'arch --version',
    'find . -newermt 2024-01-01 -ls',
    "find . \\( -name '*.ts' -o -name '*.js' \\) -print",
    'find -E . -regex ".*"',
    'tar -tvf a.tar',
    'tar tf a.tar --force-local -f host:a.tar',
    'sed -n "1,5p" x',
    "sed -e 's/a/b/' -e 's/c/d/' x",
    "jq -r '.env' x.json",
    "jq --arg env prod '.x[$env]' x.json",
    "yq -oi '.a' x.yml",
    "yq '.a' x.yml",
  ])('read-only: %s', (source) => {
    expect(verdict(source).classification, verdict(source).reason).toBe('read-only');
  });

  it.each([
    ['printf -v x %s y', '-v'],
    ['file -z x.gz', '-z'],
    ['file -C -m magic', '-C'],
    ['diff --pag a b', '--pag'],
    ['diff -l a b', '-l'],
    ['rg --pre cat KEY', '--pre'],
    ['rg -z KEY', '-z'],
    ['xxd -c8 in out', 'out'],
    ['tree -o out', '-o'],
    ['tree -Lo 2 out', '-Lo'],
    ['tree -R', '-R'],
    ['tree --outp=x', '--outp=x'],
    ['file --comp x', '--comp'],
    ['find . -fprintf out %p', '-fprintf'],
    ['find . -name x -delete', '-delete'],
    ['tar -tf a.tar --checkpoint-action=exec=sh', '--checkpoint-action=exec=sh'],
    ['tar -tf host:a.tar', '-tf'],
    ['tar xf a.tar', '-x'],
    ['gtar -tzf a.tgz', '-tzf'],
    ['sed -I .bak s/a/b/ x', '-I'],
    ["sed -n 'w out' x", 'w out'],
    ["yq -i '.a = 1' x.yml", '-i'],
    ["yq --in-pl '.a = 1' x.yml", '--in-pl'],
    ["yq --security-enable-system-operator '.a' x.yml", '--security-enable-system-operator'],
  ])('mutating: %s (flag %s)', (source, flag) => {
    const result = verdict(source);
    expect(result.classification, result.reason).toBe('mutating');
    expect(result.flag).toBe(flag);
  });

  it.each([
    'test -v "a[i]"',
    '[ -n x -a -v "a[$i]" ]',
    'printf -x',
    'rg --unknown-option KEY',
    'env X=1 -',
    'env --frobnicate',
    'find . -name x -frobnicate',
    'find . -name x stray',
    'find /x -L',
    'find . type -f -mtime 2',
    'tar -f a.tar',
    'sed -f script.sed x',
    'sed -l x p file',
    "jq -rn 'env.GITHUB_TOKEN'",
    'jq -nL lib .',
    "yq 'load(strenv(F))' x.yml",
    'arch -x86_64 make',
    'arch make',
  ])('unknown: %s', (source) => {
    expect(verdict(source).classification, verdict(source).reason).toBe('unknown');
  });

  // The shell parser takes `env` off the command it runs; the classifier meets what is left.
  it('reads env left in argv from its table entry', () => {
    expect(classifyArgv(['env', '-S', 'ls -l'])).toMatchObject({ classification: 'mutating', flag: '-S' });
    expect(classifyArgv(['env', 'X=1', 'ls']).classification).toBe('unknown');
    expect(classifyArgv(['env', '-0', 'X=1']).classification).toBe('read-only');
    expect(classifyArgv(['find', '.', '-exec', 'rm', '{}', ';'])).toMatchObject({
      classification: 'mutating',
      flag: '-exec',
    });
  });

  it('names the files an option makes the command read', () => {
    expect(verdict('du -s --files0=list.txt')).toMatchObject({ prefixExcluded: true, reads: ['list.txt'] });
    expect(verdict('file -m magic x')).toMatchObject({ prefixExcluded: true, reads: ['magic'] });
    // A prefix of `--fromfile` is that option; its operands are the files read.
    expect(verdict('tree --from a.txt b.txt')).toMatchObject({
      classification: 'unknown',
      prefixExcluded: true,
      reads: ['a.txt', 'b.txt'],
    });
  });
});
