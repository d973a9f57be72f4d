/**
 * Locates the shared real SEC data (`<repo>/../shared/data/sec`) for tests. Tests that need
 * it skip with a notice when it is absent (e.g. in a checkout without the shared folder).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function repositoryRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('repository root (pnpm-workspace.yaml) not found');
    directory = parent;
  }
  return directory;
}

/**
 * `DEXTER_SHARED_SEC_DATA` when set, else the first of `<repo>/../shared/data/sec` and
 * `<repo>/../../shared/data/sec` that exists (a git worktree sits one level deeper than the
 * main checkout).
 */
export const SHARED_SEC_DIRECTORY = locate();

function locate(): string {
  const fromEnv = process.env.DEXTER_SHARED_SEC_DATA;
  if (fromEnv) return path.resolve(fromEnv);
  const root = repositoryRoot();
  const candidates = ['../shared/data/sec', '../../shared/data/sec'].map((relative) =>
    path.resolve(root, relative),
  );
  return candidates.find((candidate) => existsSync(path.join(candidate, 'companyfacts'))) ?? candidates[0]!;
}

/** True when the shared SEC data is present. */
export const hasSharedSecData = existsSync(path.join(SHARED_SEC_DIRECTORY, 'companyfacts'));

if (!hasSharedSecData) {
  console.warn(`[finance-tools] ${SHARED_SEC_DIRECTORY} is absent: tests on real SEC data are skipped.`);
}
