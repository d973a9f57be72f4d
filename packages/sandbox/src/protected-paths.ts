/**
 * The engine's protected paths — its own policy files and the execution-persistence files
 * (git hooks and config, shell rc files, `.envrc`, editor tasks, MCP client configs) — which a
 * sandboxed command must never write, even inside the project. Taken from the permission
 * engine's model (`listProtectedPaths`), so the floor and the sandbox protect one list.
 */
import { listProtectedPaths } from '@dexter/permissions';

/** Protected paths for one project, as the sandbox policy takes them. */
export interface ProtectedPaths {
  /** The engine's own settings layers (and those of hosts it guards). */
  readonly policy: readonly string[];
  /** Files that make code run later (hooks, rc files, editor tasks, agent configs). */
  readonly persistence: readonly string[];
}

/**
 * The protected paths for `cwd` and `homeDir`: absolute paths, and `<dir>/**\/<rest>` globs
 * for rows that apply at any depth.
 */
export function protectedPathsFor(cwd: string, homeDir: string): ProtectedPaths {
  return listProtectedPaths({ cwd, home: homeDir });
}
