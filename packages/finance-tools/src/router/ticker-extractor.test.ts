import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTER_COMPANY_NAMES } from './company-aliases';
import { createTickerExtractor, NOT_TICKERS } from './ticker-extractor';

const extract = createTickerExtractor({ aliases: ROUTER_COMPANY_NAMES, knownTickers: ['AAPL', 'NVDA'] });
const tickers = (query: string) => extract(query).map((hit) => hit.ticker);

describe('ticker extraction', () => {
  it.each([
    ["What was Apple's revenue?", ['AAPL']],
    ['Google vs Alphabet', ['GOOGL']],
    ['Nvidia and AMD', ['NVDA', 'AMD']],
    ['Procter & Gamble cash', ['PG']],
    ['procter and gamble margins', ['PG']],
    ['P&G dividends', ['PG']],
    ['compare NVDA and AAPL net income', ['NVDA', 'AAPL']],
    ['nvda vs aapl', ['NVDA', 'AAPL']],
    ["NVDA's revenue", ['NVDA']],
    ['$NOW and $A revenue', ['NOW', 'A']],
    ['BRK.B book value', ['BRK-B']],
    ['TSLA revenue', ['TSLA']],
  ])('%s', (query, expected) => {
    expect(tickers(query)).toEqual(expected);
  });

  it('keeps the order of first mention and drops duplicates', () => {
    expect(tickers('AMD, then Apple, then AAPL again and amd')).toEqual(['AMD', 'AAPL']);
  });

  it('does not read ordinary words as tickers', () => {
    expect(tickers('Is IT a good time to buy ALL of it NOW FOR A price?')).toEqual([]);
    expect(tickers('What is the EPS and FCF in FY2024, TTM and YOY?')).toEqual([]);
    expect(tickers('cost of revenue and the shop floor')).toEqual([]);
  });

  it('names how each ticker was found', () => {
    expect(extract('Apple and $AMD')).toEqual([
      { ticker: 'AAPL', matched: 'Apple', via: 'alias' },
      { ticker: 'AMD', matched: '$AMD', via: 'ticker' },
    ]);
  });

  it('in a shouted query keeps only known names and tickers', () => {
    expect(tickers("WHAT WAS APPLE'S REVENUE IN FISCAL 2025 PLEASE")).toEqual(['AAPL']);
  });

  it('never yields a ticker from stop words, whatever their order and case', () => {
    const words = [...NOT_TICKERS];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (picked, lower) => {
          const query = picked.map((word) => (lower ? word.toLowerCase() : word)).join(' ');
          expect(tickers(query)).toEqual([]);
        },
      ),
    );
  });

  it('finds a known ticker wherever it sits among stop words', () => {
    const words = [...NOT_TICKERS];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { maxLength: 8 }),
        fc.array(fc.constantFrom(...words), { maxLength: 8 }),
        fc.constantFrom('AAPL', 'nvda', 'Apple', 'Alphabet', '$ALL'),
        (before, after, name) => {
          const hits = tickers([...before, name, ...after].join(' '));
          expect(hits).toHaveLength(1);
        },
      ),
    );
  });
});
