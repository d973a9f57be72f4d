/**
 * The embedded dataset's format: the project's own compact, columnar encoding of the
 * normalized statements (not a copy of any SEC file). Per company, statement tables hold a
 * field list and one tuple per row; every figure's source is a reference into the
 * company's filing table and concept table, and URLs are rebuilt from CIK + accession.
 *
 * Row tuple: `[period, fiscalYear, fiscalPeriod, periodStart, periodEnd, values, derived, cites]`
 * - `period`: `A` annual, `Q` quarterly;
 * - `values`: one number or `null` per table field;
 * - `derived`: indexes (into the table's fields) of computed figures;
 * - `cites`: flat triples `[fieldIndex, filingIndex, conceptIndex, ...]`, in source order;
 * - `splits` (optional): flat sextuples `[fieldIndex, factor, asFiled, filingIndex, firstFiled,
 *   latestFiled, ...]` for per-share values and share counts put on today's share basis.
 */

/** Format marker and version checked when the dataset is loaded. */
export const EMBEDDED_FORMAT = 'dexter-finance-embedded';
/** Bump when the encoding changes. */
export const EMBEDDED_VERSION = 2;

/** One statement row, encoded. */
export type EmbeddedRow = [
  period: 'A' | 'Q',
  fiscalYear: number,
  fiscalPeriod: string,
  periodStart: string | null,
  periodEnd: string,
  values: (number | null)[],
  derived: number[],
  cites: number[],
  splits?: number[],
];

/** One statement table. */
export interface EmbeddedTable {
  fields: string[];
  rows: EmbeddedRow[];
}

/** `[accession, form, filed, reportDate, primaryDocument, description, items]`. */
export type EmbeddedFiling = [string, string, string, string, string, string, string];

/** One company. */
export interface EmbeddedCompany {
  ticker: string;
  tickers: string[];
  name: string;
  cik: string;
  fiscalYearEnd: string;
  formerNames: string[];
  /** The company's filing list (from SEC submissions), newest first. */
  filings: EmbeddedFiling[];
  /** Filings cited by statements: `[accession, form, filed]`. */
  sources: [string, string, string][];
  /** Concepts cited by statements (`us-gaap:Revenues`). */
  concepts: string[];
  /** Absent when only the filing list is embedded. */
  statements?: { income: EmbeddedTable; balance: EmbeddedTable; cashFlow: EmbeddedTable };
}

/** The whole embedded dataset. */
export interface EmbeddedDataset {
  format: typeof EMBEDDED_FORMAT;
  version: number;
  /** Attribution and scope, for humans. */
  description: string;
  /** First fiscal year with statements. */
  fromFiscalYear: number;
  companies: EmbeddedCompany[];
}
