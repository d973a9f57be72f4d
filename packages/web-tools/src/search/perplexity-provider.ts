/**
 * Perplexity's Search API (`https://api.perplexity.ai`): `POST /search` with
 * `Authorization: Bearer <key>` and a JSON body `{ query, max_results }`; hits are
 * `results[]` with `title`, `url`, `snippet`, `date` and `last_updated` (ranked web results,
 * not the Sonar chat completions). Key: `PERPLEXITY_API_KEY`.
 */
import {
  arrayAt,
  cleanHits,
  configuredBy,
  endpoint,
  keyFrom,
  plainText,
  requestJson,
  type SearchHit,
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
  const key = keyFrom(options, PERPLEXITY_KEY_VARIABLES);
  const base = options.baseUrl ?? 'https://api.perplexity.ai';
  const fetchImpl = options.fetch ?? fetch;
  return {
    name: 'perplexity',
    configured: configuredBy(key, PERPLEXITY_KEY_VARIABLES),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    async run(request, { signal }) {
      const body = await requestJson('perplexity', fetchImpl, endpoint(base, '/search'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key ?? ''}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ query: request.query, max_results: request.maxResults }),
        signal,
      });
      const hits = arrayAt('perplexity', body, ['results']).map((result): SearchHit => {
        const date = stringField(result, 'date') ?? stringField(result, 'last_updated');
        return {
          title: plainText(stringField(result, 'title')),
          url: stringField(result, 'url') ?? '',
          snippet: plainText(stringField(result, 'snippet')),
          ...(date ? { date } : {}),
        };
      });
      return cleanHits(hits, request.maxResults);
    },
  };
}
