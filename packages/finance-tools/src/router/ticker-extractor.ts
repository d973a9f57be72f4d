/**
 * Finds the companies a query names: company names and aliases ("Apple", "Procter &
 * Gamble"), `$TICKER` cash-tags, upper-case tickers ("NVDA") and known tickers in any case
 * ("nvda"). Ordinary words that happen to be tickers — "A", "IT", "ALL", "NOW", "FOR" — and
 * finance acronyms ("EPS", "FY", "TTM", "P/E") are never read as tickers unless written
 * `$LIKE_THIS`.
 */
import { abbreviationSpans, isLineItemAbbreviation } from './line-items';
import type { ResolvedTicker } from './types';

/**
 * Upper-case words that are common English or finance vocabulary. Many are real tickers
 * (A, IT, ALL, NOW, FOR, ARE, ON, SO, CASH, NET, KEY, LOW, ...): a user who means them writes
 * `$NOW`.
 */
export const NOT_TICKERS: ReadonlySet<string> = new Set(
  (
    'A I AM AN AS AT BE BY DO GO HE IF IN IS IT ME MY NO OF ON OR SO TO UP US WE ' +
    'ALL AND ANY ARE BUT CAN DID FOR GET HAS HAD HER HIM HIS HOW ITS LET MAY NEW NOT NOW OFF ' +
    'OLD ONE OUR OUT OWN PER SAY SEE SHE THE TOO TWO USE WAS WAY WHO WHY YES YET YOU ' +
    'ALSO BEEN BEST BOTH CASH DEBT DOES DOWN EACH EVEN FROM FULL FUND GAIN GOOD HALF HAVE HIGH ' +
    'INTO JUST KEY LAST LESS LIKE LONG LOSS LOW MADE MAKE MANY MORE MOST MUCH NEAR NEED NET NEXT ONLY ' +
    'OVER PAST PLUS RATE REAL SAME SHOW SOME SUCH SURE TELL THAN THAT THEM THEN THEY THIS TIME TRUE ' +
    'VERY WANT WELL WERE WHAT WHEN WITH WILL YEAR YEARS YOUR ABOUT AFTER COULD FIRST GIVE ' +
    'LATEST PRIOR SINCE THEIR THERE THESE THOSE TOTAL WHICH WHILE WOULD ' +
    'AI API CEO CFO COO CTO EPS FCF FY FQ FYE GAAP IPO LTM TTM YOY QOQ YTD MRQ PE EV ROE ROA ROI ROIC ' +
    'EBIT EBITDA CAPEX OPEX SGA RND COGS SEC USD EUR GBP JPY CNY USA UK EU NYSE NASDAQ ETF ' +
    'Q1 Q2 Q3 Q4 H1 H2 VS PS PB PEG DCF NAV AUM IRR NPV ESG CAGR FX OK PDF URL TL DR ' +
    'COMPARE REVENUE SALES INCOME PROFIT MARGIN RATIO MARKET PRICE SHARE SHARES STOCK STOCKS ANNUAL ' +
    'QUARTER QUARTERS QUARTERLY FISCAL REPORT FILING FILINGS BALANCE SHEET FLOW GROWTH ' +
    'INC CORP LTD PLC LLC CO GDP CPI FED IRS ADR OTC IR PR HR FAQ ASAP FYI BTW'
  ).split(/\s+/),
);

/**
 * Lower-case words that are also tickers of well-known companies. Written in lower case they
 * are English ("cost of revenue"), so only the upper-case form (or the company name) counts.
 */
const LOWER_CASE_WORDS: ReadonlySet<string> = new Set(
  'cost shop pep dis low key well fund real true best good big uber meta intel arm now all for'.split(' '),
);

