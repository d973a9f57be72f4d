/**
 * The writers' entries of the command table (table/writers.ts, `rm` in table/files.ts) as the
 * protected-path check reads them (protected/written-paths.ts): each `write`, `remove` and
 * `lastOperand` fact, and the union over readings when an option's arity is not known.
 */
import { describe, expect, it } from 'vitest';
import { writtenPaths } from '../protected/written-paths';
import { analyzeShell } from '../shell/analyze-shell';
import { WRITERS } from './table/writers';

const written = (command: string) => {
  const simple = analyzeShell(command).commands[0]!;
  const head = simple.unwrapped.argv[0] ?? '';
  return writtenPaths(simple, head.slice(head.lastIndexOf('/') + 1));
};

describe('the writers of the command table', () => {
  it("reads every write and remove of the writer entries' examples", () => {
    let checked = 0;
    for (const entry of WRITERS)
      for (const example of entry.examples ?? []) {
        const paths = written(example.argv.map((word) => `'${word}'`).join(' '));
        for (const [index, role] of Object.entries(example.roles ?? {})) {
          const word = example.argv[Number(index)]!;
          if (role === 'write') expect(paths.writes, example.argv.join(' ')).toContain(word);
          if (role === 'remove') expect(paths.removes, example.argv.join(' ')).toContain(word);
          if (role === 'write' || role === 'remove') checked++;
        }
      }
    expect(checked).toBeGreaterThan(15);
  });

  it.each([
    // mv: the sources go away; the destination, and each source's name under it, is written
    ['mv a b dir', ['dir', 'dir/a', 'dir/b'], ['a', 'b']],
    ['mv -t dir a', ['dir', 'dir/a'], ['a']],
    ['mv --target-directory=dir a', ['dir', 'dir/a'], ['a']],
    ['mv x', ['x'], ['x']],
    ['install -d .claude', ['.claude'], []],
    // cp, scp and rsync: their entries (table/files.ts) give the destination
    ['cp -t .claude /tmp/settings.json', ['.claude', '.claude/settings.json'], []],
    ['rsync -a /tmp/x .claude/settings.json', ['.claude/settings.json', '.claude/settings.json/x'], []],
    // ln: a hard link writes to its target, so both names are written
    [
      'ln -sf /tmp/evil.json .gemini/settings.json',
      ['/tmp/evil.json', '.gemini/settings.json', '.gemini/settings.json/evil.json'],
      [],
    ],
    ['link a b', ['a', 'b'], []],
    // install: -m's value is a mode, the sources are read
    [
      'install -m 644 x .dexter/settings.local.json',
      ['.dexter/settings.local.json', '.dexter/settings.local.json/x'],
      [],
    ],
    ['tee -a log other', ['log', 'other'], []],
    ['truncate -r ref -s 0 log', ['log'], []],
    ['chattr +i x', ['x'], []],
    ['patch -p1 -i fix.diff -o out.c x.c', ['out.c', 'x.c'], []],
    ['vim -u NONE .claude/settings.json', ['.claude/settings.json'], []],
    ['nano x', ['x'], []],
    ['rm -rf ~/.gemini', [], ['~/.gemini']],
    ['unlink x', [], ['x']],
  ])('%j writes %j and removes %j', (command, writes, removes) => {
    const paths = written(command);
    expect([...paths.writes].sort()).toEqual([...writes].sort());
    expect([...paths.removes].sort()).toEqual([...removes].sort());
    for (const word of [...writes, ...removes]) expect(paths.mentions).not.toContain(word);
  });

  it('takes the union of the readings: an option the entry does not list may take a value', () => {
    // `-Q` may be a flag (a, b moved into c) or take `a` (b moved to c): both are protected.
    const paths = written('mv -Q a b c');
    expect(paths.removes).toEqual(expect.arrayContaining(['a', 'b']));
    expect(paths.writes).toEqual(expect.arrayContaining(['c', 'c/a', 'c/b']));
  });

  it('reads the commands the table does not know as mentions, as before', () => {
    expect(written('frobnicate .claude/settings.json')).toMatchObject({
      writes: [],
      removes: [],
      mentions: ['.claude/settings.json'],
    });
  });
});
