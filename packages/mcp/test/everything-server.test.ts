// The official "everything" reference server (@modelcontextprotocol/server-everything, from
// the lockfile) over stdio, and over its Streamable HTTP and SSE transports on 127.0.0.1.
// Its tools in this version (listed by the first test): echo, get-annotated-message,
// get-env, get-resource-links, get-resource-reference, get-structured-content, get-sum,
// get-tiny-image, gzip-file-as-resource, toggle-simulated-logging, toggle-subscriber-updates,
// trigger-long-running-operation, simulate-research-query, and after initialisation the
// ones that depend on client capabilities (trigger-elicitation-request, ...). It does not
// paginate tools/list (our fixture server covers pagination). get-env and
// gzip-file-as-resource (it fetches URLs) are never called here.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createExecutor, type ExecutorEvent } from '@dexter/executor';
import { createRecordingPrompter } from '@dexter/executor/testing';
import { createPermissionEngine } from '@dexter/permissions';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { approvalElicitation, connectMcpServers, type McpConnection, type McpToolOutput } from '../src/index';
import { EVERYTHING_SERVER, nodeServer, serverPresent } from './servers';

const present = serverPresent(EVERYTHING_SERVER);
const open: McpConnection[] = [];
const allow = () => createPermissionEngine({ rules: { allow: ['mcp__every'] } });

async function connect(options: Parameters<typeof connectMcpServers>[1] = {}) {
  const mcp = await connectMcpServers(
    { mcpServers: { every: nodeServer(EVERYTHING_SERVER, ['stdio']) } },
    options,
  );
  open.push(mcp);
  return mcp;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((mcp) => mcp.close()));
});

