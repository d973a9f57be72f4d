/**
 * Overhead of a sandboxed call: the same harmless commands run as a plain `bash -c` and
 * through `sandbox.run` (policy derived from the engine, wrap, bubblewrap, violations read,
 * cleanup), interleaved in one run on the same machine. Reported per command: median ms of
 * each, the ratio, and the absolute difference; plus the parts of a sandboxed call (policy
 * derivation alone). Skips with a notice when the sandbox cannot start here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPermissionEngine } from '@dexter/permissions';
import { createSandbox } from '../src/create-sandbox';

const project = mkdtempSync(path.join(tmpdir(), 'dexter-sandbox-bench-'));
writeFileSync(path.join(project, 'data.txt'), 'x\n'.repeat(1000));
const engine = createPermissionEngine({ cwd: project });
const sandbox = createSandbox({ engine, cwd: project, onNotice: () => undefined });
const status = await sandbox.status();
if (!status.available) {
  console.log(`SKIP sandbox overhead: ${status.reason} (${status.fix})`);
  process.exit(0);
}

const ROUNDS = Number(process.env.ROUNDS ?? 25);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const commands = ['true', 'echo hello', 'wc -l data.txt', 'ls -la && cat data.txt | sort | uniq -c'];

console.log(`${ROUNDS} rounds each, interleaved; ms are medians\n`);
console.log('| command | bash -c (ms) | sandboxed (ms) | ratio | overhead (ms) |');
console.log('| --- | ---: | ---: | ---: | ---: |');
let id = 0;
for (const command of commands) {
  const plain: number[] = [];
  const boxed: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    spawnSync('bash', ['-c', command], { cwd: project, stdio: 'pipe' });
    plain.push(performance.now() - start);
    start = performance.now();
    await sandbox.run(command, { toolCallId: `bench-${id++}` });
    boxed.push(performance.now() - start);
  }
  const [p, b] = [median(plain), median(boxed)];
  console.log(
    `| \`${command}\` | ${p.toFixed(1)} | ${b.toFixed(1)} | ${(b / p).toFixed(1)}x | ${(b - p).toFixed(1)} |`,
  );
}
const derive: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  sandbox.policy();
  derive.push(performance.now() - start);
}
console.log(
  `\npolicy derivation alone (project search; outside search cached): ${median(derive).toFixed(1)} ms`,
);
await sandbox.dispose();
rmSync(project, { recursive: true, force: true });
