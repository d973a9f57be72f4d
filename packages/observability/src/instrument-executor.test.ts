/**
 * The instrumented executor against the real OpenTelemetry SDK (in-memory span exporter,
 * sdk-metrics reader): span names, attributes, parents, status and events per scenario.
 */
import { type ApprovalPrompter, createExecutor, type ExecutorOptions } from '@dexter/executor';
import { createStaticDecider } from '@dexter/executor/testing';
import { createPermissionEngine } from '@dexter/permissions';
import { type AnyTool, defineTool } from '@dexter/registry';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instrumentExecutor } from './instrument-executor';
import { createOtel, type Otel } from './test-support';

/** A bash tool that never runs a shell: it answers with a fixed text per command. */
function fakeBash(
  outputs: Record<string, string> = {},
  behaviour?: (command: string, signal: AbortSignal) => Promise<string>,
): AnyTool {
  return defineTool({
    name: 'bash',
    inputSchema: z.object({ command: z.string() }),
    description: 'Runs a shell command (test double: a table of answers).',
    compactDescription: 'Run a shell command',
    permissionSubject: ({ command }) => ({ kind: 'shell', command }),
    execute: async ({ command }, { signal }) =>
      behaviour ? behaviour(command, signal) : (outputs[command] ?? ''),
  });
}

const engine = () => createPermissionEngine({ rules: { allow: ['Bash(echo:*)'], deny: ['Bash(rm:*)'] } });

let otel: Otel;
afterEach(async () => {
  await otel?.shutdown();
});

function setup(options: Omit<ExecutorOptions, 'tools'> & { tools?: AnyTool[] }, recordContent = false) {
  otel = createOtel();
  const executor = instrumentExecutor(
    createExecutor({
      tools: options.tools ?? [fakeBash({ 'echo hi': 'hi' })],
      permissions: engine(),
      ...options,
    }),
    { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider, recordContent },
  );
  return executor;
}

const bashCall = (id: string, command: string) => ({ id, name: 'bash', input: { command } });

function names(spans: readonly ReadableSpan[]): string[] {
  return spans.map((span) => span.name).sort();
}

