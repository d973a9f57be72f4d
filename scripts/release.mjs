// `pnpm release`: builds, runs every test (the README's test command, which includes the
// consumer test of the packed tarballs), then publishes every public package with pnpm —
// `pnpm publish` rewrites `workspace:*` dependencies to the exact version, which npm's own
// `publish` does not — and tags the release.
//
//   node scripts/release.mjs            test, publish, tag
//   node scripts/release.mjs --dry-run  test, then `pnpm publish --dry-run` (nothing leaves the machine)
//
// Versions come first, from changesets: `pnpm version-packages` (changeset version), review
// and commit the bumps and CHANGELOGs, then `pnpm release`. docs/guides/releasing.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dryRun = process.argv.includes('--dry-run');
const root = new URL('..', import.meta.url).pathname;
const pnpm = ['-y', 'pnpm@12.21.0'];
const step = (label, command, args) => {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`release stopped: ${label} failed`);
    process.exit(result.status ?? 1);
  }
};

const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim();
if (dirty !== '' && !dryRun) {
  console.error(`release stopped: the working tree has uncommitted changes\n${dirty}`);
  process.exit(1);
}
// Changeset files not yet turned into versions and CHANGELOG entries.
const waiting = readdirSync(join(root, '.changeset')).filter(
  (name) => name.endsWith('.md') && name !== 'README.md',
);
if (waiting.length > 0 && !dryRun) {
  console.error(
    `release stopped: ${waiting.length} changeset(s) waiting; run \`pnpm version-packages\` and commit first`,
  );
  process.exit(1);
}
step('test (build, types, lint, unit, packages, consumer)', 'npx', [...pnpm, 'test']);
step(dryRun ? 'publish (dry run)' : 'publish', 'npx', [
  ...pnpm,
  '-r',
  '--filter',
  './packages/**',
  'publish',
  '--access',
  'public',
  '--no-git-checks',
  ...(dryRun ? ['--dry-run'] : []),
]);
if (!dryRun) step('tag', 'npx', [...pnpm, 'changeset', 'tag']);
