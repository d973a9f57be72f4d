/**
 * Commands that never print, send or copy the content of the files their words name: they
 * create, delete or change metadata (`mkdir`, `chmod`, `touch`), list names and sizes (`ls`,
 * `stat`, `du`, `wc`), test (`[ -f .env ]`), use a key without printing it (`ssh-keygen`,
 * `ssh-add`), or print their words as data (`echo`, `printf`). The floor reads none of their
 * words as a read, and `find -exec` with one of them reads no tree. `rm` is in `files.ts`.
 * Their options are not listed yet: only the fact that they print no content is.
 */
import type { CommandFact } from '../types';

const NO_CONTENT = { printsNoContent: true, operands: ['meta'] } as const;

export const METADATA: readonly CommandFact[] = [
  { names: ['mkdir'], summary: 'creates directories', ...NO_CONTENT },
  { names: ['rmdir'], summary: 'removes empty directories', ...NO_CONTENT },
  { names: ['chmod'], summary: 'changes permission bits', ...NO_CONTENT },
  { names: ['chown'], summary: 'changes the owner', ...NO_CONTENT },
  { names: ['chgrp'], summary: 'changes the group', ...NO_CONTENT },
  { names: ['touch'], summary: 'creates files or changes their times', ...NO_CONTENT },
  { names: ['test', '['], summary: 'tests file types and compares values', ...NO_CONTENT },
  { names: ['ls'], summary: 'lists names and metadata', ...NO_CONTENT },
  { names: ['stat'], summary: 'prints metadata', ...NO_CONTENT },
  { names: ['du'], summary: 'prints disk usage', ...NO_CONTENT },
  // A count of lines, words and bytes: a size, not content (`wc -l .env`).
  { names: ['wc'], summary: 'counts lines, words and bytes', ...NO_CONTENT },
  { names: ['file'], summary: 'names the type of a file', ...NO_CONTENT },
  { names: ['basename'], summary: 'prints a name without its directory', ...NO_CONTENT },
  { names: ['dirname'], summary: 'prints the directory of a name', ...NO_CONTENT },
  { names: ['realpath'], summary: 'prints a resolved path', ...NO_CONTENT },
  { names: ['readlink'], summary: 'prints the target of a symbolic link', ...NO_CONTENT },
  { names: ['getfacl'], summary: 'prints access control lists', ...NO_CONTENT },
  { names: ['setfacl'], summary: 'changes access control lists', ...NO_CONTENT },
  { names: ['shred'], summary: 'overwrites and deletes files', ...NO_CONTENT },
  // Keys used to sign, log in or derive a public key, never printed.
  { names: ['ssh-keygen'], summary: 'creates and manages ssh keys', ...NO_CONTENT },
  { names: ['ssh-add'], summary: 'adds keys to the ssh agent', ...NO_CONTENT },
  // Their words are data they print, never files they open.
  { names: ['echo'], summary: 'prints its words', printsNoContent: true, operands: ['value'] },
  { names: ['printf'], summary: 'prints its words in a format', printsNoContent: true, operands: ['value'] },
];
