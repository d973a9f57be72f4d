import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

it('main.ts runs a read, an approved write and a denied write', async () => {
  const workspace = await mkdtemp(join(tmpdir(), 'dexter-approval-main-'));
  try {
    const { APPROVAL_WEBHOOK_URL: _url, ...env } = process.env;
    const { stdout } = await promisify(execFile)(
      'node',
      ['--conditions=@dexter/source', '--import', 'tsx', 'src/main.ts', workspace],
      { cwd: join(__dirname, '..'), env },
    );
    expect(stdout.split('\n').map((line) => line.split(':')[0])).toEqual([
      'call_1 bash ok',
      'call_2 write_file ok',
      'call_3 write_file denied',
      '',
    ]);
    expect(existsSync(join(workspace, 'notes', 'report.md'))).toBe(true);
    expect(existsSync(join(workspace, '.github'))).toBe(false);
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}, 60_000);
