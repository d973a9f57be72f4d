import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPermissionEngine } from '@dexter/permissions';
import { afterAll, describe, expect, it } from 'vitest';
import { runtimeConfigOf, sandboxPolicyFromEngine } from './sandbox-policy';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'dexter-sandbox-policy-')));
const home = path.join(root, 'home');
const project = path.join(root, 'project');
const outside = path.join(root, 'outside');
for (const dir of [
  home,
  project,
  outside,
  path.join(home, '.ssh'),
  path.join(home, '.acme'),
  path.join(project, 'config'),
]) {
  mkdirSync(dir, { recursive: true });
}
writeFileSync(path.join(home, '.ssh', 'id_rsa'), 'FAKE KEY\n');
mkdirSync(path.join(project, '.git', 'hooks'), { recursive: true });
mkdirSync(path.join(project, 'tools', 'sub', '.vscode'), { recursive: true });
writeFileSync(path.join(home, '.acme', 'token'), 'FAKE TOKEN\n');
writeFileSync(path.join(home, 'notes.txt'), 'not a secret\n');
writeFileSync(path.join(project, '.env'), 'API_KEY=fake\n');
writeFileSync(path.join(project, '.env.example'), 'API_KEY=\n');
writeFileSync(path.join(project, 'config', 'prod.yml'), 'password: fake\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sandboxPolicyFromEngine', () => {
  const engine = createPermissionEngine({
    homeDir: home,
    secretPaths: ['~/.acme/**', 'config/prod.yml'],
    rules: {
      allow: [
        'WebFetch(domain:docs.python.org)',
        'WebFetch(domain:127.0.0.1)',
        `Write(${outside}/**)`,
        'Write(~/*.md)',
      ],
      deny: ['WebFetch(domain:evil.example)'],
    },
  });
  const policy = sandboxPolicyFromEngine(engine, { cwd: project });

  it('makes the secret model’s locations unreadable: catalogue, home-relative and settings secretPaths', () => {
    expect(policy.denyRead).toEqual(
      expect.arrayContaining([
        path.join(home, '.ssh'),
        path.join(home, '.acme'),
        path.join(project, '.env'),
        path.join(project, 'config', 'prod.yml'),
      ]),
    );
    expect(policy.denyRead).not.toContain(path.join(project, '.env.example'));
    expect(policy.denyRead).not.toContain(path.join(home, 'notes.txt'));
  });

  it('writes only to the project and the trees Write(...) allow rules name, protected paths read-only', () => {
    expect(policy.allowWrite).toEqual([project, outside]);
    expect(policy.notes.join('\n')).toMatch(/Write\(~\/\*\.md\) names files by pattern/);
    expect(policy.denyWrite).toEqual(
      expect.arrayContaining([
        path.join(project, '.dexter', 'settings.json'),
        path.join(project, '.dexter', 'settings.local.json'),
      ]),
    );
    expect(policy.denyWrite).not.toContain(path.join(home, '.dexter', 'settings.json'));
    // Persistence rows of the engine's protected-path model, at the top and at any depth.
    expect(policy.denyWrite).toEqual(
      expect.arrayContaining([
        path.join(project, '.git', 'hooks'),
        path.join(project, '.bashrc'),
        path.join(project, 'tools', 'sub', '.vscode'),
      ]),
    );
    // A row whose directory does not exist is not bound (that would create it read-only).
    expect(policy.denyWrite).not.toContain(path.join(project, 'node_modules', '.bin'));
  });

  it('reaches the domains of WebFetch allow rules (subdomains too, an IP literal alone) and refuses deny rules', () => {
    expect(policy.allowedDomains).toEqual(['docs.python.org', '*.docs.python.org', '127.0.0.1']);
    expect(policy.deniedDomains).toEqual(['evil.example', '*.evil.example']);
    const everything = createPermissionEngine({ homeDir: home, rules: { deny: ['WebFetch'] } });
    expect(sandboxPolicyFromEngine(everything, { cwd: project }).deniedDomains).toEqual(['*']);
  });

  it('follows the engine: a rule added after "always" widens the next policy', async () => {
    const live = createPermissionEngine({ homeDir: home });
    expect(sandboxPolicyFromEngine(live, { cwd: project }).allowedDomains).toEqual([]);
    await live.persistAllowRule('WebFetch(domain:registry.npmjs.org)');
    expect(sandboxPolicyFromEngine(live, { cwd: project }).allowedDomains).toContain('registry.npmjs.org');
  });

  it('gives the runtime literal paths, not globs', () => {
    const config = runtimeConfigOf(policy);
    expect(config.filesystem.allowWrite[0]).toEqual({ path: project, literal: true });
    expect(config.network.allowedDomains).toEqual([...policy.allowedDomains]);
  });
});
