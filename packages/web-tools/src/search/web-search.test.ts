/**
 * The four providers and the `web_search` chain against a real HTTP server on 127.0.0.1
 * that speaks each provider's documented request and response shapes (and checks the
 * request: path, method, auth header, body fields). No network beyond loopback.
 */

import type { ServerResponse } from 'node:http';
import { createToolRegistry } from '@dexter/registry';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExecutor } from '../../../executor/src/index';
import { type LocalServer, startLocalServer } from '../test-helpers/local-server';
import { braveProvider } from './brave-provider';
import { exaProvider } from './exa-provider';
import { perplexityProvider } from './perplexity-provider';
import type { SearchProvider } from './search-provider';
import { tavilyProvider } from './tavily-provider';
import { createWebSearchTool, type WebSearchOutput } from './web-search-tool';

type Mode = 'ok' | 'empty' | '429' | '401' | '500' | 'slow' | 'not-json' | 'wrong-shape';
const modes: Record<string, Mode> = {};
const pending: ServerResponse[] = [];
let server: LocalServer;

function reply(provider: string, response: ServerResponse, ok: () => unknown, empty: () => unknown) {
  const mode = modes[provider] ?? 'ok';
  response.setHeader('content-type', 'application/json');
  if (mode === 'slow') {
    pending.push(response);
    return;
  }
  if (mode === '429') {
    response.statusCode = 429;
    response.setHeader('retry-after', '7');
    response.end('{"error":"rate limit"}');
    return;
  }
  if (mode === '401') {
    response.statusCode = 401;
    response.end('{"error":"invalid key"}');
    return;
  }
  if (mode === '500') {
    response.statusCode = 500;
    response.end('upstream exploded');
    return;
  }
  if (mode === 'not-json') {
    response.end('<html>oops</html>');
    return;
  }
  if (mode === 'wrong-shape') {
    response.end('{"data":[]}');
    return;
  }
  response.end(JSON.stringify(mode === 'empty' ? empty() : ok()));
}

function authorized(actual: string | string[] | undefined, expected: string, response: ServerResponse) {
  if (actual === expected) return true;
  response.statusCode = 403;
  response.end('{"error":"forbidden"}');
  return false;
}

beforeAll(async () => {
  server = await startLocalServer({
    '/exa/search': (request, response, body) => {
      if (request.method !== 'POST' || !authorized(request.headers['x-api-key'], 'exa-key', response)) return;
      const { query, numResults, contents } = JSON.parse(body);
      reply(
        'exa',
        response,
        () => ({
          requestId: 'r1',
          results: [
            {
              id: 'a',
              title: `Exa: ${query}`,
              url: 'https://exa.example/a',
              publishedDate: '2025-03-01T00:00:00.000Z',
              author: null,
              highlights: contents?.highlights ? ['First highlight.', 'Second one.'] : undefined,
              text: 'full text',
            },
            {
              id: 'b',
              title: 'Second',
              url: 'https://exa.example/b',
              summary: 'A summary',
              publishedDate: null,
            },
            { id: 'c', title: 'Dup', url: 'https://exa.example/a' },
            { id: 'd', title: 'Bad', url: 'javascript:alert(1)' },
          ].slice(0, numResults + 2),
        }),
        () => ({ requestId: 'r2', results: [] }),
      );
    },
    '/tavily/search': (request, response, body) => {
      if (
        request.method !== 'POST' ||
        !authorized(request.headers.authorization, 'Bearer tvly-key', response)
      )
        return;
      const { query, max_results } = JSON.parse(body);
      reply(
        'tavily',
        response,
        () => ({
          query,
          answer: null,
          results: Array.from({ length: max_results }, (_, index) => ({
            title: `Tavily ${index + 1}`,
            url: `https://tavily.example/${index + 1}`,
            content: `About ${query} &amp; more`,
            score: 0.9 - index / 10,
            ...(index === 0 ? { published_date: 'Mon, 03 Mar 2025 10:00:00 GMT' } : {}),
          })),
          response_time: 0.5,
        }),
        () => ({ query, results: [] }),
      );
    },
    '/perplexity/search': (request, response, body) => {
      if (
        request.method !== 'POST' ||
        !authorized(request.headers.authorization, 'Bearer pplx-key', response)
      )
        return;
      const { query, max_results } = JSON.parse(body);
      reply(
        'perplexity',
        response,
        () => ({
          id: 'p1',
          results: [
            {
              title: `Perplexity: ${query}`,
              url: 'https://pplx.example/1',
              snippet: 'Snippet one',
              date: '2025-02-01',
              last_updated: '2025-02-03',
            },
            {
              title: 'Second',
              url: 'https://pplx.example/2',
              snippet: 'Snippet two',
              date: null,
              last_updated: '2025-01-09',
            },
          ].slice(0, max_results),
        }),
        () => ({ id: 'p2', results: [] }),
      );
    },
    '/brave/res/v1/web/search': (request, response) => {
      if (
        request.method !== 'GET' ||
        !authorized(request.headers['x-subscription-token'], 'brave-key', response)
      )
        return;
      const params = new URL(request.url ?? '/', 'http://x').searchParams;
      reply(
        'brave',
        response,
        () => ({
          type: 'search',
          query: { original: params.get('q') },
          web: {
            type: 'search',
            results: [
              {
                title: `Brave: ${params.get('q')}`,
                url: 'https://brave.example/1',
                description: 'The <strong>best</strong> result &quot;ever&quot;',
                page_age: '2025-01-05T00:00:00',
                age: 'January 5, 2025',
              },
              { title: 'Two', url: 'https://brave.example/2', description: 'Plain', age: '2 days ago' },
            ].slice(0, Number(params.get('count'))),
          },
        }),
        () => ({ type: 'search', query: { original: params.get('q') } }),
      );
    },
  });
});

