// Shared tsup settings: every package builds ESM + CJS with declarations for both.
// A package's own tsup.config.ts calls `packageConfig` with its entry points.
import { defineConfig, type Options } from 'tsup';

export function packageConfig(entry: Record<string, string>, extra: Partial<Options> = {}) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: true,
    treeshake: true,
    ...extra,
  });
}
