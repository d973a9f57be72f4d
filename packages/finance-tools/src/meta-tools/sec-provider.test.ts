/**
 * The meta-tools over the SEC EDGAR provider, served the real SEC files from
 * shared/data/sec by a local HTTP server (the provider's own HTTP stack runs for real).
 * Skipped with a notice when the shared data is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { invokeTool } from '@dexter/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { createSecEdgarProvider } from '../providers/sec-edgar';
import { fixedClock } from '../router/clock';
import type { MetaToolResult } from './execute-plan';
import { createFinanceTools } from './finance-tools';

const secDirectory = SHARED_SEC_DIRECTORY;
const present = existsSync(path.join(secDirectory, 'reference/company_tickers.json'));
if (!present)
  console.warn(`shared SEC data not found at ${secDirectory}: skipping SEC provider meta-tool tests`);

const routes: Record<string, string> = {
  '/files/company_tickers.json': 'reference/company_tickers.json',
};
for (const cik of ['0000320193', '0001045810', '0001652044', '0000002488', '0000080424']) {
  routes[`/api/xbrl/companyfacts/CIK${cik}.json`] = `companyfacts/CIK${cik}.json`;
  routes[`/submissions/CIK${cik}.json`] = `submissions/CIK${cik}.json`;
}

describe.skipIf(!present)('meta-tools over SEC EDGAR (real SEC files, local server)', () => {
  let server: Server;
  let base = '';
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ url: request.url ?? '', headers: request.headers });
      const file = routes[request.url ?? ''];
      if (!file) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(readFileSync(path.join(secDirectory, file)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function tools() {
    const provider = createSecEdgarProvider({
      userAgent: 'Dexter tests dexter-tests@example.com',
      baseUrls: { data: base, www: base },
    });
    const [getFinancials, , readFilings] = createFinanceTools({ provider, clock: fixedClock('2026-11-30') });
    return { getFinancials: getFinancials!, readFilings: readFilings! };
  }
  const context = () => ({
    signal: new AbortController().signal,
    toolCallId: 'call_1',
    progress: () => undefined,
  });

  it('answers the two-company, two-year comparison with the SEC values and filing URLs', async () => {
    const { getFinancials } = tools();
    const result = (await invokeTool(
      getFinancials,
      { query: 'compare NVDA and AAPL net income for the last two fiscal years' },
      context(),
    )) as MetaToolResult;
    const netIncome = (key: string) =>
      (result.data[key] as Array<{ fiscalYear: number; netIncome: number }>).map((row) => [
        row.fiscalYear,
        row.netIncome,
      ]);
    expect(netIncome('NVDA.income_statements.annual')).toEqual([
      [2026, 120_067_000_000],
      [2025, 72_880_000_000],
    ]);
    expect(netIncome('AAPL.income_statements.annual')[0]).toEqual([2025, 112_010_000_000]);
    expect(result.sources.some((url) => url.includes('/Archives/edgar/data/1045810/'))).toBe(true);
    expect(
      seen.every((request) => request.headers['user-agent'] === 'Dexter tests dexter-tests@example.com'),
    ).toBe(true);
  });

  it("reads Apple's fiscal 2025 revenue", async () => {
    const { getFinancials } = tools();
    const result = (await invokeTool(
      getFinancials,
      { query: "What was Apple's revenue in fiscal 2025?" },
      context(),
    )) as MetaToolResult;
    expect((result.data['AAPL.income_statements.annual'] as Array<{ revenue: number }>)[0]!.revenue).toBe(
      416_161_000_000,
    );
  });

  it('resolves a name no alias table knows through the SEC ticker map', async () => {
    const { getFinancials } = tools();
    const error = await invokeTool(
      getFinancials,
      { query: 'What was Intuit revenue in FY2025?' },
      context(),
    ).catch((caught: Error) => caught);
    // Intuit (INTU) is in the SEC ticker map, but its company facts are not on the local server.
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/INTU/);
    expect(seen.some((request) => request.url === '/files/company_tickers.json')).toBe(true);
    expect(seen.some((request) => request.url.includes('CIK0000896878'))).toBe(true);
  });

  it('lists 10-K filings from SEC submissions with document URLs', async () => {
    const { readFilings } = tools();
    const result = (await invokeTool(
      readFilings,
      { query: 'Apple 10-K filings' },
      context(),
    )) as MetaToolResult;
    const filings = result.data['AAPL.filings'] as Array<{ form: string; url: string; filed: string }>;
    expect(filings.length).toBeGreaterThan(0);
    expect(filings.every((filing) => filing.form === '10-K')).toBe(true);
    expect(filings[0]!.url).toMatch(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/\d{18}\/.+/);
  });
});
