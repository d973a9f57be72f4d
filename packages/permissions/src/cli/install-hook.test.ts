import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliBinary, prepareCliBinary } from '../../test/cli-binary';
import { shellQuote } from './hook-hosts';
import type { CliIo } from './io';
import { runCli } from './run-cli';

// The real binary: install-hook runs the command it registers on a canary event.
let binary: CliBinary;
beforeAll(async () => {
  binary = await prepareCliBinary('dexter-install-build-');
}, 120_000);
afterAll(() => {
  if (binary?.buildDir) rmSync(binary.buildDir, { recursive: true, force: true });
});

async function run(argv: string[], cwd: string, homeDir: string, extra: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdin: Readable.from(['']),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    homeDir,
    program: { node: process.execPath, script: binary.file },
    env: { ...process.env, HOME: homeDir },
    ...extra,
  });
  return { code, stdout, stderr };
}

/** The command install-hook registers for the binary under test. */
function registered(agent: string): string {
  return `${shellQuote(process.execPath)} ${shellQuote(binary.file)} hook ${agent} || exit 2`;
}

function dirs() {
  return {
    cwd: mkdtempSync(path.join(os.tmpdir(), 'dexter-install-project-')),
    home: mkdtempSync(path.join(os.tmpdir(), 'dexter-install-home-')),
  };
}

/** Marks `folder` trusted in the Gemini CLI's trustedFolders.json under `home`. */
function trustFolder(home: string, folder: string) {
  mkdirSync(path.join(home, '.gemini'), { recursive: true });
  writeFileSync(path.join(home, '.gemini/trustedFolders.json'), JSON.stringify({ [folder]: 'TRUST_FOLDER' }));
}

const claudeEntry = () => ({
  matcher: '*',
  hooks: [{ type: 'command', command: registered('claude-code'), timeout: 30, onFailure: 'block' }],
});

