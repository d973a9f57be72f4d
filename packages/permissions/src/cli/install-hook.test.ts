import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

async function run(argv: string[], cwd: string, homeDir: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdin: Readable.from(['']),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    homeDir,
  });
  return { code, stdout, stderr };
}

function dirs() {
  return {
    cwd: mkdtempSync(path.join(os.tmpdir(), 'dexter-install-project-')),
    home: mkdtempSync(path.join(os.tmpdir(), 'dexter-install-home-')),
  };
}

const claudeEntry = {
  matcher: '*',
  hooks: [{ type: 'command', command: 'dexter-permissions hook claude-code', timeout: 30 }],
};

describe('dexter-permissions install-hook', () => {
  it('prints the snippet and writes nothing without --write', async () => {
    const { cwd, home } = dirs();
    const result = await run(['install-hook', 'claude-code'], cwd, home);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ hooks: { PreToolUse: [claudeEntry] } });
    expect(result.stderr).toContain(path.join(cwd, '.claude/settings.json'));
    expect(existsSync(path.join(cwd, '.claude'))).toBe(false);
    const gemini = await run(
      ['install-hook', 'gemini-cli', '--user', '--bin', 'node /opt/d/cli.js'],
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
                command: 'node /opt/d/cli.js hook gemini-cli',
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
    expect(written.hooks.BeforeTool[0].hooks[0].command).toBe('dexter-permissions hook gemini-cli');
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
      hooks: { ...before.hooks, PreToolUse: [...before.hooks.PreToolUse, claudeEntry] },
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
