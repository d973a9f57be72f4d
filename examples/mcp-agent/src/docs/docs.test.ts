// Runs the guide's snippets against the real filesystem server and our own HTTP server.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRecordingPrompter } from '@dexter/executor/testing';
import { connectMcpServers } from '@dexter/mcp';
import { describe, expect, it } from 'vitest';
import { listAndRead } from './mcp-consume';
import { serve } from './mcp-serve';

describe('docs/guides/mcp.md snippets', { timeout: 60_000 }, () => {
  it('consume: lists the folder and never returns the .env', async () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-doc-')));
    try {
      writeFileSync(path.join(root, '.env'), 'TOKEN=doc-test-fake\n');
      const [listing, secret] = await listAndRead(root, createRecordingPrompter([], { fallback: 'deny' }));
      expect(listing!.status).toBe('ok');
      expect(listing!.content).toContain('.env');
      expect(secret!.status).toBe('denied');
      expect(secret!.content).not.toContain('doc-test-fake');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('serve: get_quote over Streamable HTTP', async () => {
    const serving = await serve();
    try {
      const mcp = await connectMcpServers({ mcpServers: { quotes: { url: serving.url! } } });
      try {
        const result = await mcp.servers.get('quotes')!.callTool('get_quote', { ticker: 'AAPL' });
        expect(JSON.stringify(result.content)).toContain('123.45');
      } finally {
        await mcp.close();
      }
    } finally {
      await serving.close();
    }
  });
});
