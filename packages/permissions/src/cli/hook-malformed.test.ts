/**
 * Malformed hook events through the command `install-hook --write` registers, run the way the
 * hosts run it (`/bin/sh -c COMMAND`, the event on stdin, in the project directory): missing
 * fields, wrong types, huge values, names no host could call, text that is not JSON or stops
 * half way. Every one must block — exit 2, or a deny answer — and none may be allowed,
 * passed, or crash into an exit code the hosts read as "no opinion".
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliBinary, prepareCliBinary } from '../../test/cli-binary';

let binary: CliBinary;
const roots: string[] = [];

beforeAll(async () => {
  binary = await prepareCliBinary('dexter-malformed-build-');
}, 120_000);

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  if (binary?.buildDir) rmSync(binary.buildDir, { recursive: true, force: true });
});

/** A temp project and HOME with broad rules and the hook registered by install-hook; returns its command. */
function install(agent: 'claude-code' | 'gemini-cli') {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dexter-malformed-'));
  roots.push(root);
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(path.join(project, '.dexter'), { recursive: true });
  // Broad rules: a malformed event must not reach an allow by any of them.
  writeFileSync(
    path.join(project, '.dexter/settings.json'),
    JSON.stringify({
      permissions: {
        allow: ['Bash', 'Read(**)', 'Write(**)', 'Edit(**)', 'Glob', 'Grep', 'WebFetch', 'WebSearch'],
      },
    }),
  );
  const install = spawnSync(
    process.execPath,
    [binary.file, 'install-hook', agent, ...(agent === 'gemini-cli' ? ['--user'] : []), '--write'],
    { cwd: project, env: { ...process.env, HOME: home }, encoding: 'utf8' },
  );
  expect(install.status, install.stderr).toBe(0);
  const file =
    agent === 'claude-code'
      ? path.join(project, '.claude/settings.json')
      : path.join(home, '.gemini/settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  const event = agent === 'claude-code' ? 'PreToolUse' : 'BeforeTool';
  const command: string = settings.hooks[event][0].hooks[0].command;
  return { command, project, home };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the registered command as the host does, `stdin` piped in. */
function runRegistered(where: { command: string; project: string; home: string }, stdin: string | Buffer) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', where.command], {
      cwd: where.project,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: where.home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {
      // the hook may answer before reading all of a bad event
    });
    child.stdin.end(stdin);
  });
}

/** Runs `items` through `work`, `limit` at a time (the machine is shared). */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** How the run answered: `block` (exit 2), `deny` (a deny answer), or what else it did. */
function verdict(agent: 'claude-code' | 'gemini-cli', run: Run): string {
  if (run.code === 2) return 'block';
  if (run.code !== 0) return `exit ${run.code}`;
  try {
    const answer = JSON.parse(run.stdout);
    const decision =
      agent === 'claude-code' ? answer?.hookSpecificOutput?.permissionDecision : answer?.decision;
    return decision === 'deny' ? 'deny' : `answered ${JSON.stringify(decision ?? answer)}`;
  } catch {
    return `unreadable stdout ${JSON.stringify(run.stdout.slice(0, 80))}`;
  }
}

