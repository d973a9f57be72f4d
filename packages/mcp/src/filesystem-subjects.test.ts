import os from 'node:os';
import path from 'node:path';
import { isSecretPath } from '@dexter/permissions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filesystemSubjects } from './filesystem-subjects';

const context = { server: 'fs', cwd: '/srv/work' };

describe('filesystemSubjects', () => {
  it('maps reads, tree reads and writes to file subjects with absolute paths', () => {
    expect(filesystemSubjects('read_text_file', { path: 'notes/a.md' }, context)).toEqual({
      kind: 'file',
      access: 'read',
      path: '/srv/work/notes/a.md',
    });
    expect(filesystemSubjects('directory_tree', { path: '/srv' }, context)).toEqual({
      kind: 'file',
      access: 'read',
      path: '/srv',
      recursive: true,
    });
    expect(filesystemSubjects('list_directory', { path: '/srv' }, context)).toEqual({
      kind: 'file',
      access: 'read',
      path: '/srv',
    });
    expect(filesystemSubjects('edit_file', { path: '/srv/work/x.ts', edits: [] }, context)).toEqual({
      kind: 'file',
      access: 'write',
      path: '/srv/work/x.ts',
    });
    expect(filesystemSubjects('read_file', { path: '~/.ssh/id_rsa' }, context)).toEqual({
      kind: 'file',
      access: 'read',
      path: path.join(os.homedir(), '.ssh/id_rsa'),
    });
    expect(filesystemSubjects('list_allowed_directories', {}, context)).toBeUndefined();
  });

  it('maps a call without a readable path to a marker no rule allows', () => {
    expect(filesystemSubjects('read_file', { path: 42 }, context)).toEqual({
      kind: 'file',
      access: 'read',
      path: '/srv/work/?',
    });
    expect(filesystemSubjects('read_multiple_files', { paths: [] }, context)?.kind).toBe('file');
  });

  it('maps several paths to their common directory, or to a secret among them', () => {
    expect(
      filesystemSubjects('read_multiple_files', { paths: ['/srv/work/a/x', '/srv/work/b/y'] }, context),
    ).toEqual({
      kind: 'file',
      access: 'read',
      path: '/srv/work',
    });
    expect(
      filesystemSubjects(
        'move_file',
        { source: '/srv/work/.env', destination: '/srv/work/pub.txt' },
        context,
      ),
    ).toEqual({
      kind: 'file',
      access: 'read',
      path: '/srv/work/.env',
    });
  });

  it('never hides a secret path among several (property)', () => {
    const segment = fc.constantFrom(
      'a',
      'b',
      'src',
      'docs',
      '..',
      '.',
      'notes.txt',
      '.env',
      'id_rsa',
      '.ssh',
    );
    const file = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/srv/${parts.join('/')}`);
    fc.assert(
      fc.property(fc.array(file, { minLength: 1, maxLength: 5 }), (paths) => {
        const subject = filesystemSubjects('read_multiple_files', { paths }, context);
        const resolved = paths.map((p) => path.resolve(p));
        if (resolved.some((p) => isSecretPath(p))) {
          expect(subject?.kind === 'file' && isSecretPath(subject.path)).toBe(true);
        } else if (subject?.kind === 'file') {
          // The common directory covers every path.
          for (const p of resolved)
            expect(`${p}/`.startsWith(subject.path === '/' ? '/' : `${subject.path}/`)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
