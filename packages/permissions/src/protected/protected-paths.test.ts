import { describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../engine/create-permission-engine';
import { evaluateTool } from '../engine/evaluate-tool';
import { compileRuleSet } from '../rules/compile-rule-set';
import { createSecretModel } from '../secrets/secret-model';
import { PROTECTED_CATALOGUE } from './protected-catalogue';
import { createProtectedPathModel, listProtectedPaths } from './protected-paths';

const home = '/home/u';
const model = createProtectedPathModel({ homeDir: home });

describe('the protected-path model', () => {
  it.each([
    ['/repo/.claude/settings.json', 'policy'],
    ['/repo/.claude/settings.local.json', 'policy'],
    ['/home/u/.claude/settings.json', 'policy'],
    ['/home/u/.CLAUDE/Settings.json', 'policy'],
    ['/repo/sub/../.gemini/settings.json', 'policy'],
    ['/home/u/.gemini/settings.json', 'policy'],
    ['/repo/.dexter/settings.json', 'policy'],
    ['/home/u/.dexter/settings.json', 'policy'],
    ['/repo/.dexter/settings.local.json', 'policy'],
    ['/etc/claude-code/managed-settings.json', 'policy'],
    ['/Library/Application Support/ClaudeCode/managed-settings.json', 'policy'],
    ['/etc/gemini-cli/settings.json', 'policy'],
    ['/home/u/.claude.json', 'policy'],
    ['/repo/.git/hooks/pre-commit', 'persistence'],
    ['/repo/.git/hooks', 'persistence'],
    ['/repo/vendor/lib/.git/config', 'persistence'],
    ['/home/u/.bashrc', 'persistence'],
    ['/root/.zshrc', 'persistence'],
    ['/home/other/.profile', 'persistence'],
    ['/home/u/.ssh/authorized_keys', 'persistence'],
    ['/home/u/.ssh/config', 'persistence'],
    ['/var/spool/cron/crontabs/root', 'persistence'],
    ['/etc/cron.d/job', 'persistence'],
    ['/home/u/.config/systemd/user/x.service', 'persistence'],
    ['/etc/systemd/system/x.service', 'persistence'],
    ['/home/u/Library/LaunchAgents/x.plist', 'persistence'],
    ['/repo/.envrc', 'persistence'],
    ['/repo/.vscode/tasks.json', 'persistence'],
    ['/repo/.mcp.json', 'persistence'],
    ['/repo/.npmrc', 'persistence'],
    ['/home/u/.local/bin/ls', 'persistence'],
    ['/repo/node_modules/.bin/tsc', 'persistence'],
    ['/repo/.husky/pre-push', 'persistence'],
  ])('%s is %s', (file, expected) => {
    expect(model.classify(file)).toBe(expected);
  });

  it.each([
    '/repo/src/index.ts',
    '/repo/.claude/notes.md',
    '/repo/.git/HEAD',
    '/repo/.git/objects/ab/cdef',
    '/repo/docs/settings.json',
    '/repo/.github/workflows/ci.yml',
    '/repo/.gitignore',
    '/repo/bashrc.md',
    '/repo/.ssh-notes/config',
    '/home/u/.ssh/id_ed25519.pub',
  ])('%s is not protected', (file) => {
    expect(model.classify(file)).toBeUndefined();
  });

  it('counts the directory holding a policy file as that file when it is moved or removed', () => {
    expect(model.classifyRemoval('/repo/.claude')).toBe('policy');
    expect(model.classifyRemoval('/home/u/.gemini')).toBe('policy');
    expect(model.classifyRemoval('/etc/claude-code')).toBe('policy');
    expect(model.classify('/repo/.claude')).toBeUndefined();
    expect(model.classifyRemoval('/repo/src')).toBeUndefined();
    expect(model.classifyRemoval('/home/u/projects/app')).toBeUndefined();
    expect(model.classifyRemoval('/tmp/scratch')).toBeUndefined();
  });

  it('knows the directories above policy files where hosts read them', () => {
    // Homes (any user's: `~/.claude/settings.json`), the root, /etc (`/etc/claude-code/…`).
    for (const dir of ['/home/u', '/home/u/', '/home', '/root', '/home/other', '/', '/etc', '~'])
      expect(model.removesPolicyBelow(dir, []), dir).toBe(true);
    for (const dir of ['/root/.npm', '/home/u/.cache', '/tmp', '/repo/\\', '/usr/local'])
      expect(model.removesPolicyBelow(dir, []), dir).toBe(false);
    // The project, where `.dexter/settings.json` and `.claude/settings.json` are read, and above.
    expect(model.removesPolicyBelow('/repo', [])).toBe(false);
    expect(model.removesPolicyBelow('/repo', ['/repo'])).toBe(true);
    expect(model.removesPolicyBelow('/work', ['/work/repo'])).toBe(true);
    expect(model.removesPolicyBelow('/work/repo/src', ['/work/repo'])).toBe(false);
    expect(model.removesPolicyBelow('/work/repo2', ['/work/repo'])).toBe(false);
    // A settings file in use: the directories above its own.
    const withFile = createProtectedPathModel({
      homeDir: home,
      settingsFiles: ['/opt/agent/conf/rules.json'],
    });
    expect(withFile.removesPolicyBelow('/opt/agent', [])).toBe(true);
    expect(withFile.classifyRemoval('/opt/agent/conf')).toBe('policy');
  });

  it('makes every settings file in use a policy file, and its directory a holder', () => {
    const withFiles = createProtectedPathModel({
      homeDir: home,
      cwd: '/repo',
      settingsFiles: ['config/perm.json', '/etc/agent/rules.json'],
    });
    expect(withFiles.classify('/repo/config/perm.json')).toBe('policy');
    expect(withFiles.classify('/repo/config/./PERM.json')).toBe('policy');
    expect(withFiles.classify('/etc/agent/rules.json')).toBe('policy');
    expect(withFiles.classifyRemoval('/etc/agent')).toBe('policy');
    expect(withFiles.classifyRemoval('/repo/config')).toBe('policy');
    expect(withFiles.classifyRemoval('/repo/config/other')).toBeUndefined();
    expect(model.classify('/repo/config/perm.json')).toBeUndefined();
  });

  it('adds host locations as persistence paths and never removes a built-in one', () => {
    const added = createProtectedPathModel({ homeDir: home, extraPaths: ['deploy/hooks/**', '~/work/bin'] });
    expect(added.classify('/repo/deploy/hooks/post')).toBe('persistence');
    expect(added.classify('/home/u/work/bin/tool')).toBe('persistence');
    expect(added.classify('/repo/.claude/settings.json')).toBe('policy');
  });
});

describe('listProtectedPaths', () => {
  const list = listProtectedPaths({
    cwd: '/repo',
    home: '/home/u',
    settingsFiles: ['/etc/x/rules.json', 'r.json'],
  });

  it('lists absolute paths and globs for the context', () => {
    expect(list.policy).toContain('/repo/.claude/settings.json');
    expect(list.policy).toContain('/repo/**/.claude/settings.json');
    expect(list.policy).toContain('/home/u/.claude/settings.json');
    expect(list.policy).toContain('/home/u/.gemini/settings.json');
    expect(list.policy).toContain('/home/u/.dexter/settings.json');
    expect(list.policy).toContain('/etc/claude-code/managed-settings.json');
    expect(list.policy).toContain('/etc/x/rules.json');
    expect(list.policy).toContain('/repo/r.json');
    expect(list.persistence).toContain('/repo/.git/hooks');
    expect(list.persistence).toContain('/home/u/.bashrc');
    expect(list.persistence).toContain('/home/u/.ssh/authorized_keys');
    for (const entry of [...list.policy, ...list.persistence]) expect(entry.startsWith('/')).toBe(true);
  });

  it('lists every catalogue row, each path classified as its list says', () => {
    expect(list.policy.length + list.persistence.length).toBeGreaterThanOrEqual(PROTECTED_CATALOGUE.length);
    const classifier = createProtectedPathModel({
      homeDir: '/home/u',
      cwd: '/repo',
      settingsFiles: ['/etc/x/rules.json', 'r.json'],
    });
    for (const [name, entries] of [
      ['policy', list.policy],
      ['persistence', list.persistence],
    ] as const) {
      for (const entry of entries) {
        const concrete = entry.replace('/**/', '/a/b/');
        expect(classifier.classify(concrete) ?? classifier.classify(`${concrete}/x`), entry).toBe(name);
      }
    }
  });

  it('rejects a relative context', () => {
    expect(() => listProtectedPaths({ cwd: 'repo', home: '/home/u' })).toThrow(TypeError);
  });
});

describe('file tools write protected paths', () => {
  const secrets = createSecretModel({ homeDir: home });
  const options = { cwd: '/repo', homeDir: home, secrets, protectedPaths: model };
  const write = (file: string, tool = 'Write') => ({
    tool,
    input: {},
    subject: { kind: 'file' as const, access: 'write' as const, path: file },
  });
  const broad = compileRuleSet({ allow: ['Write(**)', 'Edit(**)', 'Write(/**)', 'Write(~/**)'] });

  it.each([
    '.claude/settings.json',
    '.claude/settings.local.json',
    '~/.claude/settings.json',
    '/home/u/.gemini/settings.json',
    '.gemini/settings.json',
    '.dexter/settings.json',
    '~/.dexter/settings.json',
    'sub/../.claude/settings.json',
    '.CLAUDE/settings.json',
    '/etc/claude-code/managed-settings.json',
  ])('denies writing the policy file %s whatever the rules', (file) => {
    const named = compileRuleSet({ allow: [`Write(${file})`, 'Write(**)'] });
    for (const rules of [broad, named]) {
      const decision = evaluateTool(write(file), rules, options);
      expect(decision.behavior).toBe('deny');
      expect(decision.matchedRule).toBe('builtin:protected-write');
    }
    expect(evaluateTool(write(file, 'NotebookEdit'), broad, options).behavior).toBe('deny');
  });

  it.each([
    '.git/hooks/pre-commit',
    '.git/config',
    '~/.bashrc',
    '~/.ssh/authorized_keys',
    '.envrc',
    '.vscode/tasks.json',
    '.mcp.json',
    '.npmrc',
    '~/.config/systemd/user/evil.service',
  ])('asks before writing the persistence path %s under broad rules', (file) => {
    const decision = evaluateTool(write(file), broad, options);
    expect(decision.behavior).toBe('ask');
    expect(decision.cacheable).toBe(false);
    expect(evaluateTool(write(file), broad, { ...options, defaultMode: 'deny' }).behavior).toBe('deny');
  });

  it.each(['/repo', '.', '/home/u', '/'])(
    'asks before a tool changes %s, a directory above policy files, under broad rules',
    (file) => {
      const decision = evaluateTool(write(file), broad, options);
      expect(decision.behavior).toBe('ask');
      expect(decision.reason).toContain('holds permission policy further down');
    },
  );

  it('a guessed path (an unmapped MCP tool) counts only the policy files and their directories', () => {
    const rules = compileRuleSet({ allow: ['mcp__search__find'] });
    const call = (path: string) => ({ tool: 'mcp__search__find', input: { path } });
    expect(evaluateTool(call('.'), rules, options).behavior).toBe('allow');
    expect(evaluateTool(call('.claude'), rules, options).matchedRule).toBe('builtin:protected-write');
  });

  it('allows a persistence path only by a rule that names it', () => {
    const named = compileRuleSet({ allow: ['Write(.git/hooks/pre-commit)'] });
    expect(evaluateTool(write('.git/hooks/pre-commit'), named, options).behavior).toBe('allow');
    expect(evaluateTool(write('.git/hooks/pre-push'), named, options).behavior).toBe('ask');
    const globbed = compileRuleSet({ allow: ['Write(.git/hooks/*)'] });
    expect(evaluateTool(write('.git/hooks/pre-commit'), globbed, options).behavior).toBe('ask');
  });

  it('keeps reading these files allowed, and benign writes allowed', () => {
    const reads = compileRuleSet({ allow: ['Read(**)', 'Write(**)'] });
    const read = (file: string) => ({
      tool: 'Read',
      input: {},
      subject: { kind: 'file' as const, access: 'read' as const, path: file },
    });
    expect(evaluateTool(read('.claude/settings.json'), reads, options).behavior).toBe('allow');
    expect(evaluateTool(read('.git/config'), reads, options).behavior).toBe('allow');
    expect(evaluateTool(write('src/index.ts'), reads, options).behavior).toBe('allow');
    expect(evaluateTool(write('docs/settings.json'), reads, options).behavior).toBe('allow');
    expect(evaluateTool(write('.claude/notes.md'), reads, options).behavior).toBe('allow');
  });

  it('protects the engine’s own layers and a settings file in use', () => {
    const engine = createPermissionEngine({
      homeDir: home,
      cwd: '/repo',
      rules: { allow: ['Write(**)', 'Write(/**)'] },
      settingsFiles: ['/opt/policy/agent.json'],
    });
    const decide = (file: string) => engine.decide({ ...write(file), cwd: '/repo' }).behavior;
    expect(decide('/opt/policy/agent.json')).toBe('deny');
    expect(decide('.claude/settings.json')).toBe('deny');
    expect(decide('src/a.ts')).toBe('allow');
  });
});

describe('the engine’s own store', () => {
  it('protects every layer it reads, and fails closed when one is damaged or emptied', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { createRuleStore } = await import('../store/rule-store');
    const dir = mkdtempSync(`${tmpdir()}/dexter-protected-`);
    try {
      const file = `${dir}/rules/agent.json`;
      const { mkdirSync } = await import('node:fs');
      mkdirSync(`${dir}/rules`);
      writeFileSync(
        file,
        JSON.stringify({ permissions: { allow: ['Write(**)', 'Bash(cp:*)'], deny: ['WebFetch'] } }),
      );
      const store = createRuleStore({ layers: [{ name: 'custom', file }] });
      const engine = createPermissionEngine({ store, homeDir: home, cwd: dir });
      const write = (path: string) =>
        engine.decide({
          tool: 'Write',
          input: {},
          cwd: dir,
          subject: { kind: 'file', access: 'write', path },
        });
      expect(write('rules/agent.json').behavior).toBe('deny');
      expect(write('notes.md').behavior).toBe('allow');
      expect(
        engine.decide({ tool: 'bash', input: { command: `cp /tmp/x ${file}` }, cwd: dir }).behavior,
      ).toBe('deny');
      const fetch = {
        tool: 'WebFetch',
        input: { url: 'https://example.com/' },
        defaultBehavior: 'allow' as const,
      };
      expect(engine.decide(fetch).behavior).toBe('deny');
      // Emptied by someone else: reported, and nothing that layer could have denied is allowed.
      writeFileSync(file, '');
      engine.reload();
      expect(engine.loadErrors.length).toBeGreaterThan(0);
      expect(engine.decide(fetch).behavior).toBe('ask');
      expect(write('notes.md').behavior).toBe('ask');
      expect(write('rules/agent.json').behavior).toBe('deny');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
