/**
 * Runs the web-tools guide snippets. Nothing here leaves 127.0.0.1: searches go to a local
 * server speaking Tavily's and Exa's shapes, fetches are either refused by the guard before
 * any connection or go to a local server through the test-only hook.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryFetch, webFetchForTests } from './web-tools-fetch';
import { createResearchTools, searchOnce } from './web-tools-setup';

let server: http.Server;
let origin = '';
let requests = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests++;
    response.setHeader('content-type', 'application/json');
    if (request.url === '/exa/search') {
      response.statusCode = 429;
      response.end('{"error":"slow down"}');
    } else if (request.url === '/tavily/search') {
      response.end(
        JSON.stringify({
          query: 'q',
          results: [
            {
              title: 'Python json docs',
              url: 'https://docs.python.org/3/library/json.html',
              content: 'JSON encoder and decoder',
              score: 0.9,
            },
          ],
        }),
      );
    } else {
      response.setHeader('content-type', 'text/html');
      response.end('<html><body><article><p>Local page for the guide.</p></article></body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('web-tools guide snippets', () => {
  it('lists web_search only with a key, and gates web_fetch by domain', async () => {
    expect(createResearchTools({}).registry.names()).toEqual(['web_fetch']);
    const { registry, executor } = createResearchTools({ TAVILY_API_KEY: 'tvly-key' });
    expect(registry.names()).toEqual(['web_search', 'web_fetch']);
    const before = requests;
    const [denied] = await executor.execute([
      { id: '1', name: 'web_fetch', input: { url: 'https://paste.pastebin.com/raw/x' } },
    ]);
    expect(denied?.status).toBe('denied');
    expect(requests).toBe(before);
  });

  it('searches, falling back from a rate-limited provider', async () => {
    const result = await searchOnce('python json', {
      env: { EXA_API_KEY: 'exa-key', TAVILY_API_KEY: 'tvly-key' },
      preferred: 'exa',
      baseUrls: { exa: `${origin}/exa`, tavily: `${origin}/tavily` },
    });
    expect(result.provider).toBe('tavily');
    expect(result.failures?.map((failure) => failure.provider)).toEqual(['exa']);
    expect(result.text).toContain('1. Python json docs');
  });

  it('refuses metadata, loopback spellings and other schemes before connecting', async () => {
    expect(await tryFetch('http://169.254.169.254/latest/meta-data/')).toMatch(
      /^address_blocked: .*link-local/,
    );
    expect(await tryFetch('http://[::ffff:127.0.0.1]/')).toMatch(/^address_blocked: .*127\.0\.0\.1/);
    expect(await tryFetch('http://2130706433/')).toMatch(/^address_blocked/);
    expect(await tryFetch('file:///etc/passwd')).toMatch(/^url_rejected/);
  });

  it('reaches a local server only through the test-only hook', async () => {
    const executor = createExecutor({
      tools: [webFetchForTests],
      permissions: createPermissionEngine({ rules: { allow: ['WebFetch(domain:docs.example.test)'] } }),
    });
    const port = new URL(origin).port;
    const [result] = await executor.execute([
      { id: '1', name: 'web_fetch', input: { url: `http://docs.example.test:${port}/page` } },
    ]);
    expect(result?.content).toContain('Local page for the guide.');
  });
});
