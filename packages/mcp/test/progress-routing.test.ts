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
    // 60 ms in 20 ms steps: 3 updates of 3; 200 ms: 10 of 10. No update crosses over.
    expect(short.map((update) => update.total)).toEqual([3, 3, 3]);
    expect(short.map((update) => update.progress)).toEqual([1, 2, 3]);
    expect(long).toHaveLength(10);
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
    expect(seen).toHaveLength(3);
  });
});
