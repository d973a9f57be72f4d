/**
 * Permission subjects for the official filesystem server
 * (`@modelcontextprotocol/server-filesystem`): its tools' arguments mapped to the file reads
 * and writes they perform, so the built-in secret floor and `Read(...)` / `Write(...)` rules
 * judge `mcp__fs__read_text_file {path: ".env"}` exactly as they judge a local `read_file`.
 *
 * Paths are resolved where the server resolves them, not where the host runs: `~` is the
 * server's home directory, and a relative path is placed against the server's roots (its
 * allowed directories, which the mapping asks the server for with `list_allowed_directories`
 * after each connect) the way the server places it — the first root under which it stays
 * inside a root, else the first root. A path the mapping cannot place (roots unknown, `~` on a
 * server whose home is unknown) asks (`UnplacedSubjectError`: no rule allows it, a person may),
 * or is refused when it could be a secret wherever it lands. Tools that touch several
 * paths are mapped fail-closed: a secret among them becomes the subject (so the floor sees
 * it), otherwise their deepest common directory (a read or write of that whole tree).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { UnplacedSubjectError } from '@dexter/executor';
import { isSecretPath } from '@dexter/permissions';
import type { PermissionSubject } from '@dexter/registry';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpError } from './errors';

/** What a subject mapping knows besides the tool and its input. */
export interface McpSubjectContext {
  /** The config name of the server. */
  server: string;
  /** The server's working directory (its `cwd`, else this process's; an HTTP server's is unknown: this process's). */
  cwd: string;
  /**
   * The server's roots as the server reported them (`McpSubjectMapper.roots`), absolute, in its
   * order; `undefined` while unknown (the mapper has no `roots`, or the server did not answer).
   */
  roots?: readonly string[];
  /** The server's home directory (a stdio server's `HOME`); `undefined` when unknown (HTTP servers). */
  home?: string;
}

/** What `McpSubjectMapper.roots` may ask of a freshly connected server. */
export interface McpRootsSource {
  /** The server's own tool names, as listed. */
  readonly tools: readonly string[];
  /** Calls one of the server's tools directly (no executor, no rules: use only read-only tools). */
  callTool(tool: string, input: Record<string, unknown>): Promise<CallToolResult>;
}

/**
 * Maps one call of a server tool to what it touches; `undefined` leaves it to name rules.
 * Throwing refuses the call (the executor denies it with the error's message): do that for
 * an input you cannot map, never guess.
 */
export interface McpSubjectMapper {
  (tool: string, input: Record<string, unknown>, context: McpSubjectContext): PermissionSubject | undefined;
  /**
   * Learns the server's roots after each connect (they go to `context.roots`); `undefined`
   * when the server cannot say.
   */
  roots?: (server: McpRootsSource) => Promise<readonly string[] | undefined>;
  /**
   * The roots a stdio server was launched with, read from its command line (for servers that
   * take their directories as arguments); `undefined` when the arguments do not say. Used
   * when the server does not answer `roots`, and checked against its answer when it does.
   */
  rootsFromLaunch?: (launch: McpLaunch) => readonly string[] | undefined;
}

/** How a stdio server was started, as `rootsFromLaunch` reads it. */
export interface McpLaunch {
  command: string;
  args: readonly string[];
  /** The server's working directory. */
  cwd: string;
  /** The server's home directory, when known. */
  home?: string;
}

/**
 * A directory as a server on this machine places it: `~` against its home, a relative one
 * against its working directory, symlinks resolved (as the official server's `realpath`);
 * `undefined` when `~` needs a home that is unknown.
 */