afterAll(async () => {
  for (const response of pending) response.destroy();
  await server.close();
});

beforeEach(() => {
  for (const key of Object.keys(modes)) delete modes[key];
});

const KEYS = {
  EXA_API_KEY: 'exa-key',
  TAVILY_API_KEY: 'tvly-key',
  PERPLEXITY_API_KEY: 'pplx-key',
  BRAVE_API_KEY: 'brave-key',
};

function baseUrls() {
  return {
    exa: `${server.origin}/exa`,
    tavily: `${server.origin}/tavily`,
    perplexity: `${server.origin}/perplexity`,
    brave: `${server.origin}/brave`,
  };
}

const signal = () => AbortSignal.timeout(10_000);

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; status?: number };
  }
  throw new Error('expected a rejection');
}

describe('providers speak their documented APIs', () => {
  it('exa: POST /search with x-api-key, highlights as snippet, duplicates and non-http URLs dropped', async () => {
    const exa = exaProvider({ env: KEYS, baseUrl: baseUrls().exa });
    expect(exa.configured).toBe(true);
    const hits = await exa.run({ query: 'nvda 10-k', maxResults: 3 }, { signal: signal() });
    expect(hits).toEqual([
      {
        title: 'Exa: nvda 10-k',
        url: 'https://exa.example/a',
        snippet: 'First highlight. … Second one.',
        date: '2025-03-01T00:00:00.000Z',
      },
      { title: 'Second', url: 'https://exa.example/b', snippet: 'A summary' },
    ]);
    const sent = JSON.parse(server.requests.at(-1)!.body);
    expect(sent).toMatchObject({ query: 'nvda 10-k', numResults: 3, type: 'auto' });
  });

  it('exa: the seed variable EXASEARCH_API_KEY works too; a wrong key is unauthorized', async () => {
    const exa = exaProvider({ env: { EXASEARCH_API_KEY: 'exa-key' }, baseUrl: baseUrls().exa });
    expect(await exa.run({ query: 'q', maxResults: 1 }, { signal: signal() })).toHaveLength(1);
    const wrong = exaProvider({ apiKey: 'nope', baseUrl: baseUrls().exa });
    const error = await rejection(wrong.run({ query: 'q', maxResults: 1 }, { signal: signal() }));
    expect(error).toMatchObject({ code: 'unauthorized', status: 403 });
  });

  it('tavily: POST /search with a Bearer key, content as snippet, entities decoded', async () => {
    const tavily = tavilyProvider({ env: KEYS, baseUrl: baseUrls().tavily });
    const hits = await tavily.run({ query: 'rust async', maxResults: 2 }, { signal: signal() });
    expect(hits).toEqual([
      {
        title: 'Tavily 1',
        url: 'https://tavily.example/1',
        snippet: 'About rust async & more',
        date: 'Mon, 03 Mar 2025 10:00:00 GMT',
      },
      { title: 'Tavily 2', url: 'https://tavily.example/2', snippet: 'About rust async & more' },
    ]);
    expect(JSON.parse(server.requests.at(-1)!.body)).toMatchObject({
      query: 'rust async',
      max_results: 2,
      search_depth: 'basic',
    });
  });

  it('perplexity: POST /search with a Bearer key, date or last_updated', async () => {
    const perplexity = perplexityProvider({ env: KEYS, baseUrl: baseUrls().perplexity });
    const hits = await perplexity.run({ query: 'fed rates', maxResults: 5 }, { signal: signal() });
    expect(hits).toEqual([
      {
        title: 'Perplexity: fed rates',
        url: 'https://pplx.example/1',
        snippet: 'Snippet one',
        date: '2025-02-01',
      },
      { title: 'Second', url: 'https://pplx.example/2', snippet: 'Snippet two', date: '2025-01-09' },
    ]);
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ query: 'fed rates', max_results: 5 });
  });

  it('brave: GET /res/v1/web/search?q&count with X-Subscription-Token, tags stripped, no web section = no hits', async () => {
    const brave = braveProvider({ env: KEYS, baseUrl: baseUrls().brave });
    const hits = await brave.run({ query: 'a&b c', maxResults: 1 }, { signal: signal() });
    expect(hits).toEqual([
      {
        title: 'Brave: a&b c',
        url: 'https://brave.example/1',
        snippet: 'The best result "ever"',
        date: '2025-01-05T00:00:00',
      },
    ]);
    expect(server.requests.at(-1)!.path).toBe('/brave/res/v1/web/search?q=a%26b+c&count=1');
    modes.brave = 'empty';
    expect(await brave.run({ query: 'x', maxResults: 3 }, { signal: signal() })).toEqual([]);
  });

  it('map statuses and bodies to typed errors', async () => {
    const tavily = tavilyProvider({ env: KEYS, baseUrl: baseUrls().tavily });
    const run = () => tavily.run({ query: 'q', maxResults: 1 }, { signal: signal() });
    modes.tavily = '429';
    const limited = await rejection(run());
    expect(limited).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(limited.message).toContain('retry after 7');
    modes.tavily = '500';
    expect(await rejection(run())).toMatchObject({ code: 'provider_error', status: 500 });
    modes.tavily = 'not-json';
    expect(await rejection(run())).toMatchObject({ code: 'provider_error' });
    modes.tavily = 'wrong-shape';
    expect((await rejection(run())).message).toContain('no results array');
  });

  it('are not configured without a key, and say which variable to set', () => {
    const reason = (provider: SearchProvider) =>
      typeof provider.configured === 'function'
        ? provider.configured({ env: {}, platform: 'linux' })
        : provider.configured;
    expect(reason(exaProvider({ env: {} }))).toBe('no API key (set EXA_API_KEY or EXASEARCH_API_KEY)');
    expect(reason(braveProvider({ env: {} }))).toContain('BRAVE_API_KEY');
  });
});

