/** One call from a company's raw SEC payloads to everything the providers serve. */
import type { Filing } from '../models';
import type { ValuePolicy } from './fact-series';
import { type NormalizedFinancials, normalizeCompanyFacts } from './normalize';
import {
  normalizeFilings,
  primaryDocuments,
  readCompanyProfile,
  type SecCompanyProfile,
} from './submissions';
import type { SecCompanyFacts, SecSubmissions } from './types';

/** A company's profile, statements (when companyfacts are available) and filings. */
export interface SecCompanyData {
  profile: SecCompanyProfile;
  financials: NormalizedFinancials | undefined;
  filings: Filing[];
}

/** Options of `normalizeSecCompany`. */
export interface NormalizeSecCompanyOptions {
  /** Ticker to use (default: the first ticker in submissions). */
  ticker?: string;
  values?: ValuePolicy;
  fromFiscalYear?: number;
}

/**
 * Normalizes one company's `submissions` and (optional) `companyfacts`.
 *
 * @example
 * ```ts
 * const { financials } = normalizeSecCompany(submissions, companyFacts);
 * financials?.incomeStatements.find((row) => row.period === 'annual')?.revenue;
 * ```
 */
export function normalizeSecCompany(
  submissions: SecSubmissions,
  companyFacts: SecCompanyFacts | undefined,
  options: NormalizeSecCompanyOptions = {},
): SecCompanyData {
  const profile = readCompanyProfile(submissions, options.ticker);
  const financials = companyFacts
    ? normalizeCompanyFacts(companyFacts, {
        ticker: profile.ticker,
        fiscalYearEnd: profile.fiscalYearEnd,
        primaryDocuments: primaryDocuments(submissions),
        values: options.values,
        fromFiscalYear: options.fromFiscalYear,
      })
    : undefined;
  return { profile, financials, filings: normalizeFilings(submissions, profile.ticker) };
}