describe('one execute_tool span per call', () => {
  it('allowed by a rule: conventions attributes, parent, decision, run child', async () => {
    const executor = setup({});
    const { turn } = await otel.inTurn(() => executor.execute([bashCall('call_1', 'echo hi')]));
    const span = otel.span('execute_tool bash');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(span.spanContext().traceId).toBe(turn.spanContext().traceId);
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'bash',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.type': 'function',
      'dexter.tool.status': 'ok',
      'dexter.permission.behavior': 'allow',
      'dexter.permission.source': 'rule',
      'dexter.permission.rule': 'Bash(echo:*)',
      'dexter.permission.classification': 'read-only',
    });
    expect(span.attributes['error.type']).toBeUndefined();
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.events.map((event) => event.name)).toEqual(['dexter.permission.decision']);
    expect(names(otel.childrenOf(span))).toEqual(['dexter.tool.run bash']);
    // Sizes and hashes, never the text.
    expect(span.attributes['dexter.tool.input.size']).toBe(JSON.stringify({ command: 'echo hi' }).length);
    expect(span.attributes['dexter.tool.output.size']).toBe(2);
    expect(span.attributes['dexter.tool.input.sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(span.attributes['gen_ai.tool.call.arguments']).toBeUndefined();
    expect(span.attributes['gen_ai.tool.call.result']).toBeUndefined();
    const durations = await otel.points('gen_ai.execute_tool.duration');
    expect(durations.map((point) => point.attributes)).toEqual([
      { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'bash', 'dexter.tool.status': 'ok' },
    ]);
    const decisions = await otel.points('dexter.permission.decisions');
    expect(decisions.map((point) => [point.attributes, point.value])).toEqual([
      [{ 'dexter.permission.behavior': 'allow', 'dexter.permission.source': 'rule' }, 1],
    ]);
  });

  it('denied by the floor: error.type denied, the floor check, no run, a floor-denial count', async () => {
    const executor = setup({});
    await otel.inTurn(() => executor.execute([bashCall('call_env', 'cat .env')]));
    const span = otel.span('execute_tool bash');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'denied' });
    expect(span.attributes).toMatchObject({
      'error.type': 'denied',
      'dexter.tool.status': 'denied',
      'dexter.permission.behavior': 'deny',
      'dexter.permission.source': 'floor',
      'dexter.permission.floor_check': 'secret-read',
      'dexter.permission.denied_by': 'policy',
    });
    expect(otel.childrenOf(span)).toEqual([]);
    const floor = await otel.points('dexter.permission.floor_denials');
    expect(floor.map((point) => [point.attributes, point.value])).toEqual([
      [{ 'dexter.permission.floor_check': 'secret-read' }, 1],
    ]);
  });

  it('denied by a rule: the rule text and source', async () => {
    const executor = setup({});
    await otel.inTurn(() => executor.execute([bashCall('call_rm', 'rm -rf build')]));
    const span = otel.span('execute_tool bash');
    expect(span.attributes).toMatchObject({
      'error.type': 'denied',
      'dexter.permission.source': 'rule',
      'dexter.permission.rule': 'Bash(rm:*)',
      'dexter.permission.behavior': 'deny',
    });
    expect(await otel.points('dexter.permission.floor_denials')).toEqual([]);
  });

  it('approved: the approval wait is a child span with the answer, its scope and who answered', async () => {
    const approvals: ApprovalPrompter = {
      prompt: async () => ({ decision: 'allow-session', actor: 'alice@example.com' }),
    };
    // bash opts in to soft limits (a command tool is left alone unless it does).
    const executor = setup({
      approvals,
      tools: [fakeBash({ ls: 'a b' })],
      softLimits: { perTool: { bash: 10 } },
    });
    await otel.inTurn(() => executor.execute([bashCall('call_ls', 'ls')]));
    const span = otel.span('execute_tool bash');
    expect(span.attributes).toMatchObject({
      'dexter.permission.behavior': 'ask',
      'dexter.permission.source': 'default',
      'dexter.approval.answer': 'allow-session',
      'dexter.approval.scope': 'session',
      'dexter.approval.source': 'prompt',
      'dexter.approval.actor': 'alice@example.com',
      'dexter.tool.status': 'ok',
    });
    const children = otel.childrenOf(span);
    expect(names(children)).toEqual(['dexter.approval bash', 'dexter.tool.run bash']);
    const wait = children.find((child) => child.name === 'dexter.approval bash')!;
    const run = children.find((child) => child.name === 'dexter.tool.run bash')!;
    expect(wait.attributes).toMatchObject({
      'dexter.approval.answer': 'allow-session',
      'dexter.approval.actor': 'alice@example.com',
    });
    // The wait ends before the run starts.
    expect(wait.endTime[0] * 1e9 + wait.endTime[1]).toBeLessThanOrEqual(
      run.startTime[0] * 1e9 + run.startTime[1],
    );
    const waits = await otel.points('dexter.approval.wait.duration');
    expect(waits.map((point) => point.attributes)).toEqual([
      { 'dexter.approval.answer': 'allow-session', 'gen_ai.tool.name': 'bash' },
    ]);
    const prompts = await otel.points('dexter.approval.prompts');
    expect(prompts.map((point) => point.value as { sum: number; count: number })).toMatchObject([
      { sum: 1, count: 1 },
    ]);

    // The same command again: the session grant answers, no prompt and no wait span (and the
    // repeat is a near-duplicate: a soft-limit event).
    await otel.inTurn(() => executor.execute([bashCall('call_ls2', 'ls')]));
    const second = otel.spans().find((s) => s.attributes['gen_ai.tool.call.id'] === 'call_ls2')!;
    expect(second.events.map((event) => event.name)).toEqual([
      'dexter.approval.session_grant',
      'dexter.soft_limit',
      'dexter.permission.decision',
    ]);
    expect(second.attributes['dexter.approval.source']).toBe('session');
    expect(names(otel.childrenOf(second))).toEqual(['dexter.tool.run bash']);
  });

  it('interrupted: the denial says so and the next call ends cancelled', async () => {
    const approvals: ApprovalPrompter = { prompt: async () => ({ decision: 'deny', interrupt: true }) };
    const executor = setup({ approvals, tools: [fakeBash({ ls: 'x', 'echo hi': 'hi' })] });
    await otel.inTurn(() => executor.execute([bashCall('a', 'ls'), bashCall('b', 'echo hi')]));
    const byId = (id: string) => otel.spans().find((span) => span.attributes['gen_ai.tool.call.id'] === id)!;
    expect(byId('a').attributes).toMatchObject({
      'error.type': 'denied',
      'dexter.permission.denied_by': 'user',
      'dexter.approval.answer': 'deny',
      'dexter.approval.interrupt': true,
    });
    expect(names(otel.childrenOf(byId('a')))).toEqual(['dexter.approval bash']);
    expect(byId('b').attributes).toMatchObject({
      'error.type': 'cancelled',
      'dexter.tool.status': 'cancelled',
    });
    expect(byId('b').status.code).toBe(SpanStatusCode.ERROR);
  });

  it('timed out: error.type timeout on the call and its run', async () => {
    const slow = fakeBash({}, () => new Promise(() => {}));
    const executor = setup({ tools: [slow], timeoutMs: 20 });
    await otel.inTurn(() => executor.execute([bashCall('t', 'echo wait')]));
    const span = otel.span('execute_tool bash');
    expect(span.attributes).toMatchObject({ 'error.type': 'timeout', 'dexter.tool.status': 'timeout' });
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'timeout' });
    const [run] = otel.childrenOf(span);
    expect(run?.attributes['error.type']).toBe('timeout');
  });

  it('cancelled by the run signal while running', async () => {
    const controller = new AbortController();
    const waiting = fakeBash({}, (_command, signal) => {
      queueMicrotask(() => controller.abort());
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    });
    const executor = setup({ tools: [waiting] });
    await otel.inTurn(() => executor.execute([bashCall('c', 'echo wait')], { signal: controller.signal }));
    const span = otel.span('execute_tool bash');
    expect(span.attributes).toMatchObject({ 'error.type': 'cancelled', 'dexter.tool.status': 'cancelled' });
  });

  it('failed: error.type is the thrown error class, the message stays out', async () => {
    const failing = fakeBash({}, async () => {
      throw new TypeError('cannot read /home/alice/notes.txt');
    });
    const executor = setup({ tools: [failing] });
    await otel.inTurn(() => executor.execute([bashCall('f', 'echo x')]));
    const span = otel.span('execute_tool bash');
    expect(span.attributes).toMatchObject({ 'error.type': 'TypeError', 'dexter.tool.status': 'error' });
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'error' });
    expect(JSON.stringify(otel.spans().map((s) => [s.attributes, s.events]))).not.toContain('alice');
  });

  it('invalid input and unknown tools end their span with that status', async () => {
    const executor = setup({});
    await otel.inTurn(() =>
      executor.execute([
        { id: 'i', name: 'bash', input: { command: 42 } },
        { id: 'u', name: 'nope', input: {} },
      ]),
    );
    const types = otel
      .spans()
      .filter((span) => span.name.startsWith('execute_tool'))
      .map((span) => span.attributes['error.type'])
      .sort();
    expect(types).toEqual(['invalid_input', 'unknown_tool']);
  });
});

