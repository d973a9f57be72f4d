import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMcpConfig, parseMcpConfig } from './config';

describe('MCP config', () => {
  it('accepts the mcpServers shape of other agents, stdio and HTTP', () => {
    const config = parseMcpConfig({
      mcpServers: {
        fs: { command: 'npx', args: ['-y', 'server'], env: { A: '1' }, cwd: '/tmp' },
        remote: { type: 'sse', url: 'http://127.0.0.1:3000/sse', headers: { Authorization: 'Bearer x' } },
        web: { url: 'http://127.0.0.1:3000/mcp', bearerToken: 't' },
      },
    });
    expect(config.mcpServers.fs).toEqual({
      command: 'npx',
      args: ['-y', 'server'],
      env: { A: '1' },
      cwd: '/tmp',
    });
    expect(config.mcpServers.remote).toMatchObject({ transport: 'sse', url: 'http://127.0.0.1:3000/sse' });
    expect(config.mcpServers.web).toEqual({ url: 'http://127.0.0.1:3000/mcp', bearerToken: 't' });
  });

  it('names the server and the field that is wrong', () => {
    expect(() => parseMcpConfig({})).toThrow(/mcpServers/);
    expect(() => parseMcpConfig({ mcpServers: { fs: { command: '' } } })).toThrow(/"fs".*command/);
    expect(() => parseMcpConfig({ mcpServers: { fs: { command: 'x', argz: [] } } })).toThrow(/argz/);
    expect(() => parseMcpConfig({ mcpServers: { web: { url: 'ftp://x' } } })).toThrow(/"web"/);
    for (const name of ['a__b', '_a', 'a_', 'a b', 'x'.repeat(41), '']) {
      expect(() => parseMcpConfig({ mcpServers: { [name]: { command: 'x' } } })).toThrow(
        expect.objectContaining({ code: 'invalid_config' }),
      );
    }
  });

  it('loads a JSON file and reports unreadable or invalid files as invalid_config', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-config-'));
    try {
      const file = path.join(dir, 'mcp.json');
      writeFileSync(file, JSON.stringify({ mcpServers: { fs: { command: 'node' } } }));
      await expect(loadMcpConfig(file)).resolves.toEqual({ mcpServers: { fs: { command: 'node' } } });
      writeFileSync(file, '{ nope');
      await expect(loadMcpConfig(file)).rejects.toMatchObject({ code: 'invalid_config' });
      await expect(loadMcpConfig(path.join(dir, 'missing.json'))).rejects.toMatchObject({
        code: 'invalid_config',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
