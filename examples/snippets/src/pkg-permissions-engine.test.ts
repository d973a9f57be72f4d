import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';

// The snippet reads the settings of process.cwd() and the home directory and writes the
// local layer: point both at a temporary directory.
const dir = mkdtempSync(path.join(os.tmpdir(), 'dexter-readme-permissions-'));
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

it('decides, proposes a rule and persists it as the README says', async () => {
  vi.spyOn(process, 'cwd').mockReturnValue(dir);
  vi.spyOn(os, 'homedir').mockReturnValue(path.join(dir, 'home'));
  const { engine } = await import('./pkg-permissions-engine');
  vi.restoreAllMocks();

  const local = JSON.parse(readFileSync(path.join(dir, '.dexter', 'settings.local.json'), 'utf8'));
  expect(local.permissions.allow).toEqual(['Bash(git status:*)']);

  // Before the rule was persisted the decision was the one the README shows:
  const before = (await import('@dexter/permissions')).createPermissionEngine({
    rules: { deny: ['Bash(rm:*)'] },
  });
  const decision = before.decide({ tool: 'bash', input: { command: 'git status -s' }, cwd: '/repo' });
  expect(decision).toMatchObject({
    behavior: 'ask',
    classification: 'read-only',
    proposedRules: ['Bash(git status:*)'],
    sessionKey: 'bash:/repo\u0000git status -s',
    cacheable: true,
  });
  expect(decision.reason).toMatch(/^No rule allows this command/);

  // After it, the engine allows the command and still denies rm.
  expect(engine.decide({ tool: 'bash', input: { command: 'git status -s' }, cwd: '/repo' }).behavior).toBe(
    'allow',
  );
  expect(engine.decide({ tool: 'bash', input: { command: 'rm -rf x' }, cwd: '/repo' }).behavior).toBe('deny');
});
