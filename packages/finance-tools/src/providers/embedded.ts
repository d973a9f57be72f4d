/**
 * The embedded offline provider: the zero-config default. Serves the dataset committed in
 * `src/dataset/embedded-data.generated.json` (built from SEC EDGAR figures by
 * `scripts/build-dataset.ts`) through the same contract as the live providers. No network,
 * no key. Covers AAPL, NVDA, GOOGL (GOOG), AMD and PG statements for FY2022 onward, and
 * filing lists for those plus MSFT and AMZN. Segments and filing documents are unsupported.
 */

import { decodeCompany } from '../dataset/decode';
import rawDataset from '../dataset/embedded-data.generated.json';
import { EMBEDDED_FORMAT, EMBEDDED_VERSION, type EmbeddedDataset } from '../dataset/format';
import { FinanceError } from '../errors';
import type { FinancialDataProvider } from '../provider';
import { createBookProvider } from './book-provider';
import type { CompanyBook } from './company-book';
import { createCompanyIndex } from './company-index';
import { shippedSecTickerList } from './sec-ticker-list';

/** Options of `createEmbeddedProvider`. */
export interface EmbeddedProviderOptions {
  /** Another dataset in the embedded format (default: the one shipped with the package). */
  dataset?: EmbeddedDataset;
  /** Provider name in results and warnings (default `embedded`). */
  name?: string;
}

/** The dataset shipped with the package. */
export const EMBEDDED_DATASET = rawDataset as unknown as EmbeddedDataset;

/**
 * Creates the offline provider.
 *
 * @example
 * ```ts
 * const provider = createEmbeddedProvider();
 * const { data } = await provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual', fiscalYear: 2025 });
 * data[0]?.revenue; // 416161000000
 * ```
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions = {}): FinancialDataProvider {
  const name = options.name ?? 'embedded';
  const dataset = options.dataset ?? EMBEDDED_DATASET;
  if (dataset.format !== EMBEDDED_FORMAT || dataset.version !== EMBEDDED_VERSION) {
    throw new FinanceError(
      'configuration',
      `Embedded dataset format ${String(dataset.format)} v${String(dataset.version)} is not ${EMBEDDED_FORMAT} v${EMBEDDED_VERSION}; rebuild it with scripts/build-dataset.ts`,
      { provider: name },
    );
  }
  const index = createCompanyIndex(dataset.companies);
  const withStatements = dataset.companies
    .filter((company) => company.statements)
    .map((company) => company.ticker);
  const listsOnly = dataset.companies
    .filter((company) => !company.statements)
    .map((company) => company.ticker);
  // What the offline data really holds: filing lists alone are not financials.
  const coverage = `financial statements for ${withStatements.join(', ') || 'no company'}${listsOnly.length > 0 ? `; filing lists only for ${listsOnly.join(', ')}` : ''}`;
  const books = new Map<string, CompanyBook>();

  return createBookProvider({
    name,
    async loadBook(ticker) {
      const found = index.find(ticker);
      const company = found && dataset.companies.find((candidate) => candidate.ticker === found.ticker);
      if (!company) {
        const listed = (await shippedSecTickerList()).find(ticker);
        if (listed) {
          throw new FinanceError(
            'not_found',
            `${listed.ticker} (${listed.name}, CIK ${listed.cik}) is in the SEC ticker list but not in the ${name} offline data (${coverage}). Rewording the question will not help: tell the user that ${listed.ticker}'s figures need live SEC data, which the host provides by configuring the SEC EDGAR data source (createSecEdgarProvider with a declared SEC_USER_AGENT) or by adding ${listed.ticker} to a local dataset.`,
            { provider: name, details: { ticker, listed, remedy: 'sec_provider' } },
          );
        }
        throw new FinanceError(
          'unknown_ticker',
          `${name} has no data for ${ticker}, and it is not in the SEC ticker list (${coverage})`,
          { provider: name, details: { ticker } },
        );
      }
      let book = books.get(company.ticker);
      if (!book) {
        book = decodeCompany(company);
        books.set(company.ticker, book);
      }
      return book;
    },
    async resolveTicker(query) {
      // The offline companies first, then the full SEC ticker list.
      return index.find(query) ?? (await shippedSecTickerList()).find(query);
    },
  });
}
