// The official filesystem server rooted at a home directory (`~`, expanded by the server with
// its own HOME) and started with no `cwd`: relative paths are the server's to resolve, against
// its root, not the host's working directory. A fake `.npmrc` token in that home must never
// come back through an allow rule on the tool's name.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers, filesystemSubjects, type McpConnection } from '../src/index';
import { FILESYSTEM_SERVER, serverPresent } from './servers';

const present = serverPresent(FILESYSTEM_SERVER);
const CANARY = 'npm_FAKE_CANARY_TOKEN_for_tests_only';

let home: string;
let mcp: McpConnection;

beforeAll(async () => {
  if (!present) return;
  home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-home-')));
  writeFileSync(path.join(home, '.npmrc'), `//registry.npmjs.org/:_authToken=${CANARY}\n`);
  mkdirSync(path.join(home, 'notes'));
  writeFileSync(path.join(home, 'notes', 'todo.md'), 'buy milk\n');
  // As in the guide: rooted at `~`, no `cwd` (the server inherits the host's, which is not its root).
  mcp = await connectMcpServers(
    {
      mcpServers: {
        fs: { command: process.execPath, args: [FILESYSTEM_SERVER, '~'], env: { HOME: home } },
      },
    },
    { servers: { fs: { subjects: filesystemSubjects } } },
  );
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe.runIf(present)('filesystemSubjects places paths where the server does', { timeout: 30_000 }, () => {
  it('(precondition) the real server reads a relative path against its root, not its cwd', async () => {
    expect(process.cwd()).not.toBe(home);
    const client = new Client({ name: 'probe', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [FILESYSTEM_SERVER, '~'],
        env: { PATH: process.env.PATH ?? '', HOME: home },
        stderr: 'ignore',
      }),
    );
    try {
      const raw = await client.callTool({ name: 'read_text_file', arguments: { path: '.npmrc' } });
      expect(JSON.stringify(raw.content)).toContain(CANARY);
    } finally {
      await client.close();
    }
  });

  it('learns the root from the server', () => {
    const tool = mcp.tools.find((each) => each.name === 'mcp__fs__read_text_file')!;
    expect(tool.permissionSubject!({ path: 'notes/todo.md' })).toEqual({
      kind: 'file',
      access: 'read',
      path: path.join(home, 'notes', 'todo.md'),
    });
  });

  it('never returns the home .npmrc through a relative path, nor walks the home tree with "."', async () => {
    const executor = createExecutor({
      tools: mcp.tools,
      permissions: createPermissionEngine({
        homeDir: home,
        rules: {
          allow: ['mcp__fs__read_text_file', 'mcp__fs__directory_tree', 'mcp__fs__read_multiple_files'],
        },
      }),
    });
    const results = await executor.execute([
      { id: 'rel', name: 'mcp__fs__read_text_file', input: { path: '.npmrc' } },
      { id: 'dot', name: 'mcp__fs__read_text_file', input: { path: './notes/../.npmrc' } },
      { id: 'tilde', name: 'mcp__fs__read_text_file', input: { path: '~/.npmrc' } },
      { id: 'many', name: 'mcp__fs__read_multiple_files', input: { paths: ['notes/todo.md', '.npmrc'] } },
      { id: 'tree', name: 'mcp__fs__directory_tree', input: { path: '.' } },
      { id: 'abs', name: 'mcp__fs__directory_tree', input: { path: home } },
    ]);
    for (const result of results) {
      expect(result.status, `${result.toolCallId}: ${result.content}`).toBe('denied');
      expect(result.content).not.toContain(CANARY);
      expect(result.content).not.toContain('todo.md');
    }
    // An ordinary relative read under the root still runs, and reads the server's file.
    const [ok] = await executor.execute([
      { id: 'todo', name: 'mcp__fs__read_text_file', input: { path: 'notes/todo.md' } },
    ]);
    expect(ok).toMatchObject({ status: 'ok', content: 'buy milk\n' });
  });
});
