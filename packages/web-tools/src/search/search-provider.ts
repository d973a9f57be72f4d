/**
 * The shared shapes of the `web_search` providers: what a provider is asked, what it
 * answers, how it is configured, and `requestJson`, the one HTTP helper they all use (on an
 * injectable `fetch`, so tests point them at a local server speaking the provider's API).
 */
import { credentialValues, type FallbackProvider, redactCredentials } from '@dexter/registry';
import { WebToolsError } from '../errors';

/** One search result, ranked by the provider. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
  /** Publication or last-seen date as the provider gives it (ISO date where it has one). */
  date?: string;
}

/** What a provider is asked. */
export interface SearchRequest {
  query: string;
  /** 1–10. */
  maxResults: number;
}

/** A `web_search` provider: a fallback-chain member that answers `SearchRequest`s. */
export type SearchProvider = FallbackProvider<SearchRequest, SearchHit[]>;

/** The `fetch` signature providers call (the global `fetch` by default). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Options every provider factory takes. */
export interface SearchProviderOptions {
  /** The API key; default: the provider's environment variable(s) in `env`. */
  apiKey?: string;
  /** Base URL of the API (tests and proxies); default the provider's public endpoint. */
  baseUrl?: string;
  /** `fetch` implementation; default the global one. */
  fetch?: FetchLike;
  /** Environment the key is read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Per-attempt timeout in ms, overriding the chain's. */
  timeoutMs?: number;
}

/** The key from options or the first non-empty environment variable of `names`. */
export function keyFrom(options: SearchProviderOptions, names: readonly string[]): string | undefined {
  if (options.apiKey) return options.apiKey;
  const env = options.env ?? process.env;
  for (const name of names) {
    const value = env[name];
    if (value) return value;
  }
  return undefined;
}

/** `configured` for the chain: true with a key, else a predicate giving the reason (the variables to set). */
export function configuredBy(key: string | undefined, names: readonly string[]): true | (() => string) {
  if (key) return true;
  const reason = `no API key (set ${names.join(' or ')})`;
  return () => reason;
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

const MAX_RESPONSE_CHARS = 4 * 1024 * 1024;

/**
 * Sends one request and parses the JSON answer. Non-2xx statuses become typed errors the
 * chain records before trying the next provider: 401/403 `unauthorized`, 429 (and 402, an
 * exhausted plan) `rate_limited` with the `Retry-After` value, others `provider_error`.
 */
export async function requestJson(
  provider: string,
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason ?? error;
    throw new WebToolsError('provider_error', `${provider}: request failed: ${(error as Error)?.message}`, {
      cause: error,
      subject: provider,
    });
  }
  const text = await response.text();
  if (!response.ok) {
    // The body may echo the key it was sent: never pass that on to the model.
    const detail = redactCredentials(text, credentialValues(init.headers))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
    const status = response.status;
    if (status === 401 || status === 403) {
      throw new WebToolsError(
        'unauthorized',
        `${provider}: HTTP ${status} (check the API key)${detail ? `: ${detail}` : ''}`,
        {
          status,
          subject: provider,
        },
      );
    }
    if (status === 429 || status === 402) {
      const retry = response.headers.get('retry-after');
      throw new WebToolsError(
        'rate_limited',
        `${provider}: HTTP ${status} (${status === 429 ? 'rate limited' : 'plan or credit exhausted'}${retry ? `, retry after ${retry}` : ''})`,
        { status, subject: provider },
      );
    }
    throw new WebToolsError('provider_error', `${provider}: HTTP ${status}${detail ? `: ${detail}` : ''}`, {
      status,
      subject: provider,
    });
  }
  if (text.length > MAX_RESPONSE_CHARS) {
    throw new WebToolsError(
      'provider_error',
      `${provider}: the response is larger than ${MAX_RESPONSE_CHARS} characters`,
      {
        subject: provider,
      },
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new WebToolsError('provider_error', `${provider}: the response is not JSON`, {
      cause: error,
      subject: provider,
    });
  }
}

/**
 * `requestJson` for the providers' common shape: a POST of `payload` as JSON, JSON back, with
 * the provider's own authentication headers.
 */
export function postJson(
  provider: string,
  fetchImpl: FetchLike,
  url: string,
  auth: Record<string, string>,
  payload: unknown,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  return requestJson(provider, fetchImpl, url, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
    signal,
  });
}

/** A string field or `undefined`. */
export function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/** The array at `path` of a response, or a `provider_error` naming the shape that was expected. */
export function arrayAt(provider: string, body: unknown, path: readonly string[]): unknown[] {
  let node: unknown = body;
  for (const key of path) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (!Array.isArray(node)) {
    throw new WebToolsError('provider_error', `${provider}: the response has no ${path.join('.')} array`, {
      subject: provider,
    });
  }
  return node;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** Plain one-line text: tags removed (Brave marks matches with <strong>), entities decoded, blanks collapsed. */
export function plainText(text: string | undefined): string {
  if (!text) return '';
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Hits with a usable http(s) URL, de-duplicated by URL, at most `max`. */
export function cleanHits(hits: readonly SearchHit[], max: number): SearchHit[] {
  const seen = new Set<string>();
  const out: SearchHit[] = [];
  for (const hit of hits) {
    if (!/^https?:\/\//i.test(hit.url) || seen.has(hit.url)) continue;
    seen.add(hit.url);
    out.push(hit);
    if (out.length >= max) break;
  }
  return out;
}

/** What a provider's search function gets besides the request. */
export interface ProviderCall {
  /** The API key (`''` when none is set: the chain never runs an unconfigured provider). */
  key: string;
  /** The base URL: the option, else the provider's public endpoint. */
  baseUrl: string;
  fetch: FetchLike;
  signal: AbortSignal;
}

/** What differs from one provider to the next. */
export interface SearchProviderSpec {
  name: string;
  /** Environment variables the key is read from, in order. */
  keyVariables: readonly string[];
  /** The public endpoint. */
  baseUrl: string;
  /** One request; returns the hits in the provider's order (cleaned and capped here). */
  search(request: SearchRequest, call: ProviderCall): Promise<SearchHit[]>;
}

/**
 * A provider from its spec and the caller's options: the key from the options or the
 * environment, `configured` saying which variable to set, the base URL, `fetch` and timeout.
 */
export function defineSearchProvider(
  spec: SearchProviderSpec,
  options: SearchProviderOptions,
): SearchProvider {
  const key = keyFrom(options, spec.keyVariables);
  const baseUrl = options.baseUrl ?? spec.baseUrl;
  const fetchImpl = options.fetch ?? fetch;
  const provider: SearchProvider = {
    name: spec.name,
    configured: configuredBy(key, spec.keyVariables),
    async run(request, { signal }) {
      const hits = await spec.search(request, { key: key ?? '', baseUrl, fetch: fetchImpl, signal });
      return cleanHits(hits, request.maxResults);
    },
  };
  if (options.timeoutMs !== undefined) provider.timeoutMs = options.timeoutMs;
  return provider;
}

/** A hit from one result: its `title` and `url` fields, the snippet and date the provider found. */
export function hitFrom(result: unknown, snippet: string | undefined, date: string | undefined): SearchHit {
  return {
    title: plainText(stringField(result, 'title')),
    url: stringField(result, 'url') ?? '',
    snippet: plainText(snippet),
    ...(date ? { date } : {}),
  };
}
