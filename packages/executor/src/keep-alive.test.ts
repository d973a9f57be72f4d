/**
 * Issue 15: while a run awaits a call, its timeout timer keeps the process alive; after the
 * run settles nothing does. Checked with a real child process (scripts/fixtures/hanging-tool.ts):
 * a tool that never settles and holds no handle, under `timeoutMs`, must end with its
 * `timeout` result — not exit early with code 13 (ESM, unsettled top-level await) or 0
 * (no top-level await) — and the process must then exit on its own.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('../scripts/fixtures/hanging-tool.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function runFixture(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@dexter/source', '--import', 'tsx', fixture, ...args],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // A bound on a hung child so the test fails instead of hanging; not a speed check.
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a pending run keeps the process alive', () => {
  it('with top-level await: the timeout result is printed, exit code 0', { timeout: 90_000 }, async () => {
    const { code, stdout, stderr } = await runFixture(['300']);
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('["timeout"]');
    expect(code).toBe(0);
  });

  it('without top-level await: the timeout result is printed before the process exits', {
    timeout: 90_000,
  }, async () => {
    const { code, stdout } = await runFixture(['300', 'then']);
    expect(stdout.trim()).toBe('["timeout"]');
    expect(code).toBe(0);
  });
});
