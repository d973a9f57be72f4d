/**
 * Perplexity's Search API (`https://api.perplexity.ai`): `POST /search` with
 * `Authorization: Bearer <key>` and a JSON body `{ query, max_results }`; hits are
 * `results[]` with `title`, `url`, `snippet`, `date` and `last_updated` (ranked web results,
 * not the Sonar chat completions). Key: `PERPLEXITY_API_KEY`.
 */
import {
  arrayAt,
  defineSearchProvider,
  endpoint,
  hitFrom,
  postJson,
  type SearchProvider,
  type SearchProviderOptions,
  stringField,
} from './search-provider';

/** Environment variables Perplexity's key is read from. */
export const PERPLEXITY_KEY_VARIABLES = ['PERPLEXITY_API_KEY'] as const;

/**
 * The Perplexity provider.
 *
 * @example
 * ```ts
 * const perplexity = perplexityProvider({ apiKey: process.env.PERPLEXITY_API_KEY });
 * ```
 */
export function perplexityProvider(options: SearchProviderOptions = {}): SearchProvider {
  return defineSearchProvider(
    {
      name: 'perplexity',
      keyVariables: PERPLEXITY_KEY_VARIABLES,
      baseUrl: 'https://api.perplexity.ai',
      async search(request, { key, baseUrl, fetch, signal }) {
        const body = await postJson(
          'perplexity',
          fetch,
          endpoint(baseUrl, '/search'),
          { authorization: `Bearer ${key}` },
          { query: request.query, max_results: request.maxResults },
          signal,
        );
        return arrayAt('perplexity', body, ['results']).map((result) =>
          hitFrom(
            result,
            stringField(result, 'snippet'),
            stringField(result, 'date') ?? stringField(result, 'last_updated'),
          ),
        );
      },
    },
    options,
  );
}
