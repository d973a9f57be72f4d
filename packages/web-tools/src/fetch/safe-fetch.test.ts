/**
 * `safeFetch` against a real HTTP server on 127.0.0.1. The server is on loopback, which the
 * guard blocks, so tests that must reach it map a made-up public host name to 127.0.0.1 with
 * an injected resolver AND exempt exactly 127.0.0.1 through the test-only
 * `unsafeAllowAddresses`. Every other address a test names is either loopback (never served
 * here) or listed after 127.0.0.1 in an answer: if a guard failed, nothing would leave this
 * machine.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../test-helpers/local-server';
import type { HostResolver } from './resolve-host';
import { safeFetch } from './safe-fetch';

const ARTICLE = `<!doctype html><html><head><title>json — JSON encoder and decoder</title></head><body>
<nav><a href="/">Home</a> <a href="/modules">Modules</a></nav>
<main><article><h1>json — JSON encoder and decoder</h1>
<p>JSON (JavaScript Object Notation), specified by RFC 7159 and by ECMA-404, is a lightweight data
interchange format inspired by JavaScript object literal syntax, although it is not a strict subset.</p>
<p>The json module exposes an API familiar to users of the standard library marshal and pickle modules.
Encoding basic Python object hierarchies is shown in the examples that follow this paragraph.</p>
<script>document.write('never run')</script>
</article></main><footer>© Python Software Foundation</footer></body></html>`;

let server: LocalServer;
let slowResponses: import('node:http').ServerResponse[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    '/article': (_, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(ARTICLE);
    },
    '/plain': (_, response) => {
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      response.end('line one\n  line two\n');
    },
    '/json': (_, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"a":[1,2],"b":"x"}');
    },
    '/image': (_, response) => {
      response.setHeader('content-type', 'image/png');
      response.setHeader('content-length', String(5 * 1024 * 1024));
      response.write(Buffer.alloc(64 * 1024, 1));
      // The rest never comes: web_fetch must not wait for a body it does not show.
    },
    '/big': (_, response) => {
      response.setHeader('content-type', 'text/plain');
      response.end('x'.repeat(100_000));
    },
    '/bomb': (_, response) => {
      response.setHeader('content-type', 'text/plain');
      response.setHeader('content-encoding', 'gzip');
      response.end(gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x61)));
    },
    '/gzip': (_, response) => {
      response.setHeader('content-type', 'text/plain');
      response.setHeader('content-encoding', 'gzip');
      response.end(gzipSync(Buffer.from('compressed hello')));
    },
    '/slow': (_, response) => {
      slowResponses.push(response);
    },
    '/old': (_, response) => {
      response.statusCode = 301;
      response.setHeader('location', '/plain');
      response.end();
    },
    '/to-other-host': (_, response) => {
      response.statusCode = 302;
      response.setHeader('location', `http://other.example.test:${server.port}/plain`);
      response.end();
    },
    '/to-loopback-literal': (_, response) => {
      response.statusCode = 302;
      response.setHeader('location', `http://[::ffff:7f00:1]:${server.port}/plain`);
      response.end();
    },
    '/to-file': (_, response) => {
      response.statusCode = 307;
      response.setHeader('location', 'file:///etc/passwd');
      response.end();
    },
    '/to-credentials': (_, response) => {
      response.statusCode = 307;
      response.setHeader('location', `http://admin:admin@docs.example.test:${server.port}/plain`);
      response.end();
    },
    '/loop': (_, response) => {
      response.statusCode = 302;
      response.setHeader('location', '/loop');
      response.end();
    },
    '/no-location': (_, response) => {
      response.statusCode = 302;
      response.end();
    },
    '/missing': (_, response) => {
      response.statusCode = 404;
      response.setHeader('content-type', 'text/plain');
      response.end('no such page');
    },
  });
});

afterAll(async () => {
  for (const response of slowResponses) response.destroy();
  slowResponses = [];
  await server.close();
});

/** A resolver that answers from a table, one answer list per call (the last repeats). */
function fakeDns(table: Record<string, string[][]>) {
  const calls: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    const count = calls.filter((name) => name === hostname).length;
    const answer = answers[Math.min(count, answers.length) - 1]!;
    return answer.map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  };
  return { resolve, calls };
}

const TEST_ONLY = { unsafeAllowAddresses: ['127.0.0.1'] };

function url(path: string, host = 'docs.example.test') {
  return `http://${host}:${server.port}${path}`;
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the fetch to fail');
}

