// Where the filesystem mapping learns a server's roots besides `list_allowed_directories`:
// its launch arguments (as server-filesystem takes them) and the MCP `roots` exchange (the
// client offers roots; the real server takes them up instead of its arguments). A path it
// cannot place asks instead of running on a rule naming the tool; one that could be a secret
// wherever it lands is refused. Real `@modelcontextprotocol/server-filesystem`, and a hostile
// server of ours that lies about its roots.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createExecutor } from '@dexter/executor';
import { createRecordingPrompter } from '@dexter/executor/testing';
import { createPermissionEngine } from '@dexter/permissions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectMcpServers,
  filesystemSubjects,
  type McpConnection,
  type McpServersConfig,
  type McpSubjectMapper,
} from '../src/index';
import { FILESYSTEM_SERVER, serverPresent } from './servers';

const LIAR = new URL('./fixtures/server-filesystem/liar.mjs', import.meta.url).pathname;
const present = serverPresent(FILESYSTEM_SERVER) && serverPresent(LIAR);
const CANARY = 'npm_FAKE_CANARY_TOKEN_for_tests_only';

let home: string;
let work: string;
const open: McpConnection[] = [];

beforeAll(() => {
  home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-home-')));
  work = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-work-')));
  writeFileSync(path.join(home, '.npmrc'), `//registry.npmjs.org/:_authToken=${CANARY}\n`);
  mkdirSync(path.join(home, 'notes'));
  writeFileSync(path.join(home, 'notes', 'todo.md'), 'home notes\n');
  mkdirSync(path.join(work, 'notes'));
  writeFileSync(path.join(work, 'notes', 'todo.md'), 'work notes\n');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

afterAll(() => {
  for (const directory of [home, work]) if (directory) rmSync(directory, { recursive: true, force: true });
});

async function connect(
  server: McpServersConfig['mcpServers'][string],
  fs: Parameters<typeof connectMcpServers>[1] extends infer O
    ? O extends { servers?: Record<string, infer S> }
      ? S
      : never
    : never,
) {
  const mcp = await connectMcpServers({ mcpServers: { fs: server } }, { servers: { fs }, stderr: 'pipe' });
  open.push(mcp);
  return mcp;
}

/** An executor whose rules allow the read tool by name, and a prompter that records and answers. */
function executorFor(mcp: McpConnection, answers: ('allow-once' | 'deny')[]) {
  const prompter = createRecordingPrompter(answers);
  const executor = createExecutor({
    tools: mcp.tools,
    permissions: createPermissionEngine({ homeDir: home, rules: { allow: ['mcp__fs__read_text_file'] } }),
    approvals: prompter,
  });
  return { executor, prompter };
}

const read = (id: string, file: string) => ({ id, name: 'mcp__fs__read_text_file', input: { path: file } });

/** The official server rooted at `~` (HOME = the test home), no cwd: it is not the host's. */
const realServer = (args = ['~']) => ({
  command: process.execPath,
  args: [FILESYSTEM_SERVER, ...args],
  env: { HOME: home },
});

describe.runIf(present)(
  'filesystem roots from launch arguments and the roots exchange',
  { timeout: 60_000 },
  () => {
    it('places relative paths by the launch arguments alone (no list_allowed_directories asked)', async () => {
      const fromArgsOnly: McpSubjectMapper = Object.assign(
        (tool: string, input: Record<string, unknown>, context: Parameters<McpSubjectMapper>[2]) =>
          filesystemSubjects(tool, input, context),
        { rootsFromLaunch: filesystemSubjects.rootsFromLaunch! },
      );
      const mcp = await connect(realServer(), { subjects: fromArgsOnly });
      const { executor, prompter } = executorFor(mcp, []);
      const results = await executor.execute([read('secret', '.npmrc'), read('notes', 'notes/todo.md')]);
      expect(results[0]).toMatchObject({ status: 'denied' });
      expect(results[0]!.content).not.toContain(CANARY);
      expect(results[1]).toMatchObject({ status: 'ok', content: 'home notes\n' });
      expect(prompter.requests).toHaveLength(0);
    });

    it('a path it cannot place asks (a rule naming the tool is not enough); a possible secret is refused', async () => {
      const placesNothing: McpSubjectMapper = (tool, input, context) =>
        filesystemSubjects(tool, input, context);
      const mcp = await connect(realServer(), { subjects: placesNothing });
      const { executor, prompter } = executorFor(mcp, ['deny', 'allow-once']);
      const results = await executor.execute([
        read('secret', '.npmrc'),
        read('declined', 'notes/todo.md'),
        read('approved', 'notes/todo.md'),
        read('absolute', path.join(home, 'notes', 'todo.md')),
      ]);
      expect(results.map((result) => result.status)).toEqual(['denied', 'denied', 'ok', 'ok']);
      expect(results[0]!.content).not.toContain(CANARY);
      expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['declined', 'approved']);
      expect(prompter.requests[0]!.decision.reason).toMatch(/could not work out where the call lands/);
      // Approved, it runs where the server places it.
      expect(results[2]!.content).toBe('home notes\n');
    });

    it('offers roots through the MCP roots exchange; the server takes them up and the mapping places against them', async () => {
      const warnings: string[] = [];
      const mcp = await connectMcpServers(
        { mcpServers: { fs: realServer([work]) } },
        {
          servers: { fs: { subjects: filesystemSubjects, roots: ['~'] } },
          onWarning: (warning) => warnings.push(warning.code),
          stderr: 'pipe',
        },
      );
      open.push(mcp);
      // The server asks for roots after `initialized`: until it reports ours, relative paths ask.
      let placed: ReturnType<NonNullable<(typeof mcp.tools)[number]['permissionSubject']>> | undefined;
      for (let attempt = 0; attempt < 100 && placed === undefined; attempt++) {
        await mcp.refresh();
        try {
          placed = mcp.tools.find((tool) => tool.name === 'mcp__fs__read_text_file')!.permissionSubject!({
            path: 'notes/todo.md',
          });
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(placed).toEqual({ kind: 'file', access: 'read', path: path.join(home, 'notes', 'todo.md') });
      const { executor, prompter } = executorFor(mcp, []);
      const results = await executor.execute([read('secret', '.npmrc'), read('notes', 'notes/todo.md')]);
      expect(results[0]).toMatchObject({ status: 'denied' });
      expect(results[0]!.content).not.toContain(CANARY);
      // The server reads the offered root's file, not the launch argument's.
      expect(results[1]).toMatchObject({ status: 'ok', content: 'home notes\n' });
      expect(prompter.requests).toHaveLength(0);
    });

    it('a server whose reported roots contradict its launch arguments gets no placement: relative paths ask', async () => {
      const warnings: string[] = [];
      const mcp = await connectMcpServers(
        { mcpServers: { fs: { command: process.execPath, args: [LIAR, home], env: { HOME: home } } } },
        {
          servers: { fs: { subjects: filesystemSubjects } },
          onWarning: (warning) => warnings.push(`${warning.code}: ${warning.message}`),
          stderr: 'pipe',
        },
      );
      open.push(mcp);
      expect(warnings).toContainEqual(expect.stringMatching(/^roots_disagree: .*nonexistent-dexter-root/));
      const { executor, prompter } = executorFor(mcp, ['deny']);
      const results = await executor.execute([read('secret', '.npmrc'), read('notes', 'notes/todo.md')]);
      // Placed under the root it claims, `.npmrc` would not be the home's and the rule would allow it.
      expect(results.map((result) => result.status)).toEqual(['denied', 'denied']);
      expect(results[0]!.content).not.toContain(CANARY);
      expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['notes']);
    });
  },
);
