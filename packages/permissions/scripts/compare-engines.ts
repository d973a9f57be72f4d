// biome-ignore-all lint/suspicious/noConsole: a command-line script reports on stdout
/**
 * `pnpm compare-engines`: the permission engine of a base commit and the engine of this
 * working tree, side by side, on the same inputs and the same options. Every decision that
 * got looser (deny → ask or allow, ask → allow) or tighter is listed with its input, rule
 * set and context; the script exits 1 when one got looser and is not in the allow-list
 * file, where every entry carries its justification.
 *
 * Both engines are built with tsup into one bundled file each (the base from `git archive`
 * of the base commit, cached by commit; this tree's each run) and imported into this one
 * process. The inputs are only analysed as strings, never run.
 *
 * Inputs: every corpus in `shared/data/corpora` beside the repository (`--corpora DIR`),
 * the package's adversarial cases (`test/adversarial-cases.ts`), the probes of every test file
 * (`test/*.test.ts`, the held-out probes, and the unit tests' `src/**\/*.test.ts`), read by
 * `test-probes.ts` with the TypeScript compiler API — the commands, with their working
 * directories, that the file's values bring to a deciding call — and two forms of every attack
 * that force the fallback scan (a syntax error after it; padding over the length cap). Rule
 * sets: every `compileRuleSet({ allow, ask, deny })` and settings object of `test/*.test.ts`,
 * and for a unit test's probes its own file's. Contexts: working directory, home directory and
 * read-only mode.
 *
 * Usage: pnpm compare-engines [--base REF] [--allow FILE] [--corpora DIR] [--sample N]
 *                             [--report FILE] [--rebuild] [--quiet] [--full] [--reasons]
 *                             [--summary] [--coverage] [--help]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'tsup';
import { attackCases, benignCases, contextAttacks, contextBenign } from '../test/adversarial-cases';
import { commitOf, extractSources } from './git-sources';
import { type Probe, type RuleSpec, type ScannedTestFile, scanTestFile } from './test-probes';

/** The engine before issue 27's command-table rewrite: `main` when the harness was built. */
const defaultBase = '2e11058afbe9f6bc8f2ed98c67f185aadddb4192';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(packageDir, '../..');
const cacheDir = path.join(packageDir, 'node_modules/.cache/compare-engines');
const defaultAllowFile = path.join(packageDir, 'test/compare-engines-allowed.json');

// --- arguments ----------------------------------------------------------------------------

interface Args {
  base: string;
  allowFile: string;
  corpora: string | undefined;
  sample: number;
  report: string;
  rebuild: boolean;
  quiet: boolean;
  full: boolean;
  reasons: boolean;
  summary: boolean;
  coverage: boolean;
}

const USAGE =
  'usage: pnpm compare-engines [--base REF] [--allow FILE] [--corpora DIR] [--sample N] [--report FILE] [--rebuild] [--quiet] [--full] [--reasons] [--summary] [--coverage] [--help]';

const HELP = `${USAGE}

Decides the same inputs with the engine of a base commit and the engine of this working tree
and lists every decision that got looser or tighter. Exits 1 when one got looser and is not
justified in the allow-list.

  --base REF      the base commit (default: ${defaultBase.slice(0, 7)}, main before issue 27)
  --allow FILE    the allow-list of justified looser decisions (default: test/compare-engines-allowed.json)
  --corpora DIR   the corpora (default: shared/data/corpora beside the repository)
  --sample N      decide 1 corpus command in N
  --report FILE   where the full list goes (JSON)
  --rebuild       build the base engine again
  --quiet         leave out the reasons of the changed decisions
  --full          decide the corpora under every rule set and context
  --reasons       list the first decisions with the same behavior and another reason
  --summary       allow/ask/deny counts of the base and of this tree under the corpora's rule
                  sets, per source (corpus, attack or benign suite, test file) and context, then
                  per kind and rule set, and the first attacks allowed and benign commands denied
  --coverage      how many probes and rule sets each test file gives; builds and decides nothing`;

