/**
 * The `dexter-permissions` binary for tests and benches that start it as a process:
 * dist/cli.js when it is built and newer than every source file; otherwise src/cli.ts
 * bundled the way `tsup` builds it (this package's tsup config for cli.js) into a temporary
 * directory — the same bundle, without touching dist/.
 */
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(packageRoot, 'dist/cli.js');

function newestSource(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.includes('.test'))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The binary to run: `file`, what it is (`which`), and the temporary `buildDir` to remove after. */
export interface CliBinary {
  file: string;
  which: string;
  buildDir?: string;
}

/** Finds or builds the binary; a build goes to a new temp directory named with `prefix`. */
export async function prepareCliBinary(prefix: string): Promise<CliBinary> {
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(path.join(packageRoot, 'src')))
    return { file: built, which: 'the built dist/cli.js' };
  const outDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const [{ build }, configs] = await Promise.all([import('tsup'), import('../tsup.config')]);
  const cliConfig = (configs.default as unknown as Array<Record<string, unknown>>).find(
    (config) => (config.entry as Record<string, string>).cli !== undefined,
  );
  if (!cliConfig) throw new Error('tsup.config.ts has no cli entry');
  const entry = { cli: path.join(packageRoot, 'src/cli.ts') };
  // Outside the package `@dexter/registry` cannot be resolved at run time: bundled from source.
  await build({
    ...cliConfig,
    entry,
    outDir,
    dts: false,
    sourcemap: false,
    silent: true,
    noExternal: ['@dexter/registry'],
    esbuildOptions(options) {
      options.conditions = ['@dexter/source'];
    },
  } as Parameters<typeof build>[0]);
  return {
    file: path.join(outDir, 'cli.js'),
    which: `src/cli.ts bundled by tsup into ${outDir} (dist/cli.js absent or older than src)`,
    buildDir: outDir,
  };
}
