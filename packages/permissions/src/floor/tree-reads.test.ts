/**
 * The recursive reads the floor finds, each from a fact of the command table (issue 27): every
 * case the old per-command walkers knew, and the `--color` class of defect — a value the
 * reader gives an option that does not take one hides the tree after it.
 */
import { describe, expect, it } from 'vitest';
import { TREE_READERS, treeReadOf } from './tree-reads';

const read = (line: string) => {
  const argv = line.split(' ');
  return treeReadOf(argv, argv[0]!);
};

describe('tree reads from the command table', () => {
  it.each([
    // searchers: the working directory when no tree is named
    ['rg KEY', ['.'], true],
    ['rg -uu KEY x', ['x'], false],
    ['rg -u KEY x', ['x'], true],
    ['rg --hidden KEY x', ['x'], false],
    ['rg -. KEY x', ['x'], false],
    ['rg --unrestricted KEY x', ['x'], false],
    ['rg --color never KEY /root', ['/root'], true],
    ['rg -e KEY a b', ['a', 'b'], true],
    ['ag KEY ~', ['~'], true],
    ['ag --hidden KEY ~', ['~'], false],
    ['ack KEY ~', ['~'], false],
    ['ack-grep --match KEY a', ['a'], false],
    ['fd -x cat', ['.'], true],
    ['fd -H conf /root -x cat', ['/root'], false],
    // The words after the command fd runs are its arguments; read as trees too (the union).
    ['fdfind conf /root --exec-batch grep KEY', ['/root', 'KEY'], true],
    // find: only with a command that reads what it finds
    ['find . -exec cat {} ;', ['.'], false],
    ['find -exec cat {} ;', ['.'], false],
    ['find -L /root /etc -type f -exec grep KEY {} +', ['/root', '/etc'], false],
    ['find ( -type f ) -exec cat {} ;', ['.'], false],
    ['find / -execdir sudo cat {} ;', ['/'], false],
    // comparers, copiers and archivers: their sources
    ['diff -r a b', ['a', 'b'], false],
    ['diff -ru --exclude=.git a b', ['a', 'b'], false],
    ['cp -r a b dest', ['a', 'b'], false],
    ['cp -a -t /tmp .ssh', ['.ssh'], false],
    ['cp --recursive ~/.aws /tmp', ['~/.aws'], false],
    ['scp -r -i key ~/.ssh host:x', ['~/.ssh'], false],
    ['rsync -av --exclude .git src/ host:dst', ['src/'], false],
    ['rsync --archive a b', ['a'], false],
    ['tar czf out.tgz a b', ['a', 'b'], false],
    ['tar -czf out.tgz a', ['a'], false],
    ['tar --create --file out.tar a', ['a'], false],
    ['tar -C /root -czf x.tgz .ssh', ['/root/.ssh'], false],
    ['tar cfb out.tar 20 a', ['a'], false],
    ['zip -r out.zip . -x .env', ['.'], false],
    ['zip -qr out.zip ~/.kube', ['~/.kube'], false],
    ['7z a out.7z dir', ['dir'], false],
    ['7z a -r -pSECRET out.7z ~/.gnupg', ['~/.gnupg'], false],
  ])('%s reads %j (hidden skipped: %s)', (line, trees, skipsHidden) => {
    expect(read(line)).toEqual({ trees, skipsHidden });
  });

  it.each([
    'rg --files /root',
    'rg --type-list',
    'ag -g conf /root',
    'ack -f /root',
    'fd conf /root',
    'find /root -name x',
    'find ~ -exec rm {} ;',
    'find ~ -exec chmod 600 {} +',
    'find . -name *.py -exec cat {} ;',
    'diff a b',
    'diff -rq a b',
    'diff -r --brief a b',
    'cp a b',
    'scp a host:b',
    'rsync a b',
    'tar xzf out.tgz',
    'tar -tf out.tar',
    'zip out.zip a',
    '7z x out.7z',
    '7z l out.7z',
  ])('%s reads no tree', (line) => {
    expect(read(line)).toBeUndefined();
  });

  it('reads every tree any reading may name (an unknown option may take the next word)', () => {
    // ag's `-C [LINES]` may or may not take KEY: both `~` (a tree) and `.` are read.
    expect(read('ag -C KEY ~')?.trees).toEqual(expect.arrayContaining(['~', '.']));
    // An option rg does not know: `/root` is a tree in one reading.
    expect(read('rg --frobnicate KEY /root')?.trees).toContain('/root');
  });

  it('knows the tree readers by name from the table', () => {
    for (const name of [
      'grep',
      'rg',
      'ag',
      'ack',
      'fd',
      'find',
      'diff',
      'cp',
      'scp',
      'rsync',
      'tar',
      'zip',
      '7z',
      'git',
    ])
      expect(TREE_READERS.has(name)).toBe(true);
    for (const name of ['ls', 'cat', 'mv', 'echo']) expect(TREE_READERS.has(name)).toBe(false);
  });
});
