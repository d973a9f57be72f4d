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

/** `<repo>/../shared/data/sec`. */
export const SHARED_SEC_DIRECTORY = path.resolve(repositoryRoot(), '../shared/data/sec');

/** True when the shared SEC data is present. */
export const hasSharedSecData = existsSync(path.join(SHARED_SEC_DIRECTORY, 'companyfacts'));

if (!hasSharedSecData) {
  console.warn(`[finance-tools] ${SHARED_SEC_DIRECTORY} is absent: tests on real SEC data are skipped.`);
}
