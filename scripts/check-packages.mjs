// Package checks: every workspace package must pass `publint --strict` and
// `attw --pack` (types resolve for ESM and CJS consumers). Run after `pnpm build`.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
let failed = 0;
for (const name of readdirSync(join(root, 'packages')).sort()) {
  const dir = join(root, 'packages', name);
  for (const [label, command, args] of [
    ['publint', bin('publint'), ['--strict', '--pack', 'npm', dir]],
    ['attw', bin('attw'), ['--pack', dir, '--profile', 'node16', '--format', 'table-flipped']],
  ]) {
    try {
      const out = execFileSync(command, args, {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      console.log(`ok   ${label} @dexter/${name}`);
      if (process.env.VERBOSE) console.log(out);
    } catch (error) {
      failed += 1;
      console.log(`FAIL ${label} @dexter/${name}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
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
if (failed > 0) {
  console.error(`${failed} package check(s) failed`);
  process.exit(1);
}
