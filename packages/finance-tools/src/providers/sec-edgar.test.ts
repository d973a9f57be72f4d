/**
 * The SEC EDGAR provider against a local HTTP server that serves the real SEC files from
 * ../shared/data/sec (as data.sec.gov and www.sec.gov would).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock, type LocalServer, sendJson, startLocalServer } from '../../test/local-server';
import { hasSharedSecData, SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { FinanceError } from '../errors';
import { createEmbeddedProvider } from './embedded';
import { createSecEdgarProvider, type SecEdgarProviderOptions } from './sec-edgar';

const DOCUMENT = `<html><head><style>p{}</style></head><body><ix:header><ix:hidden>secret-tag</ix:hidden></ix:header>
<p>Apple Inc. &amp; subsidiaries</p><table><tr><td>iPhone</td><td>$209,586</td></tr></table><p>${'x'.repeat(500)}</p></body></html>`;

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const file = (relative: string) => path.join(SHARED_SEC_DIRECTORY, relative);
    const sendFile = (relative: string) => {
      let body: Buffer;
      try {
        body = readFileSync(file(relative));
      } catch {
        return sendJson(response, 404, { error: 'not found' });
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (request.path === '/files/company_tickers.json') return sendFile('reference/company_tickers.json');
    const submissions = /^\/submissions\/(CIK\d{10}\.json)$/.exec(request.path);
    if (submissions) return sendFile(`submissions/${submissions[1]}`);
    const facts = /^\/api\/xbrl\/companyfacts\/(CIK\d{10}\.json)$/.exec(request.path);
    if (facts) return sendFile(`companyfacts/${facts[1]}`);
    if (request.path.startsWith('/Archives/edgar/data/320193/000032019325000079/')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(DOCUMENT);
    }
    sendJson(response, 404, {});
  });
});

afterAll(() => server?.close());

function sec(options: SecEdgarProviderOptions = {}) {
  return createSecEdgarProvider({
    userAgent: 'Dexter Tests tests@example.com',
    baseUrls: { data: server.url, www: server.url },
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<FinanceError> {
  try {
    await promise;
  } catch (error) {
    if (FinanceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a FinanceError');
}

describe('SEC EDGAR provider configuration', () => {
  it('refuses to run without a declared User-Agent with a contact', () => {
    for (const userAgent of [undefined, '', 'Mozilla/5.0', 'just a name']) {
      expect(() => createSecEdgarProvider({ userAgent, env: {} })).toThrowError(
        expect.objectContaining({ code: 'configuration' }),
      );
    }
    expect(createSecEdgarProvider({ env: { SEC_USER_AGENT: 'Acme ops@acme.com' } }).name).toBe('sec-edgar');
  });

  it('refuses more than 10 requests per second', () => {
    expect(() => sec({ requestsPerSecond: 11 })).toThrowError(
      expect.objectContaining({ code: 'configuration' }),
    );
  });
});

describe.skipIf(!hasSharedSecData)('SEC EDGAR provider on the real files', { timeout: 60_000 }, () => {
  it('serves normalized statements, sending the User-Agent on every request', async () => {
    const before = server.requests.length;
    const provider = sec();
    const { data, provider: served } = await provider.getIncomeStatements!({
      ticker: 'AAPL',
      period: 'annual',
      fiscalYear: 2025,
    });
    expect(served).toBe('sec-edgar');
    expect(data[0]?.revenue).toBe(416_161_000_000);
    const sent = server.requests.slice(before);
    expect(sent.map((request) => request.path).sort()).toEqual([
      '/api/xbrl/companyfacts/CIK0000320193.json',
      '/files/company_tickers.json',
      '/submissions/CIK0000320193.json',
    ]);
    expect(sent.every((request) => request.headers['user-agent'] === 'Dexter Tests tests@example.com')).toBe(
      true,
    );
  });

  it('agrees row for row with the embedded dataset (same normalizer, same contract)', async () => {
    const provider = sec();
    const embedded = createEmbeddedProvider();
    for (const ticker of ['AAPL', 'NVDA', 'PG']) {
      for (const request of [
        { ticker, period: 'annual' as const, limit: 4 },
        { ticker, period: 'quarterly' as const, limit: 8 },
        { ticker, period: 'ttm' as const, limit: 2 },
      ]) {
        const live = await provider.getCashFlowStatements!(request);
        const offline = await embedded.getCashFlowStatements!(request);
        expect(live.data).toEqual(offline.data);
      }
    }
  });

  it('serves values as first filed on request (split-adjusted EPS by default)', async () => {
    const request = { ticker: 'NVDA', period: 'annual' as const, fiscalYear: 2023 };
    expect((await sec().getIncomeStatements!(request)).data[0]?.epsDiluted).toBe(0.174);
    expect((await sec({ values: 'first' }).getIncomeStatements!(request)).data[0]?.epsDiluted).toBe(1.74);
  });

  it('loads each company once and shares the load between concurrent calls', async () => {
    const provider = sec();
    const before = server.requests.length;
    await Promise.all([
      provider.getIncomeStatements!({ ticker: 'NVDA', period: 'annual' }),
      provider.getBalanceSheets!({ ticker: 'NVDA', period: 'annual' }),
      provider.getCashFlowStatements!({ ticker: 'NVDA', period: 'quarterly' }),
    ]);
    await provider.getKeyMetrics!({ ticker: 'NVDA' });
    expect(server.requests.length - before).toBe(3);
  });

  it('resolves names from the SEC ticker map, including companies outside the embedded set', async () => {
    const provider = sec();
    expect(await provider.resolveTicker!({ query: 'Apple' })).toMatchObject({
      ticker: 'AAPL',
      cik: '0000320193',
    });
    expect(await provider.resolveTicker!({ query: 'GOOG' })).toMatchObject({
      ticker: 'GOOGL',
      cik: '0001652044',
    });
    expect(await provider.resolveTicker!({ query: 'TSLA' })).toMatchObject({
      ticker: 'TSLA',
      cik: '0001318605',
    });
    expect(await provider.resolveTicker!({ query: 'Tesla, Inc.' })).toMatchObject({ ticker: 'TSLA' });
    expect(await provider.resolveTicker!({ query: 'no such company zzz' })).toBeUndefined();
  });

  it('serves filing lists without companyfacts, and says not_found for the missing statements', async () => {
    const provider = sec();
    const { data } = await provider.getFilings!({ ticker: 'MSFT', forms: ['10-K', '10-Q'], limit: 3 });
    expect(data).toHaveLength(3);
    expect(data.every((filing) => ['10-K', '10-Q'].includes(filing.form))).toBe(true);
    expect((await failure(provider.getIncomeStatements!({ ticker: 'MSFT', period: 'annual' }))).code).toBe(
      'not_found',
    );
    expect((await failure(provider.getIncomeStatements!({ ticker: 'ZZZZZZ', period: 'annual' }))).code).toBe(
      'unknown_ticker',
    );
  });

  it('fetches a filing document by accession as text, with the canonical URL', async () => {
    const provider = sec();
    const { data } = await provider.getFilingDocument!({
      ticker: 'AAPL',
      accession: '0000320193-25-000079',
      maxChars: 60,
    });
    expect(data.url).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/000032019325000079\/.+\.htm$/,
    );
    expect(data.form).toBe('10-K');
    expect(data.text.startsWith('Apple Inc. & subsidiaries\niPhone | $209,586')).toBe(true);
    expect(data.text).not.toContain('secret-tag');
    expect(data.text).toHaveLength(60);
    expect(data.truncated).toBe(true);
  });

  it('only fetches documents from the SEC archives', async () => {
    const provider = sec();
    const before = server.requests.length;
    const error = await failure(
      provider.getFilingDocument!({ ticker: 'AAPL', url: 'http://169.254.169.254/latest/meta-data/' }),
    );
    expect(error.code).toBe('invalid_request');
    expect(server.requests.length).toBe(before);
  });

  it('paces its requests with the token bucket', async () => {
    const clock = createFakeClock();
    const provider = sec({ clock, requestsPerSecond: 1 });
    await provider.getIncomeStatements!({ ticker: 'AMD', period: 'annual' });
    // Three requests at one per second: the second and third had to wait.
    expect(clock.sleeps.reduce((total, ms) => total + ms, 0)).toBeGreaterThanOrEqual(2000 - 2);
  });

  it('reports offline when the SEC cannot be reached', async () => {
    const closed = await startLocalServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const provider = sec({ baseUrls: { data: url, www: url } });
    expect((await failure(provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual' }))).code).toBe(
      'offline',
    );
  });
});
