/**
 * `web_fetch` as a registry tool, run through the real executor and permission engine:
 * `WebFetch(domain:...)` rules decide before anything is sent, so a denied domain never
 * sees a request. The executor and permissions packages are imported from source by path:
 * they are test-only companions here (web-tools itself depends only on the registry).
 */
import { createToolRegistry } from '@dexter/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../../executor/src/index';
import { createPermissionEngine } from '../../../permissions/src/index';
import { type LocalServer, startLocalServer } from '../test-helpers/local-server';
import type { HostResolver } from './resolve-host';
import { createWebFetchTool } from './web-fetch-tool';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({
    '/page': (_, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        '<html><head><title>Allowed</title></head><body><p>Hello from an allowed site.</p></body></html>',
      );
    },
    '/long': (_, response) => {
      response.setHeader('content-type', 'text/plain');
      response.end('y'.repeat(5000));
    },
  });
});

afterAll(() => server.close());

// Every test host resolves to the local server; the guard's test-only allowance admits 127.0.0.1.
const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];

function tool(options: { maxChars?: number } = {}) {
  return createWebFetchTool({ resolve, unsafeAllowAddresses: ['127.0.0.1'], ...options });
}

function executorWith(rules: { allow?: string[]; ask?: string[]; deny?: string[] }, extra = {}) {
  return createExecutor({
    registry: createToolRegistry([tool(extra)]),
    permissions: createPermissionEngine({ rules }),
    approvals: { prompt: async () => ({ decision: 'deny' as const }) },
  });
}

describe('web_fetch under the permission engine', () => {
  it('declares the URL as its permission subject and asks by default', () => {
    const webFetch = tool();
    expect(webFetch.permissionSubject?.({ url: 'https://docs.python.org/3/' })).toEqual({
      kind: 'url',
      url: 'https://docs.python.org/3/',
    });
    expect(webFetch.approval).toBe('ask');
    expect(webFetch.concurrencySafe).toBe(true);
  });

  it('fetches an allowed domain and denies a denied one without sending it anything', async () => {
    const executor = executorWith({
      allow: ['WebFetch(domain:docs.example.test)'],
      deny: ['WebFetch(domain:evil.example.test)'],
    });
    const before = server.total();
    const results = await executor.execute([
      { id: '1', name: 'web_fetch', input: { url: `http://docs.example.test:${server.port}/page` } },
      { id: '2', name: 'web_fetch', input: { url: `http://evil.example.test:${server.port}/page` } },
      { id: '3', name: 'web_fetch', input: { url: `http://cdn.evil.example.test:${server.port}/page` } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied', 'denied']);
    expect(results[0]!.content).toContain('Hello from an allowed site.');
    expect(results[0]!.content).toContain('Title: Allowed');
    expect(server.total() - before).toBe(1);
  });

  it('asks for a domain no rule names; a refused approval sends nothing', async () => {
    const executor = executorWith({ allow: ['WebFetch(domain:docs.example.test)'] });
    const before = server.total();
    const [result] = await executor.execute([
      { id: '1', name: 'web_fetch', input: { url: `http://unknown.example.test:${server.port}/page` } },
    ]);
    expect(result!.status).toBe('denied');
    expect(server.total()).toBe(before);
  });

  it('turns a guard refusal into the call result, not a crash', async () => {
    const executor = createExecutor({
      registry: createToolRegistry([createWebFetchTool()]),
      // The engine allows a loopback host only by a rule naming it (a tool-wide `WebFetch`
      // asks); past the engine, the fetch-time guard still refuses it.
      permissions: createPermissionEngine({ rules: { allow: ['WebFetch(domain:127.0.0.1)'] } }),
    });
    const before = server.total();
    const [result] = await executor.execute([
      { id: '1', name: 'web_fetch', input: { url: `http://127.0.0.1:${server.port}/page` } },
    ]);
    expect(result!.status).toBe('error');
    expect(result!.content).toMatch(/loopback/);
    expect(server.total()).toBe(before);
  });

  it('cuts long text for the model and says so', async () => {
    const executor = executorWith({ allow: ['WebFetch'] }, { maxChars: 100 });
    const [result] = await executor.execute([
      { id: '1', name: 'web_fetch', input: { url: `http://docs.example.test:${server.port}/long` } },
    ]);
    expect(result!.status).toBe('ok');
    expect(result!.content).toContain('y'.repeat(100));
    expect(result!.content).not.toContain('y'.repeat(101));
    expect(result!.content).toContain('[truncated');
  });
});
