// serveMcp driven by the official SDK client: in memory, over Streamable HTTP on 127.0.0.1,
// and the dexter-mcp bin over stdio (from source, and from dist when it is built).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { createToolRegistry, defineTool } from '@dexter/registry';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseMcpCliArguments, runMcpCli } from '../src/cli/run-mcp-cli';
import { connectMcpServers, type McpServing, serveMcp } from '../src/index';
import { servingUrl } from './servers';

const stopped: { aborted: number } = { aborted: 0 };

const add = defineTool({
  name: 'add',
  inputSchema: z.object({ a: z.number(), b: z.number() }),
  description: 'Adds two numbers.',
  compactDescription: 'Adds two numbers',
  concurrencySafe: true,
  approval: 'allow',
  execute: ({ a, b }) => a + b,
});
const steps = defineTool({
  name: 'steps',
  inputSchema: z.object({ n: z.number().int().min(1).max(50) }),
  description: 'Counts to n, reporting progress, 20 ms a step.',
  compactDescription: 'Counts with progress',
  approval: 'allow',
  async *execute({ n }, { signal }) {
    for (let i = 1; i <= n; i++) {
      yield { message: `step ${i}`, percent: (i / n) * 100 };
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (signal.aborted) {
        stopped.aborted += 1;
        throw signal.reason;
      }
    }
    return `counted to ${n}`;
  },
});
const remove = defineTool({
  name: 'remove_item',
  inputSchema: z.object({ id: z.string() }),
  description: 'Removes an item (asks first).',
  compactDescription: 'Removes an item',
  execute: ({ id }) => `removed ${id}`,
});
const registry = createToolRegistry([add, steps, remove]);

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function inMemory(
  options: { elicit?: 'allow' | 'deny'; rules?: { allow?: string[]; deny?: string[] } } = {},
) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const serving = await serveMcp(registry, {
    transport: serverSide,
    ...(options.rules ? { permissions: createPermissionEngine({ rules: options.rules }) } : {}),
  });
  const client = new Client(
    { name: 'test', version: '1' },
    { capabilities: options.elicit ? { elicitation: {} } : {} },
  );
  if (options.elicit) {
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { decision: options.elicit! },
    }));
  }
  await client.connect(clientSide);
  cleanups.push(
    () => client.close(),
    () => serving.close(),
  );
  return client;
}

const textOf = (result: { content?: unknown }) => (result.content as Array<{ text?: string }>)[0]?.text ?? '';

