// McpServerConnection routes `notifications/progress` itself (by the token each call sends)
// instead of through the SDK's `onprogress`: calls in flight together each get their own.
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServers, type McpConnection } from '../src/index';
import { FIXTURE_SERVER, nodeServer, serverPresent } from './servers';

const present = serverPresent(FIXTURE_SERVER);
const open: McpConnection[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

describe.skipIf(!present)('progress routing', () => {
  it('gives calls in flight together each their own progress', async () => {
    const mcp = await connectMcpServers(
      { mcpServers: { fx: nodeServer(FIXTURE_SERVER) } },
      { stderr: 'pipe' },
    );
    open.push(mcp);
    const connection = mcp.servers.get('fx')!;
    const short: Array<{ progress: number; total?: number; message?: string }> = [];
    const long: Array<{ progress: number; total?: number; message?: string }> = [];
    const [first, second] = await Promise.all([
      connection.callTool('slow', { ms: 60 }, { onProgress: (update) => short.push(update) }),
      connection.callTool('slow', { ms: 200 }, { onProgress: (update) => long.push(update) }),
    ]);
    expect(first.isError).not.toBe(true);
    expect(second.isError).not.toBe(true);
    // 60 ms in 20 ms steps (total 3) and 200 ms (total 10); under load a timer may fire late
    // and a call report fewer steps, but no update may cross over to the other call.
    expect(short.length).toBeGreaterThan(0);
    expect(short.every((update) => update.total === 3)).toBe(true);
    expect(short.map((update) => update.progress)).toEqual(short.map((_, index) => index + 1));
    expect(long.length).toBeGreaterThan(short.length);
    expect(long.every((update) => update.total === 10)).toBe(true);
    expect(long[0]).toMatchObject({ progress: 1, total: 10, message: 'step 1' });
  });

  it('a call without onProgress beside one with it: only the latter hears progress, all of its own', async () => {
    const mcp = await connectMcpServers(
      { mcpServers: { fx: nodeServer(FIXTURE_SERVER) } },
      { stderr: 'pipe' },
    );
    open.push(mcp);
    const connection = mcp.servers.get('fx')!;
    const seen: unknown[] = [];
    const [withProgress] = await Promise.all([
      connection.callTool('slow', { ms: 60 }, { onProgress: (update) => seen.push(update) }),
      connection.callTool('slow', { ms: 60 }),
    ]);
    expect(withProgress.isError).not.toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((update) => (update as { total?: number }).total === 3)).toBe(true);
  });
});
