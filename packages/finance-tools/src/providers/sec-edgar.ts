/**
 * The SEC EDGAR provider: free, no key. Reads `company_tickers.json` (www.sec.gov) for the
 * ticker → CIK map, then `submissions` and `companyfacts` (data.sec.gov) per company, and
 * normalizes them with the SEC normalizer (`../sec`). Serves statements, key metrics
 * computed from them, earnings (reported figures only), filings and filing documents.
 *
 * SEC fair-access rules: a declared User-Agent with a contact (`userAgent` option or
 * `SEC_USER_AGENT`, e.g. `"Acme Research ops@acme.com"`; the constructor refuses to build
 * without one) and no more than 10 requests per second (a token bucket on the injected
 * clock). Responses are cached (default one hour) and identical requests de-duplicated.
 * Filing documents are only fetched from `https://www.sec.gov/Archives/edgar/data/`, so a
 * model-supplied URL cannot make the host fetch anything else.
 */
import { FinanceError } from '../errors';
import type { CompanyRef, FilingDocument } from '../models';
import type { FilingDocumentRequest, FinancialDataProvider } from '../provider';
import type { ValuePolicy } from '../sec/fact-series';
import { filingIndexUrl, padCik } from '../sec/filing-url';
import { htmlToText } from '../sec/html-to-text';
import { normalizeSecCompany } from '../sec/normalize-company';
import type { SecCompanyFacts, SecCompanyTickers, SecSubmissions } from '../sec/types';
import { createBookProvider } from './book-provider';
import type { CompanyBook } from './company-book';
import { type CompanyIndex, createCompanyIndex, type IndexedCompany } from './company-index';
import { type HttpClock, systemClock } from './http/clock';
import { createHttpClient, type HttpClientStats } from './http/http-client';
import { createSharedTask, type SharedTask } from './http/shared-task';
import { createTokenBucket } from './http/token-bucket';

/** Options of `createSecEdgarProvider`. */
export interface SecEdgarProviderOptions {
  /** `"Name contact@example.com"`; default `env.SEC_USER_AGENT`. Required. */
  userAgent?: string;
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof globalThis.fetch;
  /** Override the hosts (tests point them at a local server). */
  baseUrls?: { data?: string; www?: string };
  /** At most 10 (the SEC's limit); default 10. */
  requestsPerSecond?: number;
  clock?: HttpClock;
  /** Per-request timeout (default 20 000 ms). */
  timeoutMs?: number;
  retries?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Cache lifetime of responses and normalized companies (default 3 600 000 ms). */
  cacheTtlMs?: number;
  /** `latest` (default): restated values; `first`: as first filed. */
  values?: ValuePolicy;
  /** Default `sec-edgar`. */
  name?: string;
}

/** The provider plus HTTP counters. */
export interface SecEdgarProvider extends FinancialDataProvider {
  httpStats(): HttpClientStats;
}

const SEC_WWW = 'https://www.sec.gov';
const ARCHIVES = `${SEC_WWW}/Archives/edgar/data/`;
const USER_AGENT = /\S+@\S+\.\S+/;

/**
 * Creates the SEC EDGAR provider.
 *
 * @example
 * ```ts
 * const sec = createSecEdgarProvider({ userAgent: 'Acme Research ops@acme.com' });
 * const { data } = await sec.getIncomeStatements!({ ticker: 'AAPL', period: 'quarterly', limit: 4 });
 * ```
 */
