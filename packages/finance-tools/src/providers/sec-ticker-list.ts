/**
 * The full SEC ticker list (`https://www.sec.gov/files/company_tickers.json`, 10,391 entries
 * in the capture) in a compact form shipped with the package
 * (`data/sec-tickers.json`, one `TICKERS<TAB>CIK<TAB>Title` line per company:
 * ≈ 319 kB as JSON, ≈ 145 kB gzipped), loaded on first use. It resolves a ticker or company
 * name that the offline statements do not cover ("Intuit" → INTU, CIK 896878), so an answer
 * can say the company exists, that the offline data lacks it, and how to get it.
 */
import type { CompanyRef } from '../models';
import { loadSecTickerFile } from '../sec-ticker-file';
import { normalizeCompanyName } from './company-names';

/** The compact list as stored. */
export interface SecTickerListFile {
  source: string;
  count: number;
  /** `TICKER[ TICKER…]\tCIK\tTitle` lines (one per company), in the SEC file's order (largest first). */
  entries: string;
}

/** Lookups over the list. */
export interface SecTickerList {
  readonly size: number;
  /**
   * A ticker written in capitals (`INTU`, `$INTU`, `BRK.B`), then the exact normalized name
   * (`Intuit` ≡ `INTUIT INC.`), then — for names of two words or more — a whole-word name
   * prefix. A capitalized word is never read as a ticker (`Aple` is not APLE) and one word
   * never matches as a prefix (`Data` is not Data Storage Corp).
   */
  find(query: string): CompanyRef | undefined;
}

/** Builds the compact file from `company_tickers.json`. */
export function compactTickerList(
  tickers: Record<string, { cik_str: number; ticker: string; title: string }>,
): SecTickerListFile {
  // One line per company: its tickers (share classes, units, …) share the CIK and title.
  const byCompany = new Map<string, string[]>();
  for (const entry of Object.values(tickers)) {
    const key = `${entry.cik_str}\t${entry.title.replace(/[\t\n]/g, ' ')}`;
    byCompany.set(key, [...(byCompany.get(key) ?? []), entry.ticker]);
  }
  const entries = [...byCompany].map(([key, symbols]) => `${symbols.join(' ')}\t${key}`);
  const count = Object.keys(tickers).length;
  return {
    source: 'U.S. SEC EDGAR, https://www.sec.gov/files/company_tickers.json (public domain)',
    count,
    entries: entries.join('\n'),
  };
}

/** Parses the compact file into lookups. */
export function createSecTickerList(file: SecTickerListFile): SecTickerList {
  const byTicker = new Map<string, CompanyRef>();
  const byName = new Map<string, CompanyRef>();
  for (const line of file.entries.split('\n')) {
    const [symbols, cik, title] = line.split('\t');
    if (!symbols || !cik || !title) continue;
    const tickers = symbols.split(' ');
    const primary: CompanyRef = { ticker: tickers[0] as string, name: title, cik: cik.padStart(10, '0') };
    for (const ticker of tickers) if (!byTicker.has(ticker)) byTicker.set(ticker, { ...primary, ticker });
    const name = normalizeCompanyName(title);
    if (name && !byName.has(name)) byName.set(name, primary);
  }
  return {
    size: byTicker.size,
    find(query) {
      const trimmed = query.trim().replace(/^\$/, '');
      if (!trimmed) return undefined;
      if (trimmed === trimmed.toUpperCase()) {
        const exact = byTicker.get(trimmed) ?? byTicker.get(trimmed.replace('.', '-'));
        if (exact) return exact;
      }
      const normalized = normalizeCompanyName(trimmed);
      const named = byName.get(normalized);
      if (named) return named;
      if (normalized.includes(' ') && normalized.length >= 6) {
        for (const [name, reference] of byName) if (name.startsWith(`${normalized} `)) return reference;
      }
      return undefined;
    },
  };
}

let shipped: Promise<SecTickerList> | undefined;

/** The list shipped with the package, parsed once on first use. */
export function shippedSecTickerList(): Promise<SecTickerList> {
  shipped ??= loadSecTickerFile().then(createSecTickerList);
  return shipped;
}