export function placeDirectory(directory: string, cwd: string, home: string | undefined): string | undefined {
  let expanded = directory;
  if (directory === '~' || directory.startsWith('~/')) {
    if (home === undefined) return undefined;
    expanded = path.join(home, directory.slice(1));
  }
  const absolute = path.resolve(cwd, expanded);
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

/** Arguments that name the official filesystem server (package, bin or script path). */
const FILESYSTEM_SERVER_ARG = /(^|[/\\@])(mcp-)?server-filesystem(@[^/\\]*)?([/\\].*)?$/;

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

/** True when `file` (absolute, normalised) is `root` or below it. */
function within(file: string, root: string): boolean {
  if (file === root) return true;
  return root === path.sep ? file.startsWith(path.sep) : file.startsWith(`${root}${path.sep}`);
}

function unplaceable(file: string, why: string, context: McpSubjectContext): McpError {
  return new McpError(
    'unplaceable_path',
    `the path ${JSON.stringify(file)} cannot be placed on MCP server "${context.server}" (${why}); use an absolute path${
      context.roots && context.roots.length > 0 ? ` under ${context.roots.join(', ')}` : ''
    }`,
    { server: context.server },
  );
}

/**
 * `file` as the official filesystem server resolves it (`validatePath`): `~` and `~/…` against
 * its home, an absolute path as is, a relative one against the first root under which it stays
 * inside a root, else against the first root. Throws `unplaceable_path` when that needs
 * something unknown.
 */
export function resolveFilesystemServerPath(file: string, context: McpSubjectContext): string {
  let expanded = file;
  if (file === '~' || file.startsWith('~/')) {
    if (context.home === undefined)
      throw unplaceable(file, "the server's home directory is unknown", context);
    expanded = path.join(context.home, file.slice(1));
  }
  if (path.isAbsolute(expanded)) return path.resolve(expanded);
  const roots = context.roots;
  if (roots === undefined || roots.length === 0) {
    throw unplaceable(file, "it is relative and the server's roots are unknown", context);
  }
  for (const root of roots) {
    const candidate = path.resolve(root, expanded);
    if (roots.some((each) => within(candidate, path.resolve(each)))) return candidate;
  }
  return path.resolve(roots[0]!, expanded);
}

/**
 * `file` placed as the server places it; when that cannot be done, an `UnplacedSubjectError`
 * (the call asks: no rule can vouch for it) — unless the path could be a secret wherever it
 * lands (against the server's home, its working directory, or as written), then the
 * `unplaceable_path` McpError itself (the call is refused, as the floor would refuse it).
 */
function placeOrAsk(file: string, context: McpSubjectContext): string {
  try {
    return resolveFilesystemServerPath(file, context);
  } catch (error) {
    if (!(McpError.isInstance(error) && error.code === 'unplaceable_path')) throw error;
    const relative = file === '~' || file.startsWith('~/') ? file.slice(2) : file;
    const candidates = [
      file,
      `~/${relative}`,
      path.resolve(context.cwd, relative),
      ...(context.home === undefined ? [] : [path.resolve(context.home, relative)]),
    ];
    if (candidates.some((candidate) => isServerSecretPath(candidate, context))) throw error;
    throw new UnplacedSubjectError(error.message, { cause: error });
  }
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

/**
 * True when `file` (absolute) is a secret location for the server: in the secret catalogue as
 * it stands, or as a path under the server's home directory (`<home>/.npmrc` is `~/.npmrc`).
 */
export function isServerSecretPath(file: string, context: Pick<McpSubjectContext, 'home'>): boolean {
  if (isSecretPath(file)) return true;
  const home = context.home === undefined ? undefined : path.resolve(context.home);
  return home !== undefined && within(file, home) && isSecretPath(`~${file.slice(home.length)}`);
}

/** One subject for several paths: a secret one if any, else their common directory. */
function manyPaths(
  paths: readonly string[],
  access: 'read' | 'write',
  context: McpSubjectContext,
): PermissionSubject {
  if (paths.length === 1) return { kind: 'file', access, path: paths[0]! };
  const secret = paths.find((file) => isServerSecretPath(file, context));
  if (secret !== undefined) return { kind: 'file', access: 'read', path: secret };
  return { kind: 'file', access, path: commonDirectory(paths) };
}

/** The directories in `list_allowed_directories`' text ("Allowed directories:\n/a\n/b"). */
function allowedDirectoriesOf(result: CallToolResult): string[] | undefined {
  if (result.isError === true) return undefined;
  const structured = (result.structuredContent as { content?: unknown } | undefined)?.content;
  const text =
    typeof structured === 'string'
      ? structured
      : (result.content ?? [])
          .filter((block): block is { type: 'text'; text: string } => block.type === 'text')
          .map((block) => block.text)
          .join('\n');
  const directories = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => path.isAbsolute(line));
  return directories.length > 0 ? directories : undefined;
}

const mapFilesystemCall = (
  tool: string,
  input: Record<string, unknown>,
  context: McpSubjectContext,
): PermissionSubject | undefined => {
  const stringAt = (key: string): string | undefined =>
    typeof input[key] === 'string' && input[key] !== '' ? (input[key] as string) : undefined;
  const unreadable = (access: 'read' | 'write'): PermissionSubject => ({
    kind: 'file',
    access,
    path: path.join(context.roots?.[0] ?? context.cwd, '?'),
  });
  const resolve = (file: string) => placeOrAsk(file, context);
  if (READS.has(tool) || WRITES.has(tool)) {
    const access = READS.has(tool) ? 'read' : 'write';
    const file = stringAt('path');
    if (file === undefined) return unreadable(access);
    const resolved = resolve(file);
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
    return manyPaths((list as string[]).map(resolve), 'read', context);
  }
  if (tool === 'move_file') {
    const source = stringAt('source');
    const destination = stringAt('destination');
    if (source === undefined || destination === undefined) return unreadable('write');
    return manyPaths([resolve(source), resolve(destination)], 'write', context);
  }
  return undefined;
};

/**
 * The subject mapping for `@modelcontextprotocol/server-filesystem`: reads
 * (`read_file`, `read_text_file`, `read_media_file`, `read_multiple_files`, `get_file_info`,
 * `list_directory`, `list_directory_with_sizes`; `directory_tree` and `search_files` walk
 * the tree, so they are recursive reads, denied on a tree that holds a secret) and writes
 * (`write_file`, `edit_file`, `create_directory`, `move_file`), with paths placed as the server
 * places them (its roots from `list_allowed_directories`, its home for `~`). A path it cannot
 * place throws `UnplacedSubjectError` (the executor asks, whatever the rules naming the tool
 * say), or `McpError('unplaceable_path')` when it could be a secret (refused). A call whose
 * path argument is missing or not a string maps to a read of the first root's marker `?`;
 * unknown tools map to nothing (name rules only).
 *
 * @example
 * ```ts
 * const { tools } = await connectMcpServers(config, {
 *   servers: { fs: { subjects: filesystemSubjects } },
 * });
 * ```
 */
export const filesystemSubjects: McpSubjectMapper = Object.assign(mapFilesystemCall, {
  /** The directories after the argument naming the server (`npx -y @modelcontextprotocol/server-filesystem ~/a b`). */
  rootsFromLaunch(launch: McpLaunch): readonly string[] | undefined {
    const at = [launch.command, ...launch.args].findIndex((arg) => FILESYSTEM_SERVER_ARG.test(arg));
    if (at < 0) return undefined;
    const directories: string[] = [];
    for (const arg of launch.args.slice(at)) {
      if (arg.startsWith('-')) return undefined; // an option we do not know: cannot tell
      const placed = placeDirectory(arg, launch.cwd, launch.home);
      if (placed === undefined) return undefined;
      directories.push(placed);
    }
    return directories.length > 0 ? directories : undefined;
  },
  async roots(server: McpRootsSource): Promise<readonly string[] | undefined> {
    if (!server.tools.includes('list_allowed_directories')) return undefined;
    return allowedDirectoriesOf(await server.callTool('list_allowed_directories', {}));
  },
});