export function createSecEdgarProvider(options: SecEdgarProviderOptions = {}): SecEdgarProvider {
  // The values policy is part of the name: result caches key on it, and first-filed rows must
  // never answer for restated ones.
  const name = options.name ?? (options.values === 'first' ? 'sec-edgar (as first filed)' : 'sec-edgar');
  const env = options.env ?? process.env;
  const userAgent = (options.userAgent ?? env.SEC_USER_AGENT ?? '').trim();
  if (!USER_AGENT.test(userAgent)) {
    throw new FinanceError(
      'configuration',
      'SEC EDGAR requires a declared User-Agent with a contact email, e.g. "Acme Research ops@acme.com": ' +
        'pass { userAgent } or set SEC_USER_AGENT',
      { provider: name },
    );
  }
  const requestsPerSecond = options.requestsPerSecond ?? 10;
  if (!(requestsPerSecond > 0 && requestsPerSecond <= 10)) {
    throw new FinanceError(
      'configuration',
      `SEC EDGAR allows at most 10 requests per second (got ${requestsPerSecond})`,
      {
        provider: name,
      },
    );
  }
  const clock = options.clock ?? systemClock;
  const dataBase = (options.baseUrls?.data ?? 'https://data.sec.gov').replace(/\/+$/, '');
  const wwwBase = (options.baseUrls?.www ?? SEC_WWW).replace(/\/+$/, '');
  const cacheTtlMs = options.cacheTtlMs ?? 3_600_000;
  const http = createHttpClient({
    provider: name,
    fetch: options.fetch,
    clock,
    headers: { 'User-Agent': userAgent, Accept: 'application/json, text/html;q=0.9, */*;q=0.5' },
    timeoutMs: options.timeoutMs ?? 20_000,
    retries: options.retries,
    concurrency: options.concurrency ?? 4,
    rateLimiter: createTokenBucket({ ratePerSecond: requestsPerSecond, clock }),
    // Normalized companies and the ticker index are cached below; raw payloads are not kept twice.
    cacheTtlMs: 0,
  });

  let index: { task: SharedTask<CompanyIndex>; expires: number } | undefined;
  const books = new Map<string, { task: SharedTask<CompanyBook>; expires: number }>();

  // Loads are shared between concurrent callers (income + balance + cash flow of one
  // ticker in parallel); each caller may abort without cancelling the others.
  const companyIndex = (signal?: AbortSignal): Promise<CompanyIndex> => {
    if (!index || index.expires <= clock.now() || index.task.abandoned()) {
      const current: { task: SharedTask<CompanyIndex>; expires: number } = {
        expires: clock.now() + cacheTtlMs,
        task: createSharedTask(name, (shared) =>
          fetchIndex(shared).catch((error: unknown) => {
            if (index === current) index = undefined;
            throw error;
          }),
        ),
      };
      index = current;
    }
    return index.task.join(signal);
  };

  const fetchIndex = (signal: AbortSignal): Promise<CompanyIndex> =>
    http.getJson<SecCompanyTickers>(`${wwwBase}/files/company_tickers.json`, { signal }).then((map) => {
      const byCik = new Map<string, IndexedCompany>();
      for (const entry of Object.values(map)) {
        const cik = padCik(entry.cik_str);
        const known = byCik.get(cik);
        if (known) (known.tickers as string[]).push(entry.ticker.toUpperCase());
        else
          byCik.set(cik, {
            ticker: entry.ticker.toUpperCase(),
            tickers: [entry.ticker.toUpperCase()],
            name: entry.title,
            cik,
          });
      }
      return createCompanyIndex([...byCik.values()]);
    });

  const resolve = async (query: string, signal?: AbortSignal): Promise<CompanyRef | undefined> =>
    (await companyIndex(signal)).find(query);

  const load = async (reference: CompanyRef, signal?: AbortSignal): Promise<CompanyBook> => {
    const cik = reference.cik as string;
    const [submissions, facts] = await Promise.all([
      http.getJson<SecSubmissions>(`${dataBase}/submissions/CIK${cik}.json`, { signal }),
      // Some registrants file no XBRL: no companyfacts, but a filing list.
      http
        .getJson<SecCompanyFacts>(`${dataBase}/api/xbrl/companyfacts/CIK${cik}.json`, { signal })
        .catch((error: unknown): undefined => {
          if (FinanceError.isInstance(error) && error.code === 'not_found') return undefined;
          throw error;
        }),
    ]);
    const normalized = normalizeSecCompany(submissions, facts, {
      ticker: reference.ticker,
      values: options.values,
    });
    return {
      profile: {
        ticker: normalized.profile.ticker,
        name: normalized.profile.name,
        cik: normalized.profile.cik,
        fiscalYearEnd: normalized.profile.fiscalYearEnd,
      },
      incomeStatements: normalized.financials?.incomeStatements,
      balanceSheets: normalized.financials?.balanceSheets,
      cashFlowStatements: normalized.financials?.cashFlowStatements,
      filings: normalized.filings,
    };
  };

  const loadBook = async (ticker: string, signal?: AbortSignal): Promise<CompanyBook> => {
    const reference = await resolve(ticker, signal);
    if (!reference?.cik) {
      throw new FinanceError(
        'unknown_ticker',
        `${name}: no SEC registrant has the ticker or name "${ticker}"`,
        {
          provider: name,
          details: { ticker },
        },
      );
    }
    const cik = reference.cik;
    let entry = books.get(cik);
    if (!entry || entry.expires <= clock.now() || entry.task.abandoned()) {
      const current: { task: SharedTask<CompanyBook>; expires: number } = {
        expires: clock.now() + cacheTtlMs,
        task: createSharedTask(name, (shared) =>
          load(reference, shared).catch((error: unknown) => {
            if (books.get(cik) === current) books.delete(cik);
            throw error;
          }),
        ),
      };
      books.set(cik, current);
      entry = current;
    }
    return entry.task.join(signal);
  };

  const getFilingDocument = async (request: FilingDocumentRequest): Promise<FilingDocument> => {
    const maxChars = request.maxChars ?? 50_000;
    let url: string;
    let accession = request.accession ?? '';
    let form = '';
    const ticker = (request.ticker ?? '').toUpperCase();
    if (request.url) {
      if (!request.url.startsWith(ARCHIVES)) {
        throw new FinanceError('invalid_request', `${name} only fetches documents under ${ARCHIVES}`, {
          provider: name,
          details: { url: request.url },
        });
      }
      url = request.url;
      accession ||= /\/(\d{10})(\d{2})(\d{6})\//.exec(url)?.slice(1).join('-') ?? '';
    } else if (accession) {
      const book = await loadBook(ticker, request.signal);
      const filing = book.filings.find((candidate) => candidate.accession === accession);
      url = filing?.url ?? filingIndexUrl(book.profile.cik, accession);
      form = filing?.form ?? '';
    } else {
      throw new FinanceError('invalid_request', 'Pass an accession number or a document URL', {
        provider: name,
      });
    }
    const response = await http.getText(wwwBase + url.slice(SEC_WWW.length), { signal: request.signal });
    const html = /html|xml/i.test(response.contentType) || /\.html?$/i.test(url);
    const text = html ? htmlToText(response.text) : response.text;
    return {
      ticker,
      accession,
      form,
      url,
      contentType: response.contentType,
      text: text.slice(0, maxChars),
      truncated: text.length > maxChars,
    };
  };

  const provider = createBookProvider({
    name,
    loadBook,
    resolveTicker: resolve,
    getFilingDocument,
  });
  return Object.assign(provider, { httpStats: () => http.stats() });
}
