import { readFileSync } from 'node:fs';
import path from 'node:path';
import { invokeTool } from '@dexter/registry';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasSharedSecData, SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { createGetFinancialsTool } from '../meta-tools/get-financials';
import { createEmbeddedProvider } from '../providers/embedded';
import { compactTickerList, createSecTickerList, shippedSecTickerList } from '../providers/sec-ticker-list';
import { fixedClock } from './clock';
import { closestName, editDistance } from './fuzzy-names';
import { createRuleRouter } from './rule-router';

const context = () => ({ signal: new AbortController().signal, toolCallId: 'c', progress: () => undefined });
const ask = (query: string) =>
  invokeTool(
    createGetFinancialsTool({
      provider: createEmbeddedProvider(),
      clock: fixedClock('2026-04-30'),
      cache: false,
    }),
    { query },
    context(),
  );

describe('editDistance', () => {
  it('counts edits and adjacent swaps', () => {
    expect(editDistance('aple', 'apple')).toBe(1);
    expect(editDistance('nvidea', 'nvidia')).toBe(1);
    expect(editDistance('alphabte', 'alphabet')).toBe(1);
    expect(editDistance('data', 'meta')).toBe(2);
  });
  it('property: symmetric, zero only for equal strings, at most the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (left, right) => {
        const distance = editDistance(left, right, 20);
        expect(distance).toBe(editDistance(right, left, 20));
        expect(distance === 0).toBe(left === right);
        expect(distance).toBeLessThanOrEqual(Math.max(left.length, right.length));
      }),
    );
  });
});

describe('near-miss names', () => {
  const names = { apple: 'AAPL', nvidia: 'NVDA', alphabet: 'GOOGL', meta: 'META', intel: 'INTC' };
  it('finds the one close name, never a short or ordinary word', () => {
    expect(closestName('Aple', names)?.ticker).toBe('AAPL');
    expect(closestName('Nvidea', names)?.ticker).toBe('NVDA');
    for (const word of ['Data', 'Net', 'Show', 'Until', 'The', 'Rate', 'Revenue'])
      expect(closestName(word, names)).toBeUndefined();
  });

  it('the rule router reads "Aple" and "Nvidea" as Apple and NVIDIA and says so', async () => {
    const router = createRuleRouter({ clock: fixedClock('2026-04-30') });
    const plan = await router.route('Aple and Nvidea revenue FY2025');
    expect(plan.calls.map((call) => call.ticker).sort()).toEqual(['AAPL', 'NVDA']);
    expect(plan.notes.some((note) => note.includes('"Aple" read as "apple" (AAPL)'))).toBe(true);
  });

  it('garbage words are not read as tickers or companies', async () => {
    for (const query of [
      'Show Data revenue FY2025',
      'What was the Net revenue in FY2025?',
      'Rate the revenue FY2025',
    ]) {
      await expect(ask(query), query).rejects.toMatchObject({ code: 'invalid_request' });
    }
  });
});

describe.skipIf(!hasSharedSecData)('the SEC ticker list', () => {
  // Read in beforeAll, not here: vitest runs a skipped describe's body to collect its tests,
  // and without ../shared the file is not there.
  let raw: Record<string, { cik_str: number; ticker: string; title: string }> = {};
  beforeAll(() => {
    raw = JSON.parse(
      readFileSync(path.join(SHARED_SEC_DIRECTORY, 'reference', 'company_tickers.json'), 'utf8'),
    ) as typeof raw;
  });
  const entry = (ticker: string) => Object.values(raw).find((candidate) => candidate.ticker === ticker);

  it('the shipped file is the compact form of the SEC file (drift check: rebuild with build:dataset)', () => {
    const shippedFile = JSON.parse(
      readFileSync(path.join(__dirname, '../../data/sec-tickers.json'), 'utf8'),
    ) as unknown;
    expect(shippedFile).toEqual(compactTickerList(raw));
  });

  it('the shipped compact list is the SEC file, entry for entry', async () => {
    const shipped = await shippedSecTickerList();
    expect(shipped.size).toBe(createSecTickerList(compactTickerList(raw)).size);
    for (const ticker of ['MSFT', 'INTU', 'AAPL', 'BRK-B']) {
      const expected = entry(ticker);
      expect(shipped.find(ticker)).toEqual({
        ticker,
        name: expected?.title,
        cik: String(expected?.cik_str).padStart(10, '0'),
      });
    }
  });

  it('"Microsoft" resolves to MSFT and the answer says it is not in the offline data and how to get it', async () => {
    const error = await ask('Microsoft revenue FY2025').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found' });
    expect(String((error as Error).message)).toMatch(/MSFT/);
    expect(String((error as Error).message)).toMatch(/only its filing list/);
    // The model is told what it can do (read_filings for the list) and what the host must do — no CLI flag.
    expect(String((error as Error).message)).toMatch(/read_filings\(\{ query: "MSFT 10-K" \}\)/);
    expect(String((error as Error).message)).toMatch(/configuring the SEC EDGAR data source/);
    expect(String((error as Error).message)).not.toMatch(/--provider|dexter-finance/);
  });

  it('a company outside the offline data ("Intuit") is named with its CIK from the SEC list', async () => {
    const error = await ask('Intuit revenue FY2025').catch((caught: unknown) => caught);
    const intuit = entry('INTU');
    expect(error).toMatchObject({ code: 'not_found' });
    expect(String((error as Error).message)).toContain(`CIK ${String(intuit?.cik_str).padStart(10, '0')}`);
    expect(String((error as Error).message)).toContain(
      'financial statements for AAPL, AMD, GOOGL, NVDA, PG; filing lists only for AMZN, MSFT',
    );
  });
});
