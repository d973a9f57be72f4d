import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { geminiFolderTrust } from './hook-trust';

const root = mkdtempSync(path.join(os.tmpdir(), 'dexter-trust-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function home(rules?: unknown, settings?: unknown): string {
  const dir = mkdtempSync(path.join(root, 'home-'));
  mkdirSync(path.join(dir, '.gemini'));
  if (rules !== undefined)
    writeFileSync(
      path.join(dir, '.gemini/trustedFolders.json'),
      typeof rules === 'string' ? rules : JSON.stringify(rules),
    );
  if (settings !== undefined)
    writeFileSync(path.join(dir, '.gemini/settings.json'), JSON.stringify(settings));
  return dir;
}

describe('geminiFolderTrust (the Gemini CLI 0.61.0 rules)', () => {
  const work = path.join(root, 'work');
  const project = path.join(work, 'app');
  mkdirSync(path.join(project, 'sub'), { recursive: true });

  it('is untrusted without a rule, a file, or with a file it cannot read', () => {
    expect(geminiFolderTrust(project, home(), {}).trusted).toBe(false);
    expect(geminiFolderTrust(project, home({}), {}).trusted).toBe(false);
    expect(geminiFolderTrust(project, home('{not json'), {}).trusted).toBe(false);
    expect(geminiFolderTrust(project, home({ [path.join(root, 'other')]: 'TRUST_FOLDER' }), {}).trusted).toBe(
      false,
    );
    // A sibling whose name starts the same is not inside.
    expect(geminiFolderTrust(`${project}-2`, home({ [project]: 'TRUST_FOLDER' }), {}).trusted).toBe(false);
  });

  it('follows TRUST_FOLDER, TRUST_PARENT and the longest rule', () => {
    expect(geminiFolderTrust(project, home({ [project]: 'TRUST_FOLDER' }), {}).trusted).toBe(true);
    expect(
      geminiFolderTrust(path.join(project, 'sub'), home({ [project]: 'TRUST_FOLDER' }), {}).trusted,
    ).toBe(true);
    // TRUST_PARENT on a folder trusts the folder above it, so its siblings too.
    expect(
      geminiFolderTrust(project, home({ [path.join(work, 'other-repo')]: 'TRUST_PARENT' }), {}).trusted,
    ).toBe(true);
    expect(
      geminiFolderTrust(project, home({ [work]: 'TRUST_FOLDER', [project]: 'DO_NOT_TRUST' }), {}),
    ).toMatchObject({
      trusted: false,
      why: expect.stringContaining('DO_NOT_TRUST'),
    });
    expect(
      geminiFolderTrust(project, home({ [work]: 'DO_NOT_TRUST', [project]: 'TRUST_FOLDER' }), {}).trusted,
    ).toBe(true);
    // Through a symlink to the project, as the CLI compares real paths.
    const link = path.join(root, 'link-to-app');
    symlinkSync(project, link);
    expect(geminiFolderTrust(link, home({ [project]: 'TRUST_FOLDER' }), {}).trusted).toBe(true);
  });

  it('reads the environment and the folder-trust switch', () => {
    expect(geminiFolderTrust(project, home(), { GEMINI_CLI_TRUST_WORKSPACE: 'true' }).trusted).toBe(true);
    expect(
      geminiFolderTrust(project, home({ [project]: 'TRUST_FOLDER' }), { GEMINI_CLI_TRUST_WORKSPACE: 'false' })
        .trusted,
    ).toBe(false);
    expect(
      geminiFolderTrust(project, home({ [project]: 'TRUST_FOLDER' }), { GEMINI_RESTRICTED_MODE: 'true' })
        .trusted,
    ).toBe(false);
    expect(
      geminiFolderTrust(project, home(undefined, { security: { folderTrust: { enabled: false } } }), {})
        .trusted,
    ).toBe(true);
    const elsewhere = path.join(home(), 'trust.json');
    writeFileSync(elsewhere, JSON.stringify({ [project]: 'TRUST_FOLDER' }));
    expect(geminiFolderTrust(project, home(), { GEMINI_CLI_TRUSTED_FOLDERS_PATH: elsewhere }).trusted).toBe(
      true,
    );
  });
});
