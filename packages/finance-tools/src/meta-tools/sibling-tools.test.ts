import { invokeTool, type ProgressUpdate } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { FinanceError } from '../errors';
import type { FilingDocumentRequest } from '../provider';
import { fixedClock } from '../router/clock';
import { createFakeProvider, filing, incomeStatement, keyMetrics } from '../testing';
import { createGetMarketDataTool } from './get-market-data';
import { createReadFilingsTool } from './read-filings';

const clock = fixedClock('2026-11-30');
const environment = { env: {}, platform: 'linux' };

function context(signal = new AbortController().signal) {
  const updates: ProgressUpdate[] = [];
  return {
    signal,
    toolCallId: 'call_1',
    progress: (update: string | ProgressUpdate) =>
      updates.push(typeof update === 'string' ? { message: update } : update),
  };
}

const filings = [
  filing({
    ticker: 'AAPL',
    cik: '0000320193',
    accession: '0000320193-25-000079',
    form: '10-K',
    filed: '2025-10-31',
    reportDate: '2025-09-27',
  }),
  filing({
    ticker: 'AAPL',
    cik: '0000320193',
    accession: '0000320193-26-000006',
    form: '10-Q',
    filed: '2026-01-30',
    reportDate: '2025-12-27',
  }),
  filing({
    ticker: 'AAPL',
    cik: '0000320193',
    accession: '0000320193-24-000123',
    form: '10-K',
    filed: '2024-11-01',
    reportDate: '2024-09-28',
  }),
  filing({
    ticker: 'AAPL',
    cik: '0000320193',
    accession: '0000320193-26-000001',
    form: '8-K',
    filed: '2026-01-29',
  }),
];

describe('get_market_data', () => {
  it('returns market figures where the provider has prices', async () => {
    const provider = createFakeProvider({
      data: {
        keyMetrics: [
          keyMetrics({
            ticker: 'NVDA',
            fiscalYear: 2026,
            period: 'ttm',
            periodEnd: '2026-10-26',
            marketCap: 4_400_000_000_000,
            priceToEarnings: 52.5,
            grossMargin: 0.7,
          }),
        ],
      },
    });
    const tool = createGetMarketDataTool({ provider, clock });
    const result = await invokeTool(tool, { query: 'NVDA market cap and P/E' }, context());
    expect(result.data['NVDA.key_metrics.latest']).toEqual([
      expect.objectContaining({ marketCap: 4_400_000_000_000, priceToEarnings: 52.5 }),
    ]);
    expect(result.answer).toContain('4,400,000,000,000');
    expect(result.answer).toContain('52.50');
    expect(provider.requests.map((request) => request.method)).toEqual(['getKeyMetrics']);
    expect(result.warnings.join(' ')).not.toMatch(/no market prices/);
  });

  it('turns a statement query into key-metrics calls and says when prices are missing', async () => {
    const provider = createFakeProvider({
      name: 'embedded',
      data: {
        keyMetrics: [
          keyMetrics({ ticker: 'AAPL', fiscalYear: 2025, periodEnd: '2025-09-27', netMargin: 0.2691 }),
        ],
      },
    });
    const tool = createGetMarketDataTool({ provider, clock });
    const result = await invokeTool(tool, { query: 'Apple revenue' }, context());
    expect(result.plan.calls).toEqual([
      { tool: 'key_metrics', ticker: 'AAPL', period: 'annual', limit: 1, endOnOrBefore: '2026-11-30' },
    ]);
    expect(result.answer).toContain('26.91%');
    expect(result.warnings.join(' ')).toMatch(/embedded data source has no market prices/);
  });

  it('reports unsupported clearly when the provider has no key metrics, and is not listed', async () => {
    const provider = createFakeProvider({
      name: 'sec-edgar',
      data: { incomeStatements: [incomeStatement({ ticker: 'AAPL', fiscalYear: 2025 })] },
    });
    const tool = createGetMarketDataTool({ provider, clock });
    expect(tool.available?.(environment)).toMatch(/sec-edgar data source offers no key metrics/);
    const error = await invokeTool(tool, { query: 'AAPL P/E' }, context()).catch((caught) => caught);
    expect(FinanceError.isInstance(error) && error.code).toBe('unsupported');
    expect(error.message).toMatch(/sec-edgar data source does not offer key metrics/);
  });
});

describe('read_filings', () => {
  it('lists the forms asked for, newest first, with document URLs as sources', async () => {
    const provider = createFakeProvider({ data: { filings } });
    const tool = createReadFilingsTool({ provider, clock });
    const result = await invokeTool(tool, { query: "Apple's 10-K filings" }, context());
    const listed = result.data['AAPL.filings'] as Array<{ accession: string }>;
    expect(listed.map((row) => row.accession)).toEqual(['0000320193-25-000079', '0000320193-24-000123']);
    expect(result.sources).toEqual([
      'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/primary.htm',
      'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/primary.htm',
    ]);
    expect(result.answer).toMatch(/\| AAPL \| 2025-10-31 \| 10-K \| 2025-09-27 \|/);
  });

  it('lists every form when the query names none, even if the router chose statements', async () => {
    const provider = createFakeProvider({ data: { filings } });
    const tool = createReadFilingsTool({ provider, clock });
    const result = await invokeTool(tool, { query: 'AAPL revenue documents' }, context());
    expect(result.plan.calls).toEqual([
      { tool: 'filings', ticker: 'AAPL', period: 'annual', limit: 10, endOnOrBefore: '2026-11-30' },
    ]);
    expect(result.data['AAPL.filings']).toHaveLength(4);
  });

  it('reads one document by accession where the provider can', async () => {
    const seen: FilingDocumentRequest[] = [];
    const provider = {
      ...createFakeProvider({ data: { filings } }),
      capabilities: ['getFilings', 'getFilingDocument'] as const,
      async getFilingDocument(request: FilingDocumentRequest) {
        seen.push(request);
        return {
          data: {
            ticker: 'AAPL',
            accession: request.accession ?? '',
            form: '10-K',
            url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
            contentType: 'text/html',
            text: 'Apple Inc. annual report text',
            truncated: true,
          },
          provider: 'fake',
          warnings: [],
        };
      },
    };
    const tool = createReadFilingsTool({
      provider: { ...provider, capabilities: [...provider.capabilities] },
      clock,
    });
    const result = await invokeTool(
      tool,
      { query: 'Apple', accession: '0000320193-25-000079', maxChars: 1000 },
      context(),
    );
    expect(seen[0]).toMatchObject({ ticker: 'AAPL', accession: '0000320193-25-000079', maxChars: 1000 });
    expect(seen[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(result.document?.text).toBe('Apple Inc. annual report text');
    expect(result.answer).toMatch(/text cut; raise maxChars/);
    expect(result.sources).toEqual([
      'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
    ]);
  });

  it('says unsupported when documents cannot be fetched, and validates accession numbers', async () => {
    const tool = createReadFilingsTool({ provider: createFakeProvider({ data: { filings } }), clock });
    const error = await invokeTool(
      tool,
      { query: 'AAPL', accession: '0000320193-25-000079' },
      context(),
    ).catch((caught) => caught);
    expect(error.code).toBe('unsupported');
    expect(tool.inputSchema.safeParse({ query: 'AAPL', accession: '12345' }).success).toBe(false);
  });

  it('is listed only when the provider has filings', () => {
    expect(
      createReadFilingsTool({ provider: createFakeProvider({ data: { filings } }) }).available?.(environment),
    ).toBe(true);
    expect(
      createReadFilingsTool({ provider: createFakeProvider({ data: {} }) }).available?.(environment),
    ).toMatch(/no filings/);
  });
});
