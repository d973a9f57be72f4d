import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareCliBinary } from '../../test/cli-binary';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageRoot = path.resolve(here, '../..');
const repoRoot = path.resolve(packageRoot, '../..');
const source = path.join(packageRoot, 'src/cli.ts');

/** The command line that starts the binary (see test/cli-binary.ts); the source until beforeAll. */
let binary: { argv: string[]; which: string; buildDir?: string | undefined } = {
  argv: ['--conditions=@dexter/source', '--import', 'tsx', source],
  which: 'source',
};

/** What one run printed. */
interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the binary with `args`, `stdin` piped in, and extra environment. */
function runCliBinary(
  args: readonly string[],
  stdin: string,
  options: { env?: Record<string, string>; cwd?: string; command?: string[] } = {},
): Promise<CliRun> {
  const command = options.command ?? binary.argv;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...command, ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, DEXTER_PERMISSIONS_HOOK_FAULT: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {
      // the hook may answer (and exit) before reading all of a bad event
    });
    child.stdin.end(stdin);
  });
}

// ---------------------------------------------------------------------------------------------
// Recorded-shape events (the fields Claude Code and the Gemini CLI send), fed to the real binary.

const project = mkdtempSync(path.join(os.tmpdir(), 'dexter-hook-project-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'dexter-hook-home-'));
const settingsFile = path.join(project, 'team-rules.json');
writeFileSync(
  settingsFile,
  JSON.stringify({
    permissions: {
      allow: ['Bash(git status:*)', 'Bash(ls:*)', 'Read(src/**)', 'Glob', 'mcp__github__get_issue'],
      ask: ['Grep'],
      deny: [
        'Bash(rm:*)',
        'Write(dist/**)',
        'WebSearch',
        'mcp__fs__write_file',
        'mcp__fs__read_text_file(private/**)',
      ],
    },
  }),
);

function claude(toolName: string, toolInput: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: 'abc123',
    transcript_path: path.join(home, '.claude/projects/p/abc123.jsonl'),
    cwd: project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: 'toolu_01',
    ...extra,
  });
}

function gemini(toolName: string, toolInput: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: 'g-1',
    transcript_path: path.join(home, '.gemini/tmp/chat.json'),
    cwd: project,
    hook_event_name: 'BeforeTool',
    timestamp: '2026-12-02T00:00:00.000Z',
    tool_name: toolName,
    tool_input: toolInput,
    ...extra,
  });
}

const base = ['--settings', settingsFile];
const env = { HOME: home, CLAUDE_PROJECT_DIR: '', GEMINI_PROJECT_DIR: '' };

async function hook(
  agent: string,
  event: string,
  args: string[] = [],
  extraEnv: Record<string, string> = {},
) {
  return runCliBinary(['hook', agent, ...base, ...args], event, { env: { ...env, ...extraEnv } });
}

/** The Claude Code answer: exit 0, nothing on stderr, exactly the documented JSON. */
function claudeDecision(run: CliRun): { decision: string; reason: string } {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const parsed = JSON.parse(run.stdout);
  expect(Object.keys(parsed)).toEqual(['hookSpecificOutput']);
  expect(Object.keys(parsed.hookSpecificOutput).sort()).toEqual(
    ['hookEventName', 'permissionDecision', 'permissionDecisionReason'].sort(),
  );
  expect(parsed.hookSpecificOutput.hookEventName).toBe('PreToolUse');
  return {
    decision: parsed.hookSpecificOutput.permissionDecision,
    reason: parsed.hookSpecificOutput.permissionDecisionReason,
  };
}

/** A block the agent enforces without reading stdout: exit 2, the reason on stderr. */
function blocked(run: CliRun): string {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^dexter-permissions: blocked: .+\n$/);
  return run.stderr;
}

beforeAll(async () => {
  const prepared = await prepareCliBinary('dexter-cli-build-');
  binary = { argv: [prepared.file], which: prepared.which, buildDir: prepared.buildDir };
  console.log(`hook tests run ${binary.which}`);
}, 120_000);

