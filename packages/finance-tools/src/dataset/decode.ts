/** Decodes the embedded format back into normalized models (the inverse of `encode.ts`). */
import type { Filing, FiscalPeriod, PeriodRow, Source, SplitAdjustment } from '../models';
import type { CompanyBook } from '../providers/company-book';
import { filingIndexUrl, filingUrl } from '../sec/filing-url';
import type { EmbeddedCompany, EmbeddedTable } from './format';

function decodeFilings(company: EmbeddedCompany): Filing[] {
  return company.filings.map(([accession, form, filed, reportDate, primaryDocument, description, items]) => ({
    ticker: company.ticker,
    cik: company.cik,
    accession,
    form,
    filed,
    reportDate: reportDate || null,
    url: filingUrl(company.cik, accession, primaryDocument),
    indexUrl: filingIndexUrl(company.cik, accession),
    description: description || null,
    items: items ? items.split(',') : [],
  }));
}

function decodeTable<Row extends PeriodRow>(
  company: EmbeddedCompany,
  table: EmbeddedTable,
  primaryDocuments: ReadonlyMap<string, string>,
): Row[] {
  return table.rows.map(
    ([period, fiscalYear, fiscalPeriod, periodStart, periodEnd, values, derived, cites, splits]) => {
      const sources: Source[] = [];
      for (let index = 0; index < cites.length; index += 3) {
        const [accession, form, filed] = company.sources[cites[index + 1] as number] as [
          string,
          string,
          string,
        ];
        sources.push({
          field: table.fields[cites[index] as number] as string,
          url: filingUrl(company.cik, accession, primaryDocuments.get(accession)),
          form,
          accession,
          filed,
          concept: company.concepts[cites[index + 2] as number] as string,
        });
      }
      const row: Record<string, unknown> = {
        ticker: company.ticker,
        period: period === 'A' ? 'annual' : 'quarterly',
        fiscalYear,
        fiscalPeriod: fiscalPeriod as FiscalPeriod,
        periodStart,
        periodEnd,
        currency: 'USD',
        derived: derived.map((index) => table.fields[index] as string),
        sources,
      };
      table.fields.forEach((field, index) => {
        row[field] = values[index] ?? null;
      });
      if (splits && splits.length > 0) {
        const adjusted: Record<string, SplitAdjustment> = {};
        for (let index = 0; index < splits.length; index += 6) {
          const [accession, , filed] = company.sources[splits[index + 3] as number] as [
            string,
            string,
            string,
          ];
          adjusted[table.fields[splits[index] as number] as string] = {
            factor: splits[index + 1] as number,
            asFiled: splits[index + 2] as number,
            accession,
            filed,
            firstFiled: splits[index + 4] as number,
            latestFiled: splits[index + 5] as number,
          };
        }
        row.splitAdjusted = adjusted;
      }
      return row as unknown as Row;
    },
  );
}

/** A company book (statements + filings) from its embedded encoding. */
export function decodeCompany(company: EmbeddedCompany): CompanyBook {
  const primaryDocuments = new Map(
    company.filings.filter((filing) => filing[4]).map((filing) => [filing[0], filing[4]] as const),
  );
  const statements = company.statements;
  return {
    profile: {
      ticker: company.ticker,
      name: company.name,
      cik: company.cik,
      fiscalYearEnd: company.fiscalYearEnd,
    },
    incomeStatements: statements && decodeTable(company, statements.income, primaryDocuments),
    balanceSheets: statements && decodeTable(company, statements.balance, primaryDocuments),
    cashFlowStatements: statements && decodeTable(company, statements.cashFlow, primaryDocuments),
    filings: decodeFilings(company),
  };
}
