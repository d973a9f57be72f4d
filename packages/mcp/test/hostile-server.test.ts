// connectMcpServers against a hostile server of ours (test/fixtures/hostile-server.mjs) over
// stdio — started directly and through an `sh -c` launcher, as npx-style launchers start
// servers — and over Streamable HTTP: duplicate names, huge descriptions and results,
// list_changed floods, close() with a call in flight, a crash that leaves a child behind.
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { toJsonSchema } from '@dexter/registry';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServers, type McpConnection, type McpServersConfig } from '../src/index';
// @ts-expect-error -- a plain ES module fixture without types
import { createHostileServer } from './fixtures/hostile-server.mjs';
import { alive, FIXTURE_SERVER, nodeServer, serverPresent } from './servers';

const HOSTILE = new URL('./fixtures/hostile-server.mjs', import.meta.url).pathname;
const present = serverPresent(HOSTILE) && serverPresent(FIXTURE_SERVER);
const open: McpConnection[] = [];
const allowAll = () => createPermissionEngine({ rules: { allow: ['mcp__bad', 'mcp__fx'] } });

async function connect(config: McpServersConfig, options: Parameters<typeof connectMcpServers>[1] = {}) {
  const connection = await connectMcpServers(config, { stderr: 'pipe', ...options });
  open.push(connection);
  return connection;
}

/** The hostile server started through `sh -c` (the shell stays: `; true` keeps it from exec'ing node). */
const throughShell = () => ({
  command: '/bin/sh',
  args: ['-c', `"${process.execPath}" "${HOSTILE}"; true`],
});

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

