import path from 'node:path';
import { UnplacedSubjectError } from '@dexter/executor';
import { isSecretPath } from '@dexter/permissions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { McpError } from './errors';
import { filesystemSubjects } from './filesystem-subjects';

const context = { server: 'fs', cwd: '/elsewhere', roots: ['/srv/work'], home: '/home/me' };

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
      path: '/home/me/.ssh/id_rsa',
    });
    expect(filesystemSubjects('list_allowed_directories', {}, context)).toBeUndefined();
  });

  it('places relative paths where the server does: against its roots, not the host cwd', () => {
    const two = { ...context, roots: ['/srv/a', '/srv/b'] };
    // The first root under which the path stays inside a root.
    expect(filesystemSubjects('read_text_file', { path: '.npmrc' }, two)).toMatchObject({
      path: '/srv/a/.npmrc',
    });
    expect(filesystemSubjects('directory_tree', { path: '.' }, two)).toMatchObject({
      path: '/srv/a',
      recursive: true,
    });
    // Escaping the first root but landing in the second is placed there (the server's loop).
    expect(filesystemSubjects('read_text_file', { path: '../b/x' }, two)).toMatchObject({ path: '/srv/b/x' });
    // Inside no root: against the first (the server then refuses it).
    expect(filesystemSubjects('read_text_file', { path: '../../etc/passwd' }, two)).toMatchObject({
      path: '/etc/passwd',
    });
    expect(filesystemSubjects('read_text_file', { path: '~' }, two)).toMatchObject({ path: '/home/me' });
  });

  it('a path it cannot place (roots or home unknown) asks, or is refused when it could be a secret', () => {
    const unknown = { server: 'fs', cwd: '/elsewhere' };
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const relative = thrown(() => filesystemSubjects('read_text_file', { path: '.npmrc' }, unknown));
    expect(McpError.isInstance(relative) && relative.code).toBe('unplaceable_path');
    const home = thrown(() => filesystemSubjects('read_text_file', { path: '~/.npmrc' }, unknown));
    expect(McpError.isInstance(home) && home.code).toBe('unplaceable_path');
    expect(
      thrown(() => filesystemSubjects('read_multiple_files', { paths: ['/srv/a', 'b'] }, unknown)),
    ).toBeDefined();
    // Not a secret wherever it lands: the call asks (the executor's UnplacedSubjectError).
    const notes = thrown(() => filesystemSubjects('read_text_file', { path: 'notes/todo.md' }, unknown));
    expect(UnplacedSubjectError.isInstance(notes)).toBe(true);
    expect(McpError.isInstance(notes)).toBe(false);
    expect(
      UnplacedSubjectError.isInstance(
        thrown(() => filesystemSubjects('directory_tree', { path: '~/projects' }, unknown)),
      ),
    ).toBe(true);
    // `.env` could be a secret anywhere: refused, never asked about.
    const env = thrown(() => filesystemSubjects('read_text_file', { path: 'app/.env' }, unknown));
    expect(McpError.isInstance(env) && env.code).toBe('unplaceable_path');
    // Absolute paths need neither.
    expect(filesystemSubjects('read_text_file', { path: '/srv/x' }, unknown)).toMatchObject({
      path: '/srv/x',
    });
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
