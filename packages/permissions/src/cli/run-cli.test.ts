import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const cliSource = path.resolve(here, '../cli.ts');

async function run(argv: string[], options: { stdin?: string; cwd?: string; homeDir?: string } = {}) {
  let stdout = '';
  let stderr = '';
  const cwd = options.cwd ?? mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-'));
  const code = await runCli(argv, {
    stdin: Readable.from([options.stdin ?? '']),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    homeDir: options.homeDir ?? mkdtempSync(path.join(os.tmpdir(), 'dexter-home-')),
  });
  return { code, stdout, stderr, cwd };
}

function settingsFile(value: unknown | string): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-settings-'));
  const file = path.join(directory, 'settings.json');
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

const rules = { permissions: { allow: ['Bash(git status:*)', 'Bash(ls:*)'], deny: ['Bash(rm:*)'] } };

describe('dexter-permissions check', () => {
  it('prints the decision and why', async () => {
    const file = settingsFile(rules);
    const allowed = await run(['check', '--settings', file, '--', 'git', 'status', '-s']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(/^ALLOW: Allowed by Bash\(git status:\*\)/);
    const denied = await run(['check', '--settings', file, '--', '/bin/rm -rf /']);
    expect(denied.stdout).toMatch(/^DENY: .*Bash\(rm:\*\)/);
    const json = await run(['check', '--json', '--settings', file, '--', 'ls && npm test']);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).toMatchObject({
      behavior: 'ask',
      command: 'ls && npm test',
      commands: [{ argv: ['ls'] }, { argv: ['npm', 'test'] }],
    });
    expect(parsed.proposedRules).toEqual(['Bash(npm test)']); // unknown to the classifier: exact only
  });

  it('reads the standard layers from --cwd when no --settings is given', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-project-'));
    mkdirSync(path.join(project, '.dexter'));
    writeFileSync(
      path.join(project, '.dexter/settings.json'),
      JSON.stringify({ permissions: { deny: ['Bash(make:*)'] } }),
    );
    const result = await run(['check', '--cwd', project, '--', 'make', 'all']);
    expect(result.stdout).toMatch(/^DENY/);
  });

  it('names the file and line of broken settings and runs fail closed', async () => {
    const file = settingsFile(
      '{\n  "permissions": {\n    "allow": ["Bash(ls:*)"],\n    "deny": ["Bash(rm:*)",]\n  }\n}\n',
    );
    const result = await run(['check', '--settings', file, '--', 'ls']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:4:27: invalid JSON`);
    expect(result.stderr).toContain('fail closed');
    expect(result.stdout).toMatch(/^ASK/);
    const missing = await run(['check', '--settings', '/nonexistent/settings.json', '--', 'ls']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('settings file not found: /nonexistent/settings.json');
  });

  it('answers --help for every command', async () => {
    for (const command of ['check', 'eval', 'test', 'explain', 'hook', 'install-hook']) {
      const help = await run([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(new RegExp(`^Usage: dexter-permissions ${command} `));
      expect(help.stderr, command).toBe('');
    }
    expect((await run(['test', '-h'])).stdout).toContain('TABLE');
    // After `--` it is the command's text, not a request for help.
    expect((await run(['check', '--', 'ls', '--help'])).stdout).not.toContain('Usage:');
  });

  it('explains usage errors', async () => {
    expect((await run(['check'])).code).toBe(2);
    expect((await run(['frob'])).stderr).toContain('unknown command "frob"');
    expect((await run(['check', '--bogus', '--', 'ls'])).stderr).toContain('unknown option --bogus');
    expect((await run(['--help'])).stdout).toContain('Usage: dexter-permissions');
  });
});

describe('dexter-permissions eval', () => {
  it('answers one JSON line per input line, nested commands included, bad lines reported', async () => {
    const file = settingsFile(rules);
    const input = [
      JSON.stringify({ command: 'git status && echo "$(ls src)"' }),
      '{not json',
      '',
      JSON.stringify({ command: 'sudo rm -rf /tmp/x', cwd: '/tmp' }),
      JSON.stringify({ cmd: 'ls' }),
      JSON.stringify({ command: "FOO=1 env -u X timeout 5 'l''s' -la" }),
    ].join('\n');
    const result = await run(['eval', '--settings', file], { stdin: input });
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({
      command: 'git status && echo "$(ls src)"',
      decision: 'ask',
      classification: expect.any(String),
      commands: [{ argv: ['git', 'status'] }, { argv: ['echo', '$(ls src)'] }, { argv: ['ls', 'src'] }],
    });
    expect(lines[1]).toEqual({ line: 2, error: expect.stringContaining('line 2: invalid JSON') });
    expect(lines[2]).toMatchObject({
      decision: 'deny',
      matchedRule: 'Bash(rm:*)',
      commands: [{ argv: ['sudo', 'rm', '-rf', '/tmp/x'] }],
    });
    expect(lines[3]).toEqual({ line: 5, error: expect.stringContaining('line 5: expected') });
    expect(lines[4].commands).toEqual([
      { argv: ['env', '-u', 'X', 'timeout', '5', 'ls', '-la'], context: 'top', depth: 0 },
    ]);
    for (const line of [lines[0], lines[2], lines[4]]) {
      expect(Object.keys(line).sort()).toEqual(
        [
          'command',
          'decision',
          'reason',
          'classification',
          'opaque',
          'opaqueReasons',
          'commands',
          ...('matchedRule' in line ? ['matchedRule'] : []),
        ].sort(),
      );
    }
  });
});

describe('dexter-permissions test', () => {
  it('passes a table that holds and fails with a diff on a mismatch', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-table-'));
    const good = path.join(directory, 'good.json');
    writeFileSync(
      good,
      JSON.stringify([
        { command: 'git status', settings: rules, expect: 'allow' },
        { command: '\\rm -rf /', settings: rules, expect: 'deny' },
        { command: 'cat .env', expect: 'deny' },
        { command: 'npm publish', expect: 'ask' },
      ]),
    );
    const passed = await run(['test', good]);
    expect(passed.code).toBe(0);
    expect(passed.stdout.trim()).toBe('4 passed, 0 failed');

    const bad = path.join(directory, 'bad.jsonl');
    writeFileSync(
      bad,
      [
        JSON.stringify({ command: 'ls', expect: 'allow' }),
        '// comment lines are skipped',
        JSON.stringify({ command: 'git status > out', expect: 'allow', settings: rules }),
        '{broken',
        JSON.stringify({ command: 'ls', expect: 'maybe' }),
      ].join('\n'),
    );
    const failed = await run(['test', bad]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(`${bad}:4: invalid JSON`);
    expect(failed.stdout).toContain(`${bad}:5: "expect" must be`);
    expect(failed.stdout).toContain(`✗ ${bad}:3: "git status > out"`);
    expect(failed.stdout).toContain('  - expected: allow');
    expect(failed.stdout).toContain('  + actual:   ask');
    expect(failed.stdout.trim().split('\n').pop()).toBe('0 passed, 4 failed');
  });

  it('points at the near miss and lists the rules no case exercised', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-table-'));
    const table = path.join(directory, 'table.jsonl');
    writeFileSync(
      table,
      [
        JSON.stringify({ command: 'npm run build', expect: 'allow' }),
        JSON.stringify({ command: 'git status', expect: 'allow' }),
      ].join('\n'),
    );
    const settings = settingsFile({
      permissions: { allow: ['Bash(npm build:*)', 'Bash(git status:*)'], deny: ['Bash(rm -rf:*)'] },
    });
    const result = await run(['test', '--settings', settings, table]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('near miss: Bash(npm build:*) — a missing word');
    expect(result.stdout).toContain('try:       Bash(npm run build:*)');
    expect(result.stdout).toContain('Rules no case exercised (2): Bash(rm -rf:*), Bash(npm build:*)');
    const explained = await run(['explain', '--settings', settings, '--', 'rm -fr dist']);
    expect(explained.stdout).toMatch(/Near misses:\n {2}deny Bash\(rm -rf:\*\): flag spelling/);
  });

  it('uses --settings for cases without their own, else the standard layers, and says which', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-table-'));
    const table = path.join(directory, 't.jsonl');
    writeFileSync(table, `${JSON.stringify({ command: 'ls -la', expect: 'allow' })}\n`);
    const bare = await run(['test', table], { cwd: directory });
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('no --settings given; cases without their own settings use: user ');
    expect(bare.stderr).toContain(`project ${path.join(directory, '.dexter/settings.json')} (absent)`);
    expect((await run(['test', '--settings', settingsFile(rules), table])).code).toBe(0);
    mkdirSync(path.join(directory, '.dexter'));
    writeFileSync(path.join(directory, '.dexter/settings.json'), JSON.stringify(rules));
    const layered = await run(['test', table], { cwd: directory });
    expect(layered.code).toBe(0);
    expect(layered.stderr).toContain(`project ${path.join(directory, '.dexter/settings.json')},`);
  });

  it('stops with exit 2 before any case when a --settings file is missing or broken', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-table-'));
    const table = path.join(directory, 't.jsonl');
    writeFileSync(table, `${JSON.stringify({ command: 'cat .env', expect: 'deny' })}\n`);
    const missing = await run(['test', '--settings', path.join(directory, 'nope.json'), table]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`settings file not found: ${path.join(directory, 'nope.json')}`);
    expect(missing.stderr).toContain('no case was run');
    expect(missing.stdout).toBe('');
    const broken = await run(['test', '--settings', settingsFile('{"permissions": {"allow": [}'), table]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('invalid JSON');
    expect(broken.stdout).toBe('');
  });

  it('tests tool rules (file, MCP, web) and names failing rows by file:line, arrays included', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-cli-table-'));
    const toolRules = settingsFile({
      permissions: {
        allow: ['WriteFile(src/**)', 'mcp__github__get_issue'],
        deny: ['WriteFile(.github/**)', 'WebFetch'],
      },
    });
    const table = path.join(directory, 'tools.json');
    const rows = [
      {
        tool: 'write_file',
        subject: { kind: 'file', access: 'write', path: 'src/a.ts' },
        cwd: '/repo',
        expect: 'allow',
      },
      {
        tool: 'write_file',
        subject: { kind: 'file', access: 'write', path: '.github/workflows/ci.yml' },
        cwd: '/repo',
        expect: 'deny',
      },
      { tool: 'mcp__github__get_issue', input: { issue_number: 1 }, expect: 'allow' },
      { tool: 'mcp__github__create_issue', input: { title: 'x' }, expect: 'allow' },
      { tool: 'WebFetch', input: { url: 'https://example.com' }, expect: 'deny' },
      {
        tool: 'write_file',
        subject: { kind: 'file', access: 'write', path: 'README.md' },
        cwd: '/repo',
        expect: 'deny',
      },
    ];
    writeFileSync(table, `[\n${rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n]\n`);
    const result = await run(['test', '--settings', toolRules, table]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`✗ ${table}:5: mcp__github__create_issue({"title":"x"})`);
    expect(result.stdout).toContain(`✗ ${table}:7: write_file(write README.md)`);
    expect(result.stdout).toContain('+ actual:   ask');
    expect(result.stdout.trim().split('\n').pop()).toBe('4 passed, 2 failed');
    const bad = path.join(directory, 'bad.jsonl');
    writeFileSync(
      bad,
      `${JSON.stringify({ tool: 'x', command: 'ls', expect: 'deny' })}\n${JSON.stringify({ tool: 'x', subject: { kind: 'file', path: 'a' }, expect: 'deny' })}\n`,
    );
    const invalid = await run(['test', '--settings', toolRules, bad]);
    expect(invalid.stdout).toContain(`${bad}:1: a case has either "command" or "tool", not both`);
    expect(invalid.stdout).toContain(`${bad}:2: a file "subject" needs "access"`);
  });
});

describe('dexter-permissions hook (in process)', () => {
  it('answers a PreToolUse event through runCli, and blocks an unknown agent', async () => {
    const file = settingsFile(rules);
    const event = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'git status' },
      cwd: '/tmp',
    });
    const allowed = await run(['hook', 'claude-code', '--settings', file], { stdin: event });
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
    const unknown = await run(['hook', 'codex'], { stdin: event });
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('unknown agent "codex"');
    expect((await run(['--help'])).stdout).toContain('install-hook claude-code|gemini-cli');
  });
});

describe('dexter-permissions explain', () => {
  it('shows every step and which decided', async () => {
    const result = await run([
      'explain',
      '--settings',
      settingsFile(rules),
      '--',
      'sudo timeout 5 ls -la > out.txt',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('unwrapped (sudo → timeout): ["ls","-la"]');
    expect(result.stdout).toContain('redirects: > out.txt (write)');
    expect(result.stdout).toMatch(/floor\s+passed/);
    expect(result.stdout).toMatch(/default\s+→ DECIDED/);
    expect(result.stdout).toContain('Decision: ask');
  });
});

describe('dexter-permissions as a real process', () => {
  it('runs through node + tsx with the shebang entry', () => {
    expect(readFileSync(cliSource, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const file = settingsFile(rules);
    const result = spawnSync(
      process.execPath,
      ['--conditions=@dexter/source', '--import', 'tsx', cliSource, 'eval', '--settings', file],
      {
        cwd: repoRoot,
        input: `${JSON.stringify({ command: 'ls; /bin/rm x' })}\n`,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'deny', matchedRule: 'Bash(rm:*)' });
  }, 60_000);
});
