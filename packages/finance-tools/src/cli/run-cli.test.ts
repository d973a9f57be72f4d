import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { FinanceError } from '../errors';
import type { FinancialDataProvider } from '../provider';
import { createFakeProvider, incomeStatement } from '../testing';
import { defaultCliProviders } from './default-providers';
import { type CliIo, chooseProvider, runCli } from './run-cli';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const secFacts = path.join(SHARED_SEC_DIRECTORY, 'companyfacts');

async function run(argv: string[], overrides: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: {},
    providers: defaultCliProviders,
    ...overrides,
  });
  return { code, stdout, stderr };
}

type Row = { fiscalYear: number; revenue: number; netIncome: number; periodEnd: string };

/** The SEC's own annual value of a us-gaap concept for the 10-K period ending `end` (oracle from the real file). */
function secAnnualValue(cik: string, concepts: string[], end: string): number | undefined {
  const file = path.join(secFacts, `CIK${cik}.json`);
  if (!existsSync(file)) return undefined;
  const facts = JSON.parse(readFileSync(file, 'utf8')).facts['us-gaap'];
  for (const concept of concepts) {
    const records: Array<{ start?: string; end: string; val: number; form: string }> =
      facts[concept]?.units?.USD ?? [];
    const annual = records.find((record) => {
      if (record.end !== end || !record.start || !record.form.startsWith('10-K')) return false;
      const days = (Date.parse(record.end) - Date.parse(record.start)) / 86_400_000;
      return days > 350 && days < 380;
    });
    if (annual) return annual.val;
  }
  return undefined;
}

