import { packageConfig } from '../../tsup.config';

const library = {
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
};

export default [
  // ESM: the library and the bin in one build, so the engine ships once for both (it shipped
  // a third time in a bundle of the bin's own). The bin's paths import the chunks they share
  // with the library, and reach `@dexter/registry` only through its zod-free `errors` entry:
  // `dexter-permissions hook` loads no zod. Without indentation, the shared chunk loads as fast
  // as the bin's own bundle did (indented, the hook started measurably slower); identifiers
  // are kept, so stack traces still name functions, and the CJS build stays indented.
  packageConfig(
    { ...library, cli: 'src/cli.ts' },
    // (No declarations for the bin.)
    { format: ['esm'], minifyWhitespace: true, dts: { entry: library } },
  ),
  // CJS: the library alone (the bin is ESM). No `clean`: the ESM build cleans dist/ first.
  packageConfig(library, { format: ['cjs'], clean: false }),
];
