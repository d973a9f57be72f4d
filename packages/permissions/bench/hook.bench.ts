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
console.log(
  `hook start-up: ${which}; ${rounds} alternating rounds per row (node ${process.version}, ${os.cpus().length} CPUs)`,
);
// Warm the file cache once.
wall(['-e', ''], '');
const rows: string[][] = [];
for (const [label, event] of Object.entries(events)) {
  const input = JSON.stringify({ hook_event_name: 'PreToolUse', cwd: project, session_id: 'b', ...event });
  const check = spawnSync(process.execPath, [file, 'hook', 'claude-code'], {
    input,
    encoding: 'utf8',
    cwd: project,
  });
  const answer = JSON.parse(check.stdout).hookSpecificOutput.permissionDecision as string;
  wall([file, 'hook', 'claude-code'], input);
  const bare: number[] = [];
  const hook: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate the order so drift in machine load hits both sides alike.
    const first = round % 2 === 0;
    const a = first ? wall(['-e', ''], '') : wall([file, 'hook', 'claude-code'], input);
    const b = first ? wall([file, 'hook', 'claude-code'], input) : wall(['-e', ''], '');
    const [nodeMs, hookMs] = first ? [a, b] : [b, a];
    bare.push(nodeMs);
    hook.push(hookMs);
    ratios.push(hookMs / nodeMs);
  }
  rows.push([
    label,
    answer,
    median(bare).toFixed(1),
    median(hook).toFixed(1),
    (median(hook) / median(bare)).toFixed(2),
    median(ratios).toFixed(2),
  ]);
}
const header = ['event', 'answer', "node -e '' ms", 'hook ms', 'ratio of medians', 'median paired ratio'];
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
rmSync(project, { recursive: true, force: true });
