import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine, projectEngine } from './permission-engine';

const bash = (command: string) => engine.decide({ tool: 'bash', input: { command } });

describe('permissions guide snippets', () => {
  it('decides as the comments say', () => {
    expect(bash('git log --oneline -5')).toMatchObject({ behavior: 'allow', matchedRule: 'Bash(git log:*)' });
    expect(bash('git log --output=/tmp/x').behavior).toBe('ask');
    expect(bash('sudo /bin/rm -rf /')).toMatchObject({ behavior: 'deny', matchedRule: 'Bash(rm:*)' });
    expect(bash('cat .env')).toMatchObject({ behavior: 'deny', matchedRule: 'builtin:secret-read' });
    expect(bash('ls $(cat dirs.txt)')).toMatchObject({ behavior: 'ask', cacheable: false });
    const write = (path: string) =>
      engine.decide({
        tool: 'write_file',
        input: { path },
        subject: { kind: 'file', access: 'write', path },
      });
    expect(write('src/app.ts')).toMatchObject({ behavior: 'allow', matchedRule: 'WriteFile(src/**)' });
    expect(write('.github/workflows/ci.yml').behavior).toBe('deny');
  });

  it('reads the settings layers, fails closed on a damaged file, and persists "always" rules', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'dexter-snippet-store-'));
    try {
      mkdirSync(join(cwd, '.dexter'));
      writeFileSync(join(cwd, '.dexter', 'settings.json'), '{"permissions": {"allow": ["Bash(ls:*)"]}}');
      const good = projectEngine(cwd);
      const ls = { tool: 'bash', input: { command: 'ls -la' }, cwd };
      expect(good.decide(ls).behavior).toBe('allow');

      await good.persistAllowRule('Bash(npm test)');
      expect(good.decide({ ...ls, input: { command: 'npm test' } }).behavior).toBe('allow');
      const local = JSON.parse(readFileSync(join(cwd, '.dexter', 'settings.local.json'), 'utf8'));
      expect(local.permissions.allow).toEqual(['Bash(npm test)']);

      writeFileSync(join(cwd, '.dexter', 'settings.json'), '{"permissions": {"allow": ["Bash(ls:*)"],}');
      const damaged = projectEngine(cwd);
      expect(damaged.loadErrors).toHaveLength(1);
      expect(damaged.decide(ls).behavior).toBe('ask');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
