/**
 * Permission subjects for the official filesystem server
 * (`@modelcontextprotocol/server-filesystem`): its tools' arguments mapped to the file reads
 * and writes they perform, so the built-in secret floor and `Read(...)` / `Write(...)` rules
 * judge `mcp__fs__read_file {path: ".env"}` exactly as they judge a local `read_file`.
 *
 * Paths are resolved the way the server resolves them: `~` is the home directory, relative
 * paths are against the server's working directory. Tools that touch several paths are
 * mapped fail-closed: a secret among them becomes the subject (so the floor sees it),
 * otherwise their deepest common directory (a read or write of that whole tree).
 */
import os from 'node:os';
import path from 'node:path';
import { isSecretPath } from '@dexter/permissions';
import type { PermissionSubject } from '@dexter/registry';

/** What a subject mapping knows besides the tool and its input. */
export interface McpSubjectContext {
  /** The config name of the server. */
  server: string;
  /** The server's working directory (its `cwd`, else this process's). */
  cwd: string;
}

/** Maps one call of a server tool to what it touches; `undefined` leaves it to name rules. */
export type McpSubjectMapper = (
  tool: string,
  input: Record<string, unknown>,
  context: McpSubjectContext,
) => PermissionSubject | undefined;

const READS = new Set([
  'read_file',
  'read_text_file',
  'read_media_file',
  'get_file_info',
  'list_directory',
  'list_directory_with_sizes',
  'directory_tree',
  'search_files',
]);
/** Tools that walk the whole tree under their path: recursive reads for the floor. */
const TREES = new Set(['directory_tree', 'search_files']);
const WRITES = new Set(['write_file', 'edit_file', 'create_directory']);

function resolveAs(file: string, cwd: string): string {
  let expanded = file;
  if (file === '~') expanded = os.homedir();
  else if (file.startsWith('~/')) expanded = path.join(os.homedir(), file.slice(2));
  return path.resolve(cwd, expanded);
}

function commonDirectory(paths: readonly string[]): string {
  let common = path.dirname(paths[0]!);
  for (const file of paths.slice(1)) {
    while (common !== path.dirname(common) && !`${file}${path.sep}`.startsWith(`${common}${path.sep}`)) {
      common = path.dirname(common);
    }
  }
  return common;
}

/** One subject for several paths: a secret one if any, else their common directory. */
function manyPaths(paths: readonly string[], access: 'read' | 'write'): PermissionSubject {
  if (paths.length === 1) return { kind: 'file', access, path: paths[0]! };
  const secret = paths.find((file) => isSecretPath(file));
  if (secret !== undefined) return { kind: 'file', access: 'read', path: secret };
  return { kind: 'file', access, path: commonDirectory(paths) };
}

/**
 * The subject mapping for `@modelcontextprotocol/server-filesystem`: reads
 * (`read_file`, `read_text_file`, `read_media_file`, `read_multiple_files`, `get_file_info`,
 * `list_directory`, `list_directory_with_sizes`; `directory_tree` and `search_files` walk
 * the tree, so they are recursive reads, denied on a tree that holds a secret) and writes
 * (`write_file`, `edit_file`, `create_directory`, `move_file`). A call whose path argument
 * is missing or not a string maps to a read of the working directory's root marker `?`,
 * which no allow rule matches (it asks); unknown tools map to nothing (name rules only).
 *
 * @example
 * ```ts
 * const { tools } = await connectMcpServers(config, {
 *   servers: { fs: { subjects: filesystemSubjects } },
 * });
 * ```
 */
export const filesystemSubjects: McpSubjectMapper = (tool, input, context) => {
  const stringAt = (key: string): string | undefined =>
    typeof input[key] === 'string' && input[key] !== '' ? (input[key] as string) : undefined;
  const unreadable = (access: 'read' | 'write'): PermissionSubject => ({
    kind: 'file',
    access,
    path: path.join(context.cwd, '?'),
  });
  if (READS.has(tool) || WRITES.has(tool)) {
    const access = READS.has(tool) ? 'read' : 'write';
    const file = stringAt('path');
    if (file === undefined) return unreadable(access);
    const resolved = resolveAs(file, context.cwd);
    return TREES.has(tool)
      ? { kind: 'file', access, path: resolved, recursive: true }
      : { kind: 'file', access, path: resolved };
  }
  if (tool === 'read_multiple_files') {
    const list = input.paths;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((file) => typeof file === 'string' && file !== '')
    ) {
      return unreadable('read');
    }
    return manyPaths(
      (list as string[]).map((file) => resolveAs(file, context.cwd)),
      'read',
    );
  }
  if (tool === 'move_file') {
    const source = stringAt('source');
    const destination = stringAt('destination');
    if (source === undefined || destination === undefined) return unreadable('write');
    return manyPaths([resolveAs(source, context.cwd), resolveAs(destination, context.cwd)], 'write');
  }
  return undefined;
};