afterAll(() => {
  // Only the temporary build this file made: never dist/ (a checkout may itself sit under the
  // temp directory, as CI's fresh clones do).
  if (binary.buildDir !== undefined) rmSync(binary.buildDir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('dexter-permissions hook claude-code (the real binary)', () => {
  it('maps every tool to the engine and answers allow, deny or ask with our reason', async () => {
    const cases: Array<[string, string, string, RegExp?]> = [
      [
        claude('Bash', { command: 'git status -s', description: 'Show status' }),
        'allow',
        'Bash(git status:*)',
      ],
      [claude('Bash', { command: 'ls && /bin/rm -rf build' }), 'deny', 'Bash(rm:*)'],
      [claude('Bash', { command: 'cat .env' }), 'deny', 'built-in floor'],
      [
        claude('Bash', { command: 'npm test', timeout: 120000 }),
        'ask',
        'Bash(npm test)',
        /To allow it from now on, add "Bash\(npm test\)"/,
      ],
      [claude('Read', { file_path: path.join(project, 'src/app.ts') }), 'allow', 'Read(src/**)'],
      [
        claude('Read', { file_path: path.join(project, 'README.md'), offset: 1, limit: 20 }),
        'ask',
        'README.md',
      ],
      [
        claude('Write', { file_path: path.join(project, 'dist/app.js'), content: 'x' }),
        'deny',
        'Write(dist/**)',
      ],
      [
        claude('Edit', { file_path: path.join(project, 'src/app.ts'), old_string: 'a', new_string: 'b' }),
        'ask',
        'src/app.ts',
      ],
      [claude('MultiEdit', { file_path: path.join(project, 'src/b.ts'), edits: [] }), 'ask', 'src/b.ts'],
      [
        claude('NotebookEdit', { notebook_path: path.join(project, 'n.ipynb'), new_source: '' }),
        'ask',
        'n.ipynb',
      ],
      [claude('Glob', { pattern: '**/*.ts' }), 'allow', 'Glob'],
      [
        claude('Grep', { pattern: 'TODO', path: path.join(project, 'src'), output_mode: 'content' }),
        'ask',
        'Grep',
      ],
      [claude('WebFetch', { url: 'https://example.com/docs', prompt: 'summarize' }), 'ask', 'WebFetch'],
      [claude('WebSearch', { query: 'dexter' }), 'deny', 'WebSearch'],
      [
        claude('mcp__github__get_issue', { owner: 'o', repo: 'r', issue_number: 1 }),
        'allow',
        'mcp__github__get_issue',
      ],
      [claude('mcp__fs__write_file', { path: '/tmp/x', content: '' }), 'deny', 'mcp__fs__write_file'],
      [claude('Frobnicate', { anything: true }), 'ask', 'does not know'],
      // Claude Code 2.1.328's newer tools: Monitor runs a command or opens a socket.
      [
        claude('Monitor', { description: 'x', timeout_ms: 1000, command: 'tail -f .env' }),
        'deny',
        'built-in floor',
      ],
      [
        claude('Monitor', { description: 'x', timeout_ms: 1000, command: 'rm -rf build' }),
        'deny',
        'Bash(rm:*)',
      ],
      [
        claude('Monitor', { description: 'x', timeout_ms: 1000, ws: { url: 'ws://169.254.169.254/' } }),
        'deny',
        '169.254.169.254',
      ],
      [claude('EnterWorktree', { name: 'feature' }), 'ask', 'git hooks'],
      [claude('CronCreate', { cron: '0 9 * * *', prompt: 'check', durable: true }), 'ask', 'later sessions'],
      // A field the hook does not know could change what the tool touches.
      [claude('Read', { file_path: path.join(project, 'src/app.ts'), follow: '/etc' }), 'ask', '"follow"'],
      [claude('Bash', { command: 'git status', cwd: '/' }), 'ask', '"cwd"'],
      // ...while what the known fields decide still stands.
      [claude('Bash', { command: 'cat .env', cwd: '/' }), 'deny', 'built-in floor'],
    ];
    const runs = await Promise.all(cases.map(([event]) => hook('claude-code', event)));
    runs.forEach((run, index) => {
      const [, expected, mentions, pattern] = cases[index]!;
      const { decision, reason } = claudeDecision(run);
      expect({ index, decision }).toEqual({ index, decision: expected });
      expect(reason.startsWith('dexter-permissions: ')).toBe(true);
      expect(reason).toContain(mentions);
      if (pattern) expect(reason).toMatch(pattern);
    });
  }, 120_000);

  it('maps configured file arguments of MCP tools, passes conversation tools, and follows --unknown', async () => {
    const mapped = ['--file-arg', 'mcp__fs__read_text_file=read:path'];
    const [secret, open, todo, unknownPass, unknownDeny] = await Promise.all([
      hook(
        'claude-code',
        claude('mcp__fs__read_text_file', { path: path.join(project, 'private/key.txt') }),
        mapped,
      ),
      hook(
        'claude-code',
        claude('mcp__fs__read_text_file', { path: path.join(project, 'notes.txt') }),
        mapped,
      ),
      hook('claude-code', claude('TodoWrite', { todos: [] })),
      hook('claude-code', claude('Frobnicate', {}), ['--unknown', 'pass']),
      hook('claude-code', claude('Frobnicate', {}), ['--unknown=deny']),
    ]);
    expect(claudeDecision(secret)).toMatchObject({
      decision: 'deny',
      reason: expect.stringContaining('private/key.txt'),
    });
    expect(claudeDecision(open).decision).toBe('ask');
    for (const pass of [todo, unknownPass]) {
      expect(pass).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
    }
    expect(claudeDecision(unknownDeny).decision).toBe('deny');
  }, 120_000);

  it('blocks (exit 2, reason on stderr) malformed JSON, missing fields and wrong events', async () => {
    const events = [
      '{"hook_event_name": "PreToolUse", "tool_name": "Bash", ',
      '',
      '[]',
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_input: { command: 'ls' }, cwd: project }),
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: project }),
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }),
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        cwd: 'rel',
      }),
      claude('Bash', { command: 'ls' }, { hook_event_name: 'PostToolUse' }),
      claude('Bash', { cmd: 'ls' }),
      claude('Read', {}),
      claude('Write', { file_path: 42 }),
      claude('Grep', { pattern: 'x', path: ['a'] }),
      claude('WebFetch', { prompt: 'no url' }),
    ];
    const runs = await Promise.all(events.map((event) => hook('claude-code', event)));
    const reasons = runs.map(blocked);
    expect(reasons[0]).toContain('not valid JSON');
    expect(reasons[2]).toContain('not a JSON object');
    expect(reasons[3]).toContain('"tool_name"');
    expect(reasons[4]).toContain('"tool_input"');
    expect(reasons[5]).toContain('"cwd"');
    expect(reasons[7]).toContain('got "PostToolUse"');
    expect(reasons[8]).toContain('"command"');
    expect(reasons[9]).toContain('"file_path"');
  }, 120_000);

  it('prints its usage for --help and still blocks (exit 2): a registration with --help fails closed', async () => {
    for (const args of [
      ['hook', '--help'],
      ['hook', 'claude-code', '-h'],
    ]) {
      const run = await runCliBinary(args, claude('Bash', { command: 'git status' }));
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toContain('Usage: dexter-permissions hook');
      expect(run.stdout).not.toContain('"decision"');
    }
  }, 120_000);

  it('decides a 1 MB command, and finds the rm at its end', async () => {
    const long = `echo ${'a'.repeat(1024 * 1024)}`;
    const [plain, hidden] = await Promise.all([
      hook('claude-code', claude('Bash', { command: long })),
      hook('claude-code', claude('Bash', { command: `${long}; rm -rf /` })),
    ]);
    const first = claudeDecision(plain);
    expect(first.decision).not.toBe('allow');
    expect(first.reason.length).toBeLessThanOrEqual(2_000);
    const second = claudeDecision(hidden);
    expect(second.decision).toBe('deny');
    expect(second.reason.length).toBeLessThanOrEqual(2_000);
  }, 120_000);

  it('still denies when the engine, the rule store, the hook or the process fails, or nothing answers', async () => {
    const event = claude('Bash', { command: 'git status' });
    const [inside, load, hookFault, uncaught, hang, badOption, missingSettings, badAgent] = await Promise.all(
      [
        hook('claude-code', event, [], { DEXTER_PERMISSIONS_HOOK_FAULT: 'engine-decide' }),
        hook('claude-code', event, [], { DEXTER_PERMISSIONS_HOOK_FAULT: 'engine-load' }),
        hook('claude-code', event, [], { DEXTER_PERMISSIONS_HOOK_FAULT: 'hook' }),
        hook('claude-code', event, [], { DEXTER_PERMISSIONS_HOOK_FAULT: 'uncaught' }),
        hook('claude-code', event, ['--timeout-ms', '300'], { DEXTER_PERMISSIONS_HOOK_FAULT: 'hang' }),
        hook('claude-code', event, ['--unknown', 'allow']),
        hook('claude-code', event, ['--settings', path.join(project, 'missing.json')]),
        hook('claude-cod', event),
      ],
    );
    // Without a fault the same event is allowed: each denial below is the fault's doing.
    expect(claudeDecision(await hook('claude-code', event)).decision).toBe('allow');
    expect(claudeDecision(inside)).toMatchObject({
      decision: 'deny',
      reason: expect.stringContaining('internal error'),
    });
    expect(blocked(load)).toContain('rule store failed');
    expect(blocked(hookFault)).toContain('the hook failed after reading');
    expect(blocked(uncaught)).toContain('outside any handler');
    expect(blocked(hang)).toContain('no decision within 300 ms');
    expect(blocked(badOption)).toContain('--unknown must be');
    expect(blocked(missingSettings)).toContain('settings file not found');
    expect(blocked(badAgent)).toContain('unknown agent');
  }, 120_000);

  it('reads the standard layers from the project directory', async () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'dexter-hook-repo-'));
    mkdirSync(path.join(repo, '.dexter'));
    writeFileSync(
      path.join(repo, '.dexter/settings.json'),
      JSON.stringify({ permissions: { allow: ['Bash(make:*)'] } }),
    );
    const event = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'make all' },
      cwd: path.join(repo),
    });
    const fromCwd = await runCliBinary(['hook', 'claude-code'], event, { env });
    expect(claudeDecision(fromCwd).decision).toBe('allow');
    mkdirSync(path.join(repo, 'sub'));
    const sub = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'make all' },
      cwd: path.join(repo, 'sub'),
    });
    const [withoutProject, withProject] = await Promise.all([
      runCliBinary(['hook', 'claude-code'], sub, { env }),
      runCliBinary(['hook', 'claude-code'], sub, { env: { ...env, CLAUDE_PROJECT_DIR: repo } }),
    ]);
    expect(claudeDecision(withoutProject).decision).toBe('ask');
    expect(claudeDecision(withProject).decision).toBe('allow');
  }, 120_000);
});

