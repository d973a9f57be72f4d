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
