/**
 * The committed embedded dataset must equal a fresh build from ../shared/data/sec through
 * the normalizer (so it cannot drift from the code or the data), and must decode back to
 * exactly what the normalizer produced.
 */
import { describe, expect, it } from 'vitest';
import { hasSharedSecData, SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { EMBEDDED_DATASET } from '../providers/embedded';
import { normalizeSecCompany } from '../sec/normalize-company';
import { readSecDirectory } from '../sec/read-sec-directory';
import { buildEmbeddedDataset, EMBEDDED_FROM_FISCAL_YEAR, serializeDataset } from './build-dataset';
import { decodeCompany } from './decode';

describe.skipIf(!hasSharedSecData)('embedded dataset vs a fresh normalizer run', () => {
  it('equals a fresh build (run scripts/build-dataset.ts if this fails)', () => {
    const fresh = buildEmbeddedDataset(SHARED_SEC_DIRECTORY);
    expect(EMBEDDED_DATASET).toEqual(fresh);
    expect(serializeDataset(EMBEDDED_DATASET)).toBe(serializeDataset(fresh));
  }, 60_000);

  it('decodes to exactly the normalized statements, sources and filings', () => {
    const directory = readSecDirectory(SHARED_SEC_DIRECTORY);
    for (const files of directory.companies) {
      const normalized = normalizeSecCompany(files.submissions, files.companyFacts, {
        fromFiscalYear: EMBEDDED_FROM_FISCAL_YEAR,
      });
      const embedded = EMBEDDED_DATASET.companies.find((company) => company.cik === normalized.profile.cik);
      expect(embedded, normalized.profile.ticker).toBeDefined();
      const book = decodeCompany(embedded!);
      expect(book.filings).toEqual(normalized.filings);
      expect(book.incomeStatements).toEqual(normalized.financials?.incomeStatements);
      expect(book.balanceSheets).toEqual(normalized.financials?.balanceSheets);
      expect(book.cashFlowStatements).toEqual(normalized.financials?.cashFlowStatements);
    }
  }, 60_000);
});

describe('embedded dataset contents', () => {
  it('covers AAPL, NVDA, GOOGL, AMD and PG from FY2023, annual and quarterly', () => {
    for (const ticker of ['AAPL', 'NVDA', 'GOOGL', 'AMD', 'PG']) {
      const company = EMBEDDED_DATASET.companies.find((candidate) => candidate.ticker === ticker);
      const book = decodeCompany(company!);
      for (const rows of [book.incomeStatements, book.balanceSheets, book.cashFlowStatements]) {
        for (const year of [2023, 2024, 2025]) {
          expect(
            rows?.some((row) => row.period === 'annual' && row.fiscalYear === year),
            `${ticker} FY${year}`,
          ).toBe(true);
          expect(rows?.filter((row) => row.period === 'quarterly' && row.fiscalYear === year)).toHaveLength(
            4,
          );
        }
      }
    }
  });

  it('stays small', () => {
    expect(serializeDataset(EMBEDDED_DATASET).length).toBeLessThan(400_000);
  });
});