describe('serveMcp', { timeout: 30_000 }, () => {
  it('lists registry tools with their JSON Schema and calls them through the executor', async () => {
    const client = await inMemory();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'steps', 'remove_item']);
    expect(tools[0]!.inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(tools[0]!.annotations?.readOnlyHint).toBe(true);
    const ok = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(textOf(ok)).toBe('42');
    expect(ok.isError).toBeFalsy();
    const invalid = await client.callTool({ name: 'add', arguments: { a: 'x' } });
    expect(invalid.isError).toBe(true);
    expect(invalid._meta?.['dexter/status']).toBe('invalid_input');
    expect(textOf(invalid)).toContain('a');
    const unknown = await client.callTool({ name: 'nope', arguments: {} });
    expect(unknown._meta?.['dexter/status']).toBe('unknown_tool');
  });

  it('asks through elicitation when the client offers it, and denies when it does not', async () => {
    const allowed = await inMemory({ elicit: 'allow' });
    expect(textOf(await allowed.callTool({ name: 'remove_item', arguments: { id: 'a' } }))).toBe('removed a');
    const refused = await inMemory({ elicit: 'deny' });
    const no = await refused.callTool({ name: 'remove_item', arguments: { id: 'a' } });
    expect(no._meta?.['dexter/status']).toBe('denied');
    const cannotAsk = await inMemory();
    const denied = await cannotAsk.callTool({ name: 'remove_item', arguments: { id: 'a' } });
    expect(denied._meta?.['dexter/status']).toBe('denied');
    expect(textOf(denied)).toContain('no elicitation');
    const ruled = await inMemory({ elicit: 'allow', rules: { deny: ['add'] } });
    expect((await ruled.callTool({ name: 'add', arguments: { a: 1, b: 1 } }))._meta?.['dexter/status']).toBe(
      'denied',
    );
  });

  it('sends progress notifications and stops the tool on cancellation', async () => {
    const client = await inMemory();
    const seen: Array<{ progress: number; message?: string }> = [];
    const done = await client.callTool({ name: 'steps', arguments: { n: 3 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(textOf(done)).toBe('counted to 3');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]!.message).toBe('step 1');

    const before = stopped.aborted;
    const controller = new AbortController();
    const call = client.callTool({ name: 'steps', arguments: { n: 50 } }, undefined, {
      signal: controller.signal,
      onprogress: () => controller.abort(),
    });
    await expect(call).rejects.toThrow();
    for (let i = 0; i < 200 && stopped.aborted === before; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped.aborted).toBe(before + 1);
  });

  it('serves a host executor with its own rules', async () => {
    const executor = createExecutor({
      tools: [add, remove],
      permissions: createPermissionEngine({ rules: { allow: ['remove_item'], deny: ['add'] } }),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const serving = await serveMcp(executor, { transport: serverSide });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
    cleanups.push(
      () => client.close(),
      () => serving.close(),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'remove_item']);
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } }))._meta?.['dexter/status']).toBe(
      'denied',
    );
    expect(textOf(await client.callTool({ name: 'remove_item', arguments: { id: 'z' } }))).toBe('removed z');
  });

  it('applies the executor timeout to served calls', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const serving = await serveMcp(registry, { transport: serverSide, timeoutMs: 60 });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
    cleanups.push(
      () => client.close(),
      () => serving.close(),
    );
    const result = await client.callTool({ name: 'steps', arguments: { n: 50 } });
    expect(result.isError).toBe(true);
    expect(result._meta?.['dexter/status']).toBe('timeout');
  });

  it('sends configured headers and the bearer token to an HTTP server', async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    const listener = createHttpServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end('no');
    });
    const port = await new Promise<number>((resolve) =>
      listener.listen(0, '127.0.0.1', () => resolve((listener.address() as { port: number }).port)),
    );
    cleanups.push(() => new Promise((resolve) => listener.close(resolve)));
    await expect(
      connectMcpServers({
        mcpServers: {
          remote: {
            url: `http://127.0.0.1:${port}/mcp`,
            headers: { 'X-Team': 'research' },
            bearerToken: 'token-123',
            transport: 'streamable-http',
          },
        },
      }),
    ).rejects.toMatchObject({ code: 'connect_failed', server: 'remote' });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]!.authorization).toBe('Bearer token-123');
    expect(seen[0]!['x-team']).toBe('research');
  });

  it('serves Streamable HTTP on 127.0.0.1 to the SDK client and to our own connectMcpServers', async () => {
    const serving: McpServing = await serveMcp(registry, { transport: { type: 'http', port: 0 } });
    cleanups.push(() => serving.close());
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serving.url!)));
    cleanups.push(() => client.close());
    expect(textOf(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }))).toBe('3');

    const mcp = await connectMcpServers({ mcpServers: { dexter: { url: serving.url! } } });
    cleanups.push(() => mcp.close());
    expect(mcp.tools.map((tool) => tool.name)).toEqual([
      'mcp__dexter__add',
      'mcp__dexter__steps',
      'mcp__dexter__remove_item',
    ]);
    const result = await mcp.servers.get('dexter')!.callTool('add', { a: 5, b: 5 });
    expect(textOf(result)).toBe('10');
  });

  /**
   * The server started again on the port it freed. Another process on the machine (CI runs test
   * files side by side) may hold that port for a moment after it is freed: tried again for up to
   * two seconds on EADDRINUSE, any other error thrown at once.
   */
  async function listenAgainOn(port: number): Promise<Awaited<ReturnType<typeof serveMcp>>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await serveMcp(registry, { transport: { type: 'http', port } });
      } catch (error) {
        // serveMcp's `serve_failed` error carries the listen error as its cause.
        const cause = (error as { cause?: { code?: string } }).cause;
        if (cause?.code !== 'EADDRINUSE' || attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  it('reconnects over HTTP after the server restarts: one error, then a new session', async () => {
    const first = await serveMcp(registry, { transport: { type: 'http', port: 0 } });
    const port = first.port!;
    const mcp = await connectMcpServers({ mcpServers: { dexter: { url: first.url! } } });
    cleanups.push(() => mcp.close());
    const connection = mcp.servers.get('dexter')!;
    expect(textOf(await connection.callTool('add', { a: 1, b: 1 }))).toBe('2');
    await first.close();
    const second = await listenAgainOn(port);
    cleanups.push(() => second.close());
    // The old session id means nothing to the new server: that call fails once...
    await expect(connection.callTool('add', { a: 2, b: 2 })).rejects.toMatchObject({ code: 'disconnected' });
    // ...and the next one opens a new session.
    expect(textOf(await connection.callTool('add', { a: 3, b: 3 }))).toBe('6');
  });

  it('closes an HTTP session left idle, and refuses sessions over the cap', async () => {
    const serving = await serveMcp(registry, {
      transport: { type: 'http', port: 0, sessionIdleMs: 300, maxSessions: 1 },
    });
    cleanups.push(() => serving.close());
    const transport = new StreamableHTTPClientTransport(new URL(serving.url!));
    const client = new Client({ name: 'idle', version: '1' });
    await client.connect(transport);
    cleanups.push(() => client.close());
    expect(textOf(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }))).toBe('3');
    // A second session while the first is open: over the cap.
    const second = new Client({ name: 'second', version: '1' });
    await expect(second.connect(new StreamableHTTPClientTransport(new URL(serving.url!)))).rejects.toThrow(
      /503|Too many/,
    );
    const sessionId = transport.sessionId!;
    const statusOf = async () =>
      (
        await fetch(serving.url!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': sessionId,
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/list', params: {} }),
        })
      ).status;
    // Idle for longer than sessionIdleMs (the server's timer, armed first in this process, fires
    // before ours): the session is gone (404), and a new one may start.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await statusOf()).toBe(404);
    const third = new Client({ name: 'third', version: '1' });
    await third.connect(new StreamableHTTPClientTransport(new URL(serving.url!)));
    cleanups.push(() => third.close());
    expect(textOf(await third.callTool({ name: 'add', arguments: { a: 2, b: 2 } }))).toBe('4');
  });

  it('rejects a request whose Host header is not the local one (DNS rebinding)', async () => {
    const serving = await serveMcp(registry, { transport: { type: 'http', port: 0 } });
    cleanups.push(() => serving.close());
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          serving.url!,
          {
            method: 'POST',
            headers: {
              host,
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.once('error', reject);
        request.end(body);
      });
    expect(await statusFor('evil.example')).toBe(403);
    expect(await statusFor(new URL(serving.url!).host)).toBe(200);
  });
});

