/**
 * Ticker/name lookup over a known set of companies: exact tickers (every share class),
 * the alias table ("Google", "P&G"), then normalized current and former names
 * ("Apple Inc." ≡ "apple"), then a whole-word prefix of a name ("procter").
 */
import type { CompanyRef } from '../models';
import { aliasTicker, normalizeCompanyName } from './company-names';

/** A company the index can find. */
export interface IndexedCompany {
  /** The primary ticker, returned by lookups. */
  ticker: string;
  /** Every ticker of the company (share classes), including `ticker`. */
  tickers: readonly string[];
  name: string;
  cik?: string;
  formerNames?: readonly string[];
}

/** Finds companies by ticker or name. */
export interface CompanyIndex {
  find(query: string): CompanyRef | undefined;
}

/** Builds a `CompanyIndex`. */
export function createCompanyIndex(companies: readonly IndexedCompany[]): CompanyIndex {
  const byTicker = new Map<string, IndexedCompany>();
  const byName = new Map<string, IndexedCompany>();
  for (const company of companies) {
    for (const ticker of [company.ticker, ...company.tickers]) {
      if (!byTicker.has(ticker.toUpperCase())) byTicker.set(ticker.toUpperCase(), company);
    }
    for (const name of [company.name, ...(company.formerNames ?? [])]) {
      const normalized = normalizeCompanyName(name);
      if (normalized && !byName.has(normalized)) byName.set(normalized, company);
    }
  }
  const reference = (company: IndexedCompany): CompanyRef =>
    company.cik === undefined
      ? { ticker: company.ticker, name: company.name }
      : { ticker: company.ticker, name: company.name, cik: company.cik };

  return {
    find(query) {
      const trimmed = query.trim().replace(/^\$/, '');
      if (!trimmed) return undefined;
      const exact = byTicker.get(trimmed.toUpperCase());
      if (exact) return reference(exact);
      const alias = aliasTicker(trimmed);
      const aliased = alias === undefined ? undefined : byTicker.get(alias);
      if (aliased) return reference(aliased);
      const normalized = normalizeCompanyName(trimmed);
      const named = byName.get(normalized);
      if (named) return reference(named);
      if (normalized.length >= 3) {
        for (const [name, company] of byName) {
          if (name.startsWith(`${normalized} `)) return reference(company);
        }
      }
      return undefined;
    },
  };
}
