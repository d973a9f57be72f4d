/**
 * Encodes normalized companies into the embedded format (used by the build script and the
 * drift test) — the inverse of `decode.ts`.
 */
import type { Filing, PeriodRow } from '../models';
import { BALANCE_CONCEPTS, CASH_FLOW_CONCEPTS, INCOME_CONCEPTS } from '../sec/concepts';
import type { SecCompanyData } from '../sec/normalize-company';
import {
  EMBEDDED_FORMAT,
  EMBEDDED_VERSION,
  type EmbeddedCompany,
  type EmbeddedDataset,
  type EmbeddedFiling,
  type EmbeddedRow,
  type EmbeddedTable,
} from './format';

function primaryDocumentOf(filing: Filing): string {
  if (filing.url === filing.indexUrl) return '';
  const folder = filing.indexUrl.slice(0, filing.indexUrl.lastIndexOf('/') + 1);
  return filing.url.startsWith(folder) ? filing.url.slice(folder.length) : '';
}

function encodeFiling(filing: Filing): EmbeddedFiling {
  return [
    filing.accession,
    filing.form,
    filing.filed,
    filing.reportDate ?? '',
    primaryDocumentOf(filing),
    filing.description ?? '',
    filing.items.join(','),
  ];
}

interface Tables {
  sources: [string, string, string][];
  concepts: string[];
  sourceIndex: Map<string, number>;
  conceptIndex: Map<string, number>;
}

function indexOf<T>(table: T[], index: Map<string, number>, key: string, value: T): number {
  let found = index.get(key);
  if (found === undefined) {
    found = table.length;
    table.push(value);
    index.set(key, found);
  }
  return found;
}

/** The numeric fields of each statement, in a stable order. */
export const STATEMENT_FIELDS = {
  income: INCOME_CONCEPTS.map((mapping) => mapping.field as string),
  balance: BALANCE_CONCEPTS.map((mapping) => mapping.field as string),
  cashFlow: [...CASH_FLOW_CONCEPTS.map((mapping) => mapping.field as string), 'freeCashFlow'],
};

function encodeTable(rows: readonly PeriodRow[], fields: string[], tables: Tables): EmbeddedTable {
  const encoded = rows.map((row): EmbeddedRow => {
    const record = row as unknown as Record<string, number | null>;
    if (row.currency !== 'USD') throw new Error(`only USD statements can be embedded (got ${row.currency})`);
    const cites: number[] = [];
    for (const source of row.sources) {
      const field = fields.indexOf(source.field ?? '');
      if (field < 0) throw new Error(`source for unknown field ${source.field}`);
      cites.push(
        field,
        indexOf(tables.sources, tables.sourceIndex, source.accession, [
          source.accession,
          source.form,
          source.filed,
        ]),
        indexOf(tables.concepts, tables.conceptIndex, source.concept ?? '', source.concept ?? ''),
      );
    }
    const splits: number[] = [];
    for (const [field, adjustment] of Object.entries(row.splitAdjusted ?? {})) {
      splits.push(
        fields.indexOf(field),
        adjustment.factor,
        adjustment.asFiled,
        indexOf(tables.sources, tables.sourceIndex, adjustment.accession, [
          adjustment.accession,
          row.sources.find((source) => source.accession === adjustment.accession)?.form ?? '',
          adjustment.filed,
        ]),
        adjustment.firstFiled,
        adjustment.latestFiled,
      );
    }
    const encodedRow: EmbeddedRow = [
      row.period === 'annual' ? 'A' : 'Q',
      row.fiscalYear,
      row.fiscalPeriod,
      row.periodStart,
      row.periodEnd,
      fields.map((field) => record[field] ?? null),
      row.derived.map((field) => fields.indexOf(field)),
      cites,
    ];
    if (splits.length > 0) encodedRow.push(splits);
    return encodedRow;
  });
  return { fields, rows: encoded };
}

/** Encodes one normalized company. */
export function encodeCompany(company: SecCompanyData): EmbeddedCompany {
  const tables: Tables = { sources: [], concepts: [], sourceIndex: new Map(), conceptIndex: new Map() };
  const encoded: EmbeddedCompany = {
    ticker: company.profile.ticker,
    tickers: company.profile.tickers,
    name: company.profile.name,
    cik: company.profile.cik,
    fiscalYearEnd: company.profile.fiscalYearEnd,
    formerNames: company.profile.formerNames,
    filings: company.filings.map(encodeFiling),
    sources: tables.sources,
    concepts: tables.concepts,
  };
  if (company.financials) {
    encoded.statements = {
      income: encodeTable(company.financials.incomeStatements, STATEMENT_FIELDS.income, tables),
      balance: encodeTable(company.financials.balanceSheets, STATEMENT_FIELDS.balance, tables),
      cashFlow: encodeTable(company.financials.cashFlowStatements, STATEMENT_FIELDS.cashFlow, tables),
    };
  }
  return encoded;
}

/** Encodes a whole dataset. */
export function encodeDataset(companies: readonly SecCompanyData[], fromFiscalYear: number): EmbeddedDataset {
  return {
    format: EMBEDDED_FORMAT,
    version: EMBEDDED_VERSION,
    description:
      'Normalized annual and quarterly statements and filing lists built by @dexter/finance-tools from ' +
      'U.S. SEC EDGAR companyfacts and submissions (data.sec.gov, public domain). Source: U.S. SEC EDGAR.',
    fromFiscalYear,
    companies: companies.map(encodeCompany),
  };
}
