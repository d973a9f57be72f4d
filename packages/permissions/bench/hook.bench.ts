/**
 * `dexter-permissions hook` start-up benchmark: wall time of one hook invocation, process
 * start included (node + dist/cli.js, a Claude Code PreToolUse event on stdin, the answer
 * read back), against `node -e ''` — a bare Node start — measured alternately in the same
 * run. Target: at most 2× a bare Node start; a 1 MB command (over the length cap, decided on
 * the fallback scan's commands) decided by the new process in under 200 ms. Uses dist/cli.js
 * when it is newer than the sources, else bundles src/cli.ts with this package's tsup config
 * into a temp directory.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareCliBinary } from '../test/cli-binary';
import { archiveSources } from './built-engine';

/**
 * The bin of commit `ref`, built as the package builds it (ESM, the bin's chunks, whitespace
 * removed, the table's examples taken as checked) from its sources, into a temporary directory.
 */
async function prepareBaseBinary(ref: string): Promise<{ file: string; commit: string; dir: string }> {
  const { commit, tree: dir } = archiveSources(ref, 'dexter-hook-bench-base-');
  const [{ build }, configs] = await Promise.all([import('tsup'), import('../tsup.config')]);
  const cliConfig = (configs.default as unknown as Array<Record<string, unknown>>).find(
    (config) => (config.entry as Record<string, string>).cli !== undefined,
  );
  if (!cliConfig) throw new Error('tsup.config.ts has no cli entry');
  const outDir = path.join(dir, 'out');
  await build({
    ...cliConfig,
    entry: { cli: path.join(dir, 'packages/permissions/src/cli.ts') },
    outDir,
    dts: false,
    sourcemap: false,
    silent: true,
    // This tree's table check would check this tree: the base's examples are taken as checked.
    esbuildPlugins: [],
    noExternal: ['@dexter/registry'],
    esbuildOptions(options) {
      options.conditions = ['@dexter/source'];
      options.alias = { '@dexter/registry': path.join(dir, 'packages/registry/src') };
    },
  } as Parameters<typeof build>[0]);
  return { file: path.join(outDir, 'cli.js'), commit, dir };
}

const project = mkdtempSync(path.join(os.tmpdir(), 'dexter-hook-bench-project-'));
const events = {
  'Bash git status': { tool_name: 'Bash', tool_input: { command: 'git status --short' } },
  'Bash pipeline': {
    tool_name: 'Bash',
    tool_input: { command: 'cat package.json | grep version && ls -la src' },
  },
  'Read file': { tool_name: 'Read', tool_input: { file_path: path.join(project, 'src/index.ts') } },
  'Bash 1 MB: echo a; × 131,072, then rm -rf /': {
    tool_name: 'Bash',
    tool_input: { command: `${'echo a; '.repeat(131_072)}rm -rf /` },
  },
  'Bash 1 MB: 88,000 distinct commands': {
    tool_name: 'Bash',
    tool_input: {
      command: (() => {
        let text = '';
        for (let i = 0; text.length < 1_048_576; i++) text += `echo ${i}; `;
        return text;
      })(),
    },
  },
};
const megabyteRows = new Set(Object.keys(events).filter((label) => label.includes('1 MB')));

function wall(args: string[], input: string): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, encoding: 'utf8', cwd: project });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`exit ${result.status}: ${result.stderr}`);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const rounds = Number(process.env.HOOK_BENCH_ROUNDS ?? 25);
const { file, buildDir: cleanup, which } = await prepareCliBinary('dexter-hook-bench-');
const baseRef = process.env.HOOK_BENCH_BASE;
const base = baseRef ? await prepareBaseBinary(baseRef) : undefined;
console.log(
  `hook start-up: ${which}; ${rounds} alternating rounds per row (node ${process.version}, ${os.cpus().length} CPUs)`,
);
if (base) console.log(`base: commit ${base.commit.slice(0, 7)} (HOOK_BENCH_BASE=${baseRef}), built alike`);
// Warm the file cache once.
wall(['-e', ''], '');
const rows: string[][] = [];
for (const [label, event] of Object.entries(events)) {
  const input = JSON.stringify({ hook_event_name: 'PreToolUse', cwd: project, session_id: 'b', ...event });
  const answerOf = (bin: string) => {
    const check = spawnSync(process.execPath, [bin, 'hook', 'claude-code'], {
      input,
      encoding: 'utf8',
      cwd: project,
    });
    return JSON.parse(check.stdout).hookSpecificOutput.permissionDecision as string;
  };
  const answer = answerOf(file);
  if (base && answerOf(base.file) !== answer) throw new Error(`${label}: the base answers otherwise`);
  const subjects: string[][] = [
    ['-e', ''],
    [file, 'hook', 'claude-code'],
  ];
  if (base) subjects.push([base.file, 'hook', 'claude-code']);
  for (const args of subjects) wall(args, args.length > 2 ? input : '');
  const times: number[][] = subjects.map(() => []);
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so drift in machine load hits every subject alike.
    for (let step = 0; step < subjects.length; step++) {
      const index = (round + step) % subjects.length;
      const args = subjects[index]!;
      times[index]!.push(wall(args, args.length > 2 ? input : ''));
    }
  }
  const [bare, hook, baseTimes] = times as [number[], number[], number[] | undefined];
  const ratios = hook.map((ms, index) => ms / bare[index]!);
  const row = [
    label,
    answer,
    median(bare).toFixed(1),
    median(hook).toFixed(1),
    (median(hook) / median(bare)).toFixed(2),
    median(ratios).toFixed(2),
  ];
  if (baseTimes) {
    row.push(
      median(baseTimes).toFixed(1),
      median(hook.map((ms, index) => ms / baseTimes[index]!)).toFixed(2),
    );
  }
  rows.push(row);
}
const header = ['event', 'answer', "node -e '' ms", 'hook ms', 'ratio of medians', 'median paired ratio'];
if (base) header.push('base hook ms', 'hook / base (paired)');
const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log('target: ratio ≤ 2.00 (hook invocation vs a bare Node start)');
for (const row of rows) {
  if (!megabyteRows.has(row[0]!)) continue;
  const ms = Number(row[3]);
  console.log(
    `${row[0]}: decided by a new process in ${ms.toFixed(1)} ms (median), target < 200 ms: ${ms < 200 ? 'met' : 'NOT met'}`,
  );
}
if (cleanup) rmSync(cleanup, { recursive: true, force: true });
if (base) rmSync(base.dir, { recursive: true, force: true });
rmSync(project, { recursive: true, force: true });