describe('dexter-mcp', { timeout: 60_000 }, () => {
  it('parses its command line', () => {
    expect(parseMcpCliArguments(['serve', '--finance'])).toEqual({ command: 'serve', finance: true });
    expect(parseMcpCliArguments(['serve', '--finance', '--http', '3333'])).toMatchObject({
      http: { port: 3333, host: '127.0.0.1' },
    });
    expect(() => parseMcpCliArguments(['serve'])).toThrow(/--finance/);
    expect(() => parseMcpCliArguments(['serve', '--finance', '--http', 'x'])).toThrow(/port/);
    expect(parseMcpCliArguments(['serve', '--finance', '--http', '0', '--session-idle', '90'])).toMatchObject(
      {
        http: { port: 0, sessionIdleMs: 90_000 },
      },
    );
    expect(() => parseMcpCliArguments(['serve', '--finance', '--session-idle', '90'])).toThrow(/--http only/);
    expect(() => parseMcpCliArguments(['serve', '--finance', '--http', '0', '--session-idle', '-1'])).toThrow(
      /seconds/,
    );
  });

  it('says what to install when the optional @dexter/finance-tools is missing', async () => {
    let written = '';
    const missing = Object.assign(new Error("Cannot find package '@dexter/finance-tools' imported from x"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const code = await runMcpCli(['serve', '--finance'], {
      stderr: (text) => {
        written += text;
      },
      stopped: Promise.resolve(),
      loadFinanceTools: () => Promise.reject(missing),
    });
    expect(code).toBe(1);
    expect(written).toContain('npm install @dexter/finance-tools');
  });

  const packageDir = fileURLToPath(new URL('..', import.meta.url));
  const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  const variants: Array<[string, string[]]> = [
    ['source', ['--conditions=@dexter/source', '--import', 'tsx', 'src/cli.ts']],
  ];
  // The built bin loads the built workspace packages; another engineer's rebuild can remove
  // one for a moment, so the dist variant runs only when every dist entry it needs exists.
  const needed = [
    built,
    ...['registry', 'permissions', 'executor', 'finance-tools'].map((name) =>
      fileURLToPath(new URL(`../../${name}/dist/index.js`, import.meta.url)),
    ),
  ];
  const missing = needed.filter((file) => !existsSync(file));
  if (missing.length === 0) variants.push(['dist', ['dist/cli.js']]);
  else
    console.warn(
      `[mcp tests] not built: ${missing.join(', ')} (npx tsup in those packages); testing the bin from source only`,
    );

  it.each(variants)(
    'serve --finance answers get_financials over stdio offline (%s)',
    async (_label, args) => {
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [...args, 'serve', '--finance'],
          cwd: packageDir,
          stderr: 'pipe',
        }),
      );
      cleanups.push(() => client.close());
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_financials');
      const result = await client.callTool({
        name: 'get_financials',
        arguments: { query: 'Apple revenue for fiscal 2023' },
      });
      expect(result.isError).toBeFalsy();
      // Apple's FY2023 revenue in the SEC filing: $383,285 million.
      expect(textOf(result)).toMatch(/383[,.]?285|383\.3/);
    },
  );

  it('serve --finance --http 0 serves Streamable HTTP on 127.0.0.1', async () => {
    const child = spawn(process.execPath, [...variants[0]![1], 'serve', '--finance', '--http', '0'], {
      cwd: packageDir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    cleanups.push(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    });
    const url = await servingUrl(child);
    const mcp = await connectMcpServers({ mcpServers: { dexter: { url } } });
    cleanups.push(() => mcp.close());
    expect(mcp.tools.map((tool) => tool.name)).toContain('mcp__dexter__get_financials');
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
