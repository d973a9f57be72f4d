/**
 * The secret model's locations on this disk: the files and directories under the home
 * directory, the project and the system directories that the engine's own secret model
 * (`engine.secrets.isSecret`, the built-in catalogue plus the settings' `secretPaths`) calls
 * secret. The catalogue is a predicate (names matched anywhere, extensions, histories), so its
 * locations are found by asking it about what exists — one source of truth, no second list.
 *
 * The walk is bounded (depth per root, an entry budget) and does not enter dependency trees or
 * git's object store; whatever it skips is reported in `skipped`, so a reader of the policy
 * sees the limit. The static floor still checks every path a command names, skipped or not.
 */
import { type Dirent, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SecretModel } from '@dexter/permissions';

/** One directory tree to search, and how deep. */
export interface ScanRoot {
  readonly path: string;
  readonly depth: number;
}

/** What `findSecretLocations` found. */
export interface SecretLocations {
  /** Absolute paths the model calls secret (a secret directory is listed whole, not entered). */
  readonly paths: readonly string[];
  /** Why parts of the roots were not searched (entry budget spent). Empty when complete. */
  readonly skipped: readonly string[];
  /** Existing `<directory>/<rest>` paths for the `namedBelow` rests, in any directory the walk listed. */
  readonly named: readonly string[];
}

/** Directory names never entered: installed dependencies and git's internals are no one's secrets. */
const NOT_ENTERED = new Set(['node_modules', '.git', '.hg', '.svn', '.pnpm-store', '.npm', '.yarn']);

/** The default entry budget of one scan. */
export const DEFAULT_SCAN_BUDGET = 50_000;

/**
 * Walks `roots` and returns every existing path under them that `model.isSecret` answers
 * true for. Paths under `exclude` (a root scanned elsewhere) are not entered.
 */
export function findSecretLocations(
  model: SecretModel,
  roots: readonly ScanRoot[],
  options: { budget?: number; exclude?: readonly string[]; namedBelow?: readonly string[] } = {},
): SecretLocations {
  const found = new Set<string>();
  const named = new Set<string>();
  // `rest`s by their first component: a directory listing that holds it may hold the rest.
  const rests = new Map<string, string[]>();
  for (const rest of options.namedBelow ?? []) {
    const first = rest.split('/')[0]!;
    rests.set(first, [...(rests.get(first) ?? []), rest]);
  }
  const skipped: string[] = [];
  const exclude = new Set(options.exclude ?? []);
  let budget = options.budget ?? DEFAULT_SCAN_BUDGET;
  const visited = new Set<string>();

  const walk = (directory: string, depthLeft: number): void => {
    if (visited.has(directory)) return;
    visited.add(directory);
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return; // unreadable here, unreadable to the sandboxed command too
    }
    for (const entry of entries) {
      if (budget-- <= 0) {
        skipped.push(`${directory} (entry budget spent)`);
        return;
      }
      const full = path.join(directory, entry.name);
      for (const rest of rests.get(entry.name) ?? []) {
        const candidate = path.join(directory, rest);
        if (candidate === full || existsSync(candidate)) named.add(candidate);
      }
      if (model.isSecret(full)) {
        found.add(full);
        continue;
      }
      if (!entry.isDirectory() || depthLeft <= 1 || NOT_ENTERED.has(entry.name) || exclude.has(full))
        continue;
      walk(full, depthLeft - 1);
    }
  };

  for (const root of roots) {
    const resolved = path.resolve(root.path);
    if (model.isSecret(resolved)) {
      found.add(resolved);
      continue;
    }
    walk(resolved, root.depth);
  }
  return { paths: [...found].sort(), skipped, named: [...named].sort() };
}
