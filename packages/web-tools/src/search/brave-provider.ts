/**
 * Brave Search (`https://api.search.brave.com`): `GET /res/v1/web/search?q=…&count=…` with
 * the key in the `X-Subscription-Token` header and `Accept: application/json`; hits are
 * `web.results[]` with `title`, `url`, `description` (matches wrapped in `<strong>`, removed
 * here) and `page_age` (ISO) or `age` (relative text). A response without a `web` section
 * (no web results) counts as no hits. Key: `BRAVE_API_KEY` (or `BRAVE_SEARCH_API_KEY`).
 */
import {
  arrayAt,
  defineSearchProvider,
  endpoint,
  hitFrom,
  requestJson,
  type SearchProvider,
  type SearchProviderOptions,
  stringField,
} from './search-provider';

/** Environment variables Brave's key is read from, in order. */
export const BRAVE_KEY_VARIABLES = ['BRAVE_API_KEY', 'BRAVE_SEARCH_API_KEY'] as const;

/**
 * The Brave Search provider.
 *
 * @example
 * ```ts
 * const brave = braveProvider({ apiKey: process.env.BRAVE_API_KEY });
 * ```
 */
export function braveProvider(options: SearchProviderOptions = {}): SearchProvider {
  return defineSearchProvider(
    {
      name: 'brave',
      keyVariables: BRAVE_KEY_VARIABLES,
      baseUrl: 'https://api.search.brave.com',
      async search(request, { key, baseUrl, fetch, signal }) {
        const query = new URLSearchParams({ q: request.query, count: String(request.maxResults) });
        const body = await requestJson(
          'brave',
          fetch,
          `${endpoint(baseUrl, '/res/v1/web/search')}?${query}`,
          {
            method: 'GET',
            headers: { 'x-subscription-token': key, accept: 'application/json' },
            signal,
          },
        );
        const web = typeof body === 'object' && body !== null ? (body as { web?: unknown }).web : undefined;
        if (web === undefined) return [];
        return arrayAt('brave', body, ['web', 'results']).map((result) =>
          hitFrom(
            result,
            stringField(result, 'description'),
            stringField(result, 'page_age') ?? stringField(result, 'age'),
          ),
        );
      },
    },
    options,
  );
}
