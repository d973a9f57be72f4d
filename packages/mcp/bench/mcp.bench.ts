/**
 * `@dexter/mcp` benchmarks (run by `pnpm bench`). Ratios against what a user would write
 * with the official SDK alone, in one run on the same machine, against our fixture server
 * (real SDK server, real child process over stdio):
 *   1. overhead per MCP call — one call at a time, `executor.execute` on the registry tool
 *      (schema check, permission engine, events) vs `client.callTool` directly (target ≤ 1.2×);
 *   2. import of 100 tools — `connectMcpServers` (spawn, handshake, 10 pages of tools/list,
 *      100 registry tools with their validators) vs SDK connect + the same paginated listing.
 * With MCP_BENCH_BREAKDOWN=1 it first shows where the overhead of 1. goes, layer by layer.
 */
import { fileURLToPath } from 'node:url';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import { connectMcpServers, type McpConnection } from '../src/index';

const FIXTURE = fileURLToPath(new URL('../test/fixtures/fixture-server.mjs', import.meta.url));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const now = () => performance.now();

async function sdkClient(env: Record<string, string> = {}) {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [FIXTURE],
      env: { PATH: process.env.PATH ?? '', ...env },
      stderr: 'ignore',
    }),
  );
  return client;
}

async function overhead() {
  const CALLS = 300;
  const ROUNDS = 7;
  const direct = await sdkClient();
  const mcp = await connectMcpServers(
    { mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } },
    { stderr: 'ignore' },
  );
  // A local no-op tool beside the MCP ones: its time is the executor's own per-run cost.
  const noop = defineTool({
    name: 'noop',
    inputSchema: z.object({ value: z.string() }),
    description: 'Does nothing.',
    compactDescription: 'Does nothing',
    execute: async ({ value }) => value,
  });
  const executor = createExecutor({
    tools: [...mcp.tools, noop],
    permissions: createPermissionEngine({ rules: { allow: ['mcp__fx', 'noop'] } }),
    softLimits: false,
  });
  const noopCall = async (i: number) => {
    const start = now();
    await executor.execute([{ id: `n${i}`, name: 'noop', input: { value: `v${i}` } }]);
    return now() - start;
  };
  const sdkCall = async (i: number) => {
    const start = now();
    await direct.callTool({ name: 'tool_0', arguments: { value: `v${i}` } });
    return now() - start;
  };
  const executorCall = async (i: number) => {
    const start = now();
    const [result] = await executor.execute([
      { id: `c${i}`, name: 'mcp__fx__tool_0', input: { value: `v${i}` } },
    ]);
    const elapsed = now() - start;
    if (result!.status !== 'ok') throw new Error(`call failed: ${result!.content}`);
    return elapsed;
  };
  for (let i = 0; i < 100; i++) {
    await sdkCall(i);
    await executorCall(i); // warm-up
  }
  // Paired and interleaved call by call (the order alternates), so load spikes on this shared
  // machine hit both sides alike; medians of per-call times and of the rounds' ratios.
  const sdk: number[] = [];
  const ours: number[] = [];
  const ratios: number[] = [];
  const local: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const sdkRound: number[] = [];
    const oursRound: number[] = [];
    const localRound: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      localRound.push(await noopCall(i));
      if (i % 2 === 0) {
        sdkRound.push(await sdkCall(i));
        oursRound.push(await executorCall(i));
      } else {
        oursRound.push(await executorCall(i));
        sdkRound.push(await sdkCall(i));
      }
    }
    sdk.push(median(sdkRound));
    ours.push(median(oursRound));
    ratios.push(median(oursRound) / median(sdkRound));
    local.push(median(localRound));
  }
  await direct.close();
  await mcp.close();
  console.log(
    '1. overhead per MCP call over stdio (one call at a time; median per-call time of each round, median of rounds)',
  );
  console.log(`   SDK client.callTool        ${(median(sdk) * 1000).toFixed(0)} µs/call`);
  console.log(`   executor.execute (ours)    ${(median(ours) * 1000).toFixed(0)} µs/call`);
  console.log(`   (executor alone, no-op)    ${(median(local) * 1000).toFixed(0)} µs/call`);
  console.log(
    `   ratio ours/SDK             ${median(ratios).toFixed(3)}x (target ≤ 1.2x; per-round ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
  );
}

async function importTools() {
  const ROUNDS = 5;
  const env = { FIXTURE_TOOLS: '91', FIXTURE_PAGE_SIZE: '10' }; // 9 named + 91 = 100 tools, 10 pages
  const viaSdk = async () => {
    const start = now();
    const client = await sdkClient(env);
    let cursor: string | undefined;
    let count = 0;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      count += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor);
    const elapsed = now() - start;
    await client.close();
    if (count !== 100) throw new Error(`expected 100 tools, got ${count}`);
    return elapsed;
  };
  const viaOurs = async () => {
    const start = now();
    const mcp = await connectMcpServers(
      { mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env } } },
      { stderr: 'ignore' },
    );
    const elapsed = now() - start;
    const count = mcp.tools.length;
    await mcp.close();
    if (count !== 100) throw new Error(`expected 100 tools, got ${count}`);
    return elapsed;
  };
  await viaSdk();
  await viaOurs();
  const sdk: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      sdk.push(await viaSdk());
      ours.push(await viaOurs());
    } else {
      ours.push(await viaOurs());
      sdk.push(await viaSdk());
    }
  }
  console.log('2. import 100 tools from a stdio server (spawn + handshake + 10 pages)');
  console.log(`   SDK connect + listTools    ${median(sdk).toFixed(0)} ms`);
  console.log(`   connectMcpServers (ours)   ${median(ours).toFixed(0)} ms`);
  console.log(`   ratio ours/SDK             ${(median(ours) / median(sdk)).toFixed(3)}x`);
}

/**
 * Where the per-call overhead goes: each layer of "ours" measured on its own, each subject
 * on its own child (a child just called answers faster than one that slept), all of them
 * interleaved call by call in a random order. Each row adds one layer to the row above.
 */
async function breakdown() {
  const CALLS = 2000;
  const config = { mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } };
  const ours = () => connectMcpServers(config, { stderr: 'ignore' });
  const bare = await sdkClient();
  const [viaConnection, viaTool, viaDecider, viaEngine] = [
    await ours(),
    await ours(),
    await ours(),
    await ours(),
  ];
  const toolOf = (mcp: McpConnection) => mcp.tools.find((tool) => tool.name === 'mcp__fx__tool_0')!;
  const connection = viaConnection.servers.get('fx')!;
  const tool = toolOf(viaTool);
  const allowAll = {
    decide: () => ({ behavior: 'allow' as const, reason: 'bench', sessionKey: '', cacheable: false }),
  };
  const withDecider = createExecutor({
    tools: [toolOf(viaDecider)],
    permissions: allowAll,
    softLimits: false,
  });
  const withEngine = createExecutor({
    tools: [toolOf(viaEngine)],
    permissions: createPermissionEngine({ rules: { allow: ['mcp__fx'] } }),
    softLimits: false,
  });
  const call = (i: number) => ({ id: `c${i}`, name: 'mcp__fx__tool_0', input: { value: `v${i}` } });
  // What the executor's context gives a call to hear its cancellation (never fired here).
  const cancellable = { onAbort: (_listener: (reason: unknown) => void) => () => {} };
  const subjects: Array<[string, (i: number) => Promise<unknown>]> = [
    ['SDK client.callTool', (i) => bare.callTool({ name: 'tool_0', arguments: { value: `v${i}` } })],
    [
      '+ connection.callTool',
      (i) =>
        connection.callTool('tool_0', { value: `v${i}` }, { cancellation: cancellable, onProgress() {} }),
    ],
    [
      '+ registry tool execute',
      (i) =>
        tool.execute({ value: `v${i}` } as never, {
          toolCallId: `c${i}`,
          progress() {},
          get signal() {
            return new AbortController().signal;
          },
          onAbort: cancellable.onAbort,
        }) as Promise<unknown>,
    ],
    ['+ executor (host decider)', (i) => withDecider.execute([call(i)])],
    ['+ permission engine', (i) => withEngine.execute([call(i)])],
  ];
  const times = subjects.map(() => [] as number[]);
  for (let i = 0; i < CALLS + 200; i++) {
    const order = subjects.map((_, index) => index).sort(() => Math.random() - 0.5);
    for (const index of order) {
      const start = now();
      await subjects[index]![1](i);
      if (i >= 200) times[index]!.push(now() - start);
    }
  }
  await bare.close();
  await Promise.all([viaConnection, viaTool, viaDecider, viaEngine].map((mcp) => mcp.close()));
  console.log('0. where the overhead of 1. goes (medians; each row adds one layer to the row above)');
  const base = median(times[0]!);
  let previous = base;
  subjects.forEach(([label], index) => {
    const value = median(times[index]!);
    const added =
      index === 0 ? '' : `  (${value >= previous ? '+' : ''}${((value - previous) * 1000).toFixed(0)} µs)`;
    console.log(
      `   ${label.padEnd(34)} ${(value * 1000).toFixed(0)} µs/call  ${(value / base).toFixed(3)}x${added}`,
    );
    previous = value;
  });
}

if (process.env.MCP_BENCH_BREAKDOWN) await breakdown();
await overhead();
await importTools();
