/**
 * The financialdatasets.ai provider against a real local HTTP server (127.0.0.1): mapping,
 * status → error codes, retries/backoff honouring Retry-After, timeouts that close the
 * socket, cancellation, the concurrency cap, de-duplication and the TTL cache.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFakeClock,
  type LocalServer,
  type ReceivedRequest,
  sendJson,
  startLocalServer,
  until,
} from '../../test/local-server';
import { FinanceError } from '../errors';
import { createFinancialDatasetsProvider, type FinancialDatasetsProviderOptions } from './financial-datasets';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: (request: ReceivedRequest, response: ServerResponse) => unknown) {
  const server = await startLocalServer(handler);
  servers.push(server);
  return server;
}

function provider(server: LocalServer, options: FinancialDatasetsProviderOptions = {}) {
  return createFinancialDatasetsProvider({
    apiKey: 'test-key',
    baseUrl: server.url,
    clock: createFakeClock(),
    random: () => 0.5,
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

const incomeRecord = (reportPeriod: string, fiscalPeriod: string, revenue: number | null) => ({
  ticker: 'NVDA',
  report_period: reportPeriod,
  fiscal_period: fiscalPeriod,
  period: 'annual',
  currency: 'USD',
  revenue,
  cost_of_revenue: 32_639_000_000,
  gross_profit: null,
  net_income: 72_880_000_000,
  earnings_per_share_diluted: 2.94,
  weighted_average_shares_diluted: 24_804_000_000,
});

describe('financial-datasets provider: requests and mapping', () => {
  it('sends the key and query, maps numbers exactly and keeps missing values null', async () => {
    const server = await serve((_request, response) =>
      sendJson(response, 200, { income_statements: [incomeRecord('2025-01-26', 'FY2025', 130_497_000_000)] }),
    );
    const result = await provider(server).getIncomeStatements!({
      ticker: 'nvda',
      period: 'annual',
      limit: 1,
    });
    const [request] = server.requests;
    expect(request?.path).toBe('/financials/income-statements/');
    expect(request?.headers['x-api-key']).toBe('test-key');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      ticker: 'NVDA',
      period: 'annual',
      limit: '1',
    });
    expect(result.provider).toBe('financial-datasets');
    expect(result.data[0]).toMatchObject({
      ticker: 'NVDA',
      period: 'annual',
      fiscalYear: 2025,
      fiscalPeriod: 'FY',
      periodEnd: '2025-01-26',
      revenue: 130_497_000_000,
      grossProfit: null,
      operatingIncome: null,
      epsDiluted: 2.94,
    });
    expect(result.data[0]?.sources[0]?.url).toContain('/financials/income-statements/?');
    expect(result.data[0]?.sources[0]?.url).not.toContain('test-key');
  });

  it('filters by fiscal year locally after asking for a wider window', async () => {
    const server = await serve((_request, response) =>
      sendJson(response, 200, {
        income_statements: [
          incomeRecord('2026-01-25', 'FY2026', 215_938_000_000),
          incomeRecord('2025-01-26', 'FY2025', 130_497_000_000),
          incomeRecord('2024-01-28', 'FY2024', 60_922_000_000),
        ],
      }),
    );
    const { data } = await provider(server).getIncomeStatements!({
      ticker: 'NVDA',
      period: 'annual',
      fiscalYear: 2025,
    });
    expect(data.map((row) => row.revenue)).toEqual([130_497_000_000]);
    expect(server.requests[0]?.query.get('limit')).toBe('12');
  });

  it('maps cash flows with capex as an outflow, metrics, segments, earnings and filings', async () => {
    const server = await serve((request, response) => {
      const bodies: Record<string, unknown> = {
        '/financials/cash-flow-statements/': {
          cash_flow_statements: [
            {
              report_period: '2025-09-27',
              fiscal_period: 'FY2025',
              net_cash_flow_from_operations: 111_482_000_000,
              capital_expenditure: 12_715_000_000,
              free_cash_flow: null,
            },
          ],
        },
        '/financial-metrics/snapshot/': {
          snapshot: { ticker: 'AAPL', market_cap: 3.5e12, gross_margin: 0.469 },
        },
        '/financials/segmented-revenues/': {
          segmented_revenues: [
            {
              report_period: '2025-09-27',
              items: [{ amount: 209_586_000_000, segments: [{ label: 'iPhone', type: 'product' }] }],
            },
          ],
        },
        '/earnings/': {
          earnings: [
            {
              ticker: 'AAPL',
              report_period: '2025-12-27',
              fiscal_period: '2026-Q1',
              source_type: '8-K',
              filing_date: '2026-01-29',
              accession_number: '0000320193-26-000005',
              filing_url:
                'https://www.sec.gov/Archives/edgar/data/320193/000032019326000005/aapl-20260129.htm',
              quarterly: { revenue: 143_756_000_000, estimated_revenue: 138e9, earnings_per_share: 2.84 },
            },
            {
              ticker: 'AAPL',
              report_period: '2025-12-27',
              fiscal_period: '2026-Q1',
              source_type: '10-Q',
              filing_date: '2026-01-30',
              quarterly: { revenue: 143_756_000_000, earnings_per_share: 2.84 },
            },
          ],
        },
        '/filings/': {
          filings: [
            {
              cik: 320193,
              accession_number: '0000320193-25-000079',
              filing_type: '10-K',
              report_date: '2025-09-27',
            },
            {
              cik: 320193,
              accession_number: '0000320193-26-000006',
              filing_type: '10-Q',
              report_date: '2025-12-27',
            },
          ],
        },
      };
      sendJson(response, 200, bodies[request.path] ?? {});
    });
    const fd = provider(server);
    const cash = await fd.getCashFlowStatements!({ ticker: 'AAPL', period: 'annual' });
    expect(cash.data[0]).toMatchObject({ capitalExpenditure: -12_715_000_000, freeCashFlow: 98_767_000_000 });
    expect(cash.data[0]?.derived).toEqual(['freeCashFlow']);
    const snapshot = await fd.getKeyMetrics!({ ticker: 'AAPL' });
    expect(snapshot.data).toMatchObject({
      period: 'ttm',
      marketCap: 3.5e12,
      grossMargin: 0.469,
      netMargin: null,
    });
    const segments = await fd.getSegmentedRevenues!({ ticker: 'AAPL', period: 'annual' });
    expect(segments.data[0]?.segments).toEqual([
      { name: 'iPhone', axis: 'product', revenue: 209_586_000_000 },
    ]);
    const earnings = await fd.getEarnings!({ ticker: 'AAPL', period: 'quarterly' });
    expect(earnings.data).toHaveLength(1);
    expect(earnings.data[0]?.sources[0]).toMatchObject({ form: '8-K', accession: '0000320193-26-000005' });
    expect(earnings.data[0]).toMatchObject({
      reportDate: '2026-01-29',
      fiscalYear: 2026,
      fiscalPeriod: 'Q1',
      revenueActual: 143_756_000_000,
      revenueEstimate: 138e9,
      epsActual: 2.84,
      epsEstimate: null,
    });
    const filings = await fd.getFilings!({ ticker: 'AAPL', forms: ['10-K'] });
    expect(filings.data.map((filing) => [filing.form, filing.cik, filing.indexUrl])).toEqual([
      [
        '10-K',
        '0000320193',
        'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/0000320193-25-000079-index.htm',
      ],
    ]);
    expect(server.requests.find((request) => request.path === '/filings/')?.query.get('filing_type')).toBe(
      '10-K',
    );
  });

  it('refuses to start without a key', () => {
    expect(() => createFinancialDatasetsProvider({ env: {} })).toThrowError(
      expect.objectContaining({ code: 'configuration' }),
    );
    expect(createFinancialDatasetsProvider({ env: { FINANCIAL_DATASETS_API_KEY: 'k' } }).name).toBe(
      'financial-datasets',
    );
  });

  it('rejects a malformed ticker before any request', async () => {
    const server = await serve((_request, response) => sendJson(response, 200, {}));
    const error = await failure(
      provider(server).getIncomeStatements!({ ticker: '../x?y', period: 'annual' }),
    );
    expect(error.code).toBe('invalid_request');
    expect(server.requests).toHaveLength(0);
  });
});

describe('financial-datasets provider: failures', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [402, 'payment_required'],
    [404, 'not_found'],
    [400, 'invalid_request'],
  ])('maps HTTP %i to %s without retrying', async (status, code) => {
    const server = await serve((_request, response) => sendJson(response, status, { error: 'nope' }));
    const error = await failure(provider(server).getIncomeStatements!({ ticker: 'AAPL', period: 'annual' }));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(server.requests).toHaveLength(1);
  });

  it('waits as long as Retry-After says (seconds or HTTP date), then succeeds', async () => {
    const clock = createFakeClock();
    let calls = 0;
    const server = await serve((_request, response) => {
      calls++;
      if (calls === 1) return sendJson(response, 429, {}, { 'retry-after': '2' });
      if (calls === 2) {
        return sendJson(response, 429, {}, { 'retry-after': new Date(clock.now() + 3000).toUTCString() });
      }
      return sendJson(response, 200, { income_statements: [incomeRecord('2025-01-26', 'FY2025', 1)] });
    });
    const { data } = await provider(server, { clock }).getIncomeStatements!({
      ticker: 'NVDA',
      period: 'annual',
    });
    expect(data).toHaveLength(1);
    expect(clock.sleeps).toEqual([2000, 3000]);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after the bounded retries with rate_limited and the server’s retry-after', async () => {
    const server = await serve((_request, response) => sendJson(response, 429, {}, { 'retry-after': '1' }));
    const error = await failure(
      provider(server, { retries: 3 }).getIncomeStatements!({ ticker: 'NVDA', period: 'annual' }),
    );
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(1000);
    expect(server.requests).toHaveLength(4);
  });

  it('does not sleep through a Retry-After longer than the ceiling', async () => {
    const clock = createFakeClock();
    const server = await serve((_request, response) =>
      sendJson(response, 429, {}, { 'retry-after': '3600' }),
    );
    const error = await failure(
      provider(server, { clock }).getIncomeStatements!({ ticker: 'NVDA', period: 'annual' }),
    );
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 3_600_000 });
    expect(clock.sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('retries 5xx with exponential backoff and jitter, bounded', async () => {
    const clock = createFakeClock();
    const server = await serve((_request, response) => sendJson(response, 503, { error: 'busy' }));
    const error = await failure(
      provider(server, { clock, retries: 3, backoffBaseMs: 100, random: () => 0.5 }).getIncomeStatements!({
        ticker: 'NVDA',
        period: 'annual',
      }),
    );
    expect(error).toMatchObject({ code: 'upstream_error', status: 503 });
    expect(clock.sleeps).toEqual([50, 100, 200]);
    expect(server.requests).toHaveLength(4);
  });

  it('aborts a request that outlives its timeout: the server sees the socket close', async () => {
    const server = await serve(() => {
      /* never answers */
    });
    const error = await failure(
      provider(server, { timeoutMs: 400 }).getIncomeStatements!({ ticker: 'NVDA', period: 'annual' }),
    );
    expect(error.code).toBe('timeout');
    await server.requests[0]?.closed;
    expect(server.requests[0]?.abortedByClient()).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('aborts on the caller’s signal', async () => {
    const server = await serve(() => {
      /* never answers */
    });
    const controller = new AbortController();
    const pending = failure(
      provider(server).getIncomeStatements!({ ticker: 'NVDA', period: 'annual', signal: controller.signal }),
    );
    await until(() => server.requests.length === 1);
    controller.abort();
    expect((await pending).code).toBe('aborted');
    await server.requests[0]?.closed;
    expect(server.requests[0]?.abortedByClient()).toBe(true);
  });

  it('reports offline when nothing listens', async () => {
    const server = await serve(() => undefined);
    const url = server.url;
    await server.close();
    servers.length = 0;
    const error = await failure(
      createFinancialDatasetsProvider({ apiKey: 'k', baseUrl: url }).getIncomeStatements!({
        ticker: 'NVDA',
        period: 'annual',
      }),
    );
    expect(error.code).toBe('offline');
  });

  it('treats a body that is not JSON as an upstream error', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    expect(
      (await failure(provider(server).getIncomeStatements!({ ticker: 'NVDA', period: 'annual' }))).code,
    ).toBe('upstream_error');
  });
});

