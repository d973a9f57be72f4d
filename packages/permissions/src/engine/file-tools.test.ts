/**
 * File tools meet the same secret floor as bash, and `Read(…)` / `Write(…)` / `Edit(…)` rules
 * match any tool by the file access its subject declares.
 */
import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../decision';
import { compileRuleSet } from '../rules/compile-rule-set';
import { loadSettingsObject } from '../store/settings-object';
import { createPermissionEngine } from './create-permission-engine';
import { evaluateTool } from './evaluate-tool';

const homeDir = '/home/u';
const read = (tool: string, path: string, cwd = '/repo', recursive?: boolean): PermissionRequest => ({
  tool,
  input: { path },
  cwd,
  subject: { kind: 'file', access: 'read', path, ...(recursive === undefined ? {} : { recursive }) },
});
const write = (tool: string, path: string, cwd = '/repo'): PermissionRequest => ({
  tool,
  input: { path },
  cwd,
  subject: { kind: 'file', access: 'write', path },
});

describe('the floor on file tools', () => {
  const engine = createPermissionEngine({
    homeDir,
    rules: { allow: ['ReadFile', 'Read(**)', 'Read(/**)', 'View', 'mcp__fs', 'EditFile', 'SearchFiles'] },
  });

  it.each([
    read('read_file', '.env'),
    read('read_file', './config/../.env.local'),
    read('view', '/home/u/.aws/credentials'),
    read('view', '~/.aws/credentials'),
    read('read_file', 'credentials', '/home/u/.aws'),
    read('read_file', 'config', '/home/u/.kube'),
    read('mcp__fs__read_text_file', '/home/u/.codex/auth.json'),
    read('mcp__fs__read_text_file', '/root/.claude/.credentials.json'),
    read('mcp__fs__read_media_file', '/HOME/U/.SSH/ID_ED25519'),
    read('read_file', '/home/u/.bash_history'),
    read('read_file', '../.npmrc', '/home/u/project'),
    read('search_files', '/home/u/.config', '/repo', true),
    read('search_files', '~', '/repo', true),
    read('search_files', '.', '/home/u', true),
    { tool: 'read_file', input: { path: '.env' }, cwd: '/repo' },
    { tool: 'edit_file', input: { file_path: '/repo/.env' }, cwd: '/repo' },
    write('edit_file', '.env'),
    // A file tool's subject does not say whether it lists or reads: a secret directory is denied.
    read('list_directory', '/home/u/.ssh'),
  ])('denies $tool on $input.path', (request) => {
    const decision = engine.decide(request);
    expect(decision.behavior, decision.reason).toBe('deny');
    expect(decision.matchedRule).toBe('builtin:secret-read');
  });

  it.each([
    read('read_file', '.env.example'),
    read('read_file', 'src/credentials.ts'),
    read('view', '/home/u/.ssh/id_ed25519.pub'),
    read('search_files', 'src', '/repo', true),
    read('list_directory', '/home/u/project'),
  ])('leaves $tool on $input.path to the rules', (request) => {
    expect(engine.decide(request).behavior).toBe('allow');
  });

  it('a write alone is left to the rules (as `cp x .env` is in bash)', () => {
    expect(engine.decide(write('write_file', '.env')).behavior).toBe('ask');
  });

  it('with no permissions configured at all, a read of .env is denied', () => {
    expect(createPermissionEngine().decide(read('read_file', '.env')).behavior).toBe('deny');
  });

  it('evaluateTool called with no models has the built-in floor, as evaluateBash has', () => {
    const everything = compileRuleSet({ allow: ['Read(**)', 'Write(**)', 'mcp__fs'] });
    const decide = (request: PermissionRequest) => evaluateTool(request, everything, { cwd: '/repo' });
    expect(decide(read('Read', '.env')).behavior).toBe('deny');
    expect(decide(write('Write', '.claude/settings.json')).behavior).toBe('deny');
    expect(decide({ tool: 'mcp__fs__read', input: { path: '.env' }, cwd: '/repo' }).behavior).toBe('deny');
    expect(decide(read('Read', 'src/a.ts')).behavior).toBe('allow');
  });
});

