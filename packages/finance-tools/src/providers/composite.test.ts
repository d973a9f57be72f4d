/**
 * The composite provider with real providers: financialdatasets.ai against a local HTTP
 * server that answers 401/402/404/429, an unreachable port (offline), and the embedded
 * dataset as the fallback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, sendJson, startLocalServer } from '../../test/local-server';
import { FinanceError } from '../errors';
import type { FinancialDataProvider } from '../provider';
import { createCompositeProvider } from './composite';
import { createEmbeddedProvider } from './embedded';
import { createFinancialDatasetsProvider } from './financial-datasets';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function apiAnswering(
  status: number,
  body: unknown = { error: 'x' },
  headers: Record<string, string> = {},
) {
  const server = await startLocalServer((_request, response) => sendJson(response, status, body, headers));
  servers.push(server);
  return {
    server,
    provider: createFinancialDatasetsProvider({ apiKey: 'k', baseUrl: server.url, retries: 0 }),
  };
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

const embedded = createEmbeddedProvider();
const request = { ticker: 'AAPL', period: 'annual' as const, fiscalYear: 2025 };

describe('composite provider', () => {
  it.each([
    [401, 'unauthorized'],
    [402, 'payment_required'],
  ])('falls through on HTTP %i (%s) and says who served the data', async (status, code) => {
    const { provider: api, server } = await apiAnswering(status);
    const heard: string[] = [];
    const composite = createCompositeProvider({
      providers: [api, embedded],
      onWarning: (warning) => heard.push(warning),
    });
    const result = await composite.getIncomeStatements!(request);
    expect(result.provider).toBe('embedded');
    expect(result.data[0]?.revenue).toBe(416_161_000_000);
    expect(result.warnings).toEqual([
      `financial-datasets (${code}) could not serve getIncomeStatements; served by embedded`,
    ]);
    expect(heard).toEqual(result.warnings);
    expect(server.requests).toHaveLength(1);
  });

  it('falls through when the first provider is offline', async () => {
    const { provider: api, server } = await apiAnswering(200);
    await server.close();
    servers.length = 0;
    const composite = createCompositeProvider({ providers: [api, embedded] });
    const result = await composite.getCashFlowStatements!(request);
    expect(result.provider).toBe('embedded');
    expect(result.warnings[0]).toContain('financial-datasets (offline)');
  });

  it('uses the first provider that answers, with no warnings', async () => {
    const { provider: api } = await apiAnswering(200, {
      income_statements: [
        { ticker: 'AAPL', report_period: '2025-09-27', fiscal_period: 'FY2025', revenue: 1 },
      ],
    });
    const result = await createCompositeProvider({ providers: [api, embedded] }).getIncomeStatements!(
      request,
    );
    expect(result).toMatchObject({ provider: 'financial-datasets', warnings: [] });
    expect(result.data[0]?.revenue).toBe(1);
  });

  it('skips providers without the capability, and falls through a provider that says unsupported', async () => {
    const { provider: api } = await apiAnswering(200, {
      segmented_revenues: [{ report_period: '2025-09-27', items: [{ name: 'iPhone', amount: 2 }] }],
    });
    const refusing: FinancialDataProvider = {
      name: 'refusing',
      capabilities: ['getSegmentedRevenues'],
      getSegmentedRevenues: async () => {
        throw new FinanceError('unsupported', 'no segments here', { provider: 'refusing' });
      },
    };
    const composite = createCompositeProvider({ providers: [embedded, refusing, api] });
    const result = await composite.getSegmentedRevenues!({ ticker: 'AAPL', period: 'annual' });
    expect(result.provider).toBe('financial-datasets');
    expect(result.warnings).toEqual([
      'refusing (unsupported) could not serve getSegmentedRevenues; served by financial-datasets',
    ]);
  });

  it('does not fall through on not_found or rate_limited: that is the answer', async () => {
    for (const [status, code] of [
      [404, 'not_found'],
      [429, 'rate_limited'],
    ] as const) {
      const { provider: api } = await apiAnswering(status, {}, { 'retry-after': '120' });
      let embeddedCalls = 0;
      const counting: FinancialDataProvider = {
        ...embedded,
        getIncomeStatements: (input) => {
          embeddedCalls++;
          return embedded.getIncomeStatements!(input);
        },
      };
      const error = await failure(
        createCompositeProvider({ providers: [api, counting] }).getIncomeStatements!(request),
      );
      expect(error.code).toBe(code);
      expect(embeddedCalls).toBe(0);
    }
  });

  it('throws the whole story when every provider fell through', async () => {
    const first = await apiAnswering(401);
    const second = await apiAnswering(402);
    const error = await failure(
      createCompositeProvider({ providers: [first.provider, { ...second.provider, name: 'backup' }] })
        .getIncomeStatements!(request),
    );
    expect(error.code).toBe('payment_required');
    expect(error.message).toMatch(/financial-datasets: unauthorized .*; backup: payment_required/);
    expect(error.details.attempts).toHaveLength(2);
  });

  it('offers the union of capabilities and refuses calls nobody supports', async () => {
    const { provider: api } = await apiAnswering(200);
    const composite = createCompositeProvider({ providers: [api, embedded] });
    expect(composite.capabilities).toContain('getSegmentedRevenues');
    expect(composite.capabilities).toContain('resolveTicker');
    const onlyEmbedded = createCompositeProvider({ providers: [embedded] });
    expect(onlyEmbedded.getSegmentedRevenues).toBeUndefined();
    expect(() => createCompositeProvider({ providers: [] })).toThrow(TypeError);
  });

  it('resolves a name with the next provider when the first does not know it', async () => {
    const blank: FinancialDataProvider = {
      name: 'blank',
      capabilities: ['resolveTicker'],
      resolveTicker: async () => undefined,
    };
    const composite = createCompositeProvider({ providers: [blank, embedded] });
    expect(await composite.resolveTicker!({ query: 'Procter & Gamble' })).toMatchObject({ ticker: 'PG' });
    expect(await composite.resolveTicker!({ query: 'Nobody Corp' })).toBeUndefined();
  });
});
