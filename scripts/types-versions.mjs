// Keeps each package's `typesVersions` in step with its `exports` map, so a consumer on
// TypeScript's `moduleResolution: node10` (which ignores `exports`) still finds the types
// of subpaths such as `@dexter/registry/openai`.
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

export function checkTypesVersions({ write = false } = {}) {
  const stale = [];
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const file = join(root, 'packages', name, 'package.json');
    const text = readFileSync(file, 'utf8');
    const manifest = JSON.parse(text);
    const expected = expectedTypesVersions(manifest);
    if (JSON.stringify(manifest.typesVersions) === JSON.stringify(expected)) continue;
    stale.push(manifest.name);
    if (!write) continue;
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