/** Malformed events for one host: the envelope, then each mapped tool's fields. */
function malformedEvents(agent: 'claude-code' | 'gemini-cli', cwd: string): Array<[string, string | Buffer]> {
  const eventName = agent === 'claude-code' ? 'PreToolUse' : 'BeforeTool';
  const envelope = (fields: Record<string, unknown>) =>
    JSON.stringify({ session_id: 's', hook_event_name: eventName, cwd, ...fields });
  const call = (tool: string, input: unknown) => envelope({ tool_name: tool, tool_input: input });
  const valid = call(agent === 'claude-code' ? 'Read' : 'read_file', { file_path: 'README.md' });
  const shell = agent === 'claude-code' ? 'Bash' : 'run_shell_command';
  const events: Array<[string, string | Buffer]> = [
    ['empty', ''],
    ['whitespace', ' \n\t '],
    ['not JSON', 'hello'],
    ['a number', '42'],
    ['null', 'null'],
    ['a string', '"Bash"'],
    ['an array', `[${valid}]`],
    ['two events', `${valid}${valid}`],
    ['a byte-order mark', `\uFEFF${valid}`],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
    ['a NUL byte', `${valid}\u0000`],
    ['deeply nested input', call(shell, { command: `${'['.repeat(200_000)}${']'.repeat(200_000)}` })],
    ['nesting past the parser', `{"tool_input":${'['.repeat(300_000)}${']'.repeat(300_000)}}`],
    ['no tool_name', envelope({ tool_input: { command: 'ls' } })],
    ['tool_name null', envelope({ tool_name: null, tool_input: {} })],
    ['tool_name a number', envelope({ tool_name: 7, tool_input: {} })],
    ['tool_name an object', envelope({ tool_name: { name: shell }, tool_input: {} })],
    ['tool_name a list', envelope({ tool_name: [shell], tool_input: {} })],
    ['tool_name empty', call('', { command: 'ls' })],
    ['tool_name with a space', call(`${shell} `, { command: 'ls' })],
    ['tool_name with a NUL', call(`${shell}\u0000`, { command: 'ls' })],
    ['tool_name with a newline', call(`${shell}\nRead`, { command: 'ls' })],
    ['tool_name in Cyrillic', call('Ваsh', { command: 'ls' })],
    ['tool_name of 1 MB', call('A'.repeat(1024 * 1024), {})],
    ['no tool_input', envelope({ tool_name: shell })],
    ['tool_input null', call(shell, null)],
    ['tool_input a string', call(shell, 'ls')],
    ['tool_input a list', call(shell, ['ls'])],
    [
      'no cwd',
      JSON.stringify({ hook_event_name: eventName, tool_name: shell, tool_input: { command: 'ls' } }),
    ],
    ['cwd relative', envelope({ cwd: 'project', tool_name: shell, tool_input: { command: 'ls' } })],
    ['cwd a number', envelope({ cwd: 1, tool_name: shell, tool_input: { command: 'ls' } })],
    [
      'another event',
      envelope({ hook_event_name: 'PostToolUse', tool_name: shell, tool_input: { command: 'ls' } }),
    ],
    [
      'event name a number',
      envelope({ hook_event_name: 3, tool_name: shell, tool_input: { command: 'ls' } }),
    ],
  ];
  // Truncated at many points: every prefix that is not the whole event.
  for (const cut of [1, 2, 10, 30, 60, 90, valid.length - 2, valid.length - 1])
    events.push([`truncated at ${cut}`, valid.slice(0, cut)]);
  const tools: Array<[string, unknown]> =
    agent === 'claude-code'
      ? [
          ['Bash', {}],
          ['Bash', { command: 42 }],
          ['Bash', { command: ['ls'] }],
          ['Bash', { command: null }],
          ['Read', {}],
          ['Read', { file_path: '' }],
          ['Read', { file_path: ['README.md'] }],
          ['Write', { file_path: { path: 'a' }, content: 'x' }],
          ['Edit', { file_path: 7, old_string: 'a', new_string: 'b' }],
          ['NotebookEdit', { new_source: 'x' }],
          ['Grep', { pattern: 'x', path: 5 }],
          ['Grep', { pattern: 'x', glob: 5 }],
          ['Grep', { pattern: 'x', type: '../x' }],
          ['Glob', { pattern: '*', path: [] }],
          ['WebFetch', { prompt: 'p' }],
          ['WebFetch', { url: 7, prompt: 'p' }],
          ['WebFetch', { url: 'http://[::1', prompt: 'p' }],
          ['Monitor', { description: 'd', timeout_ms: 1 }],
          ['Monitor', { description: 'd', timeout_ms: 1, command: 5 }],
          ['Monitor', { description: 'd', timeout_ms: 1, ws: { url: 9 } }],
        ]
      : [
          ['run_shell_command', {}],
          ['run_shell_command', { command: 42 }],
          ['run_shell_command', { command: 'ls', dir_path: 3 }],
          ['read_file', {}],
          ['read_file', { file_path: 3 }],
          ['write_file', { file_path: null, content: 'x' }],
          ['replace', { file_path: ['a'], old_string: 'a', new_string: 'b' }],
          ['grep_search', { pattern: 'x', dir_path: 9 }],
          ['grep_search', { pattern: 'x', include_pattern: { glob: '*' } }],
          ['read_many_files', {}],
          ['read_many_files', { include: 7 }],
          ['read_many_files', { include: [''] }],
          ['web_fetch', {}],
          ['web_fetch', { prompt: 5 }],
          ['web_fetch', { url: 'example.com' }],
          ['web_fetch', { prompt: 'see https://[::1 now' }],
        ];
  for (const [tool, input] of tools) events.push([`${tool} ${JSON.stringify(input)}`, call(tool, input)]);
  return events;
}

describe('malformed hook events through the command install-hook registers', { timeout: 300_000 }, () => {
  for (const agent of ['claude-code', 'gemini-cli'] as const) {
    it(`${agent}: every malformed event blocks, none is allowed or crashes open`, async () => {
      const where = install(agent);
      // The control: the same command allows a well-formed call the rules allow.
      const control = await runRegistered(
        where,
        JSON.stringify({
          hook_event_name: agent === 'claude-code' ? 'PreToolUse' : 'BeforeTool',
          cwd: where.project,
          tool_name: agent === 'claude-code' ? 'Read' : 'read_file',
          tool_input: { file_path: 'README.md' },
        }),
      );
      expect(verdict(agent, control), control.stderr).toMatch(/^answered "allow"$/);
      const events = malformedEvents(agent, where.project);
      const runs = await pool(events, 4, ([, text]) => runRegistered(where, text));
      const wrong = events
        .map(([name], index) => [name, verdict(agent, runs[index]!)] as const)
        .filter(([, answer]) => answer !== 'block' && answer !== 'deny');
      expect(wrong).toEqual([]);
      // A block says why, on stderr, where both hosts show it.
      for (const run of runs) if (run.code === 2) expect(run.stderr).toMatch(/dexter-permissions: blocked: /);
    });

    it(`${agent}: a well-formed call of a tool the hook does not know is never allowed`, async () => {
      const where = install(agent);
      const names = ['Frobnicate', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'bash', 'BASH'];
      const runs = await pool(names, 4, (name) =>
        runRegistered(
          where,
          JSON.stringify({
            hook_event_name: agent === 'claude-code' ? 'PreToolUse' : 'BeforeTool',
            cwd: where.project,
            tool_name: name,
            tool_input: { command: 'touch x' },
          }),
        ),
      );
      // Claude Code: an ask (a stop headless, a prompt interactively); the Gemini CLI cannot ask: a deny.
      const expected = agent === 'claude-code' ? 'answered "ask"' : 'deny';
      expect(runs.map((run) => verdict(agent, run))).toEqual(names.map(() => expected));
    });
  }
});
