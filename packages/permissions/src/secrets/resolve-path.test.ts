import { describe, expect, it } from 'vitest';
import { changedDirectory, resolvePath } from './resolve-path';

const home = '/home/u';

describe('resolvePath', () => {
  it.each([
    ['credentials', '/home/u/.aws', '/home/u/.aws/credentials'],
    ['./config', '/home/u/.kube', '/home/u/.kube/config'],
    ['../.npmrc', '/home/u/project', '/home/u/.npmrc'],
    ['a//b/./c/../d', '/r', '/r/a/b/d'],
    ['/etc//shadow', '/r', '/etc/shadow'],
    ['//etc/shadow', '/r', '/etc/shadow'],
    ['~', '/r', '/home/u'],
    ['~/.ssh/id_rsa', '/r', '/home/u/.ssh/id_rsa'],
    ['~u/.netrc', '/r', '/home/u/.netrc'],
    ['~bob/.netrc', '/r', '/home/bob/.netrc'],
    ['~+/x', '/r', '/r/x'],
    ['$HOME/.aws', '/r', '/home/u/.aws'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text
    ['${HOME}/.aws', '/r', '/home/u/.aws'],
    ['$PWD/.env', '/r', '/r/.env'],
    // A call with no directory: relative, matched by its components.
    ['x/../.env', '', '.env'],
    ['.', '', '.'],
  ])('%s in %s is %s', (word, cwd, expected) => {
    expect(resolvePath(word, cwd, home)).toBe(expected);
  });

  it.each(['$X/.env', '~-/x', '`pwd`/x', 'a$B'])('cannot resolve %s', (word) => {
    expect(resolvePath(word, '/r', home)).toBeUndefined();
  });
});

describe('changedDirectory', () => {
  it('follows cd as bash does, or says it cannot', () => {
    expect(changedDirectory(undefined, '/r', home)).toBe(home);
    expect(changedDirectory('.kube', '/home/u', home)).toBe('/home/u/.kube');
    expect(changedDirectory('..', '/home/u/.kube', home)).toBe('/home/u');
    expect(changedDirectory('-', '/r', home)).toBeUndefined();
    expect(changedDirectory('+1', '/r', home)).toBeUndefined();
    expect(changedDirectory('.', '', home)).toBe('');
  });
});
