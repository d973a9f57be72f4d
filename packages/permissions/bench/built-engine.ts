/**
 * The engine as it ships, for the benches: what they call, re-exported from the sources by a
 * temporary entry file, bundled by tsup with this package's settings (ESM, target node20, no
 * `keepNames`) into a temporary directory, then imported. Run from source, the benches
 * run tsx's transform, whose `keepNames` wraps every function and class made at run time in a
 * `defineProperty` call (`__name`) that the built package never makes: on the agent corpus
 * it measured a fifth to a quarter of a full decision (see docs/benchmarks.md). `BENCH_SOURCE=1`
 * measures the source through tsx instead, as every engine bench figure before this file was.
 *
 * The bundle is written under a `node_modules` folder: the benches run with tsx's loader, which
 * transforms every JavaScript file it loads outside `node_modules` too — the bundle imported
 * from a plain temporary directory came back minified and with the `__name` wrappers, the very
 * transform this file exists to avoid (`loadBenchEngine` checks that it did not).
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commitOf, extractSources } from '../scripts/git-sources';

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** What the benches call. */
export interface BenchEngine {
  analyzeShell: typeof import('../src/shell').analyzeShell;
  classifyCommand: typeof import('../src/classifier').classifyCommand;
  checkFloor: typeof import('../src/floor').checkFloor;
  compileRuleSet: typeof import('../src/rules/compile-rule-set').compileRuleSet;
  evaluateBash: typeof import('../src/engine/evaluate-bash').evaluateBash;
}

/** The engine to measure, and a line saying which it is. */
export async function loadBenchEngine(): Promise<{ engine: BenchEngine; which: string }> {
  if (process.env.BENCH_SOURCE === '1') {
    const [shell, classifier, floor, rules, evaluate] = await Promise.all([
      import('../src/shell'),
      import('../src/classifier'),
      import('../src/floor'),
      import('../src/rules/compile-rule-set'),
      import('../src/engine/evaluate-bash'),
    ]);
    return {
      engine: {
        analyzeShell: shell.analyzeShell,
        classifyCommand: classifier.classifyCommand,
        checkFloor: floor.checkFloor,
        compileRuleSet: rules.compileRuleSet,
        evaluateBash: evaluate.evaluateBash,
      },
      which: 'the source through tsx (BENCH_SOURCE=1)',
    };
  }
  return { engine: await bundled(source), which: 'the engine bundled by tsup, as the package ships it' };
}

/**
 * The `packages/permissions/src` and `packages/registry/src` of commit `ref` (any git ref),
 * from `git archive`, in a new temporary directory whose name starts with `prefix`: for a
 * bench that times another commit's engine or hook beside this tree's. The caller removes `tree`.
 */
export function archiveSources(ref: string, prefix: string): { commit: string; tree: string } {
  const repo = path.resolve(source, '../../..');
  const commit = commitOf(repo, ref);
  const tree = mkdtempSync(path.join(os.tmpdir(), prefix));
  extractSources(repo, commit, tree);
  return { commit, tree };
}

/**
 * The engine of another commit, bundled the same way, for a bench that measures this tree
 * against it in the same run (`BENCH_BASE`; its sources from `archiveSources`).
 */
export async function loadBaseEngine(ref: string): Promise<{ engine: BenchEngine; commit: string }> {
  const { commit, tree } = archiveSources(ref, 'dexter-bench-base-');
  try {
    const engine = await bundled(
      path.join(tree, 'packages/permissions/src'),
      path.join(tree, 'packages/registry/src'),
    );
    return { engine, commit };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/** The engine of the sources in `src`, bundled and imported (`registry`: `@dexter/registry`'s sources). */
async function bundled(src: string, registry?: string): Promise<BenchEngine> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dexter-bench-engine-'));
  try {
    const entry = path.join(dir, 'entry.ts');
    const from = (file: string) => JSON.stringify(path.join(src, file));
    writeFileSync(
      entry,
      [
        `export { analyzeShell } from ${from('shell/index.ts')};`,
        `export { classifyCommand } from ${from('classifier/index.ts')};`,
        `export { checkFloor } from ${from('floor/index.ts')};`,
        `export { compileRuleSet } from ${from('rules/compile-rule-set.ts')};`,
        `export { evaluateBash } from ${from('engine/evaluate-bash.ts')};`,
      ].join('\n'),
    );
    const { build } = await import('tsup');
    // The settings of this package's tsup config (target node20, ESM), one file.
    await build({
      entry: { engine: entry },
      outDir: dir,
      format: ['esm'],
      target: 'node20',
      dts: false,
      sourcemap: false,
      splitting: false,
      silent: true,
      noExternal: [/.*/],
      esbuildOptions(options) {
        options.conditions = ['@dexter/source'];
        if (registry !== undefined) options.alias = { '@dexter/registry': registry };
      },
    });
    // Under `node_modules`, where tsx's loader leaves JavaScript as it is (see above).
    const installed = path.join(dir, 'node_modules', 'dexter-bench-engine');
    mkdirSync(installed, { recursive: true });
    renameSync(path.join(dir, 'engine.js'), path.join(installed, 'engine.js'));
    const engine = (await import(pathToFileURL(path.join(installed, 'engine.js')).href)) as BenchEngine;
    if (/\b__name\(/.test(String(engine.evaluateBash)) || !String(engine.evaluateBash).includes('\n')) {
      throw new Error(
        'the bundled engine was transformed on import: the bench would not measure it as it ships',
      );
    }
    return engine;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
