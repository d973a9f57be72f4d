import { packageConfig } from '../../tsup.config';

export default [
  packageConfig({
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
  }),
  // The bin: ESM only, with @dexter/registry bundled from source (only its error classes are
  // used; bundling leaves zod out), so `dexter-permissions hook` starts fast and dist/cli.js
  // runs even when the registry has not been built.
  packageConfig(
    { cli: 'src/cli.ts' },
    {
      format: ['esm'],
      dts: false,
      clean: false,
      noExternal: ['@dexter/registry'],
      // The bin is run, not read (no source maps ship): without indentation it keeps the
      // package under its packed-size budget although the engine ships in it a third time.
      minifyWhitespace: true,
      esbuildOptions(options) {
        options.sourcesContent = false;
        options.conditions = ['@dexter/source'];
      },
    },
  ),
];
