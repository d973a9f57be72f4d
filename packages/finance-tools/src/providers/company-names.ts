/**
 * Company-name matching for `resolveTicker`: a hand-written alias table for names people
 * actually type ("Google", "P&G") plus a normalizer that lets "Apple Inc." match
 * "Apple" and "NVIDIA CORP" match "Nvidia Corporation".
 */

/** Lower-cased query → ticker. Names, brands and share-class tickers that mean the same company. */
export const COMPANY_ALIASES: Readonly<Record<string, string>> = {
  apple: 'AAPL',
  'apple computer': 'AAPL',
  nvidia: 'NVDA',
  google: 'GOOGL',
  alphabet: 'GOOGL',
  goog: 'GOOGL',
  amd: 'AMD',
  'advanced micro devices': 'AMD',
  'p&g': 'PG',
  'p and g': 'PG',
  'procter & gamble': 'PG',
  'procter and gamble': 'PG',
  'procter gamble': 'PG',
  procter: 'PG',
  microsoft: 'MSFT',
  amazon: 'AMZN',
  'amazon com': 'AMZN',
};

const SUFFIXES = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'companies',
  'ltd',
  'limited',
  'plc',
  'holdings',
  'the',
  'class',
  'cl',
  'a',
  'b',
  'c',
]);

/**
 * Lower-cases, turns `&` into `and`, drops punctuation and legal suffixes:
 * `"Apple Inc."` → `"apple"`, `"PROCTER & GAMBLE Co"` → `"procter and gamble"`.
 */
export function normalizeCompanyName(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1] as string)) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words.join(' ');
}

/** The alias table's ticker for `query`, if any (raw or normalized match). */
export function aliasTicker(query: string): string | undefined {
  const lower = query.trim().toLowerCase();
  return COMPANY_ALIASES[lower] ?? COMPANY_ALIASES[normalizeCompanyName(query)];
}
