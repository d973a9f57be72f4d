// Keeps what each package's manifest derives from its `exports` map in step with it:
// - `typesVersions`, so a consumer on TypeScript's `moduleResolution: node10` (which ignores
//   `exports`) still finds the types of subpaths such as `@dexter/registry/openai`;
// - `publishConfig.exports`: the same map without the `@dexter/source` condition, which
//   `pnpm pack`/`publish` put in the tarball's manifest — tarballs ship `dist/`, not `src/`.
//
//   node scripts/types-versions.mjs          check: exit 1 and name every package out of step
//   node scripts/types-versions.mjs --write  rewrite the `typesVersions` fields
//
// scripts/check-packages.mjs runs the check.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The `typesVersions` field a manifest's `exports` implies (undefined when it has no subpaths). */
export function expectedTypesVersions(manifest) {
  const map = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath === '.' || subpath === './package.json' || typeof target !== 'object') continue;
    const types = target.require?.types ?? target.import?.types;
    if (types !== undefined) map[subpath.slice(2)] = [types];
  }
  return Object.keys(map).length === 0 ? undefined : { '*': map };
}

/** `exports` without the `@dexter/source` condition: what the published manifest carries. */
export function expectedPublishExports(manifest) {
  const strip = (value) => {
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '@dexter/source')
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return manifest.exports === undefined ? undefined : strip(manifest.exports);
}

export function checkTypesVersions({ write = false } = {}) {
  const stale = [];
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const file = join(root, 'packages', name, 'package.json');
    const text = readFileSync(file, 'utf8');
    const manifest = JSON.parse(text);
    const expected = expectedTypesVersions(manifest);
    const publishExports = expectedPublishExports(manifest);
    if (
      JSON.stringify(manifest.typesVersions) === JSON.stringify(expected) &&
      JSON.stringify(manifest.publishConfig?.exports) === JSON.stringify(publishExports)
    ) {
      continue;
    }
    stale.push(manifest.name);
    if (!write) continue;
    manifest.publishConfig = { ...(manifest.publishConfig ?? {}), exports: publishExports };
    // Keep key order: put typesVersions right after `types`.
    const next = {};
    for (const [key, value] of Object.entries(manifest)) {
      if (key === 'typesVersions') continue;
      next[key] = value;
      if (key === 'types' && expected !== undefined) next.typesVersions = expected;
    }
    if (expected !== undefined && next.typesVersions === undefined) next.typesVersions = expected;
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  }
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const write = process.argv.includes('--write');
  const stale = checkTypesVersions({ write });
  if (stale.length > 0 && !write) {
    console.error(
      `typesVersions out of step with exports in: ${stale.join(', ')}\nrun: node scripts/types-versions.mjs --write`,
    );
    process.exit(1);
  }
  console.log(write ? `rewrote ${stale.length} manifest(s)` : 'typesVersions match exports');
}