/** What the extractor knows beyond the query text. */
export interface TickerVocabulary {
  /** Lower-case company name or alias → ticker. */
  aliases: Readonly<Record<string, string>>;
  /** Tickers accepted in any letter case ("nvda"); the alias table's tickers are always included. */
  knownTickers?: Iterable<string>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Hit extends ResolvedTicker {
  index: number;
}

/** Builds a reusable extractor over a vocabulary (the alias regex is compiled once). */
export function createTickerExtractor(vocabulary: TickerVocabulary): (query: string) => ResolvedTicker[] {
  const aliases = new Map<string, string>();
  for (const [name, ticker] of Object.entries(vocabulary.aliases)) {
    aliases.set(name.toLowerCase().trim(), ticker.toUpperCase());
  }
  const known = new Set<string>([...aliases.values()]);
  for (const ticker of vocabulary.knownTickers ?? []) known.add(ticker.toUpperCase());
  // Longest names first so "apple inc" wins over "apple" and "procter & gamble" over nothing.
  const names = [...aliases.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const aliasPattern =
    names.length === 0 ? undefined : new RegExp(String.raw`(?<![\w$&])(${names.join('|')})(?!\w)`, 'gi');

  return (query: string) => {
    const hits: Hit[] = [];
    const covered: Array<[number, number]> = [];
    const text = query.replace(/[\u2018\u2019]/g, "'");
    if (aliasPattern) {
      for (const match of text.matchAll(aliasPattern)) {
        const ticker = aliases.get(match[1]!.toLowerCase());
        if (!ticker) continue;
        hits.push({ ticker, matched: match[1]!, via: 'alias', index: match.index });
        covered.push([match.index, match.index + match[0].length]);
      }
    }
    // Line items written with `&` ("SG&A", "PP&E", "D&A") are never tickers.
    for (const span of abbreviationSpans(text))
      if (span.text.includes('&')) covered.push([span.from, span.to]);
    const isCovered = (index: number) => covered.some(([from, to]) => index >= from && index < to);
    const lineItems: Hit[] = [];
    // Tickers: optional `$`, letters, an optional class suffix (BRK.B, BRK-B), not part of a word.
    // A trailing "'s" is allowed ("NVDA's").
    const tokenPattern = /(?<![\w$])(\$?)([A-Za-z]{1,5}(?:[.-][A-Za-z])?)(?=$|[^\w]|'s\b)/g;
    for (const match of text.matchAll(tokenPattern)) {
      if (isCovered(match.index)) continue;
      const [, cashTag, word] = match as unknown as [string, string, string];
      const upper = word.toUpperCase().replace('.', '-');
      if (cashTag) {
        hits.push({ ticker: upper, matched: match[0], via: 'ticker', index: match.index });
        continue;
      }
      if (NOT_TICKERS.has(upper)) continue;
      if (isLineItemAbbreviation(upper) && !known.has(upper)) {
        // "AP", "AR", "COGS": a line item when the query names a company too (below).
        lineItems.push({ ticker: upper, matched: word, via: 'ticker', index: match.index });
        continue;
      }
      const isUpper = word === word.toUpperCase();
      const isLower = word === word.toLowerCase();
      if (isUpper && (word.length >= 2 || known.has(upper))) {
        hits.push({ ticker: upper, matched: word, via: 'ticker', index: match.index });
      } else if (isLower && word.length >= 3 && known.has(upper) && !LOWER_CASE_WORDS.has(word)) {
        hits.push({ ticker: upper, matched: word, via: 'ticker', index: match.index });
      }
    }
    if (hits.length === 0) {
      for (const hit of lineItems) if (hit.matched === hit.matched.toUpperCase()) hits.push(hit);
    }
    // A query written all in capitals carries no case signal: keep only known names.
    const letters = text.replace(/[^A-Za-z]/g, '');
    const shouting = letters.length > 12 && letters === letters.toUpperCase();
    const kept = shouting
      ? hits.filter((hit) => hit.via === 'alias' || known.has(hit.ticker) || hit.matched.startsWith('$'))
      : hits;
    kept.sort((a, b) => a.index - b.index);
    const seen = new Set<string>();
    const result: ResolvedTicker[] = [];
    for (const { index: _index, ...hit } of kept) {
      if (seen.has(hit.ticker)) continue;
      seen.add(hit.ticker);
      result.push(hit);
    }
    return result;
  };
}