describe('Read, Write and Edit rules match by file access', () => {
  const engine = createPermissionEngine({
    homeDir,
    rules: {
      allow: ['Read(src/**)', 'Write(out/**)', 'Edit(docs/**)', 'WriteFile(gen/**)'],
      deny: ['Read(private/**)'],
    },
  });

  it('covers any tool whose subject is a file with that access', () => {
    expect(engine.decide(read('read_file', 'src/a.ts')).behavior).toBe('allow');
    expect(engine.decide(read('view', 'src/a.ts')).matchedRule).toBe('Read(src/**)');
    expect(engine.decide(read('mcp__fs__read_text_file', '/repo/src/a.ts')).behavior).toBe('allow');
    expect(engine.decide(write('write_file', 'out/x.json')).behavior).toBe('allow');
    expect(engine.decide(write('mcp__fs__write_file', 'docs/a.md')).behavior).toBe('allow');
    expect(engine.decide(read('mcp__fs__read_text_file', 'private/x')).behavior).toBe('deny');
  });

  it('keeps access apart, and tool-name rules working', () => {
    expect(engine.decide(write('write_file', 'src/a.ts')).behavior).toBe('ask');
    expect(engine.decide(read('read_file', 'out/x.json')).behavior).toBe('ask');
    expect(engine.decide(write('write_file', 'gen/a.ts')).matchedRule).toBe('WriteFile(gen/**)');
    expect(engine.decide(write('edit_file', 'gen/a.ts')).behavior).toBe('ask');
  });

  it('never lets a rule past the floor', () => {
    const open = createPermissionEngine({
      homeDir,
      rules: { allow: ['Read(**)', 'Read(/**)', 'Read(~/**)'] },
    });
    expect(open.decide(read('read_file', '.env')).behavior).toBe('deny');
    expect(open.decide(read('read_file', '~/.config/gh/hosts.yml')).behavior).toBe('deny');
  });
});

describe('the project root is inside the project', () => {
  const engine = createPermissionEngine({ homeDir, rules: { allow: ['Read(**)'] } });

  it('Read(**) covers the root itself, however it is named', () => {
    for (const path of ['.', './', '/repo', 'src/..']) {
      expect(engine.decide(read('list_directory', path)).behavior, path).toBe('allow');
    }
    expect(engine.decide(read('list_directory', '..')).behavior).toBe('ask');
    expect(engine.decide(read('list_directory', '/')).behavior).toBe('ask');
  });

  it('a narrower glob does not reach the root, and the root is proposed by its absolute path', () => {
    const narrow = createPermissionEngine({ homeDir, rules: { allow: ['Read(src/**)', 'Read(*.md)'] } });
    const decision = narrow.decide(read('list_directory', '.'));
    expect(decision.behavior).toBe('ask');
    expect(decision.proposedRules).toEqual(['list_directory(/repo)']);
    const always = createPermissionEngine({ homeDir, rules: { allow: decision.proposedRules ?? [] } });
    expect(always.decide(read('list_directory', '.')).behavior).toBe('allow');
  });
});

describe('locations the host adds', () => {
  it('from the engine options and from permissions.secretPaths, for bash and file tools alike', () => {
    const store = {
      load: () => loadSettingsObject({ permissions: { secretPaths: ['config/production.yml'] } }),
      addRule: async () => {},
    };
    const engine = createPermissionEngine({
      homeDir,
      secretPaths: ['~/work/keys/**'],
      store,
      rules: { allow: ['Read(**)', 'Read(/**)', 'Bash(cat:*)'] },
    });
    expect(engine.decide(read('read_file', 'config/production.yml')).behavior).toBe('deny');
    expect(engine.decide(read('read_file', '/home/u/work/keys/a.txt')).behavior).toBe('deny');
    expect(engine.decide(read('read_file', 'config/staging.yml')).behavior).toBe('allow');
    const bash = (command: string, cwd = '/repo') => engine.decide({ tool: 'bash', input: { command }, cwd });
    expect(bash('cat config/production.yml').behavior).toBe('deny');
    expect(bash('cat production.yml', '/repo/config').behavior).toBe('deny');
    expect(bash('cat ~/work/keys/a.txt').behavior).toBe('deny');
    expect(bash('cat config/staging.yml').behavior).toBe('allow');
    // Built-in locations stay.
    expect(bash('cat .env').behavior).toBe('deny');
  });

  it('rejects entries that are not path globs', () => {
    const loaded = loadSettingsObject({ permissions: { secretPaths: ['ok.yml', 3, ''] } });
    expect(loaded.errors.length).toBe(2);
    expect(loaded.secretPaths).toEqual(['ok.yml']);
  });
});