describe.runIf(present)('the everything server over stdio', { timeout: 30_000 }, () => {
  it('lists its tools under mcp__every__', async () => {
    const mcp = await connect();
    const names = mcp.tools.map((tool) => tool.name);
    for (const tool of [
      'echo',
      'get-sum',
      'get-tiny-image',
      'trigger-long-running-operation',
      'get-structured-content',
    ]) {
      expect(names).toContain(`mcp__every__${tool}`);
    }
    // Without an elicitation handler we do not offer the capability, so the tool never appears.
    expect(names).not.toContain('mcp__every__trigger-elicitation-request');
  });

  it('streams progress of a long-running operation', async () => {
    const mcp = await connect();
    const events: ExecutorEvent[] = [];
    const [result] = await createExecutor({ tools: mcp.tools, permissions: allow() }).execute(
      [{ id: 'l', name: 'mcp__every__trigger-long-running-operation', input: { duration: 0.3, steps: 3 } }],
      { onEvent: (event) => events.push(event) },
    );
    expect(result!.status).toBe('ok');
    expect(result!.content).toContain('Long running operation completed');
    const progress = events.filter((event) => event.type === 'tool_progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ message: expect.stringMatching(/^\d+\/3$/) });
  });

  it('cancels a long-running operation and keeps the server usable', async () => {
    const mcp = await connect();
    const executor = createExecutor({ tools: mcp.tools, permissions: allow() });
    const controller = new AbortController();
    const [cancelled] = await executor.execute(
      [{ id: 'l', name: 'mcp__every__trigger-long-running-operation', input: { duration: 60, steps: 600 } }],
      { signal: controller.signal, onEvent: (event) => event.type === 'tool_progress' && controller.abort() },
    );
    expect(cancelled!.status).toBe('cancelled');
    const [sum] = await executor.execute([{ id: 's', name: 'mcp__every__get-sum', input: { a: 2, b: 3 } }]);
    expect(sum!.status).toBe('ok');
    expect(sum!.content).toContain('5');
  });

  it('turns a tool error into an error result with the server text, and bad input into invalid_input', async () => {
    const mcp = await connect();
    const [failed, invalid] = await createExecutor({ tools: mcp.tools, permissions: allow() }).execute([
      { id: 'e', name: 'mcp__every__get-resource-reference', input: { resourceType: 'Text', resourceId: 0 } },
      { id: 'i', name: 'mcp__every__get-sum', input: { a: 'two', b: 3 } },
    ]);
    expect(failed!.status).toBe('error');
    expect(failed!.content).toContain('Invalid resourceId: 0');
    expect(invalid!.status).toBe('invalid_input');
    expect(invalid!.error!.issues![0]!.path).toEqual(['a']);
  });

  it('returns images, annotated messages and structured content', async () => {
    const mcp = await connect();
    const [image, structured, annotated] = await createExecutor({
      tools: mcp.tools,
      permissions: allow(),
    }).execute([
      { id: 'i', name: 'mcp__every__get-tiny-image', input: {} },
      { id: 's', name: 'mcp__every__get-structured-content', input: { location: 'Chicago' } },
      {
        id: 'a',
        name: 'mcp__every__get-annotated-message',
        input: { messageType: 'success', includeImage: true },
      },
    ]);
    const output = image!.output as McpToolOutput;
    const block = output.content.find((entry) => entry.type === 'image')!;
    expect(block.mimeType).toBe('image/png');
    expect(
      Buffer.from(block.data as string, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(image!.content).toMatch(/\[image image\/png, \d+ bytes\]/);
    expect((structured!.output as McpToolOutput).structuredContent).toMatchObject({
      temperature: expect.any(Number),
    });
    expect(annotated!.content).toMatch(/\[image image\/png/);
  });

  it('trusts annotations only for a trusted server', async () => {
    const untrusted = await connect();
    const trusted = await connect({ servers: { every: { trusted: true } } });
    const pick = (mcp: McpConnection, name: string) => mcp.tools.find((tool) => tool.name === name)!;
    expect(pick(untrusted, 'mcp__every__get-sum')).toMatchObject({ concurrencySafe: false, approval: 'ask' });
    expect(pick(trusted, 'mcp__every__get-sum')).toMatchObject({ concurrencySafe: true, approval: 'allow' });
    expect(pick(trusted, 'mcp__every__toggle-simulated-logging')).toMatchObject({
      concurrencySafe: false,
      approval: 'ask',
    });
    // The permission engine never allows an MCP tool by its declared default: a rule must name it.
    const engine = createPermissionEngine();
    const decide = (rules?: string[]) =>
      (rules ? createPermissionEngine({ rules: { allow: rules } }) : engine).decide({
        tool: 'mcp__every__get-sum',
        input: { a: 1, b: 2 },
        defaultBehavior: 'allow',
      });
    expect(await decide()).toMatchObject({ behavior: 'ask' });
    expect(await decide(['mcp__every__get-sum'])).toMatchObject({ behavior: 'allow' });
  });

  it('routes elicitation to the ApprovalPrompter and announces the tool via list_changed', async () => {
    const prompter = createRecordingPrompter([
      { decision: 'allow-once', updatedInput: { name: 'Ada' } },
      'deny',
    ]);
    const changed: string[][] = [];
    const mcp = await connect({
      elicitation: approvalElicitation(prompter),
      onToolsChanged: (tools) => changed.push(tools.map((tool) => tool.name)),
    });
    for (
      let i = 0;
      i < 300 && !mcp.tools.some((tool) => tool.name === 'mcp__every__trigger-elicitation-request');
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(mcp.tools.map((tool) => tool.name)).toContain('mcp__every__trigger-elicitation-request');
    const executor = createExecutor({ tools: mcp.tools, permissions: allow() });
    const [accepted, declined] = await executor.execute([
      { id: 'a', name: 'mcp__every__trigger-elicitation-request', input: {} },
      { id: 'd', name: 'mcp__every__trigger-elicitation-request', input: {} },
    ]);
    expect(accepted!.content).toContain('Ada');
    expect(declined!.content.toLowerCase()).toContain('decline');
    expect(prompter.requests[0]!.toolDescription).toContain('Please provide inputs');
  });
});

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startHttpServer(
  mode: 'streamableHttp' | 'sse',
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_SERVER, mode], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (/listening|running/i.test(seen)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`everything ${mode} server exited (${code}): ${seen}`)));
  });
  return { child, port };
}

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
});

describe.runIf(present)('the everything server over HTTP on 127.0.0.1', { timeout: 30_000 }, () => {
  it('speaks Streamable HTTP, with progress', async () => {
    const { child, port } = await startHttpServer('streamableHttp');
    children.push(child);
    const mcp = await connectMcpServers({ mcpServers: { every: { url: `http://127.0.0.1:${port}/mcp` } } });
    open.push(mcp);
    const events: ExecutorEvent[] = [];
    const [sum, long] = await createExecutor({ tools: mcp.tools, permissions: allow() }).execute(
      [
        { id: 's', name: 'mcp__every__get-sum', input: { a: 20, b: 22 } },
        { id: 'l', name: 'mcp__every__trigger-long-running-operation', input: { duration: 0.2, steps: 2 } },
      ],
      { onEvent: (event) => events.push(event) },
    );
    expect(sum!.content).toContain('42');
    expect(long!.status).toBe('ok');
    expect(events.some((event) => event.type === 'tool_progress')).toBe(true);
  });

  it('falls back to the older SSE transport when the server only speaks that', async () => {
    const { child, port } = await startHttpServer('sse');
    children.push(child);
    const mcp = await connectMcpServers({ mcpServers: { every: { url: `http://127.0.0.1:${port}/sse` } } });
    open.push(mcp);
    const [sum] = await createExecutor({ tools: mcp.tools, permissions: allow() }).execute([
      { id: 's', name: 'mcp__every__get-sum', input: { a: 1, b: 1 } },
    ]);
    expect(sum!.status).toBe('ok');
    expect(sum!.content).toContain('2');
  });
});