describe('read-only mode and the default policy', () => {
  it('says read_only_mode when read-only mode allowed the call', async () => {
    const executor = setup({
      permissions: createPermissionEngine({ readOnlyAutoAllow: true }),
      tools: [fakeBash({ ls: 'x' })],
    });
    await otel.inTurn(() => executor.execute([bashCall('r', 'ls')]));
    expect(otel.span('execute_tool bash').attributes).toMatchObject({
      'dexter.permission.behavior': 'allow',
      'dexter.permission.source': 'read_only_mode',
    });
  });
});

describe('stream()', () => {
  it('traces the calls a host streams, ending what it did not pull', async () => {
    const executor = setup({ tools: [fakeBash({ 'echo a': 'a', 'echo b': 'b' })] });
    await otel.inTurn(async () => {
      const stream = executor.stream([bashCall('s1', 'echo a'), bashCall('s2', 'echo b')]);
      for await (const event of stream) if (event.type === 'tool_start') break;
      await stream.results;
    });
    const spans = otel.spans().filter((span) => span.name === 'execute_tool bash');
    expect(spans.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual(['s1', 's2']);
    expect(spans.every((span) => span.parentSpanContext !== undefined)).toBe(true);
  });
});

describe('MCP tools and fallback chains', () => {
  it("an MCP tool's run is the MCP client span tools/call {tool}", async () => {
    const mcpTool = defineTool({
      name: 'mcp__fs__read_file',
      inputSchema: z.object({ path: z.string() }),
      description: 'Reads a file through an MCP server (test double).',
      compactDescription: 'Read a file',
      approval: 'allow',
      execute: async () => 'text',
    });
    const executor = setup({
      tools: [mcpTool],
      permissions: createStaticDecider({ mcp__fs__read_file: 'allow' }),
    });
    await otel.inTurn(() =>
      executor.execute([{ id: 'm', name: 'mcp__fs__read_file', input: { path: 'a.txt' } }]),
    );
    const span = otel.span('execute_tool mcp__fs__read_file');
    expect(span.attributes['gen_ai.tool.type']).toBe('extension');
    const [round] = otel.childrenOf(span);
    expect(round?.name).toBe('tools/call read_file');
    expect(round?.kind).toBe(SpanKind.CLIENT);
    expect(round?.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'read_file',
      'dexter.mcp.server': 'fs',
    });
  });

  it('a fallback result becomes one event per attempt', async () => {
    const { createFallbackChain } = await import('@dexter/registry');
    const chain = createFallbackChain<string, string>({
      name: 'search',
      providers: [
        { name: 'exa', run: async () => Promise.reject(new Error('503')) },
        { name: 'tavily', run: async (query) => `results for ${query}` },
      ],
    });
    const search = defineTool({
      name: 'search',
      inputSchema: z.object({ q: z.string() }),
      description: 'Searches the web (test double over a real fallback chain).',
      compactDescription: 'Search',
      approval: 'allow',
      execute: ({ q }, { signal }) => chain.run(q, { signal }),
    });
    const executor = setup({ tools: [search], permissions: undefined });
    await otel.inTurn(() => executor.execute([{ id: 'q', name: 'search', input: { q: 'otel' } }]));
    const attempts = otel
      .span('execute_tool search')
      .events.filter((event) => event.name === 'dexter.fallback.attempt')
      .map((event) => [
        event.attributes?.['dexter.fallback.provider'],
        event.attributes?.['dexter.fallback.outcome'],
      ]);
    expect(attempts).toEqual([
      ['exa', 'error'],
      ['tavily', 'answered'],
    ]);
  });
});