describe('financial-datasets provider: concurrency, de-duplication, cache', () => {
  it('never runs more requests at once than its concurrency limit', async () => {
    const held: ServerResponse[] = [];
    const server = await serve((_request, response) => {
      held.push(response);
    });
    const fd = provider(server, { concurrency: 2 });
    const tickers = ['AAPL', 'NVDA', 'AMD', 'PG', 'MSFT', 'AMZN'];
    const calls = tickers.map((ticker) =>
      fd.getIncomeStatements!({ ticker, period: 'annual' }).catch((error: unknown) => error),
    );
    let answered = 0;
    while (answered < tickers.length) {
      await until(() => held.length > 0);
      // Give a broken limiter the chance to send more before answering.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = held.shift() as ServerResponse;
      sendJson(response, 200, { income_statements: [incomeRecord('2025-01-26', 'FY2025', answered)] });
      answered++;
    }
    await Promise.all(calls);
    expect(server.requests).toHaveLength(6);
    expect(server.maxInFlight()).toBe(2);
  });

  it('shares one HTTP request between identical concurrent calls', async () => {
    const held: ServerResponse[] = [];
    const server = await serve((_request, response) => {
      held.push(response);
    });
    const fd = provider(server, { cacheTtlMs: 0 });
    const first = fd.getIncomeStatements!({ ticker: 'NVDA', period: 'annual', limit: 1 });
    const second = fd.getIncomeStatements!({ ticker: 'nvda', period: 'annual', limit: 1 });
    await until(() => held.length === 1);
    sendJson(held[0] as ServerResponse, 200, {
      income_statements: [incomeRecord('2025-01-26', 'FY2025', 7)],
    });
    const [a, b] = await Promise.all([first, second]);
    expect(a.data[0]?.revenue).toBe(7);
    expect(b.data[0]?.revenue).toBe(7);
    expect(server.requests).toHaveLength(1);
    expect(fd.httpStats()).toMatchObject({ requests: 1, deduplicated: 1 });
  });

  it('keeps serving the other caller when one of two de-duplicated callers aborts', async () => {
    const held: ServerResponse[] = [];
    const server = await serve((_request, response) => {
      held.push(response);
    });
    const fd = provider(server);
    const controller = new AbortController();
    const leaving = failure(
      fd.getIncomeStatements!({ ticker: 'NVDA', period: 'annual', signal: controller.signal }),
    );
    const staying = fd.getIncomeStatements!({ ticker: 'NVDA', period: 'annual' });
    await until(() => held.length === 1);
    controller.abort();
    expect((await leaving).code).toBe('aborted');
    sendJson(held[0] as ServerResponse, 200, {
      income_statements: [incomeRecord('2025-01-26', 'FY2025', 9)],
    });
    expect((await staying).data[0]?.revenue).toBe(9);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.abortedByClient()).toBe(false);
  });

  it('serves repeats from the cache until the TTL passes', async () => {
    const clock = createFakeClock();
    const server = await serve((_request, response) =>
      sendJson(response, 200, {
        income_statements: [incomeRecord('2025-01-26', 'FY2025', server.requests.length)],
      }),
    );
    const fd = provider(server, { clock, cacheTtlMs: 60_000 });
    const request = { ticker: 'NVDA', period: 'annual' as const };
    const first = await fd.getIncomeStatements!(request);
    first.data[0]!.revenue = -1; // callers get copies; the cache is not corrupted
    const second = await fd.getIncomeStatements!(request);
    expect(second.data[0]?.revenue).toBe(1);
    expect(server.requests).toHaveLength(1);
    clock.advance(60_001);
    const third = await fd.getIncomeStatements!(request);
    expect(third.data[0]?.revenue).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(fd.httpStats()).toMatchObject({ requests: 2, cacheHits: 1 });
  });
});