describe('dexter-permissions install-hook', { timeout: 120_000 }, () => {
  it('prints the snippet and writes nothing without --write', async () => {
    const { cwd, home } = dirs();
    const result = await run(['install-hook', 'claude-code'], cwd, home);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ hooks: { PreToolUse: [claudeEntry()] } });
    expect(result.stderr).toContain(path.join(cwd, '.claude/settings.json'));
    expect(existsSync(path.join(cwd, '.claude'))).toBe(false);
    const gemini = await run(
      [
        'install-hook',
        'gemini-cli',
        '--user',
        '--bin',
        `${shellQuote(process.execPath)} ${shellQuote(binary.file)}`,
      ],
      cwd,
      home,
    );
    expect(JSON.parse(gemini.stdout)).toEqual({
      hooks: {
        BeforeTool: [
          {
            matcher: '.*',
            hooks: [
              {
                type: 'command',
                name: 'dexter-permissions',
                command: registered('gemini-cli'),
                timeout: 30000,
              },
            ],
          },
        ],
      },
    });
    expect(gemini.stderr).toContain(path.join(home, '.gemini/settings.json'));
  });

  it('creates the settings file when there is none', async () => {
    const { cwd, home } = dirs();
    const result = await run(['install-hook', 'gemini-cli', '--user', '--write'], cwd, home);
    expect(result.code).toBe(0);
    const written = JSON.parse(readFileSync(path.join(home, '.gemini/settings.json'), 'utf8'));
    expect(written.hooks.BeforeTool[0].hooks[0].command).toBe(registered('gemini-cli'));
    expect(readdirSync(path.join(home, '.gemini'))).toEqual(['settings.json']);
  });

  it('merges beside other hooks and settings, keeps a backup, and does not add itself twice', async () => {
    const { cwd, home } = dirs();
    const file = path.join(cwd, '.claude/settings.json');
    mkdirSync(path.dirname(file));
    const original = `${JSON.stringify(
      {
        model: 'opus',
        permissions: { allow: ['Bash(npm test)'] },
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './audit.sh' }] }],
          PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'prettier --write' }] }],
        },
      },
      null,
      4,
    )}\n`;
    writeFileSync(file, original);
    const result = await run(['install-hook', 'claude-code', '--project', '--write'], cwd, home);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${file}.bak`);
    const merged = JSON.parse(readFileSync(file, 'utf8'));
    const before = JSON.parse(original);
    expect(merged).toEqual({
      ...before,
      hooks: { ...before.hooks, PreToolUse: [...before.hooks.PreToolUse, claudeEntry()] },
    });
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(original);

    const again = await run(['install-hook', 'claude-code', '--write'], cwd, home);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already registered');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(merged);
    expect(readdirSync(path.dirname(file)).sort()).toEqual(['settings.json', 'settings.json.bak']);
  });

  it('reports a damaged settings file and leaves it byte for byte', async () => {
    const { cwd, home } = dirs();
    const file = path.join(cwd, '.claude/settings.local.json');
    mkdirSync(path.dirname(file));
    for (const damaged of [
      '{"hooks": {"PreToolUse": [',
      '{"hooks": {"PreToolUse": {"matcher": "*"}}}',
      '[1, 2]',
    ]) {
      writeFileSync(file, damaged);
      const result = await run(['install-hook', 'claude-code', '--local', '--write'], cwd, home);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/not valid JSON|is not a list|not hold a JSON object/);
      expect(result.stderr).toContain('left untouched');
      expect(readFileSync(file, 'utf8')).toBe(damaged);
      expect(readdirSync(path.dirname(file))).toEqual(['settings.local.json']);
    }
  });

  it('rejects unknown agents, scopes and options', async () => {
    const { cwd, home } = dirs();
    expect((await run(['install-hook'], cwd, home)).code).toBe(2);
    expect((await run(['install-hook', 'codex'], cwd, home)).code).toBe(2);
    expect((await run(['install-hook', 'gemini-cli', '--local'], cwd, home)).stderr).toContain('no --local');
    expect((await run(['install-hook', 'claude-code', '--force'], cwd, home)).stderr).toContain(
      'unknown option',
    );
  });
});

describe('install-hook refuses a hook that would not guard', { timeout: 120_000 }, () => {
  it('writes nothing when the command cannot run (a wrong --bin, a bare name off the agent PATH)', async () => {
    const { cwd, home } = dirs();
    for (const bin of [
      '/nonexistent/dexter-permissions',
      `${shellQuote(process.execPath)} /nonexistent/cli.js`,
      'false',
    ]) {
      const result = await run(['install-hook', 'claude-code', '--write', '--bin', bin], cwd, home);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('does not guard');
      expect(existsSync(path.join(cwd, '.claude'))).toBe(false);
    }
    // A program found only through node_modules/.bin (as under npx) is not on the agent's PATH.
    const bin = mkdtempSync(path.join(os.tmpdir(), 'dexter-install-bin-'));
    const shim = path.join(bin, 'node_modules/.bin');
    mkdirSync(shim, { recursive: true });
    writeFileSync(
      path.join(shim, 'dexter-permissions'),
      `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(binary.file)} "$@"\n`,
      { mode: 0o755 },
    );
    const env = { ...process.env, PATH: `${shim}${path.delimiter}${process.env.PATH}` };
    const bare = await run(
      ['install-hook', 'gemini-cli', '--write', '--bin', 'dexter-permissions'],
      cwd,
      home,
      {
        env,
      },
    );
    expect(bare.code).toBe(1);
    expect(existsSync(path.join(cwd, '.gemini'))).toBe(false);
    // The same program by its absolute path is accepted (in a folder the Gemini CLI trusts).
    trustFolder(home, cwd);
    const absolute = await run(
      ['install-hook', 'gemini-cli', '--write', '--bin', path.join(shim, 'dexter-permissions')],
      cwd,
      home,
      { env },
    );
    expect(absolute.code, absolute.stderr).toBe(0);
    expect(absolute.stderr).toContain('loads this hook only while it trusts the folder');
  });

  it('needs --bin when it cannot tell where it is installed', async () => {
    const { cwd, home } = dirs();
    let stderr = '';
    const code = await runCli(['install-hook', 'claude-code'], {
      stdin: Readable.from(['']),
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      cwd,
      homeDir: home,
    });
    expect(code).toBe(2);
    expect(stderr).toContain('--bin');
  });
});

describe('dexter-permissions doctor', { timeout: 120_000 }, () => {
  it('passes a hook install-hook wrote, and names each problem of a hand-made one', async () => {
    const { cwd, home } = dirs();
    expect((await run(['doctor', 'claude-code'], cwd, home)).code).toBe(1);
    expect((await run(['install-hook', 'claude-code', '--write'], cwd, home)).code).toBe(0);
    const good = await run(['doctor', 'claude-code'], cwd, home);
    expect(good.code, good.stdout).toBe(0);
    expect(good.stdout).toContain('was denied by dexter-permissions');

    // The registration the issue found in the field: a bare command, no onFailure, a narrow matcher.
    const file = path.join(home, '.claude/settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'dexter-permissions hook claude-code' }] },
          ],
        },
      }),
    );
    const bad = await run(['doctor', 'claude-code'], cwd, home, {
      env: { ...process.env, PATH: '/usr/bin:/bin' },
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('does not reach every tool');
    expect(bad.stdout).toContain('"onFailure": "block" is missing');
    expect(bad.stdout).toContain('does not end with "|| exit 2"');
    expect(bad.stdout).toMatch(/the command failed \(exit 127/);
  });

  it('refuses a Gemini CLI project registration the CLI would not load (an untrusted folder), and doctor reports one', async () => {
    const { cwd, home } = dirs();
    const refused = await run(['install-hook', 'gemini-cli', '--write'], cwd, home);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the folder is not trusted');
    expect(existsSync(path.join(cwd, '.gemini'))).toBe(false);
    // Printing the snippet still works, with the warning.
    const printed = await run(['install-hook', 'gemini-cli'], cwd, home);
    expect(printed.code).toBe(0);
    expect(printed.stderr).toContain('warning: the Gemini CLI does not load');
    // Trusted: written, and doctor agrees.
    trustFolder(home, cwd);
    expect((await run(['install-hook', 'gemini-cli', '--write'], cwd, home)).code).toBe(0);
    const trusted = await run(['doctor', 'gemini-cli'], cwd, home);
    expect(trusted.code, trusted.stdout).toBe(0);
    expect(trusted.stdout).toContain('the Gemini CLI trusts this folder');
    // The trust taken away: the registration no longer guards.
    writeFileSync(path.join(home, '.gemini/trustedFolders.json'), JSON.stringify({ [cwd]: 'DO_NOT_TRUST' }));
    const untrusted = await run(['doctor', 'gemini-cli'], cwd, home);
    expect(untrusted.code, untrusted.stdout).toBe(1);
    expect(untrusted.stdout).toContain('PROBLEM the Gemini CLI does not load the project');
    // A user-level registration guards whatever the folder's trust.
    expect((await run(['install-hook', 'gemini-cli', '--user', '--write'], cwd, home)).code).toBe(0);
    const user = await run(['doctor', 'gemini-cli'], cwd, home);
    expect(user.code, user.stdout).toBe(0);
    expect(user.stdout).toContain('the user-level one guards');
  });
});