describe.runIf(present)('a hostile MCP server', { timeout: 60_000 }, () => {
  it('skips a tool name listed twice with a warning, and the other servers keep working', async () => {
    const warnings: string[] = [];
    const mcp = await connect(
      { mcpServers: { bad: nodeServer(HOSTILE), fx: nodeServer(FIXTURE_SERVER) } },
      { onWarning: (warning) => warnings.push(`${warning.code}:${warning.tool}`) },
    );
    const names = mcp.tools.map((tool) => tool.name);
    expect(names.filter((name) => name === 'mcp__bad__dup')).toHaveLength(1);
    expect(names).toContain('mcp__fx__pid');
    expect(warnings).toContain('duplicate_tool:dup');
    expect(mcp.warnings.map((warning) => warning.code)).toContain('duplicate_tool');
    // createExecutor accepts the list (it throws on duplicate names), and both servers answer.
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const results = await executor.execute([
      { id: 'a', name: 'mcp__bad__dup', input: {} },
      { id: 'b', name: 'mcp__fx__tool_0', input: { value: 'v' } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok']);
    expect(mcp.tools.find((tool) => tool.name === 'mcp__bad__dup')!.description).toBe('The first dup.');
  });

  it('cuts a huge description with a note', async () => {
    const mcp = await connect({ mcpServers: { bad: nodeServer(HOSTILE) } });
    const verbose = mcp.tools.find((tool) => tool.name === 'mcp__bad__verbose')!;
    expect(verbose.description.length).toBeLessThanOrEqual(4000);
    expect(verbose.description).toContain(
      '[description cut by Dexter: 100012 characters, the limit is 4000]',
    );
    expect(mcp.warnings.some((warning) => warning.code === 'description_truncated')).toBe(true);
  });

  it('skips a tool whose input schema is multi-megabyte or very deep, with a warning; the rest still work', async () => {
    const warnings: string[] = [];
    const mcp = await connect(
      { mcpServers: { bad: nodeServer(HOSTILE) } },
      { onWarning: (warning) => warnings.push(`${warning.code}:${warning.tool}:${warning.message}`) },
    );
    const names = mcp.tools.map((tool) => tool.name);
    expect(names).not.toContain('mcp__bad__schema_bomb');
    expect(names).not.toContain('mcp__bad__schema_deep');
    expect(names).toContain('mcp__bad__pid');
    expect(warnings).toContainEqual(
      expect.stringMatching(/^input_schema_too_large:schema_bomb:.*more than 100000 characters/),
    );
    expect(warnings).toContainEqual(expect.stringMatching(/^input_schema_too_large:schema_deep:.*64 levels/));
    // What a model is shown stays small: every offered tool's schema is under the limit.
    for (const tool of mcp.tools) expect(JSON.stringify(toJsonSchema(tool)).length).toBeLessThan(100_000);
    // A host that expects big schemas raises the limit; depth stays capped.
    const roomy = await connect(
      { mcpServers: { bad: nodeServer(HOSTILE) } },
      { servers: { bad: { maxInputSchemaChars: 10_000_000 } } },
    );
    expect(roomy.tools.map((tool) => tool.name)).toContain('mcp__bad__schema_bomb');
    expect(roomy.tools.map((tool) => tool.name)).not.toContain('mcp__bad__schema_deep');
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [pid] = await executor.execute([{ id: 'p', name: 'mcp__bad__pid', input: {} }]);
    expect(pid!.status).toBe('ok');
  });

  it('cuts a result over maxResultChars with a note; over maxMessageBytes it is an error, never a disconnect', async () => {
    const mcp = await connect(
      { mcpServers: { bad: nodeServer(HOSTILE) } },
      { servers: { bad: { maxResultChars: 100_000, maxMessageBytes: 4 * 1024 * 1024 } } },
    );
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [cut, dropped, after] = await executor.execute([
      { id: 'cut', name: 'mcp__bad__big', input: { chars: 1_000_000 } },
      { id: 'drop', name: 'mcp__bad__big', input: { chars: 11 * 1024 * 1024 } },
      { id: 'after', name: 'mcp__bad__pid', input: {} },
    ]);
    expect(cut!.status).toBe('ok');
    expect(cut!.content.length).toBeLessThan(101_000);
    expect(cut!.content).toContain('this result was 1000000 characters, over the 100000-character limit');
    expect(dropped!.status).toBe('error');
    expect(dropped!.content).toMatch(/over the 4194304-byte limit/);
    expect(dropped!.content).not.toMatch(/disconnected/);
    expect(after!.status).toBe('ok');
    expect(mcp.servers.get('bad')!.connected).toBe(true);
  });

  it('reads an 11 MB result (over the SDK stdio buffer) and cuts it to the default limit', async () => {
    const mcp = await connect({ mcpServers: { bad: nodeServer(HOSTILE) } });
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [result] = await executor.execute([
      { id: 'big', name: 'mcp__bad__big', input: { chars: 11 * 1024 * 1024 } },
    ]);
    expect(result!.status).toBe('ok');
    expect(result!.content).toContain('over the 1000000-character limit for MCP results');
  });

  it('coalesces a flood of 3,000 list_changed notifications over stdio', async () => {
    let changes = 0;
    const mcp = await connect(
      { mcpServers: { bad: nodeServer(HOSTILE) } },
      { onToolsChanged: () => changes++ },
    );
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [flood] = await executor.execute([{ id: 'f', name: 'mcp__bad__flood', input: { count: 3000 } }]);
    expect(flood!.status).toBe('ok');
    await waitFor(() => changes > 0, 'a re-list');
    // Let any queued listing finish, then count what the server answered.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [lists] = await executor.execute([{ id: 'l', name: 'mcp__bad__lists', input: {} }]);
    // 1 for the first listing, then a handful for the burst (not one per notification).
    expect(Number(lists!.content)).toBeLessThanOrEqual(6);
  });

  it('ends the whole process group on close(), started through sh -c, and settles the call in flight', async () => {
    const mcp = await connect({ mcpServers: { bad: throughShell() } });
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [pid, child] = await executor.execute([
      { id: 'p', name: 'mcp__bad__pid', input: {} },
      { id: 'c', name: 'mcp__bad__spawn_child', input: {} },
    ]);
    const serverPid = Number(pid!.content);
    const childPid = Number(child!.content);
    expect(alive(serverPid) && alive(childPid)).toBe(true);
    const hanging = executor.execute([{ id: 'h', name: 'mcp__bad__hang', input: {} }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await mcp.close();
    const [settled] = await hanging;
    expect(settled!.status).toBe('error');
    expect(settled!.content).toMatch(/closed/);
    await waitFor(() => !alive(serverPid) && !alive(childPid), 'the server and its child to be gone');
  });

  it('a server that crashes mid-call settles the call and leaves no process behind', async () => {
    const mcp = await connect({ mcpServers: { bad: throughShell() } });
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [pid, child] = await executor.execute([
      { id: 'p', name: 'mcp__bad__pid', input: {} },
      { id: 'c', name: 'mcp__bad__spawn_child', input: {} },
    ]);
    const [crashed] = await executor.execute([{ id: 'x', name: 'mcp__bad__crash', input: { delayMs: 50 } }]);
    expect(crashed!.status).toBe('error');
    expect(crashed!.content).toMatch(/disconnected/);
    await waitFor(
      () => !alive(Number(pid!.content)) && !alive(Number(child!.content)),
      'the crashed server and its child to be gone',
    );
  });
});

describe.runIf(present)('a hostile MCP server over Streamable HTTP', { timeout: 60_000 }, () => {
  let listener: HttpServer | undefined;
  afterEach(async () => {
    listener?.closeAllConnections();
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
    listener = undefined;
  });

  it('coalesces a flood of 3,000 list_changed notifications', async () => {
    const transports = new Map<string, StreamableHTTPServerTransport>();
    listener = createServer(async (req, res) => {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? transports.get(id) : undefined;
      if (transport === undefined) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (session) => {
            transports.set(session, transport!);
          },
        });
        await createHostileServer().connect(transport);
      }
      await transport.handleRequest(req, res);
    });
    const port = await new Promise<number>((resolve) =>
      listener!.listen(0, '127.0.0.1', () => resolve((listener!.address() as { port: number }).port)),
    );
    let changes = 0;
    const mcp = await connect(
      { mcpServers: { bad: { url: `http://127.0.0.1:${port}/mcp`, transport: 'streamable-http' } } },
      { onToolsChanged: () => changes++ },
    );
    // Over HTTP too, the multi-megabyte and the deep input schemas never reach the tool list.
    expect(mcp.tools.map((tool) => tool.name)).not.toContain('mcp__bad__schema_bomb');
    expect(mcp.tools.map((tool) => tool.name)).not.toContain('mcp__bad__schema_deep');
    expect(mcp.warnings.filter((warning) => warning.code === 'input_schema_too_large')).toHaveLength(2);
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [flood] = await executor.execute([{ id: 'f', name: 'mcp__bad__flood', input: { count: 3000 } }]);
    expect(flood!.status).toBe('ok');
    await waitFor(() => changes > 0, 'a re-list');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [lists] = await executor.execute([{ id: 'l', name: 'mcp__bad__lists', input: {} }]);
    expect(Number(lists!.content)).toBeLessThanOrEqual(6);
  });
});
