// connectMcpServers against our fixture server (real SDK server, real child process over
// stdio): pagination, names, validation, list changes, progress, cancellation, timeouts,
// crashes and reconnects, refused sampling/elicitation, whole-server rules.
import { createExecutor, type ExecutorEvent } from '@dexter/executor';
import { createRecordingPrompter } from '@dexter/executor/testing';
import { createPermissionEngine } from '@dexter/permissions';
import { toJsonSchema } from '@dexter/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServers, type McpConnection, type McpToolOutput } from '../src/index';
import { alive, FIXTURE_SERVER, nodeServer, serverPresent } from './servers';

const present = serverPresent(FIXTURE_SERVER);
const open: McpConnection[] = [];

async function connect(options: Parameters<typeof connectMcpServers>[1] = {}, env?: Record<string, string>) {
  const connection = await connectMcpServers(
    { mcpServers: { fx: nodeServer(FIXTURE_SERVER, [], env) } },
    { stderr: 'pipe', ...options },
  );
  open.push(connection);
  return connection;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const allowAll = () => createPermissionEngine({ rules: { allow: ['mcp__fx'] } });
/** The first text block of an ok result (soft-limit notes can follow it in `content`). */
const firstText = (result: { output?: unknown } | undefined) =>
  (result?.output as McpToolOutput | undefined)?.content[0]?.text as string | undefined;

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

describe.runIf(present)('connectMcpServers with the fixture server', { timeout: 30_000 }, () => {
  it('follows tools/list pages and names every tool mcp__<server>__<tool>, reversibly', async () => {
    const mcp = await connect({}, { FIXTURE_TOOLS: '7', FIXTURE_PAGE_SIZE: '2' });
    const names = mcp.tools.map((tool) => tool.name);
    // 9 named tools + 7 numbered ones, over 8 pages of 2.
    expect(names).toHaveLength(16);
    expect(names).toContain('mcp__fx__tool_6');
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^mcp__fx__[A-Za-z0-9_-]+$/);
    const weird = names.find((name) => name.startsWith('mcp__fx__weird'));
    expect(weird).toBeDefined();
    expect(mcp.resolve(weird!)).toEqual({ server: 'fx', tool: 'weird.name/with spaces' });
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [result] = await executor.execute([{ id: 'w', name: weird!, input: { n: 4 } }]);
    expect(result).toMatchObject({ status: 'ok', content: 'weird 4' });
  });

  it('shows the server schema to models and a one-line compact description', async () => {
    const mcp = await connect();
    const tool = mcp.tools.find((candidate) => candidate.name === 'mcp__fx__tool_0')!;
    expect(toJsonSchema(tool)).toMatchObject({
      type: 'object',
      properties: { value: { type: 'string', description: 'Any text' } },
      required: ['value'],
    });
    expect(tool.description).toBe('Numbered tool 0.\nSecond line of its description.');
    expect(tool.compactDescription).toBe('Numbered tool 0.');
    expect(tool.approval).toBe('ask');
    // Annotations of an untrusted server are ignored.
    expect(mcp.tools.find((candidate) => candidate.name === 'mcp__fx__slow')!.concurrencySafe).toBe(false);
  });

  it('rejects input the JSON Schema refuses with invalid_input and readable issues, sending nothing', async () => {
    const mcp = await connect();
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const results = await executor.execute([
      { id: 'a', name: 'mcp__fx__tool_0', input: { value: 3 } },
      { id: 'b', name: 'mcp__fx__tool_0', input: {} },
      { id: 'c', name: 'mcp__fx__conditional', input: { kind: 'box' } },
      { id: 'd', name: 'mcp__fx__conditional', input: { kind: 'box', size: 2 } },
      { id: 'e', name: 'mcp__fx__tool_0', input: { value: 'ok' } },
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'invalid_input',
      'invalid_input',
      'invalid_input',
      'ok',
      'ok',
    ]);
    expect(results[0]!.error!.issues![0]).toMatchObject({ path: ['value'] });
    expect(results[0]!.content).toContain('value');
    expect(results[1]!.error!.issues![0]).toMatchObject({ path: ['value'] });
    // The if/then schema is beyond zod: Ajv's text names the missing property.
    expect(results[2]!.content).toContain('size');
    expect(results[4]).toMatchObject({ content: 'tool_0:ok' });
  });

  it('updates its tools on notifications/tools/list_changed', async () => {
    const changes: string[][] = [];
    const mcp = await connect({ onToolsChanged: (tools) => changes.push(tools.map((tool) => tool.name)) });
    expect(mcp.tools.some((tool) => tool.name === 'mcp__fx__added_1')).toBe(false);
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [added] = await executor.execute([{ id: 'a', name: 'mcp__fx__add_tool', input: {} }]);
    expect(added!.status).toBe('ok');
    await waitFor(() => mcp.tools.some((tool) => tool.name === 'mcp__fx__added_1'), 'the new tool');
    expect(changes.at(-1)).toContain('mcp__fx__added_1');
    const next = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [called] = await next.execute([{ id: 'b', name: 'mcp__fx__added_1', input: {} }]);
    expect(called).toMatchObject({ status: 'ok', content: 'added_1:' });
  });

  it('turns MCP progress into executor progress events', async () => {
    const mcp = await connect();
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const events: ExecutorEvent[] = [];
    const [result] = await executor.execute([{ id: 's', name: 'mcp__fx__slow', input: { ms: 120 } }], {
      onEvent: (event) => events.push(event),
    });
    expect(result).toMatchObject({ status: 'ok', content: 'slept 120' });
    const progress = events.filter((event) => event.type === 'tool_progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ toolCallId: 's', message: expect.stringMatching(/^step \d+$/) });
    expect((progress[0] as { percent?: number }).percent).toBeGreaterThan(0);
  });

  it('asks the server for progress only when the run has a listener for it', async () => {
    const mcp = await connect();
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const probe = [{ id: 't', name: 'mcp__fx__tool_0', input: { value: '?token' } }];
    const [unobserved] = await executor.execute(probe);
    expect(unobserved).toMatchObject({ status: 'ok', output: { content: [{ text: 'token:false' }] } });
    const [observed] = await executor.execute(probe, { onEvent: () => undefined });
    expect(observed).toMatchObject({ status: 'ok', output: { content: [{ text: 'token:true' }] } });
  });

  it('sends notifications/cancelled when the run is aborted, and times out calls', async () => {
    const mcp = await connect();
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const controller = new AbortController();
    const running = executor.execute([{ id: 's', name: 'mcp__fx__slow', input: { ms: 30_000 } }], {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'tool_progress') controller.abort();
      },
    });
    const [cancelled] = await running;
    expect(cancelled!.status).toBe('cancelled');
    const count = async () => {
      const [result] = await executor.execute([{ id: 'n', name: 'mcp__fx__cancellations', input: {} }]);
      return Number(firstText(result));
    };
    await waitFor(async () => (await count()) === 1, 'the server to see the cancellation');

    const timed = createExecutor({ tools: mcp.tools, permissions: allowAll(), timeoutMs: 100 });
    const [timeout] = await timed.execute([{ id: 't', name: 'mcp__fx__slow', input: { ms: 30_000 } }]);
    expect(timeout!.status).toBe('timeout');
    await waitFor(async () => (await count()) === 2, 'the server to see the timeout as a cancellation');
  });

  it('gives every in-flight call exactly one error when the server crashes, then reconnects', async () => {
    // Trusted: the fixture's read-only hints make crash and slow one parallel batch, both in flight.
    const mcp = await connect({ servers: { fx: { trusted: true } } });
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll(), maxConcurrency: 4 });
    const [before] = await executor.execute([{ id: 'p', name: 'mcp__fx__pid', input: {} }]);
    const firstPid = Number(firstText(before));
    expect(alive(firstPid)).toBe(true);
    const events: ExecutorEvent[] = [];
    const results = await executor.execute(
      [
        { id: 's', name: 'mcp__fx__slow', input: { ms: 30_000 } },
        { id: 'c', name: 'mcp__fx__crash', input: { delayMs: 100 } },
        { id: 't', name: 'mcp__fx__slow', input: { ms: 30_000 } },
      ],
      { onEvent: (event) => events.push(event) },
    );
    expect(results.map((result) => result.toolCallId)).toEqual(['s', 'c', 't']);
    for (const result of results) {
      expect(result.status).toBe('error');
      expect(result.content).toMatch(/disconnected/);
    }
    for (const id of ['s', 'c', 't']) {
      expect(events.filter((event) => event.type === 'tool_end' && event.toolCallId === id)).toHaveLength(1);
    }
    await waitFor(() => !alive(firstPid), 'the crashed server to exit');
    const [after] = await executor.execute([{ id: 'q', name: 'mcp__fx__pid', input: {} }]);
    expect(after!.status).toBe('ok');
    expect(Number(firstText(after))).not.toBe(firstPid);
  });

  it('fails every concurrent in-flight call once when the server dies under them', async () => {
    const mcp = await connect();
    const connection = mcp.servers.get('fx')!;
    const calls = [1, 2, 3].map((n) =>
      connection.callTool('slow', { ms: 30_000 }).then(
        () => `ok ${n}`,
        (error: Error) => error.message,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    void connection.callTool('crash', { delayMs: 0 }).catch(() => undefined);
    const outcomes = await Promise.all(calls);
    for (const outcome of outcomes) expect(outcome).toMatch(/disconnected/);
    const pid = await connection.callTool('pid', {});
    expect(pid.content).toHaveLength(1);
  });

  it('refuses sampling and elicitation with a clear error unless the host handles them', async () => {
    const mcp = await connect();
    const executor = createExecutor({ tools: mcp.tools, permissions: allowAll() });
    const [sampling, elicitation] = await executor.execute([
      { id: 's', name: 'mcp__fx__ask_sampling', input: {} },
      { id: 'e', name: 'mcp__fx__ask_elicitation', input: {} },
    ]);
    expect(sampling!.status).toBe('error');
    expect(sampling!.content).toContain('no sampling handler');
    expect(elicitation!.content).toContain('no elicitation handler');

    const handled = await connect({
      sampling: async () => ({
        role: 'assistant',
        model: 'host-model',
        content: { type: 'text', text: 'hello' },
      }),
      elicitation: async () => ({ action: 'accept', content: {} }),
    });
    const withHandlers = createExecutor({ tools: handled.tools, permissions: allowAll() });
    const [s2, e2] = await withHandlers.execute([
      { id: 's', name: 'mcp__fx__ask_sampling', input: {} },
      { id: 'e', name: 'mcp__fx__ask_elicitation', input: {} },
    ]);
    expect(s2!.status).toBe('ok');
    expect(s2!.content).toContain('host-model');
    expect(e2!.content).toContain('accept');
  });

  it('asks by default, and rules name one tool or the whole server', async () => {
    const mcp = await connect();
    const calls = [
      { id: 'a', name: 'mcp__fx__pid', input: {} },
      { id: 'b', name: 'mcp__fx__tool_1', input: { value: 'x' } },
    ];
    const asked = createRecordingPrompter([], { fallback: 'deny' });
    const byDefault = await createExecutor({
      tools: mcp.tools,
      approvals: asked,
      permissions: createPermissionEngine(),
    }).execute(calls);
    expect(byDefault.map((result) => result.status)).toEqual(['denied', 'denied']);
    expect(asked.requests.map((request) => request.tool)).toEqual(['mcp__fx__pid', 'mcp__fx__tool_1']);

    const oneTool = createPermissionEngine({ rules: { allow: ['mcp__fx__pid'] } });
    const prompter = createRecordingPrompter([], { fallback: 'deny' });
    const some = await createExecutor({
      tools: mcp.tools,
      approvals: prompter,
      permissions: oneTool,
    }).execute(calls);
    expect(some.map((result) => result.status)).toEqual(['ok', 'denied']);

    const server = createPermissionEngine({ rules: { allow: ['mcp__fx'], deny: ['mcp__fx__tool_1'] } });
    const mixed = await createExecutor({ tools: mcp.tools, permissions: server }).execute(calls);
    expect(mixed.map((result) => result.status)).toEqual(['ok', 'denied']);
    const other = createPermissionEngine({ rules: { allow: ['mcp__fxy'] } });
    const none = await createExecutor({
      tools: mcp.tools,
      permissions: other,
      approvals: createRecordingPrompter([], { fallback: 'deny' }),
    }).execute(calls);
    expect(none.map((result) => result.status)).toEqual(['denied', 'denied']);
  });

  it('leaves no child process behind after close()', async () => {
    const mcp = await connect();
    const pid = Number((await mcp.servers.get('fx')!.callTool('pid', {})).content[0]!.text);
    expect(alive(pid)).toBe(true);
    await mcp.close();
    await waitFor(() => !alive(pid), 'the server to exit');
    await expect(mcp.servers.get('fx')!.callTool('pid', {})).rejects.toMatchObject({ code: 'closed' });
  });

  it('reports a server that cannot start as connect_failed with its stderr', async () => {
    await expect(
      connectMcpServers({
        mcpServers: {
          bad: { command: process.execPath, args: ['-e', 'console.error("boom"); process.exit(2)'] },
        },
      }),
    ).rejects.toMatchObject({ code: 'connect_failed', server: 'bad' });
  });
});