function webSearch(env: Record<string, string>, extra: Parameters<typeof createWebSearchTool>[0] = {}) {
  return createWebSearchTool({ env, baseUrls: baseUrls(), ...extra });
}

async function search(
  env: Record<string, string>,
  input: { query: string; max_results?: number },
  extra = {},
) {
  const tool = webSearch(env, extra);
  const executor = createExecutor({ tools: [tool] });
  const [result] = await executor.execute([{ id: '1', name: 'web_search', input }]);
  return result!;
}

describe('web_search on the fallback chain', () => {
  it('exists only when a provider key is set', () => {
    expect(createToolRegistry([webSearch({})], { env: {} }).names()).toEqual([]);
    expect(createToolRegistry([webSearch({})], { env: {} }).unavailable()[0]!.reason).toContain(
      'TAVILY_API_KEY',
    );
    expect(createToolRegistry([webSearch(KEYS)], { env: { TAVILY_API_KEY: 'x' } }).names()).toEqual([
      'web_search',
    ]);
    expect(
      createToolRegistry([webSearch({}, { apiKeys: { brave: 'brave-key' } })], { env: {} }).names(),
    ).toEqual(['web_search']);
  });

  it('asks the first configured provider and says who answered and who was left out', async () => {
    const result = await search(
      { TAVILY_API_KEY: 'tvly-key', BRAVE_API_KEY: 'brave-key' },
      { query: 'q', max_results: 2 },
    );
    expect(result.status).toBe('ok');
    const output = result.output as WebSearchOutput;
    expect(output.provider).toBe('tavily');
    expect(output.failures).toEqual([]);
    expect(output.skipped.map((entry) => entry.provider)).toEqual(['exa', 'perplexity']);
    expect(output.hits).toHaveLength(2);
    expect(result.content).toContain('Results for "q" from tavily');
    expect(result.content).toContain('1. Tavily 1 (Mon, 03 Mar 2025 10:00:00 GMT)');
    expect(result.content).toContain('https://tavily.example/2');
  });

  it('puts the preferred provider first (option or WEB_SEARCH_PROVIDER)', async () => {
    const byEnv = await search({ ...KEYS, WEB_SEARCH_PROVIDER: 'brave' }, { query: 'q' });
    expect((byEnv.output as WebSearchOutput).provider).toBe('brave');
    const byOption = await search(KEYS, { query: 'q' }, { preferred: 'perplexity' });
    expect((byOption.output as WebSearchOutput).provider).toBe('perplexity');
    const byDefault = await search(KEYS, { query: 'q' });
    expect((byDefault.output as WebSearchOutput).provider).toBe('exa');
  });

  it('falls back on 429, errors, empty answers and timeouts, and reports each', async () => {
    modes.exa = '429';
    modes.perplexity = 'empty';
    modes.tavily = 'slow';
    const result = await search(KEYS, { query: 'q' }, { timeoutMs: 300 });
    expect(result.status).toBe('ok');
    const output = result.output as WebSearchOutput;
    expect(output.provider).toBe('brave');
    expect(output.failures.map((failure) => [failure.provider, failure.kind])).toEqual([
      ['exa', 'error'],
      ['perplexity', 'empty'],
      ['tavily', 'timeout'],
    ]);
    expect(output.failures[0]!.message).toContain('429');
    expect(result.content).toContain('exa error: exa: HTTP 429');
  });

  it('ends in an error result naming every failure when all providers fail', async () => {
    modes.exa = '500';
    modes.tavily = '401';
    const result = await search({ EXA_API_KEY: 'exa-key', TAVILY_API_KEY: 'tvly-key' }, { query: 'q' });
    expect(result.status).toBe('error');
    expect(result.content).toContain('exa (error): exa: HTTP 500');
    expect(result.content).toContain('tavily (error): tavily: HTTP 401');
  });

  it('bounds what the model reads: at most 10 results, snippets cut', async () => {
    const long = 'word '.repeat(400);
    const provider: SearchProvider = {
      name: 'custom',
      run: async ({ maxResults }) =>
        Array.from({ length: maxResults + 5 }, (_, index) => ({
          title: `T${index}`,
          url: `https://custom.example/${index}`,
          snippet: long,
        })),
    };
    const result = await search(
      {},
      { query: 'q', max_results: 10 },
      { providers: [provider], maxSnippetChars: 100 },
    );
    const output = result.output as WebSearchOutput;
    expect(output.hits).toHaveLength(10);
    expect(output.hits.every((hit) => hit.snippet.length <= 100)).toBe(true);
    expect(result.content.length).toBeLessThan(2500);
    const invalid = await search({}, { query: 'q', max_results: 50 }, { providers: [provider] });
    expect(invalid.status).toBe('invalid_input');
  });
});
