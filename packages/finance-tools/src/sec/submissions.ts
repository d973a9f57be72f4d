/**
 * Reads a `submissions` payload: the company profile (name, tickers, nominal fiscal-year
 * end) and its filing list with document URLs.
 */
import type { Filing } from '../models';
import { filingIndexUrl, filingUrl, padCik } from './filing-url';
import type { SecSubmissions } from './types';

/** What we keep of a company's submissions profile. */
export interface SecCompanyProfile {
  /** The first listed ticker (or the one asked for). */
  ticker: string;
  tickers: string[];
  name: string;
  /** 10 digits, zero-padded. */
  cik: string;
  /** `MMDD`; `1231` when the SEC does not say. */
  fiscalYearEnd: string;
  formerNames: string[];
}

/** The company profile of a submissions payload. */
export function readCompanyProfile(submissions: SecSubmissions, ticker?: string): SecCompanyProfile {
  const tickers = (submissions.tickers ?? []).map((value) => value.toUpperCase());
  return {
    ticker: (ticker ?? tickers[0] ?? '').toUpperCase(),
    tickers,
    name: submissions.name,
    cik: padCik(submissions.cik),
    fiscalYearEnd: /^\d{4}$/.test(submissions.fiscalYearEnd ?? '')
      ? (submissions.fiscalYearEnd as string)
      : '1231',
    formerNames: (submissions.formerNames ?? []).map((former) => former.name),
  };
}

/** Accession number → primary document file name, for building document URLs. */
export function primaryDocuments(submissions: SecSubmissions): Map<string, string> {
  const recent = submissions.filings.recent;
  const documents = new Map<string, string>();
  recent.accessionNumber.forEach((accession, index) => {
    const document = recent.primaryDocument?.[index];
    if (document) documents.set(accession, document);
  });
  return documents;
}

/** The filing list of a submissions payload, newest first. */
export function normalizeFilings(submissions: SecSubmissions, ticker: string): Filing[] {
  const recent = submissions.filings.recent;
  const cik = padCik(submissions.cik);
  const filings: Filing[] = recent.accessionNumber.map((accession, index) => {
    const items = recent.items?.[index] ?? '';
    return {
      ticker: ticker.toUpperCase(),
      cik,
      accession,
      form: recent.form[index] ?? '',
      filed: recent.filingDate[index] ?? '',
      reportDate: recent.reportDate?.[index] || null,
      url: filingUrl(cik, accession, recent.primaryDocument?.[index]),
      indexUrl: filingIndexUrl(cik, accession),
      description: recent.primaryDocDescription?.[index] || null,
      items: items ? items.split(',').map((item) => item.trim()) : [],
    };
  });
  return filings.sort((left, right) =>
    left.filed === right.filed
      ? right.accession.localeCompare(left.accession)
      : left.filed < right.filed
        ? 1
        : -1,
  );
}
