import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';
import { packageConfig } from '../../tsup.config';

const library = {
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
};

/**
 * The command table's examples, checked whole before each build bundles the table (decision
 * 0055): in a new process, from the sources being built, every entry compiled and every example
 * read (`checkAll`). A failing example fails the build, so no built package holds a table that
 * contradicts its examples; the build then tells the table so (`__DEXTER_TABLE_CHECKED__`), and a
 * process that runs it compiles an entry it meets without reading its examples again. Run from
 * the sources (tests, the harness), the table checks an entry's examples when it is first met.
 */
const checkTable: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'dexter-check-command-table',
  setup(build) {
    build.onStart(() => {
      const check = spawnSync(
        process.execPath,
        [
          '--conditions=@dexter/source',
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          "const { COMMAND_TABLE } = await import('./src/commands/index.ts'); COMMAND_TABLE.checkAll();",
        ],
        { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8' },
      );
      if (check.status === 0) return;
      return {
        errors: [{ text: `the command table's examples do not hold:\n${check.stderr || check.error}` }],
      };
    });
  },
};
const tableChecked = { define: { __DEXTER_TABLE_CHECKED__: 'true' }, esbuildPlugins: [checkTable] };

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
    { format: ['esm'], minifyWhitespace: true, dts: { entry: library }, ...tableChecked },
  ),
  // CJS: the library alone (the bin is ESM). No `clean`: the ESM build cleans dist/ first.
  packageConfig(library, { format: ['cjs'], clean: false, ...tableChecked }),
];
