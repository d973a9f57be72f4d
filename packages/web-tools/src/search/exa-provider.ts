/**
 * Exa (`https://api.exa.ai`): `POST /search` with the key in the `x-api-key` header and a
 * JSON body `{ query, numResults, type: 'auto', contents: { highlights: {...} } }`; hits are
 * `results[]` with `title`, `url`, `publishedDate` and the excerpts asked for (`highlights[]`,
 * else `summary` or `text`). Key: `EXA_API_KEY` (or the seed's `EXASEARCH_API_KEY`).
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

/** Environment variables Exa's key is read from, in order. */
export const EXA_KEY_VARIABLES = ['EXA_API_KEY', 'EXASEARCH_API_KEY'] as const;

/**
 * The Exa provider.
 *
 * @example
 * ```ts
 * const exa = exaProvider({ apiKey: process.env.EXA_API_KEY });
 * ```
 */
export function exaProvider(options: SearchProviderOptions = {}): SearchProvider {
  const key = keyFrom(options, EXA_KEY_VARIABLES);
  const base = options.baseUrl ?? 'https://api.exa.ai';
  const fetchImpl = options.fetch ?? fetch;
  return {
    name: 'exa',
    configured: configuredBy(key, EXA_KEY_VARIABLES),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    async run(request, { signal }) {
      const body = await requestJson('exa', fetchImpl, endpoint(base, '/search'), {
        method: 'POST',
        headers: { 'x-api-key': key ?? '', 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          query: request.query,
          numResults: request.maxResults,
          type: 'auto',
          contents: { highlights: { numSentences: 2, highlightsPerUrl: 2 } },
        }),
        signal,
      });
      const hits = arrayAt('exa', body, ['results']).map((result): SearchHit => {
        const highlights = (result as { highlights?: unknown }).highlights;
        const snippet = Array.isArray(highlights)
          ? highlights.filter((item): item is string => typeof item === 'string').join(' … ')
          : (stringField(result, 'summary') ?? stringField(result, 'text'));
        const date = stringField(result, 'publishedDate');
        return {
          title: plainText(stringField(result, 'title')),
          url: stringField(result, 'url') ?? '',
          snippet: plainText(snippet),
          ...(date ? { date } : {}),
        };
      });
      return cleanHits(hits, request.maxResults);
    },
  };
}