describe('dexter-finance (in-process, embedded data)', () => {
  it("answers Apple's fiscal 2025 revenue exactly", async () => {
    const { code, stdout, stderr } = await run(['--json', "What was Apple's revenue in fiscal 2025?"]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(Object.keys(output)).toEqual([
      'data',
      'computed',
      'failures',
      'notes',
      'warnings',
      'sources',
      'plan',
      'stats',
      'answer',
    ]);
    const rows = output.data['AAPL.income_statements.annual'] as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revenue).toBe(416_161_000_000);
    const oracle = secAnnualValue(
      '0000320193',
      ['RevenueFromContractWithCustomerExcludingAssessedTax'],
      rows[0]!.periodEnd,
    );
    if (!existsSync(secFacts))
      console.warn('shared SEC data absent: checked against the documented value only');
    else expect(rows[0]!.revenue).toBe(oracle);
    expect(output.sources).toContain(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
    );

    const text = await run(["What was Apple's revenue in fiscal 2025?"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('416,161,000,000');
    expect(text.stdout).toContain('### Sources');
  });

  it('compares NVDA and AAPL over the last two fiscal years of each company, as of 2026-11-30', async () => {
    const { code, stdout } = await run([
      '--json',
      '--date',
      '2026-11-30',
      'compare NVDA and AAPL net income for the last two fiscal years',
    ]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    const nvda = output.data['NVDA.income_statements.annual'] as Row[];
    const aapl = output.data['AAPL.income_statements.annual'] as Row[];
    // NVDA's fiscal year ends in late January: FY2026 ended 2026-01-25, the latest complete one.
    expect(nvda.map((row) => row.fiscalYear)).toEqual([2026, 2025]);
    expect(nvda[0]!.netIncome).toBe(120_067_000_000);
    // Apple's FY2026 ended in late September 2026 but is not in the data: FY2025 and FY2024, with a note.
    expect(aapl.map((row) => row.fiscalYear)).toEqual([2025, 2024]);
    expect(aapl[0]!.netIncome).toBe(112_010_000_000);
    for (const [cik, rows] of [
      ['0001045810', nvda],
      ['0000320193', aapl],
    ] as const) {
      for (const row of rows) {
        const oracle = secAnnualValue(cik, ['NetIncomeLoss'], row.periodEnd);
        if (existsSync(secFacts)) expect(row.netIncome).toBe(oracle);
      }
    }
    expect(output.warnings.join(' ')).toMatch(
      /AAPL income statements \(annual\): the newest period in the data ends 2025-09-27/,
    );
    expect(output.plan.interpretation.asOf).toBe('2026-11-30');
  });

  it('moves "last fiscal year" with --date', async () => {
    const { stdout } = await run(['--json', '--date', '2025-06-01', 'NVDA revenue last fiscal year']);
    const rows = JSON.parse(stdout).data['NVDA.income_statements.annual'] as Row[];
    expect(rows.map((row) => [row.fiscalYear, row.revenue])).toEqual([[2025, 130_497_000_000]]);
  });

  it('reports unknown tickers clearly, as text and as JSON', async () => {
    const text = await run(['ZZZQX revenue FY2025']);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(
      /dexter-finance: No data found: ZZZQX income statements: .*ZZZQX.*not in the SEC ticker list.*\[unknown_ticker\]\n$/,
    );
    const json = await run(['--json', 'ZZZQX revenue FY2025']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).error.code).toBe('unknown_ticker');
  });

  it('says when a listed company is not in the offline data, and how to get it', async () => {
    const text = await run(['TSLA revenue FY2025']);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(
      /TSLA \(Tesla, Inc\., CIK 0001318605\) is in the SEC ticker list but not in the embedded offline data.*configuring the SEC EDGAR data source.*\[not_found\]\nFrom the CLI: dexter-finance --provider sec.*\n$/,
    );
  });

  it('keeps the CLI remedy out of the model-facing message and gives it as a hint', async () => {
    const json = await run(['--json', 'TSLA revenue FY2025']);
    expect(json.code).toBe(1);
    const { error, computed, failures } = JSON.parse(json.stdout);
    expect(error.code).toBe('not_found');
    expect(error.message).not.toMatch(/--provider|dexter-finance/);
    expect(error.message).toMatch(/configuring the SEC EDGAR data source/);
    expect(error.hint).toMatch(/^From the CLI: dexter-finance --provider sec/);
    expect(computed).toEqual({ figures: [] });
    expect(failures.map((failure: { ticker: string }) => failure.ticker)).toEqual(['TSLA']);
  });

  it('says when the query names no company', async () => {
    const { code, stderr } = await run(['what was revenue last year?']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/No company or ticker found.*\[invalid_request\]/);
  });

  it.each([
    [['--bogus', 'AAPL'], /unknown option --bogus/],
    [
      ['--provider', 'yahoo', 'AAPL'],
      /--provider must be one of embedded, sec, financialdatasets; got "yahoo"/,
    ],
    [['--date', '2026-02-30', 'AAPL'], /--date must be a real date/],
    [['--date'], /--date needs a value/],
    [['--json'], /missing the query/],
    [['--tool=charts', 'AAPL'], /--tool must be one of/],
  ])('rejects bad usage %j with exit code 2', async (argv, message) => {
    const { code, stderr, stdout } = await run(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/--help/);
  });

  it('prints help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: dexter-finance/);
  });

  it('chooses financialdatasets when its key is set, else embedded, unless --provider says otherwise', async () => {
    expect(chooseProvider(undefined, {})).toBe('embedded');
    expect(chooseProvider(undefined, { FINANCIAL_DATASETS_API_KEY: 'k' })).toBe('financialdatasets');
    expect(chooseProvider('sec', { FINANCIAL_DATASETS_API_KEY: 'k' })).toBe('sec');
    const built: string[] = [];
    const fake = (name: string) => (): FinancialDataProvider => {
      built.push(name);
      return createFakeProvider({
        name,
        data: { incomeStatements: [incomeStatement({ ticker: 'AAPL', fiscalYear: 2025, revenue: 7 })] },
      });
    };
    const providers = {
      embedded: fake('embedded'),
      sec: fake('sec'),
      financialdatasets: fake('financialdatasets'),
    };
    await run(['AAPL revenue FY2025'], { providers, env: { FINANCIAL_DATASETS_API_KEY: 'k' } });
    await run(['AAPL revenue FY2025'], { providers, env: {} });
    await run(['--provider', 'sec', 'AAPL revenue FY2025'], { providers, env: {} });
    // The default financialdatasets provider is backed by the embedded data.
    expect(built).toEqual(['financialdatasets', 'embedded', 'embedded', 'sec']);
  });

  it('backs the default financialdatasets provider with the embedded data, and says so', async () => {
    const rejecting = createFakeProvider({
      name: 'financial-datasets',
      data: { incomeStatements: [incomeStatement({ ticker: 'AAPL', fiscalYear: 2025, revenue: 1 })] },
      fail: () => new FinanceError('unauthorized', 'the API key was rejected (HTTP 401)'),
    });
    const providers = { ...defaultCliProviders, financialdatasets: () => rejecting };
    const auto = await run(['--json', "What was Apple's revenue in fiscal 2025?"], {
      providers,
      env: { FINANCIAL_DATASETS_API_KEY: 'bad-key' },
    });
    expect(auto.code).toBe(0);
    const output = JSON.parse(auto.stdout);
    expect(output.data['AAPL.income_statements.annual'][0].revenue).toBe(416_161_000_000);
    expect(output.warnings.join(' ')).toMatch(/financial-datasets.*unauthorized.*served by embedded/);
    expect(rejecting.requests).toHaveLength(1);
    // Chosen explicitly, the provider stands alone.
    const explicit = await run(
      ['--provider', 'financialdatasets', "What was Apple's revenue in fiscal 2025?"],
      {
        providers,
        env: { FINANCIAL_DATASETS_API_KEY: 'bad-key' },
      },
    );
    expect(explicit.code).toBe(1);
    expect(explicit.stderr).toMatch(/\[unauthorized\]/);
  });

  it('names the missing setting when a live provider is not configured', async () => {
    const sec = await run(['--provider', 'sec', 'AAPL revenue'], { env: {} });
    expect(sec.code).toBe(1);
    expect(sec.stderr).toMatch(/SEC_USER_AGENT.*\[configuration\]/);
    const paid = await run(['--json', '--provider', 'financialdatasets', 'AAPL revenue'], { env: {} });
    expect(paid.code).toBe(1);
    expect(JSON.parse(paid.stdout).error).toEqual({
      code: 'configuration',
      message: expect.stringMatching(/FINANCIAL_DATASETS_API_KEY/),
    });
  });

  it('answers market and filings questions with --tool', async () => {
    const filings = await run(['--json', '--tool', 'filings', 'Apple 10-K']);
    expect(filings.code).toBe(0);
    const listed = JSON.parse(filings.stdout).data['AAPL.filings'] as Array<{ form: string; url: string }>;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((row) => row.form === '10-K' && row.url.startsWith('https://www.sec.gov/'))).toBe(
      true,
    );
    const market = await run(['--tool', 'market', 'NVDA P/E']);
    expect(market.code).toBe(0);
    expect(market.stdout).toMatch(/no market prices/);
  });

  it('shows progress on stderr when asked', async () => {
    const { stderr } = await run(['AAPL revenue FY2025'], { showProgress: true });
    expect(stderr).toMatch(/… Resolving tickers…\n… Fetching AAPL income statements…/);
  });
});

describe('dexter-finance (child process through tsx)', () => {
  it('runs the bin from source and prints exact JSON', async () => {
    const env = { ...process.env };
    delete env.FINANCIAL_DATASETS_API_KEY;
    const { stdout, code } = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      const child = execFile(
        process.execPath,
        [
          '--conditions=@dexter/source',
          '--import',
          'tsx',
          'packages/finance-tools/src/cli.ts',
          '--json',
          '--date',
          '2026-11-30',
          'compare NVDA and AAPL net income for the last two fiscal years',
        ],
        { cwd: repoRoot, env, timeout: 60_000 },
        (_error, out) => resolve({ stdout: out, code: child.exitCode }),
      );
    });
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect((output.data['NVDA.income_statements.annual'] as Row[]).map((row) => row.netIncome)).toEqual([
      120_067_000_000, 72_880_000_000,
    ]);
    expect((output.data['AAPL.income_statements.annual'] as Row[]).map((row) => row.netIncome)).toEqual([
      112_010_000_000, 93_736_000_000,
    ]);
  }, 90_000);
});