describe('dexter-permissions hook gemini-cli (the real binary)', () => {
  it('maps the Gemini CLI tools to our rules and answers decision/reason', async () => {
    const cases: Array<[string, string, string]> = [
      [
        gemini('run_shell_command', { command: 'git status', description: 'status' }),
        'allow',
        'Bash(git status:*)',
      ],
      [gemini('run_shell_command', { command: 'rm -rf build', dir_path: 'sub' }), 'deny', 'Bash(rm:*)'],
      [gemini('run_shell_command', { command: 'npm test' }), 'deny', 'Gemini CLI hooks cannot ask'],
      [gemini('read_file', { file_path: path.join(project, 'src/a.ts') }), 'allow', 'Read(src/**)'],
      [gemini('read_file', { absolute_path: path.join(project, 'src/a.ts') }), 'allow', 'Read(src/**)'],
      [
        gemini('write_file', { file_path: path.join(project, 'dist/a.js'), content: '' }),
        'deny',
        'Write(dist/**)',
      ],
      [
        gemini('replace', { file_path: path.join(project, 'src/a.ts'), old_string: 'a', new_string: 'b' }),
        'deny',
        'cannot ask',
      ],
      [gemini('glob', { pattern: '**/*.md' }), 'allow', 'Glob'],
      [gemini('search_file_content', { pattern: 'TODO', dir_path: project }), 'deny', 'Grep'],
      [gemini('list_directory', { dir_path: project }), 'deny', 'cannot ask'],
      [gemini('read_many_files', { paths: ['src/a.ts', 'src/b.ts'] }), 'allow', 'Read(src/**)'],
      [gemini('read_many_files', { paths: ['src/a.ts', 'README.md'] }), 'deny', 'README.md'],
      [
        gemini('web_fetch', { prompt: 'Summarize https://example.com/a and https://example.org/b.' }),
        'deny',
        'WebFetch',
      ],
      [gemini('google_web_search', { query: 'x' }), 'deny', 'WebSearch'],
      [
        gemini(
          'mcp__github__get_issue',
          { issue_number: 1 },
          { mcp_context: { server_name: 'github', tool_name: 'get_issue' } },
        ),
        'allow',
        'mcp__github__get_issue',
      ],
      [gemini('some_new_tool', {}), 'deny', 'does not know'],
    ];
    const runs = await Promise.all(cases.map(([event]) => hook('gemini-cli', event)));
    runs.forEach((run, index) => {
      const [, expected, mentions] = cases[index]!;
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const parsed = JSON.parse(run.stdout);
      expect(Object.keys(parsed).sort()).toEqual(['decision', 'reason']);
      expect({ index, decision: parsed.decision }).toEqual({ index, decision: expected });
      expect(parsed.reason).toContain(mentions);
    });
  }, 120_000);

  it('defers an ask to the CLI with --on-ask defer, passes conversation tools and blocks bad events', async () => {
    const [deferred, todos, malformed, missing] = await Promise.all([
      hook('gemini-cli', gemini('run_shell_command', { command: 'npm test' }), ['--on-ask', 'defer']),
      hook('gemini-cli', gemini('write_todos', { todos: [] })),
      hook('gemini-cli', '{"tool_name": '),
      hook('gemini-cli', gemini('read_many_files', {})),
    ]);
    expect(deferred.code).toBe(0);
    const parsed = JSON.parse(deferred.stdout);
    expect(Object.keys(parsed)).toEqual(['systemMessage']);
    expect(parsed.systemMessage).toContain('Bash(npm test)');
    expect(todos).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
    expect(blocked(malformed)).toContain('not valid JSON');
    expect(blocked(missing)).toContain('"paths"');
  }, 120_000);
});
