/**
 * Runs the real `dexter-permissions test` on the table, as the CI job does, and checks it
 * fails (exit 1, with a readable diff) when an expectation is wrong.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { table as teamTable } from './rule-table';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));

const cli = join(exampleDir, '..', '..', 'packages', 'permissions', 'src', 'cli.ts');

async function dexterPermissions(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      'node',
      ['--conditions=@dexter/source', '--import', 'tsx', cli, ...args],
      { cwd: exampleDir },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

describe('dexter-permissions test', () => {
  it('passes the team table', async () => {
    const { code, stdout } = await dexterPermissions(
      'test',
      '--settings',
      '.dexter/settings.json',
      'rules.test.jsonl',
    );
    expect(stdout).toBe(`${teamTable.length} passed, 0 failed\n`);
    expect(code).toBe(0);
  }, 60_000);

  it('exits 1 and shows the case when an expectation is wrong', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dexter-rules-ci-'));
    try {
      const table = await readFile(join(exampleDir, 'rules.test.jsonl'), 'utf8');
      const wrong = table.replace(
        '"command": "git push origin main", "expect": "ask"',
        '"command": "git push origin main", "expect": "allow"',
      );
      expect(wrong).not.toBe(table);
      await writeFile(join(dir, 'rules.test.jsonl'), wrong);
      const { code, stdout } = await dexterPermissions(
        'test',
        '--settings',
        '.dexter/settings.json',
        join(dir, 'rules.test.jsonl'),
      );
      expect(code).toBe(1);
      const line = teamTable.find((entry) => entry.command === 'git push origin main')!.source!.line;
      expect(stdout).toContain(`✗ ${join(dir, 'rules.test.jsonl')}:${line} (push): "git push origin main"`);
      expect(stdout).toContain('- expected: allow');
      expect(stdout).toContain('+ actual:   ask (Bash(git push:*))');
      expect(stdout).toMatch(/1 failed\n$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
