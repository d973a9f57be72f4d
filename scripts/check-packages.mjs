// Package checks: every workspace package must pass `publint --strict` (packed with pnpm,
// as `pnpm release` packs) and `attw --pack` under every resolution attw knows (node10,
// node16 ESM and CJS, bundler); its LICENSE must be the repository's; its README must not
// link outside the package by a relative path (the registry page cannot follow one); its
// `typesVersions` must mirror its `exports`. Run after `pnpm build`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
let failed = 0;
// Pack once, as `pnpm release` does; lint and type-check the tarballs themselves.
const { packAll, consumerTest } = await import('./consumer-test.mjs');
const packs = mkdtempSync(join(tmpdir(), 'dexter-packs-'));
const packed = packAll(packs);
failed += packed.failures;
for (const [packageName, tarball] of Object.entries(packed.tarballs)) {
  for (const [label, command, args] of [
    ['publint', bin('publint'), ['run', '--strict', tarball]],
    ['attw', bin('attw'), [tarball, '--profile', 'strict', '--format', 'table-flipped']],
  ]) {
    try {
      const out = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      console.log(`ok   ${label} ${packageName}`);
      if (process.env.VERBOSE) console.log(out);
    } catch (error) {
      failed += 1;
      console.log(`FAIL ${label} ${packageName}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
}
// Files every tarball carries, and links that still work on the registry's page.
const license = readFileSync(join(root, 'LICENSE'), 'utf8');
const repository = 'https://github.com/dexter-sdk/dexter-tool-layer/blob/main/';
for (const name of readdirSync(join(root, 'packages')).sort()) {
  const dir = join(root, 'packages', name);
  const problems = [];
  if (!existsSync(join(dir, 'LICENSE')) || readFileSync(join(dir, 'LICENSE'), 'utf8') !== license) {
    problems.push('LICENSE missing or not the repository LICENSE (cp LICENSE packages/*/)');
  }
  const readme = readFileSync(join(dir, 'README.md'), 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (target.startsWith('../'))
      problems.push(`README links outside the package: ${target} (use ${repository}…)`);
    if (target.startsWith(repository)) {
      const file = target.slice(repository.length).split('#')[0];
      if (!existsSync(join(root, file)))
        problems.push(`README links to a file that does not exist: ${target}`);
    }
  }
  if (problems.length > 0) {
    failed += problems.length;
    console.log(`FAIL files @dexter/${name}\n  ${problems.join('\n  ')}`);
  } else console.log(`ok   files @dexter/${name}`);
}
{
  const { checkTypesVersions } = await import('./types-versions.mjs');
  const stale = checkTypesVersions();
  console.log(
    stale.length === 0
      ? 'ok   typesVersions mirror exports'
      : `FAIL typesVersions: ${stale.join(', ')} (node scripts/types-versions.mjs --write)`,
  );
  failed += stale.length;
}
// Dual-package hazard: a host may load the ESM build while a dependency loads the CJS
// build. Errors made by one copy must still be recognised by the other.
{
  const esm = await import(join(root, 'packages/registry/dist/index.js'));
  const cjs = createRequire(import.meta.url)(join(root, 'packages/registry/dist/index.cjs'));
  const fromCjs = new cjs.RegistryError('timeout', 'x');
  const fromEsm = new esm.RegistryError('timeout', 'x');
  const ok =
    esm.RegistryError !== cjs.RegistryError &&
    esm.DexterError.isInstance(fromCjs) &&
    esm.RegistryError.isInstance(fromCjs) &&
    cjs.DexterError.isInstance(fromEsm) &&
    !(fromCjs instanceof esm.RegistryError);
  console.log(`${ok ? 'ok  ' : 'FAIL'} isInstance across the ESM and CJS builds of @dexter/registry`);
  if (!ok) failed += 1;
}
// `@dexter/registry/errors` (what the permissions hook loads, without zod) must export the very
// classes of the main entry, in each format: another copy would be another `instanceof`.
{
  const main = await import(join(root, 'packages/registry/dist/index.js'));
  const errors = await import(join(root, 'packages/registry/dist/errors.js'));
  const require = createRequire(import.meta.url);
  const mainCjs = require(join(root, 'packages/registry/dist/index.cjs'));
  const errorsCjs = require(join(root, 'packages/registry/dist/errors.cjs'));
  const ok = ['DexterError', 'RegistryError', 'toError'].every(
    (name) => errors[name] !== undefined && errors[name] === main[name] && errorsCjs[name] === mainCjs[name],
  );
  console.log(`${ok ? 'ok  ' : 'FAIL'} @dexter/registry/errors exports the main entry's error classes`);
  if (!ok) failed += 1;
}
// The permissions bin shares the library's ESM chunks; every module it can load (imports
// followed from dist/cli.js) must stay off zod and the registry's main entry, which loads zod:
// `dexter-permissions hook` starts before every tool call of an agent.
{
  const dist = join(root, 'packages/permissions/dist');
  const pending = ['cli.js'];
  const seen = new Set(pending);
  const heavy = [];
  while (pending.length > 0) {
    const file = pending.pop();
    const text = readFileSync(join(dist, file), 'utf8');
    for (const [, specifier] of text.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["']([^"']+)["']/g,
    )) {
      // (The engine's table holds command lines too: only a chunk that exists is followed.)
      if (specifier.startsWith('./') && existsSync(join(dist, specifier))) {
        const next = specifier.slice(2);
        if (!seen.has(next)) {
          seen.add(next);
          pending.push(next);
        }
      } else if (specifier === 'zod' || specifier === '@dexter/registry') heavy.push(`${file}: ${specifier}`);
    }
  }
  const ok = heavy.length === 0 && seen.size > 2;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} the permissions bin loads no zod (${seen.size} modules)${heavy.length > 0 ? `: ${heavy.join(', ')}` : ''}`,
  );
  if (!ok) failed += 1;
}
// The consumer test: install these tarballs with plain npm outside the workspace.
failed += consumerTest(packed.tarballs);
rmSync(packs, { recursive: true, force: true });
if (failed > 0) {
  console.error(`${failed} package check(s) failed`);
  process.exit(1);
}