describe('sandbox violations', () => {
  it('a violation reported while the call runs is an event on its run span', async () => {
    let report: (() => boolean) | undefined;
    const tool = fakeBash({}, async () => {
      report?.();
      return 'done';
    });
    const executor = setup({ tools: [tool] });
    report = () =>
      executor.recordSandboxViolation({ toolCallId: 'v', kind: 'file-read', target: '/root/.ssh/id_rsa' });
    await otel.inTurn(() => executor.execute([bashCall('v', 'echo x')]));
    const [run] = otel.childrenOf(otel.span('execute_tool bash'));
    expect(run?.events.map((event) => [event.name, event.attributes])).toEqual([
      ['dexter.sandbox.violation', { 'dexter.sandbox.violation.kind': 'file-read' }],
    ]);
    const counted = await otel.points('dexter.sandbox.violations');
    expect(counted.map((point) => point.value)).toEqual([1]);
  });

  it("a sandboxed run's reported violations become events on its run span, targets left out", async () => {
    const tool = fakeBash({}, async () => 'x');
    const sandboxed = defineTool({
      ...tool,
      execute: async () => ({
        exitCode: 1,
        stdout: '',
        stderr: 'cat: /root/.aws/credentials: Permission denied',
        sandboxed: true,
        violations: [
          { kind: 'read', target: '/root/.aws/credentials', line: 'x', source: 'stderr' },
          { kind: 'network', target: 'evil.example:443', line: 'y', source: 'runtime' },
        ],
        timedOut: false,
      }),
    } as never) as AnyTool;
    const executor = setup({ tools: [sandboxed] });
    await otel.inTurn(() => executor.execute([bashCall('sb', 'echo x')]));
    const [run] = otel.childrenOf(otel.span('execute_tool bash'));
    expect(run?.events.map((event) => [event.name, event.attributes])).toEqual([
      ['dexter.sandbox.violation', { 'dexter.sandbox.violation.kind': 'read' }],
      ['dexter.sandbox.violation', { 'dexter.sandbox.violation.kind': 'network' }],
    ]);
    const counted = await otel.points('dexter.sandbox.violations');
    expect(counted.map((point) => [point.attributes, point.value])).toEqual([
      [{ 'dexter.sandbox.violation.kind': 'read' }, 1],
      [{ 'dexter.sandbox.violation.kind': 'network' }, 1],
    ]);
  });
});
