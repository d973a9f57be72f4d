import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PermissionsError } from '../errors';
import { createRuleStore } from './rule-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const child = path.resolve(here, '../../test/fixtures/add-rules-child.ts');

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'dexter-store-'));
}

function writeJson(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

describe('createRuleStore', () => {
  it('layers user < project < local; deny anywhere counts; default deny wins', () => {
    const home = tempDir();
    const cwd = tempDir();
    writeJson(path.join(home, '.dexter/settings.json'), {
      permissions: { allow: ['Bash(ls:*)'], readOnlyAutoAllow: true },
    });
    writeJson(path.join(cwd, '.dexter/settings.json'), {
      permissions: { deny: ['Bash(rm:*)'], defaultMode: 'deny' },
    });
    writeJson(path.join(cwd, '.dexter/settings.local.json'), {
      permissions: { ask: ['Bash(git push:*)'], defaultMode: 'ask', readOnlyAutoAllow: false },
    });
    const loaded = createRuleStore({ cwd, homeDir: home }).load();
    expect(loaded.errors).toEqual([]);
    expect(loaded.layers.map((layer) => layer.name)).toEqual(['user', 'project', 'local']);
    expect(loaded.rules.allow).toHaveLength(1);
    expect(loaded.rules.deny).toHaveLength(1);
    expect(loaded.rules.ask).toHaveLength(1);
    expect(loaded.defaultMode).toBe('deny');
    expect(loaded.readOnlyAutoAllow).toBe(false);
  });

  it('adds rules in canonical form, keeps other keys, skips duplicates', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, '.dexter/settings.local.json');
    writeJson(file, { theme: 'dark', permissions: { allow: ['Bash(ls:*)'] } });
    const store = createRuleStore({ cwd, homeDir: tempDir() });
    await store.addRule('allow', "Bash('git'  status:*)");
    await store.addRule('allow', 'Bash(git status:*)');
    await store.addRule('deny', { kind: 'prefix', tool: 'Bash', argv: ['rm'] });
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved).toEqual({
      theme: 'dark',
      permissions: { allow: ['Bash(ls:*)', 'Bash(git status:*)'], deny: ['Bash(rm:*)'] },
    });
    expect(readdirSync(path.dirname(file)).sort()).toEqual(['settings.local.json']); // no temp or lock left
  });

  it('creates the file and its directory when missing', async () => {
    const cwd = tempDir();
    await createRuleStore({ cwd, homeDir: tempDir() }).addRule('ask', 'WebFetch');
    expect(JSON.parse(readFileSync(path.join(cwd, '.dexter/settings.local.json'), 'utf8'))).toEqual({
      permissions: { ask: ['WebFetch'] },
    });
  });

  it('never rewrites a corrupted file: load reports it, addRule refuses', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, '.dexter/settings.local.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const corrupt = Buffer.from(
      '{\n  "permissions": {\n    "allow": ["Bash(ls:*)"\n  }\n\u0000\u00ff garbage',
    );
    writeFileSync(file, corrupt);
    const store = createRuleStore({ cwd, homeDir: tempDir() });
    const loaded = store.load();
    expect(loaded.errors[0]!.code).toBe('settings_invalid_json');
    expect(loaded.errors[0]!.file).toBe(file);
    expect(loaded.errors[0]!.line).toBe(4);
    expect(loaded.rules.allow).toEqual([]);
    expect(readFileSync(file).equals(corrupt)).toBe(true);
    const error = await store.addRule('allow', 'Bash(git status:*)').catch((caught: unknown) => caught);
    expect(PermissionsError.isInstance(error)).toBe(true);
    expect((error as PermissionsError).message).toContain('Refusing to change');
    expect((error as PermissionsError).line).toBe(4);
    expect(readFileSync(file).equals(corrupt)).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('refuses an invalid rule before touching anything', async () => {
    const cwd = tempDir();
    const error = await createRuleStore({ cwd, homeDir: tempDir() })
      .addRule('allow', 'Bash(ls')
      .catch((caught: unknown) => caught);
    expect((error as PermissionsError).code).toBe('rule_invalid');
    expect(existsSync(path.join(cwd, '.dexter'))).toBe(false);
  });

  it('times out on a live lock and breaks a stale one', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, 'settings.json');
    const store = createRuleStore({ layers: [{ name: 'only', file }], lock: { timeoutMs: 150 } });
    writeFileSync(`${file}.lock`, `${process.pid}\n${Date.now()}\n`); // held by a live process (us)
    const error = await store.addRule('allow', 'Bash(ls:*)').catch((caught: unknown) => caught);
    expect((error as PermissionsError).code).toBe('lock_timeout');
    writeFileSync(`${file}.lock`, `999999999\n${Date.now()}\n`); // owner gone
    await store.addRule('allow', 'Bash(ls:*)');
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions.allow).toEqual(['Bash(ls:*)']);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('breaks a lock that is older than staleMs even when its owner lives', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, 'settings.json');
    writeFileSync(`${file}.lock`, `${process.pid}\n${Date.now() - 60_000}\n`);
    const store = createRuleStore({
      layers: [{ name: 'only', file }],
      lock: { timeoutMs: 2000, staleMs: 1000 },
    });
    await store.addRule('deny', 'Bash(rm:*)');
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions.deny).toEqual(['Bash(rm:*)']);
  });

  it('loses nothing when two processes add rules at the same time', async () => {
    const cwd = tempDir();
    const file = path.join(cwd, 'shared.json');
    const count = 15;
    const run = (tag: string) =>
      new Promise<string>((resolve, reject) => {
        const processHandle = spawn(
          process.execPath,
          ['--conditions=@dexter/source', '--import', 'tsx', child, file, tag, String(count)],
          { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        processHandle.stdout.on('data', (chunk) => (output += chunk));
        processHandle.stderr.on('data', (chunk) => (output += chunk));
        processHandle.on('error', reject);
        processHandle.on('close', (code) =>
          code === 0 ? resolve(output) : reject(new Error(`child ${tag} exited ${code}: ${output}`)),
        );
      });
    const outputs = await Promise.all([run('a'), run('b')]);
    expect(outputs).toEqual(['done\n', 'done\n']);
    const allow: string[] = JSON.parse(readFileSync(file, 'utf8')).permissions.allow;
    const expected = ['a', 'b'].flatMap((tag) =>
      Array.from({ length: count }, (_, index) => `Bash(echo ${tag}-${index})`),
    );
    expect([...allow].sort()).toEqual([...expected].sort());
    expect(readdirSync(cwd)).toEqual(['shared.json']);
  }, 60_000);
});
