/**
 * The SEC normalizer against the real companyfacts/submissions in ../shared/data/sec, with
 * the known values listed in its SOURCES.md as oracles.
 */
import { describe, expect, it } from 'vitest';
import { hasSharedSecData, SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import type { CashFlowStatement, IncomeStatement, PeriodRow } from '../models';
import { CASH_FLOW_CONCEPTS, INCOME_CONCEPTS } from './concepts';
import type { ValuePolicy } from './fact-series';
import { fiscalPosition } from './fiscal-calendar';
import { normalizeSecCompany, type SecCompanyData } from './normalize-company';
import { readSecDirectory, type SecCompanyFiles } from './read-sec-directory';

const directory = hasSharedSecData ? readSecDirectory(SHARED_SEC_DIRECTORY) : undefined;
const withFacts = (directory?.companies ?? []).filter((company) => company.companyFacts);

function files(ticker: string): SecCompanyFiles {
  const found = directory?.companies.find((company) => company.submissions.tickers?.includes(ticker));
  if (!found) throw new Error(`no shared files for ${ticker}`);
  return found;
}

const normalized = new Map<string, SecCompanyData>();
function company(ticker: string, values: ValuePolicy = 'latest'): SecCompanyData {
  const key = `${ticker}|${values}`;
  let data = normalized.get(key);
  if (!data) {
    const { submissions, companyFacts } = files(ticker);
    data = normalizeSecCompany(submissions, companyFacts, { ticker, values });
    normalized.set(key, data);
  }
  return data;
}

function row<Row extends PeriodRow>(rows: Row[] | undefined, fiscalYear: number, fiscalPeriod: string): Row {
  const period = fiscalPeriod === 'FY' ? 'annual' : 'quarterly';
  const found = rows?.find(
    (candidate) =>
      candidate.period === period &&
      candidate.fiscalYear === fiscalYear &&
      candidate.fiscalPeriod === fiscalPeriod,
  );
  if (!found) throw new Error(`no ${fiscalPeriod} ${fiscalYear} row`);
  return found;
}

const income = (ticker: string, year: number, period: string, values?: ValuePolicy): IncomeStatement =>
  row(company(ticker, values).financials?.incomeStatements, year, period);
const cashFlow = (ticker: string, year: number, period: string): CashFlowStatement =>
  row(company(ticker).financials?.cashFlowStatements, year, period);

describe.skipIf(!hasSharedSecData)('SEC normalizer on real filings (SOURCES.md oracles)', () => {
  it('reads Apple revenue for FY2024, FY2025 and Q1 FY2026 as reported', () => {
    expect(income('AAPL', 2024, 'FY').revenue).toBe(391_035_000_000);
    const fy2025 = income('AAPL', 2025, 'FY');
    expect(fy2025.revenue).toBe(416_161_000_000);
    expect(fy2025.netIncome).toBe(112_010_000_000);
    expect(fy2025.periodEnd).toBe('2025-09-27');
    expect(fy2025.derived).not.toContain('revenue');
    const q1 = income('AAPL', 2026, 'Q1');
    expect(q1).toMatchObject({
      revenue: 143_756_000_000,
      periodStart: '2025-09-28',
      periodEnd: '2025-12-27',
    });
    expect(q1.derived).not.toContain('revenue');
  });

  it('derives Apple fiscal Q4 FY2025 revenue as FY − 9M YTD, marks it derived and cites both filings', () => {
    const q4 = income('AAPL', 2025, 'Q4');
    expect(q4.revenue).toBe(416_161_000_000 - 313_695_000_000);
    expect(q4.revenue).toBe(102_466_000_000);
    expect(q4.derived).toContain('revenue');
    const accessions = q4.sources
      .filter((source) => source.field === 'revenue')
      .map((source) => source.accession);
    expect(accessions).toEqual(['0000320193-25-000079', '0000320193-25-000073']);
    // EPS is not additive: no Q4 value is invented.
    expect(q4.epsDiluted).toBeNull();
  });

  it('cites the original filing of a value later repeated unchanged as a comparative', () => {
    // Q1 FY2025 revenue is repeated (with a frame) in the Q1 FY2026 10-Q; the source is the original 10-Q.
    const q1 = income('AAPL', 2025, 'Q1');
    expect(q1.revenue).toBe(124_300_000_000);
    expect(q1.sources.find((source) => source.field === 'revenue')?.accession).toBe('0000320193-25-000008');
  });

  it('turns Apple 10-Q year-to-date operating cash flow into discrete quarters', () => {
    expect(cashFlow('AAPL', 2025, 'FY').operatingCashFlow).toBe(111_482_000_000);
    const quarters = ['Q1', 'Q2', 'Q3', 'Q4'].map((quarter) => cashFlow('AAPL', 2025, quarter));
    expect(quarters.map((quarter) => quarter.operatingCashFlow)).toEqual([
      29_935_000_000,
      53_887_000_000 - 29_935_000_000,
      81_754_000_000 - 53_887_000_000,
      111_482_000_000 - 81_754_000_000,
    ]);
    expect(quarters.map((quarter) => quarter.derived.includes('operatingCashFlow'))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('reads Apple total assets at 2025-12-27 into the Q1 FY2026 balance sheet', () => {
    const balance = row(company('AAPL').financials?.balanceSheets, 2026, 'Q1');
    expect(balance.totalAssets).toBe(379_297_000_000);
    expect(balance.periodStart).toBeNull();
  });

  it('uses the balance at the fiscal year end for both the FY and the Q4 balance sheet', () => {
    const sheets = company('AAPL').financials?.balanceSheets;
    const fy = row(sheets, 2025, 'FY');
    const q4 = row(sheets, 2025, 'Q4');
    expect(fy.periodEnd).toBe('2025-09-27');
    expect({ ...q4, period: 'annual', fiscalPeriod: 'FY' }).toEqual(fy);
  });

  it('follows NVIDIA from RevenueFromContractWithCustomer… (FY2019) to Revenues (since)', () => {
    const fy2025 = income('NVDA', 2025, 'FY');
    expect(fy2025.revenue).toBe(130_497_000_000);
    expect(fy2025.sources.find((source) => source.field === 'revenue')?.concept).toBe('us-gaap:Revenues');
    expect(income('NVDA', 2026, 'FY').revenue).toBe(215_938_000_000);
    expect(income('NVDA', 2026, 'FY').netIncome).toBe(120_067_000_000);
    const fy2019 = income('NVDA', 2019, 'FY');
    expect(fy2019.revenue).not.toBeNull();
    expect(fy2019.sources.find((source) => source.field === 'revenue')?.concept).toBe(
      'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
    );
    // FY2022 is tagged both ways; the 10-Qs only use Revenues, so the year uses Revenues throughout.
    const fy2022 = ['FY', 'Q1', 'Q2', 'Q3', 'Q4'].map((period) => income('NVDA', 2022, period));
    expect(fy2022[0]?.revenue).toBe(26_914_000_000);
    for (const statement of fy2022) {
      expect(statement.sources.find((source) => source.field === 'revenue')?.concept).toBe(
        'us-gaap:Revenues',
      );
    }
  });

  it('reports NVIDIA FY2023 diluted EPS split-adjusted by default and as first filed on request', () => {
    const latest = income('NVDA', 2023, 'FY');
    // 1.74 first filed ÷ 10 (the 2024 split); the 2025 10-K restated it as 0.17 (rounded).
    expect(latest.epsDiluted).toBe(0.174);
    expect(latest.splitAdjusted?.epsDiluted).toEqual({
      factor: 10,
      asFiled: 1.74,
      accession: '0001045810-23-000017',
      filed: '2023-02-24',
      firstFiled: 1.74,
      latestFiled: 0.17,
    });
    expect(latest.sources.find((source) => source.field === 'epsDiluted')?.accession).toBe(
      '0001045810-23-000017',
    );
    const first = income('NVDA', 2023, 'FY', 'first');
    expect(first.epsDiluted).toBe(1.74);
    expect(first.sources.find((source) => source.field === 'epsDiluted')?.filed).toBe('2023-02-24');
  });

  it('reads NVIDIA capex from PaymentsToAcquireProductiveAssets, as a cash outflow', () => {
    const fy2026 = cashFlow('NVDA', 2026, 'FY');
    expect(fy2026.capitalExpenditure).toBe(-6_042_000_000);
    expect(fy2026.sources.find((source) => source.field === 'capitalExpenditure')?.concept).toBe(
      'us-gaap:PaymentsToAcquireProductiveAssets',
    );
    expect(fy2026.freeCashFlow).toBe((fy2026.operatingCashFlow as number) - 6_042_000_000);
    expect(fy2026.derived).toContain('freeCashFlow');
  });

  it('reads Alphabet revenue from either tag, and FY2025 from Revenues only', () => {
    expect(income('GOOGL', 2024, 'FY').revenue).toBe(350_018_000_000);
    const fy2025 = income('GOOGL', 2025, 'FY');
    expect(fy2025.revenue).toBe(402_836_000_000);
    expect(fy2025.sources.find((source) => source.field === 'revenue')?.concept).toBe('us-gaap:Revenues');
  });

  it('reads AMD FY2025 and P&G June-year FY2025', () => {
    expect(income('AMD', 2025, 'FY')).toMatchObject({ revenue: 34_639_000_000, periodEnd: '2025-12-27' });
    const pg = income('PG', 2025, 'FY');
    expect(pg).toMatchObject({ revenue: 84_284_000_000, periodStart: '2024-07-01', periodEnd: '2025-06-30' });
    expect(income('PG', 2026, 'Q1').periodEnd).toBe('2025-09-30');
  });

  it('agrees with each filing’s own fy/fp for the period the filing is about', () => {
    // A filing's fy/fp describe the filing; its own period is the latest period it reports.
    let checked = 0;
    for (const { companyFacts, submissions } of withFacts) {
      const fiscalYearEnd = submissions.fiscalYearEnd ?? '1231';
      const records = Object.values(companyFacts?.facts['us-gaap'] ?? {}).flatMap((concept) =>
        Object.values(concept.units).flat(),
      );
      const latestEnd = new Map<string, string>();
      for (const record of records) {
        if ((latestEnd.get(record.accn) ?? '') < record.end) latestEnd.set(record.accn, record.end);
      }
      for (const record of records) {
        if (record.end !== latestEnd.get(record.accn) || !record.fy || !record.fp) continue;
        // NVIDIA's own DEI tags on its first two FY2021 10-Qs say fiscal year 2020 (Q1 FY2021
        // ended 2020-04-26 per NVIDIA); later filings are tagged correctly.
        if (record.accn === '0001045810-20-000065' || record.accn === '0001045810-20-000147') continue;
        const position = fiscalPosition(record.end, fiscalYearEnd);
        expect(position.fiscalYear, `${record.accn} ${record.end}`).toBe(record.fy);
        expect(position.quarter === 4 ? 'FY' : `Q${position.quarter}`).toBe(
          record.fp === 'Q4' ? 'FY' : record.fp,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 30_000);

  it('sums the four quarters to the fiscal year for every additive USD line (values as first filed)', () => {
    const additive = [...INCOME_CONCEPTS, ...CASH_FLOW_CONCEPTS]
      .filter((mapping) => mapping.kind === 'flow' && mapping.unit === 'USD')
      .map((mapping) => mapping.field as string);
    let checked = 0;
    for (const files of withFacts) {
      const { financials } = normalizeSecCompany(files.submissions, files.companyFacts, { values: 'first' });
      for (const rows of [financials?.incomeStatements ?? [], financials?.cashFlowStatements ?? []]) {
        for (const annual of rows.filter((candidate) => candidate.period === 'annual')) {
          const quarters = rows.filter(
            (candidate) => candidate.period === 'quarterly' && candidate.fiscalYear === annual.fiscalYear,
          );
          if (quarters.length !== 4) continue;
          for (const field of additive) {
            const values = quarters.map(
              (quarter) => (quarter as unknown as Record<string, number | null>)[field],
            );
            const total = (annual as unknown as Record<string, number | null>)[field];
            if (total === null || total === undefined || values.some((value) => value === null)) continue;
            if (!quarters.some((quarter) => quarter.derived.includes(field))) continue;
            const sum = values.reduce<number>((acc, value) => acc + (value as number), 0);
            // Companies round each reported figure to $1M, so reported quarters may miss the
            // year-to-date total by a million or two (P&G FY2025 SG&A: 5,523 vs 5,524).
            expect(
              Math.abs(sum - total),
              `${annual.ticker} FY${annual.fiscalYear} ${field}`,
            ).toBeLessThanOrEqual(3_000_000);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 30_000);

  it('cites a filing for every figure: one source when reported, several when derived', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const files of withFacts) {
      const { financials, profile } = normalizeSecCompany(files.submissions, files.companyFacts);
      const archive = `https://www.sec.gov/Archives/edgar/data/${Number(profile.cik)}/`;
      const rows: PeriodRow[] = [
        ...(financials?.incomeStatements ?? []),
        ...(financials?.balanceSheets ?? []),
        ...(financials?.cashFlowStatements ?? []),
      ];
      for (const statement of rows) {
        for (const [field, value] of Object.entries(statement)) {
          if (typeof value !== 'number' || field === 'fiscalYear') continue;
          checked++;
          const where = `${statement.ticker} ${statement.period} ${statement.periodEnd} ${field}`;
          const cited = statement.sources.filter((source) => source.field === field);
          // Cash read from the cash-and-restricted-cash concept stands in for one filed figure.
          const substitute =
            field === 'cashAndEquivalents' &&
            cited[0]?.concept === 'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents';
          const derived = statement.derived.includes(field) && !substitute;
          if (derived ? cited.length < 2 : cited.length !== 1)
            problems.push(`${where}: ${cited.length} sources`);
          for (const source of cited) {
            const digits = source.accession.replace(/-/g, '');
            if (
              !source.url.startsWith(archive) ||
              !source.url.includes(digits) ||
              !/^10-[KQ]/.test(source.form)
            ) {
              problems.push(`${where}: bad source ${JSON.stringify(source)}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  }, 30_000);

  it('links sources to the primary document when submissions know it', () => {
    const fy2025 = income('AAPL', 2025, 'FY');
    const revenue = fy2025.sources.find((source) => source.field === 'revenue');
    expect(revenue?.url).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/000032019325000079\/.+\.htm$/,
    );
    expect(revenue?.url).not.toContain('-index.htm');
  });
});
