// The official filesystem server (@modelcontextprotocol/server-filesystem, from the lockfile)
// spawned over stdio on a temp root, its tools run through the executor with rules,
// approvals and the filesystem subject mapping.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createExecutor } from '@dexter/executor';
import { createRecordingPrompter } from '@dexter/executor/testing';
import { createPermissionEngine } from '@dexter/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers, filesystemSubjects, type McpConnection } from '../src/index';
import { FILESYSTEM_SERVER, nodeServer, serverPresent } from './servers';

const present = serverPresent(FILESYSTEM_SERVER);
const SECRET = 'fake-secret-value-for-tests';

let root: string;
let mcp: McpConnection;

beforeAll(async () => {
  if (!present) return;
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-fs-')));
  writeFileSync(path.join(root, 'a.txt'), 'hello from a\n');
  mkdirSync(path.join(root, 'locked'));
  mkdirSync(path.join(root, 'docs'));
  writeFileSync(path.join(root, 'docs', 'b.md'), '# b\n');
  writeFileSync(path.join(root, '.env'), `TOKEN=${SECRET}\n`);
  mcp = await connectMcpServers(
    { mcpServers: { fs: nodeServer(FILESYSTEM_SERVER, [root]) } },
    { servers: { fs: { subjects: filesystemSubjects } } },
  );
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.runIf(present)('the official filesystem server through the executor', { timeout: 30_000 }, () => {
  // Name rules for the listings, subject rules (Read/Write globs) for file access.
  const rules = () =>
    createPermissionEngine({
      rules: {
        allow: [
          'mcp__fs__list_directory',
          'mcp__fs__directory_tree',
          'mcp__fs__read_multiple_files',
          `Read(${root}/**)`,
        ],
        deny: [`Write(${root}/locked/**)`],
      },
    });

  it('lists and reads under the root', async () => {
    const executor = createExecutor({ tools: mcp.tools, permissions: rules() });
    const [listing, file] = await executor.execute([
      { id: 'l', name: 'mcp__fs__list_directory', input: { path: root } },
      { id: 'r', name: 'mcp__fs__read_text_file', input: { path: path.join(root, 'a.txt') } },
    ]);
    expect(listing!.status).toBe('ok');
    expect(listing!.content).toContain('[FILE] a.txt');
    expect(listing!.content).toContain('[DIR] docs');
    expect(file).toMatchObject({ status: 'ok', content: 'hello from a\n' });
  });

  it('writes after approval, and a deny rule on the subject path stops a write with no prompt', async () => {
    const prompter = createRecordingPrompter(['allow-once'], { fallback: 'deny' });
    const executor = createExecutor({ tools: mcp.tools, permissions: rules(), approvals: prompter });
    const [written, locked] = await executor.execute([
      { id: 'w', name: 'mcp__fs__write_file', input: { path: path.join(root, 'new.txt'), content: 'fresh' } },
      {
        id: 'x',
        name: 'mcp__fs__write_file',
        input: { path: path.join(root, 'locked', 'x.txt'), content: 'no' },
      },
    ]);
    expect(written!.status).toBe('ok');
    expect(readFileSync(path.join(root, 'new.txt'), 'utf8')).toBe('fresh');
    expect(prompter.requests).toHaveLength(1);
    expect(prompter.requests[0]!.subject).toEqual({
      kind: 'file',
      access: 'write',
      path: path.join(root, 'new.txt'),
    });
    expect(locked!.status).toBe('denied');
    expect(() => readFileSync(path.join(root, 'locked', 'x.txt'))).toThrow();
  });

  it('never returns a .env under the root, even with the tools allowed by name', async () => {
    const executor = createExecutor({ tools: mcp.tools, permissions: rules() });
    const results = await executor.execute([
      { id: 'e', name: 'mcp__fs__read_text_file', input: { path: path.join(root, '.env') } },
      {
        id: 'm',
        name: 'mcp__fs__read_multiple_files',
        input: { paths: [path.join(root, 'a.txt'), path.join(root, '.env')] },
      },
      { id: 'rel', name: 'mcp__fs__read_text_file', input: { path: path.join(root, 'docs', '..', '.env') } },
    ]);
    for (const result of results) {
      expect(result.status).not.toBe('ok');
      expect(result.content).not.toContain(SECRET);
    }
    // The engine's floor denies them (no rule can allow a secret read), before any prompt.
    for (const result of results) expect(result.status).toBe('denied');
  });

  it('maps the server tools to file subjects for the engine', () => {
    const subjectOf = (name: string, input: Record<string, unknown>) =>
      mcp.tools.find((tool) => tool.name === name)!.permissionSubject!(input);
    expect(subjectOf('mcp__fs__directory_tree', { path: root })).toEqual({
      kind: 'file',
      access: 'read',
      path: root,
      recursive: true,
    });
    expect(
      subjectOf('mcp__fs__move_file', {
        source: path.join(root, 'a.txt'),
        destination: path.join(root, 'docs', 'a.txt'),
      }),
    ).toEqual({
      kind: 'file',
      access: 'write',
      path: root,
    });
    expect(subjectOf('mcp__fs__list_allowed_directories', {})).toBeUndefined();
  });
});