function usage(message: string): never {
  console.error(`compare-engines: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    base: defaultBase,
    allowFile: defaultAllowFile,
    corpora: undefined,
    sample: 1,
    report: path.join(cacheDir, 'report.json'),
    rebuild: false,
    quiet: false,
    full: false,
    reasons: false,
    summary: false,
    coverage: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) usage(`${arg} needs a value`);
      return next;
    };
    if (arg === '--') continue;
    else if (arg === '--base') args.base = value();
    else if (arg === '--allow') args.allowFile = path.resolve(value());
    else if (arg === '--corpora') args.corpora = path.resolve(value());
    else if (arg === '--report') args.report = path.resolve(value());
    else if (arg === '--sample') {
      args.sample = Number(value());
      if (!Number.isInteger(args.sample) || args.sample < 1) usage('--sample takes a whole number ≥ 1');
    } else if (arg === '--rebuild') args.rebuild = true;
    else if (arg === '--quiet') args.quiet = true;
    else if (arg === '--full') args.full = true;
    else if (arg === '--reasons') args.reasons = true;
    else if (arg === '--summary') args.summary = true;
    else if (arg === '--coverage') args.coverage = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    } else usage(`unknown argument ${arg}`);
  }
  return args;
}

// --- building the two engines ---------------------------------------------------------------

/** What the harness uses of an engine build: its public API, as exported by `src/index.ts`. */
interface Engine {
  evaluateBash(
    command: string,
    rules: unknown,
    options: Record<string, unknown>,
  ): { behavior: 'allow' | 'ask' | 'deny'; reason: string; matchedRule?: string };
  compileRuleSet(spec: RuleSpec): unknown;
  createSecretModel(options: { homeDir: string }): unknown;
  createProtectedPathModel(options: { homeDir: string; cwd: string }): unknown;
}

/** Bundles `permissionsSrc` (with `registrySrc` for `@dexter/registry`) into `outDir/index.js`. */
async function bundle(permissionsSrc: string, registrySrc: string, outDir: string): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    config: false,
    entry: { index: path.join(permissionsSrc, 'index.ts') },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    sourcemap: false,
    splitting: false,
    silent: true,
    // Everything of ours in one file; zod resolves from the package's node_modules (the output
    // lives under it).
    noExternal: [/^@dexter\//],
    external: ['zod'],
    esbuildOptions(options) {
      // The folder: `@dexter/registry` is its index.ts, `@dexter/registry/errors` its errors.ts.
      options.alias = { '@dexter/registry': registrySrc };
      options.conditions = ['@dexter/source'];
    },
  });
  return path.join(outDir, 'index.js');
}

/** Every `*.test.ts` file below `dir`, in a stable order. */
function testFilesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...testFilesUnder(full));
    else if (entry.name.endsWith('.test.ts')) files.push(full);
  }
  return files;
}

/** The base engine, built from `git archive` of `ref` (cached by commit). */
async function buildBase(ref: string, rebuild: boolean): Promise<{ file: string; commit: string }> {
  let commit: string;
  try {
    commit = commitOf(repoDir, ref);
  } catch {
    usage(`--base ${ref} is not a commit of this repository`);
  }
  const outDir = path.join(cacheDir, `base-${commit}`);
  const file = path.join(outDir, 'index.js');
  if (!rebuild && existsSync(file)) return { file, commit };
  const tree = path.join(cacheDir, `tree-${commit}`);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  extractSources(repoDir, commit, tree);
  try {
    await bundle(
      path.join(tree, 'packages/permissions/src'),
      path.join(tree, 'packages/registry/src'),
      outDir,
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
  return { file, commit };
}

// --- inputs ---------------------------------------------------------------------------------

interface Input {
  command: string;
  /** Where it came from: a corpus file, `adversarial`, a test file, `fallback`. */
  source: string;
  /** A working directory of its own (the adversarial cwd cases). */
  cwd?: string;
  /** From a corpus (decided under fewer rule sets × contexts, see `corpusRuleSets`). */
  corpus?: boolean;
  /** Decided with a length cap of 8 characters: over the cap, by the fallback scan. */
  overCap?: boolean;
}

function findCorpora(explicit: string | undefined): string | undefined {
  if (explicit !== undefined) return existsSync(explicit) ? explicit : usage(`no corpora at ${explicit}`);
  for (let dir = repoDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/data/corpora');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readCorpus(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.jsonl'))
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { command: string }).command);
  return text.split('\n').filter((line) => line.trim() !== '');
}

/** An input's identity: its working directory and its command. */
const keyOf = (input: { command: string; cwd?: string }) => `${input.cwd ?? ''}\u0000${input.command}`;

/** A rule set's identity: its lists. */
const specKey = (spec: RuleSpec) => JSON.stringify([spec.allow ?? [], spec.ask ?? [], spec.deny ?? []]);

/**
 * Every test file of the package with what `test-probes.ts` reads in it: `test/*.test.ts` (the
 * held-out probes, their rule sets decide every test input) and `src/**\/*.test.ts` (the unit
 * tests, `unit`: their rule sets decide their own file's probes).
 */
function scanTests(): { relative: string; unit: boolean; scanned: ScannedTestFile }[] {
  const testDir = path.join(packageDir, 'test');
  const files = [
    ...readdirSync(testDir)
      .sort()
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => ({ file: path.join(testDir, name), unit: false })),
    ...testFilesUnder(path.join(packageDir, 'src')).map((file) => ({ file, unit: true })),
  ];
  return files.map(({ file, unit }) => {
    const relative = path.relative(packageDir, file);
    // Rule sets are named as before: `held-out-probe:permissive`, `src/engine/evaluate-bash:rules`.
    const label = `${unit ? `${path.dirname(relative)}/` : ''}${path.basename(file).replace(/\.test\.ts$/, '')}`;
    return { relative, unit, scanned: scanTestFile(file, label) };
  });
}

// --- contexts -------------------------------------------------------------------------------

interface Context {
  name: string;
  cwd: string;
  home: string;
  readOnly: boolean;
}

/** Working directory × home directory × read-only mode. */
const contexts: readonly Context[] = [
  { name: 'cwd=/repo', cwd: '/repo', home: '/home/u', readOnly: false },
  { name: 'cwd=/repo read-only', cwd: '/repo', home: '/home/u', readOnly: true },
  { name: 'cwd=~ read-only', cwd: '/home/u', home: '/home/u', readOnly: true },
  { name: 'cwd=/root/project home=/root', cwd: '/root/project', home: '/root', readOnly: false },
];

/**
 * A probe as the harness decides it: one whose test names a working directory the contexts
 * already have (`/repo`) is decided in every context as they are, not again in that directory.
 */
function inContexts(probe: Probe): Probe {
  return probe.cwd !== undefined && contexts.some((context) => context.cwd === probe.cwd)
    ? { command: probe.command }
    : probe;
}

/** A test file's probes longer than this (characters) are decided in the first context only. */
const LONG_PROBE = 4096;

/** The rule sets the corpora are decided under in every context (the first: in all four). */
const corpusRuleSets = [
  'adversarial:none',
  'adversarial:allowList',
  'adversarial:denyList',
  'held-out-probe:permissive',
];

// --- allow-list -----------------------------------------------------------------------------

interface AllowEntry {
  input: string;
  from: Behavior;
  to: Behavior;
  /** When absent: every rule set. */
  ruleSet?: string;
  /** When absent: every context. */
  context?: string;
  justification: string;
}

type Behavior = 'allow' | 'ask' | 'deny';
const rank: Record<Behavior, number> = { allow: 0, ask: 1, deny: 2 };

function readAllowList(file: string): AllowEntry[] {
  if (!existsSync(file)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    usage(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const entries = (parsed as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) usage(`${file}: expected { "entries": [ ... ] }`);
  return entries.map((entry, index) => {
    const e = entry as Partial<AllowEntry>;
    const where = `${file}: entry ${index}`;
    if (typeof e.input !== 'string') usage(`${where} has no "input"`);
    if (!(e.from && e.from in rank) || !(e.to && e.to in rank))
      usage(`${where} needs "from" and "to" behaviors`);
    if (rank[e.to] >= rank[e.from]) usage(`${where} is not a loosening (${e.from} → ${e.to})`);
    if (typeof e.justification !== 'string' || e.justification.trim().length < 20)
      usage(`${where} needs a "justification" (a sentence saying why the looser decision is right)`);
    return e as AllowEntry;
  });
}

// --- the comparison -------------------------------------------------------------------------

interface Change {
  input: string;
  source: string;
  ruleSet: string;
  context: string;
  from: Behavior;
  to: Behavior;
  oldReason: string;
  newReason: string;
  allowedBy?: string;
}

// --- the summary --------------------------------------------------------------------------

interface SummaryRow {
  source: string;
  kind: string;
  ruleSet: string;
  context: string;
  decisions: number;
  base: Tally;
  tree: Tally;
}

/** Decisions per behavior; `byRule`: the denials a user's deny rule made (not the floor). */
type Tally = Record<Behavior | 'byRule', number>;
const noTally = (): Tally => ({ allow: 0, ask: 0, deny: 0, byRule: 0 });

/**
 * What an input is for the summary. The corpora are real-world commands, none written as an
 * attack (shared/data/corpora/SOURCES.md): a deny there is a false denial unless the command
 * reads a secret or a rule names it. The adversarial suite says which of its inputs are attacks;
 * the test files hold both, each with its own expectation; the fallback forms are attacks.
 */
function summarySource(input: Input): { source: string; kind: string } {
  if (input.corpus) return { source: input.source, kind: 'real-world' };
  if (input.source.startsWith('fallback')) return { source: 'fallback forms', kind: 'attack' };
  if (input.source === 'adversarial benign') return { source: input.source, kind: 'benign' };
  if (input.source.startsWith('adversarial ')) return { source: input.source, kind: 'attack' };
  if (input.source.startsWith('src/')) return { source: 'unit tests (src/**/*.test.ts)', kind: 'mixed' };
  return { source: input.source, kind: 'mixed' };
}

type Counts = Pick<SummaryRow, 'decisions' | 'base' | 'tree'>;

/** Adds `rows` up by `key`. */
function totals(rows: readonly SummaryRow[], key: (row: SummaryRow) => string): Map<string, Counts> {
  const sums = new Map<string, Counts>();
  for (const row of rows) {
    let sum = sums.get(key(row));
    if (sum === undefined) sums.set(key(row), (sum = { decisions: 0, base: noTally(), tree: noTally() }));
    sum.decisions += row.decisions;
    for (const behavior of ['allow', 'ask', 'deny', 'byRule'] as const) {
      sum.base[behavior] += row.base[behavior];
      sum.tree[behavior] += row.tree[behavior];
    }
  }
  return sums;
}

/**
 * The summary: per source and context (the corpora's rule sets added up), then per kind and rule
 * set, then the first decisions that break "no attack allowed, no benign command denied".
 */
function printSummary(rows: readonly SummaryRow[], breaches: readonly string[]): void {
  const cell = (counts: Counts, behavior: keyof Tally) =>
    counts.base[behavior] === counts.tree[behavior]
      ? String(counts.tree[behavior])
      : `${counts.base[behavior]} → ${counts.tree[behavior]}`;
  const line = (counts: Counts) =>
    `${counts.decisions} | ${cell(counts, 'allow')} | ${cell(counts, 'ask')} | ${cell(counts, 'deny')} | ${cell(counts, 'byRule')}`;
  console.log(
    `\nsummary: decisions under the rule sets ${corpusRuleSets.join(', ')}, added up per source and context (base → this tree where they differ)`,
  );
  console.log('| source | kind | context | decisions | allow | ask | deny | of which by a deny rule |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
  const kindOf = new Map(rows.map((row) => [row.source, row.kind]));
  for (const [key, counts] of totals(rows, (row) => `${row.source}\u0000${row.context}`)) {
    const [source, context] = key.split('\u0000') as [string, string];
    console.log(`| ${source} | ${kindOf.get(source)} | ${context} | ${line(counts)} |`);
  }
  console.log('\nper kind and rule set, every context:');
  console.log('| kind | rule set | decisions | allow | ask | deny | of which by a deny rule |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [key, counts] of totals(rows, (row) => `${row.kind}\u0000${row.ruleSet}`)) {
    const [kind, ruleSet] = key.split('\u0000') as [string, string];
    console.log(`| ${kind} | ${ruleSet} | ${line(counts)} |`);
  }
  if (breaches.length > 0) {
    console.log(
      '\nthis tree: attacks allowed, and benign or real-world commands denied by the engine itself (not by a deny rule), the first three of each rule set:',
    );
    for (const breach of breaches) console.log(`  ${breach}`);
  }
}

/**
 * `--coverage`: per test file, the probes the harness decides (with a working directory of
 * their own: not a context's) and the rule sets read.
 */
function printCoverage(): void {
  const scanned = scanTests().map(({ relative, scanned: file }) => {
    const probes = new Map(
      file.probes.map((found) => inContexts(found)).map((probe) => [keyOf(probe), probe]),
    );
    return { relative, file, probes: [...probes.values()] };
  });
  console.log('| test file | probes | of which with their own cwd | rule sets |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const { relative, file, probes } of scanned)
    console.log(
      `| ${relative}${file.truncated ? ' (walk stopped at its budget)' : ''} | ${probes.length} | ${probes.filter((probe) => probe.cwd !== undefined).length} | ${file.ruleSets.length} |`,
    );
  const empty = scanned.filter(({ probes }) => probes.length === 0);
  console.log(
    `\n${scanned.length} test files, ${scanned.reduce((sum, { probes }) => sum + probes.length, 0)} probes; ${empty.length} files give none: ${empty.map(({ relative }) => relative).join(', ')}`,
  );
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.coverage) {
    printCoverage();
    return;
  }
  const allowList = readAllowList(args.allowFile);
  const started = performance.now();

  const base = await buildBase(args.base, args.rebuild);
  const head = await bundle(
    path.join(packageDir, 'src'),
    path.join(repoDir, 'packages/registry/src'),
    path.join(cacheDir, 'head'),
  );
  const oldEngine = (await import(pathToFileURL(base.file).href)) as Engine;
  // A fresh URL each run: the head build changes between runs of one shell.
  const newEngine = (await import(`${pathToFileURL(head).href}?t=${Date.now()}`)) as Engine;
  const built = performance.now();

  // Inputs.
  const inputs: Input[] = [];
  for (const attack of attackCases) inputs.push({ command: attack.command, source: 'adversarial attack' });
  for (const benign of benignCases) inputs.push({ command: benign.command, source: 'adversarial benign' });
  for (const item of [...contextAttacks, ...contextBenign])
    inputs.push({ command: item.command, source: `adversarial ${item.category}`, cwd: item.cwd });
  const specs = new Map<string, { name: string; spec: RuleSpec }>();
  const scannedTests = scanTests();
  for (const { relative, scanned } of scannedTests.filter((test) => !test.unit)) {
    for (const probe of scanned.probes)
      inputs.push({ ...inContexts(probe), source: path.basename(relative) });
    for (const ruleSet of scanned.ruleSets) {
      const key = specKey(ruleSet.spec);
      if (!specs.has(key)) specs.set(key, ruleSet);
    }
  }
  // The probes of the unit tests beside the sources (`src/**/*.test.ts`: the families of
  // written-then-run scripts, the interpreters, the wrappers, the protected writes) are
  // decided under the same rule sets, and under the rule sets of their own file (not under
  // another file's: that would multiply the run). A rule set equal to one of test/'s is not
  // repeated.
  const testKeys = new Set(specs.keys());
  /** Rule sets of the unit tests, by their lists (the first name found names it). */
  const ownSpecs = new Map<string, { name: string; spec: RuleSpec }>();
  /** Per probe (working directory and command): the keys of the rule sets of the unit test files it is a probe of. */
  const ownOf = new Map<string, Set<string>>();
  for (const { relative, scanned } of scannedTests.filter((test) => test.unit)) {
    const keys: string[] = [];
    for (const ruleSet of scanned.ruleSets) {
      const key = specKey(ruleSet.spec);
      if (testKeys.has(key)) continue;
      if (!ownSpecs.has(key)) ownSpecs.set(key, ruleSet);
      keys.push(key);
    }
    for (const found of scanned.probes) {
      const probe = inContexts(found);
      inputs.push({ ...probe, source: relative });
      if (keys.length === 0) continue;
      const inputKey = keyOf(probe);
      let own = ownOf.get(inputKey);
      if (own === undefined) ownOf.set(inputKey, (own = new Set()));
      for (const key of keys) own.add(key);
    }
  }
  if (specs.size === 0) specs.set('none', { name: 'none', spec: {} });
  const corpora = findCorpora(args.corpora);
  if (corpora === undefined)
    console.warn(
      'compare-engines: no shared/data/corpora beside the repository (pass --corpora DIR); comparing the test inputs only',
    );
  else
    for (const name of readdirSync(corpora).sort()) {
      if (!/\.(jsonl|txt)$/.test(name) || name.startsWith('LICENSE')) continue;
      readCorpus(path.join(corpora, name)).forEach((command, index) => {
        if (index % args.sample === 0) inputs.push({ command, source: name, corpus: true });
      });
    }
  // The fallback scan's inputs: what the parser rejects and what is over the length cap.
  // (Over the cap through a cap of 8 characters, as `test/over-cap.test.ts` does: 64 KiB of
  // padding per decision would cost minutes.)
  const fallbackInputs: Input[] = attackCases.flatMap((attack) => [
    { command: `${attack.command}\nfi`, source: 'fallback: syntax error after an attack' },
    { command: `echo pad; ls -l; ${attack.command}`, source: 'fallback: over the length cap', overCap: true },
  ]);

  // Each input once per source.
  const seen = new Set<string>();
  const unique = inputs.filter((input) => {
    const key = keyOf(input);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const ruleSets = [...specs.values()].map(({ name, spec }) => ({
    name,
    old: oldEngine.compileRuleSet(spec),
    new: newEngine.compileRuleSet(spec),
  }));
  // The unit tests' own rule sets. One this tree's engine refuses too is a test of the error
  // (`decideCommand('ls', { permissions: { allow: ['Bash(ls'] } })` must throw), not a rule set:
  // it is left out, counted. One only the base engine cannot compile (a rule it does not know
  // yet) is left out with a notice.
  const ownRuleSets = new Map<string, (typeof ruleSets)[number]>();
  let invalidOnPurpose = 0;
  for (const [key, { name, spec }] of ownSpecs) {
    let compiled: unknown;
    try {
      compiled = newEngine.compileRuleSet(spec);
    } catch {
      invalidOnPurpose++;
      continue;
    }
    try {
      ownRuleSets.set(key, { name, old: oldEngine.compileRuleSet(spec), new: compiled });
    } catch (error) {
      console.warn(`compare-engines: rule set ${name} left out: ${(error as Error).message}`);
    }
  }
  // The options of each engine per context, working directory and cap (made once each).
  const optionsMemo = new Map<string, { old: Record<string, unknown>; new: Record<string, unknown> }>();
  const optionsFor = (context: Context, cwd: string, overCap: boolean) => {
    const key = `${context.name}\u0000${cwd}\u0000${overCap}`;
    let memo = optionsMemo.get(key);
    if (!memo) {
      const make = (engine: Engine) => ({
        cwd,
        readOnlyAutoAllow: context.readOnly,
        secrets: engine.createSecretModel({ homeDir: context.home }),
        protectedPaths: engine.createProtectedPathModel({ homeDir: context.home, cwd }),
        ...(overCap ? { shell: { maxLength: 8 } } : {}),
      });
      optionsMemo.set(key, (memo = { old: make(oldEngine), new: make(newEngine) }));
    }
    return memo;
  };

  const show = (command: string) =>
    JSON.stringify(command.length > 160 ? `${command.slice(0, 157)}...` : command);
  const changes: Change[] = [];
  /** The first few decisions with the same behavior and another reason or matched rule. */
  const reworded: string[] = [];
  const counts = new Map<
    string,
    { decisions: number; same: number; looser: number; tighter: number; reworded: number; ms: number }
  >();
  const count = (key: string) => {
    let entry = counts.get(key);
    if (!entry)
      counts.set(key, (entry = { decisions: 0, same: 0, looser: 0, tighter: 0, reworded: 0, ms: 0 }));
    return entry;
  };
  /** `--summary`: per source and context, each engine's behaviors under the corpora's rule sets. */
  const summary = new Map<string, SummaryRow>();
  const summaryRuleSets = new Set(corpusRuleSets);
  /** The first attacks allowed, or benign commands denied (not by a rule), by this tree per kind × rule set. */
  const breaches = new Map<string, string[]>();
  const decide = (input: Input, combos: readonly Combo[]) => {
    for (const [ruleSet, context] of combos) {
      const optionsOf = optionsFor(context, input.cwd ?? context.cwd, input.overCap === true);
      const start = performance.now();
      const a = oldEngine.evaluateBash(input.command, ruleSet.old, optionsOf.old);
      const b = newEngine.evaluateBash(input.command, ruleSet.new, optionsOf.new);
      const tally = count(input.source.startsWith('fallback') ? 'fallback forms' : input.source);
      tally.ms += performance.now() - start;
      tally.decisions += 1;
      if (args.summary && summaryRuleSets.has(ruleSet.name)) {
        const { source, kind } = summarySource(input);
        const key = `${source}\u0000${ruleSet.name}\u0000${context.name}`;
        let row = summary.get(key);
        if (row === undefined)
          summary.set(
            key,
            (row = {
              source,
              kind,
              ruleSet: ruleSet.name,
              context: context.name,
              decisions: 0,
              base: noTally(),
              tree: noTally(),
            }),
          );
        row.decisions += 1;
        row.base[a.behavior] += 1;
        row.tree[b.behavior] += 1;
        const byRule = (decision: { behavior: Behavior; matchedRule?: string }) =>
          decision.behavior === 'deny' &&
          decision.matchedRule !== undefined &&
          !decision.matchedRule.startsWith('builtin:');
        if (byRule(a)) row.base.byRule += 1;
        if (byRule(b)) row.tree.byRule += 1;
        const breach =
          kind === 'attack'
            ? b.behavior === 'allow'
            : kind !== 'mixed' && b.behavior === 'deny' && !byRule(b);
        const breachKey = `${kind}\u0000${ruleSet.name}`;
        const examples = breaches.get(breachKey) ?? [];
        if (breach && examples.length < 3 && !examples.some((line) => line.includes(show(input.command))))
          breaches.set(breachKey, [
            ...examples,
            `${kind} ${b.behavior}: ${show(input.command)} [${input.source} · ${ruleSet.name} @ ${input.cwd !== undefined ? `${context.name}, cwd=${input.cwd}` : context.name}] ${b.reason.slice(0, 120)}`,
          ]);
      }
      if (a.behavior === b.behavior) {
        tally.same += 1;
        if (a.reason !== b.reason || a.matchedRule !== b.matchedRule) {
          tally.reworded += 1;
          if (reworded.length < 20)
            reworded.push(
              `${show(input.command)} [${ruleSet.name} @ ${context.name}]: ${a.behavior}\n      old: ${a.reason.slice(0, 200)}\n      new: ${b.reason.slice(0, 200)}`,
            );
        }
        continue;
      }
      const looser = rank[b.behavior] < rank[a.behavior];
      if (looser) tally.looser += 1;
      else tally.tighter += 1;
      changes.push({
        input: input.command,
        source: input.source,
        ruleSet: ruleSet.name,
        context: input.cwd !== undefined ? `${context.name}, cwd=${input.cwd}` : context.name,
        from: a.behavior,
        to: b.behavior,
        oldReason: a.reason,
        newReason: b.reason,
      });
    }
  };
  // The test inputs under every rule set × context; the corpora (40,000 commands) under the
  // adversarial suite's and the held-out probe's rule sets in the first two contexts and with
  // no rules in the others (`--full`: every one); the fallback forms in the first context.
  type Combo = readonly [(typeof ruleSets)[number], Context];
  const every: Combo[] = ruleSets.flatMap((ruleSet) =>
    contexts.map((context) => [ruleSet, context] as const),
  );
  const coreNames = new Set(corpusRuleSets);
  const core = ruleSets.filter((ruleSet) => coreNames.has(ruleSet.name));
  if (core.length !== coreNames.size)
    console.warn(
      `compare-engines: the rule sets ${corpusRuleSets.join(', ')} were not all found in test/*.test.ts; the corpora get every rule set`,
    );
  const corpusCombos: Combo[] =
    args.full || core.length !== coreNames.size
      ? every
      : every.filter(
          ([ruleSet, context]) =>
            (coreNames.has(ruleSet.name) && contexts.indexOf(context) < 2) ||
            ruleSet.name === corpusRuleSets[0],
        );
  const fallbackCombos = every.filter(([, context]) => context === contexts[0]);
  /** The combos of a unit test's probe: test/'s rule sets, and its own file's, in every context. */
  const ownCombos = new Map<string, Combo[]>();
  const combosOf = (input: Input): readonly Combo[] => {
    if (input.corpus) return corpusCombos;
    const own = ownOf.get(keyOf(input));
    if (own === undefined) return every;
    const memo = [...own].sort().join('\u0000');
    let combos = ownCombos.get(memo);
    if (combos === undefined) {
      const extra = [...own].flatMap((key) => {
        const ruleSet = ownRuleSets.get(key);
        return ruleSet === undefined ? [] : contexts.map((context) => [ruleSet, context] as const);
      });
      ownCombos.set(memo, (combos = [...every, ...extra]));
    }
    return combos;
  };
  // A test's probe of the caps (tens of kilobytes nested or repeated) costs as much as
  // thousands of others: decided in the first context only.
  for (const input of unique)
    decide(
      input,
      input.command.length > LONG_PROBE && input.source.endsWith('.test.ts')
        ? combosOf(input).filter(([, context]) => context === contexts[0])
        : combosOf(input),
    );
  for (const input of fallbackInputs) decide(input, fallbackCombos);
  const decided = performance.now();

  // Judge the looser ones against the allow-list.
  const used = new Set<AllowEntry>();
  for (const change of changes) {
    if (rank[change.to] >= rank[change.from]) continue;
    const entry = allowList.find(
      (e) =>
        e.input === change.input &&
        e.from === change.from &&
        e.to === change.to &&
        (e.ruleSet === undefined || e.ruleSet === change.ruleSet) &&
        (e.context === undefined ||
          e.context === change.context ||
          change.context.startsWith(`${e.context}, `)),
    );
    if (entry) {
      used.add(entry);
      change.allowedBy = entry.justification;
    }
  }
  const looser = changes.filter((c) => rank[c.to] < rank[c.from]);
  const unlisted = looser.filter((c) => c.allowedBy === undefined);
  const tighter = changes.filter((c) => rank[c.to] > rank[c.from]);

  // Report.
  const total = [...counts.values()].reduce((sum, c) => sum + c.decisions, 0);
  console.log(
    `compare-engines: base ${base.commit.slice(0, 10)} (${args.base}) vs this working tree; ` +
      `${unique.length + fallbackInputs.length} inputs, ${ruleSets.length} rule sets (and ${ownRuleSets.size} of the unit tests, each for its own file's probes), ${contexts.length} contexts: ` +
      `${total} decisions per engine (corpora: ${corpusCombos.length} rule set × context pairs; tests: ${every.length}; fallback forms: ${fallbackCombos.length})` +
      (args.sample > 1 ? `, corpora sampled 1 in ${args.sample}` : ''),
  );
  console.log(`rule sets: ${ruleSets.map((r) => r.name).join(', ')}`);
  console.log(
    `unit tests' rule sets: ${[...ownRuleSets.values()].map((r) => r.name).join(', ')}` +
      (invalidOnPurpose > 0
        ? ` (and ${invalidOnPurpose} both engines refuse: tests of the error, left out)`
        : ''),
  );
  console.log(`contexts: ${contexts.map((c) => c.name).join(' | ')}`);
  console.log(
    '\n| inputs | decisions | same behavior | of which another reason | looser | tighter | s (both engines) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [source, c] of counts)
    console.log(
      `| ${source} | ${c.decisions} | ${c.same} | ${c.reworded} | ${c.looser} | ${c.tighter} | ${(c.ms / 1000).toFixed(1)} |`,
    );

  const printGroup = (title: string, list: Change[]) => {
    if (list.length === 0) return;
    console.log(`\n${title} (${list.length} decisions):`);
    // One line per input and change, with every rule set × context it happened under.
    const groups = new Map<string, Change[]>();
    for (const change of list) {
      const key = `${change.from}→${change.to}\u0000${change.input}`;
      groups.set(key, [...(groups.get(key) ?? []), change]);
    }
    for (const group of groups.values()) {
      const first = group[0]!;
      console.log(`  ${first.from} → ${first.to}  ${show(first.input)}  [${first.source}]`);
      console.log(`      under: ${group.map((c) => `${c.ruleSet} @ ${c.context}`).join('; ')}`);
      if (!args.quiet) {
        console.log(`      old: ${first.oldReason.slice(0, 200)}`);
        console.log(`      new: ${first.newReason.slice(0, 200)}`);
      }
      if (first.allowedBy) console.log(`      allowed: ${first.allowedBy}`);
    }
  };
  if (args.summary) printSummary([...summary.values()], [...breaches.values()].flat());
  printGroup('LOOSER, not in the allow-list', unlisted);
  printGroup(
    'looser, justified in the allow-list',
    looser.filter((c) => c.allowedBy !== undefined),
  );
  printGroup('tighter', tighter);
  if (args.reasons && reworded.length > 0) {
    console.log('\nsame behavior, another reason or matched rule (the first 20):');
    for (const line of reworded) console.log(`  ${line}`);
  }
  for (const entry of allowList)
    if (!used.has(entry)) console.log(`\nnote: allow-list entry not needed any more: ${show(entry.input)}`);

  mkdirSync(path.dirname(args.report), { recursive: true });
  writeFileSync(
    args.report,
    `${JSON.stringify({ base: base.commit, counts: Object.fromEntries(counts), ...(args.summary ? { summary: [...summary.values()] } : {}), changes }, null, 1)}\n`,
  );
  console.log(
    `\n${total} decisions per engine: ${looser.length} looser (${unlisted.length} not in the allow-list), ` +
      `${tighter.length} tighter. Build ${((built - started) / 1000).toFixed(1)} s, decisions ${((decided - built) / 1000).toFixed(1)} s. ` +
      `Full list: ${path.relative(process.cwd(), args.report)}`,
  );
  process.exitCode = unlisted.length > 0 ? 1 : 0;
}

await main();
