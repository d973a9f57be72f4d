/**
 * `dexter-finance dataset add TICKER…`: fetches each company's `companyfacts` and
 * `submissions` from SEC EDGAR (declared User-Agent, at most 10 requests a second, retries and
 * `Retry-After` through the package's HTTP client), normalizes them like the shipped dataset,
 * and writes them into a local dataset file in the embedded format. The CLI (`--dataset FILE`
 * or `DEXTER_FINANCE_DATASET`) and `createEmbeddedProvider({ dataset })` then answer from it
 * offline, together with the shipped companies.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { EMBEDDED_FROM_FISCAL_YEAR } from '../dataset/build-dataset';
import { encodeCompany } from '../dataset/encode';
import { EMBEDDED_FORMAT, EMBEDDED_VERSION, type EmbeddedDataset } from '../dataset/format';
import { FinanceError } from '../errors';
import { EMBEDDED_DATASET } from '../providers/embedded';
import { systemClock } from '../providers/http/clock';
import { createHttpClient } from '../providers/http/http-client';
import { createTokenBucket } from '../providers/http/token-bucket';
import { shippedSecTickerList } from '../providers/sec-ticker-list';
import { padCik } from '../sec/filing-url';
import { normalizeSecCompany } from '../sec/normalize-company';
import type { SecCompanyFacts, SecSubmissions } from '../sec/types';

/** Options of `addToDataset`. */
export interface AddToDatasetOptions {
  /** The dataset file to create or update. */
  file: string;
  /** `"Company Name contact@example.com"` (SEC fair-access rules). */
  userAgent: string;
  /** `https://data.sec.gov` unless a mirror (or a test server) is given. */
  dataBaseUrl?: string;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  /** Requests per second (default and maximum 10). */
  requestsPerSecond?: number;
  progress?: (line: string) => void;
}

const USER_AGENT = /^\S.*\S+@\S+\.\S+/;

/** An empty dataset in the embedded format. */
export function emptyDataset(): EmbeddedDataset {
  return {
    format: EMBEDDED_FORMAT,
    version: EMBEDDED_VERSION,
    description:
      'Local dataset written by dexter-finance dataset add from U.S. SEC EDGAR companyfacts and submissions (public domain).',
    fromFiscalYear: EMBEDDED_FROM_FISCAL_YEAR,
    companies: [],
  };
}

/** Reads a dataset file; throws `configuration` when it is not one. */
export function readDatasetFile(file: string): EmbeddedDataset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FinanceError(
      'configuration',
      `cannot read the dataset file ${file}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const dataset = parsed as Partial<EmbeddedDataset>;
  if (
    dataset.format !== EMBEDDED_FORMAT ||
    dataset.version !== EMBEDDED_VERSION ||
    !Array.isArray(dataset.companies)
  ) {
    throw new FinanceError(
      'configuration',
      `${file} is not a ${EMBEDDED_FORMAT} v${EMBEDDED_VERSION} dataset (write it with dexter-finance dataset add)`,
    );
  }
  return dataset as EmbeddedDataset;
}

/** The shipped dataset with the file's companies added (a company in both: the file's). */
export function withLocalDataset(local: EmbeddedDataset): EmbeddedDataset {
  const tickers = new Set(local.companies.map((company) => company.ticker));
  return {
    ...EMBEDDED_DATASET,
    description: `${EMBEDDED_DATASET.description} Plus a local dataset: ${[...tickers].join(', ')}.`,
    companies: [
      ...EMBEDDED_DATASET.companies.filter((company) => !tickers.has(company.ticker)),
      ...local.companies,
    ],
  };
}

/**
 * Fetches and adds companies to a dataset file (created when absent), replacing a company
 * already in it. Resolves to the tickers written.
 *
 * @example
 * ```ts
 * await addToDataset(['MSFT'], { file: 'finance.json', userAgent: 'Acme Research ops@acme.com' });
 * ```
 */
export async function addToDataset(
  tickers: readonly string[],
  options: AddToDatasetOptions,
): Promise<string[]> {
  const userAgent = options.userAgent.trim();
  if (!USER_AGENT.test(userAgent)) {
    throw new FinanceError(
      'configuration',
      'SEC EDGAR requires a User-Agent naming you and a contact e-mail: set SEC_USER_AGENT="Company Name contact@example.com"',
    );
  }
  const base = (options.dataBaseUrl ?? 'https://data.sec.gov').replace(/\/+$/, '');
  const http = createHttpClient({
    provider: 'sec-edgar',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: { 'User-Agent': userAgent, Accept: 'application/json' },
    concurrency: 1,
    rateLimiter: createTokenBucket({
      ratePerSecond: Math.min(options.requestsPerSecond ?? 10, 10),
      clock: systemClock,
    }),
  });
  const list = await shippedSecTickerList();
  const dataset = existsSync(options.file) ? readDatasetFile(options.file) : emptyDataset();
  const written: string[] = [];
  for (const requested of tickers) {
    const ticker = requested.trim().toUpperCase();
    const listed = list.find(ticker);
    if (!listed?.cik) {
      throw new FinanceError('unknown_ticker', `${ticker} is not in the SEC ticker list`, {
        details: { ticker },
      });
    }
    const cik = padCik(listed.cik);
    options.progress?.(`Fetching ${ticker} (CIK ${cik}) from ${base}…`);
    const request = options.signal ? { signal: options.signal } : {};
    const facts = await http.getJson<SecCompanyFacts>(
      `${base}/api/xbrl/companyfacts/CIK${cik}.json`,
      request,
    );
    const submissions = await http.getJson<SecSubmissions>(`${base}/submissions/CIK${cik}.json`, request);
    const company = encodeCompany(
      normalizeSecCompany(submissions, facts, { fromFiscalYear: dataset.fromFiscalYear }),
    );
    dataset.companies = [...dataset.companies.filter((entry) => entry.ticker !== company.ticker), company];
    written.push(company.ticker);
  }
  dataset.companies.sort((left, right) => left.ticker.localeCompare(right.ticker));
  // Written whole, then renamed: a reader never sees half a file.
  const temporary = `${options.file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(dataset)}\n`);
  renameSync(temporary, options.file);
  return written;
}