describe('safeFetch reaches a public-looking host (resolver + test-only allowance)', () => {
  it('extracts the article with Readability, without navigation, footer or scripts', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const page = await safeFetch(url('/article'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(page.status).toBe(200);
    expect(page.content.kind).toBe('article');
    expect(page.content.title).toBe('json — JSON encoder and decoder');
    expect(page.content.text).toContain('lightweight data interchange format');
    expect(page.content.text).not.toContain('Python Software Foundation');
    expect(page.content.text).not.toContain('never run');
    expect(dns.calls).toEqual(['docs.example.test']);
    // The request carried the URL's host name, not the pinned address.
    expect(server.requests.at(-1)?.headers.host).toBe(`docs.example.test:${server.port}`);
  });

  it('passes plain text and JSON through, gzip decoded', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const plain = await safeFetch(url('/plain'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(plain.content).toEqual({ kind: 'text', text: 'line one\n  line two\n' });
    const json = await safeFetch(url('/json'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(json.content).toEqual({ kind: 'json', text: '{"a":[1,2],"b":"x"}' });
    const gzip = await safeFetch(url('/gzip'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(gzip.content.text).toBe('compressed hello');
  });

  it('describes a binary body instead of downloading it', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const image = await safeFetch(url('/image'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(image.content.kind).toBe('binary');
    expect(image.content.description).toContain('image/png');
    expect(image.content.description).toContain(String(5 * 1024 * 1024));
    expect(image.bytes).toBeLessThanOrEqual(512);
  });

  it('caps the body, after decompression too', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const big = await safeFetch(url('/big'), { ...TEST_ONLY, resolve: dns.resolve, maxBytes: 1000 });
    expect(big.truncated).toBe(true);
    expect(big.bytes).toBe(1000);
    const bomb = await safeFetch(url('/bomb'), { ...TEST_ONLY, resolve: dns.resolve, maxBytes: 10_000 });
    expect(bomb.truncated).toBe(true);
    expect(bomb.bytes).toBe(10_000);
  });

  it('keeps a non-2xx status with its text', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const missing = await safeFetch(url('/missing'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(missing.status).toBe(404);
    expect(missing.content.text).toBe('no such page');
  });

  it('stops at the time cap and when the caller aborts', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const timedOut = await failure(
      safeFetch(url('/slow'), { ...TEST_ONLY, resolve: dns.resolve, timeoutMs: 200 }),
    );
    expect(timedOut.code).toBe('timeout');
    const controller = new AbortController();
    const pending = safeFetch(url('/slow'), {
      ...TEST_ONLY,
      resolve: dns.resolve,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('user stopped')), 50);
    expect((await failure(pending)).code).toBe('aborted');
  });

  it('reports a DNS failure as dns_failed', async () => {
    const dns = fakeDns({});
    expect((await failure(safeFetch(url('/plain'), { resolve: dns.resolve }))).code).toBe('dns_failed');
    const empty: HostResolver = async () => [];
    expect((await failure(safeFetch(url('/plain'), { resolve: empty }))).code).toBe('dns_failed');
  });
});

describe('the SSRF guards', () => {
  it('block loopback by default: the server never sees the request', async () => {
    const before = server.hits.get('/plain') ?? 0;
    for (const target of [
      `http://127.0.0.1:${server.port}/plain`,
      `http://2130706433:${server.port}/plain`,
      `http://0x7f.1:${server.port}/plain`,
      `http://0x7f000001:${server.port}/plain`,
      `http://0177.0.0.1:${server.port}/plain`,
      `http://127.1:${server.port}/plain`,
      `http://[::ffff:127.0.0.1]:${server.port}/plain`,
      `http://[::ffff:7f00:1]:${server.port}/plain`,
      `http://[::1]:${server.port}/plain`,
      `http://0.0.0.0:${server.port}/plain`,
      `http://0:${server.port}/plain`,
    ]) {
      const error = await failure(safeFetch(target));
      expect(error.code, target).toBe('address_blocked');
    }
    // The system resolver: localhost resolves to loopback, and is blocked on that answer.
    const local = await failure(safeFetch(`http://localhost:${server.port}/plain`));
    expect(local.code).toBe('address_blocked');
    expect(server.hits.get('/plain') ?? 0).toBe(before);
  });

  it('check every resolved address: one private answer among others blocks the fetch', async () => {
    const before = server.hits.get('/plain') ?? 0;
    for (const extra of [
      '10.0.0.1',
      '169.254.169.254',
      '192.168.0.10',
      'fd00::1',
      '::ffff:a9fe:a9fe',
      '127.0.0.2',
    ]) {
      const dns = fakeDns({ 'docs.example.test': [['127.0.0.1', extra]] });
      const error = await failure(safeFetch(url('/plain'), { ...TEST_ONLY, resolve: dns.resolve }));
      expect(error.code, extra).toBe('address_blocked');
      expect(error.message).toContain(extra);
    }
    const garbage: HostResolver = async () => [{ address: 'not-an-ip', family: 4 }];
    expect((await failure(safeFetch(url('/plain'), { ...TEST_ONLY, resolve: garbage }))).code).toBe(
      'address_blocked',
    );
    expect(server.hits.get('/plain') ?? 0).toBe(before);
  });

  it('pin the checked address: a resolver that changes its answer (rebinding) is asked once', async () => {
    // First answer passes the check; any later lookup would say 127.0.0.2 (blocked).
    const dns = fakeDns({ 'rebind.example.test': [['127.0.0.1'], ['127.0.0.2']] });
    const page = await safeFetch(url('/plain', 'rebind.example.test'), {
      ...TEST_ONLY,
      resolve: dns.resolve,
    });
    expect(page.content.text).toContain('line one');
    expect(dns.calls).toEqual(['rebind.example.test']);
  });

  it('re-resolve and re-check each redirect hop: rebinding between hops is blocked', async () => {
    const dns = fakeDns({ 'rebind.example.test': [['127.0.0.1'], ['127.0.0.2']] });
    const before = server.hits.get('/plain') ?? 0;
    const error = await failure(
      safeFetch(url('/old', 'rebind.example.test'), { ...TEST_ONLY, resolve: dns.resolve }),
    );
    expect(error.code).toBe('address_blocked');
    expect(error.message).toContain('127.0.0.2');
    expect(dns.calls).toEqual(['rebind.example.test', 'rebind.example.test']);
    expect(server.hits.get('/plain') ?? 0).toBe(before);
  });

  it('follow same-host redirects, checked again', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const page = await safeFetch(url('/old'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(page.finalUrl).toBe(url('/plain'));
    expect(page.redirects).toEqual([url('/plain')]);
    expect(dns.calls).toHaveLength(2);
  });

  it('stop at a redirect to another host and say where it pointed, sending nothing there', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']], 'other.example.test': [['127.0.0.1']] });
    const before = server.hits.get('/plain') ?? 0;
    const page = await safeFetch(url('/to-other-host'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(page.redirectedTo).toBe(url('/plain', 'other.example.test'));
    expect(page.status).toBe(302);
    expect(dns.calls).toEqual(['docs.example.test']);
    const literal = await safeFetch(url('/to-loopback-literal'), { ...TEST_ONLY, resolve: dns.resolve });
    expect(literal.redirectedTo).toBe(`http://[::ffff:7f00:1]:${server.port}/plain`);
    expect(server.hits.get('/plain') ?? 0).toBe(before);
  });

  it('refuse redirects to other schemes or with credentials, loops and a missing Location', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    const options = { ...TEST_ONLY, resolve: dns.resolve };
    expect((await failure(safeFetch(url('/to-file'), options))).code).toBe('url_rejected');
    expect((await failure(safeFetch(url('/to-credentials'), options))).code).toBe('url_rejected');
    const loop = await failure(safeFetch(url('/loop'), { ...options, maxRedirects: 3 }));
    expect(loop.code).toBe('redirect_error');
    expect(server.hits.get('/loop')).toBe(4);
    expect((await failure(safeFetch(url('/no-location'), options))).code).toBe('redirect_error');
  });

  it('refuse credentials, other schemes and bad ports before resolving anything', async () => {
    const dns = fakeDns({ 'docs.example.test': [['127.0.0.1']] });
    for (const target of [
      `http://user:pw@docs.example.test:${server.port}/plain`,
      'file:///etc/passwd',
      'ftp://docs.example.test/',
      'http://docs.example.test:25/',
    ]) {
      expect((await failure(safeFetch(target, { ...TEST_ONLY, resolve: dns.resolve }))).code, target).toBe(
        'url_rejected',
      );
    }
    expect(dns.calls).toEqual([]);
  });

  it('reject a malformed test allowance at once', async () => {
    expect((await failure(safeFetch(url('/plain'), { unsafeAllowAddresses: ['localhost'] }))).code).toBe(
      'invalid_configuration',
    );
  });
});
