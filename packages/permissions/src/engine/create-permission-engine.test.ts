import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeCommand } from '../shell';
import { createRuleStore } from '../store/rule-store';
import { createPermissionEngine } from './create-permission-engine';

function project(settings?: string) {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'dexter-engine-'));
  const homeDir = mkdtempSync(path.join(os.tmpdir(), 'dexter-home-'));
  const file = path.join(cwd, '.dexter/settings.local.json');
  if (settings !== undefined) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, settings);
  }
  return { cwd, homeDir, file, store: createRuleStore({ cwd, homeDir }) };
}

describe('createPermissionEngine', () => {
  it('decides bash calls by tool name or by shell subject', () => {
    const engine = createPermissionEngine({ rules: { allow: ['Bash(git status:*)'] }, cwd: '/repo' });
    expect(engine.decide({ tool: 'bash', input: { command: 'git status' } })).toMatchObject({
      behavior: 'allow',
      sessionKey: 'bash:/repo\u0000git status',
    });
    expect(
      engine.decide({
        tool: 'run_in_terminal',
        input: {},
        subject: { kind: 'shell', command: 'git status', cwd: '/w' },
      }),
    ).toMatchObject({ behavior: 'allow', sessionKey: 'bash:/w\u0000git status' });
    expect(engine.decide({ tool: 'Shell', input: { command: 'rm x' } }).behavior).toBe('ask');
  });

  it('applies tool-level deny and ask rules that name a differently named shell tool', () => {
    const subject = { kind: 'shell' as const, command: 'git status' };
    const denied = createPermissionEngine({
      rules: { allow: ['Bash(git status:*)'], deny: ['RunTerminalCmd'] },
    });
    expect(denied.decide({ tool: 'run_terminal_cmd', input: {}, subject })).toMatchObject({
      behavior: 'deny',
      matchedRule: 'RunTerminalCmd',
    });
    const asked = createPermissionEngine({
      rules: { allow: ['Bash(git status:*)'], ask: ['run_terminal_cmd'] },
    });
    expect(asked.decide({ tool: 'run_terminal_cmd', input: {}, subject }).behavior).toBe('ask');
    expect(asked.decide({ tool: 'bash', input: { command: 'git status' } }).behavior).toBe('allow');
  });

  it('denies a bash call whose input it cannot read', () => {
    const engine = createPermissionEngine({ rules: { allow: ['Bash'] } });
    for (const input of [{}, { command: 42 }, null, 'ls', { cmd: 'ls' }]) {
      const decision = engine.decide({ tool: 'bash', input });
      expect(decision.behavior).toBe('deny');
      expect(decision.reason).toContain('no readable command');
      expect(decision.cacheable).toBe(false);
    }
  });

  it('turns a request it cannot even read into a denial instead of throwing', () => {
    const engine = createPermissionEngine({ rules: { allow: ['Bash'] } });
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(engine.decide(hostile as never)).toMatchObject({ behavior: 'deny', cacheable: false });
    expect(engine.decide(null as never).behavior).toBe('deny');
  });

  it('keys bash by cwd and normalized command', () => {
    const engine = createPermissionEngine();
    const a = engine.decide({ tool: 'bash', input: { command: '  make build\n' }, cwd: '/a' });
    const b = engine.decide({ tool: 'bash', input: { command: 'make build' }, cwd: '/a' });
    const c = engine.decide({ tool: 'bash', input: { command: 'make build' }, cwd: '/b' });
    const d = engine.decide({ tool: 'bash', input: { command: 'make  build' }, cwd: '/a' });
    expect(a.sessionKey).toBe(b.sessionKey);
    expect(a.sessionKey).not.toBe(c.sessionKey);
    expect(d.sessionKey).toBe(`bash:/a\u0000${normalizeCommand('make  build')}`);
    const e = engine.decide({ tool: 'bash', input: { command: 'make test' }, cwd: '/a' });
    expect(e.sessionKey).not.toBe(b.sessionKey);
  });

  it('matches tool rules by normalized name and path globs relative to cwd', () => {
    const engine = createPermissionEngine({
      rules: { allow: ['WriteFile(src/**)', 'WebFetch'], deny: ['write_file(**/.env)', 'ReadFile(/etc/**)'] },
      cwd: '/repo',
    });
    const write = (file: string) =>
      engine.decide({
        tool: 'write_file',
        input: {},
        subject: { kind: 'file', access: 'write', path: file },
      });
    expect(write('src/a/b.ts')).toMatchObject({
      behavior: 'allow',
      matchedRule: 'WriteFile(src/**)',
      sessionKey: 'file-write',
    });
    expect(write('/repo/src/x.ts').behavior).toBe('allow');
    expect(write('src/../lib/x.ts').behavior).toBe('ask');
    expect(write('../other/src/x.ts').behavior).toBe('ask');
    expect(write('src/.env')).toMatchObject({ behavior: 'deny', cacheable: false });
    expect(write('lib/x.ts').proposedRules).toEqual(['write_file(lib/x.ts)']);
    expect(write('x.ts').proposedRules).toEqual(['write_file(./x.ts)']);
    expect(engine.decide({ tool: 'web_fetch', input: { url: 'https://x.test/' } })).toMatchObject({
      behavior: 'allow',
      sessionKey: 'tool:webfetch\u0000x.test',
    });
    expect(
      engine.decide({
        tool: 'read_file',
        input: {},
        subject: { kind: 'file', access: 'read', path: '/etc/passwd' },
      }).behavior,
    ).toBe('deny');
    expect(engine.decide({ tool: 'edit_file', input: {} }).sessionKey).toBe('file-write');
  });

  it('uses the tool default for tools no rule names', () => {
    const engine = createPermissionEngine({ defaultMode: 'deny' });
    expect(engine.decide({ tool: 'search', input: {}, defaultBehavior: 'allow' }).behavior).toBe('allow');
    expect(engine.decide({ tool: 'send_mail', input: {} }).behavior).toBe('deny');
    expect(createPermissionEngine().decide({ tool: 'send_mail', input: {} }).behavior).toBe('ask');
  });

  it('reads settings from the store and persists "always allow" rules', async () => {
    const { store, file } = project('{"permissions": {"deny": ["Bash(rm:*)"]}}');
    const engine = createPermissionEngine({ store });
    expect(engine.loadErrors).toEqual([]);
    expect(engine.decide({ tool: 'bash', input: { command: 'npm test' } }).behavior).toBe('ask');
    await engine.persistAllowRule('Bash(npm  test:*)');
    expect(engine.decide({ tool: 'bash', input: { command: 'npm test -- -u' } }).behavior).toBe('allow');
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions).toEqual({
      deny: ['Bash(rm:*)'],
      allow: ['Bash(npm test:*)'],
    });
  });

  it('fails closed on a corrupted settings file: no allow rules at all, deny still applies, file untouched', async () => {
    const corrupt = '{"permissions": {"allow": ["Bash(ls:*)"], "deny": ["Bash(rm:*)"],}';
    const { store, file } = project(corrupt);
    const engine = createPermissionEngine({
      store,
      rules: { allow: ['Bash(git status:*)'] },
      readOnlyAutoAllow: true,
    });
    expect(engine.loadErrors).toHaveLength(1);
    expect(engine.loadErrors[0]).toMatchObject({ code: 'settings_invalid_json', file, line: 1 });
    expect(engine.rules.allow).toEqual([]);
    expect(engine.decide({ tool: 'bash', input: { command: 'git status' } }).behavior).toBe('ask');
    expect(engine.decide({ tool: 'bash', input: { command: 'ls' } }).behavior).toBe('ask');
    await expect(engine.persistAllowRule('Bash(ls:*)')).rejects.toMatchObject({
      code: 'settings_invalid_json',
    });
    expect(readFileSync(file, 'utf8')).toBe(corrupt);
  });

  it('keeps valid deny rules of a damaged file', () => {
    const { store } = project('{"permissions": {"allow": [1], "deny": ["Bash(rm:*)"]}}');
    const engine = createPermissionEngine({ store });
    expect(engine.loadErrors[0]!.code).toBe('settings_invalid_shape');
    expect(engine.decide({ tool: 'bash', input: { command: 'rm -rf x' } }).behavior).toBe('deny');
  });

  it('keeps "always" rules in memory when it has no store', async () => {
    const engine = createPermissionEngine();
    await engine.persistAllowRule('Bash(make:*)');
    expect(engine.decide({ tool: 'bash', input: { command: 'make all' } }).behavior).toBe('allow');
    await expect(engine.persistAllowRule('Bash(make')).rejects.toMatchObject({ code: 'rule_invalid' });
  });
});
