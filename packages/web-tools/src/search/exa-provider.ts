/**
 * Exa (`https://api.exa.ai`): `POST /search` with the key in the `x-api-key` header and a
 * JSON body `{ query, numResults, type: 'auto', contents: { highlights: {...} } }`; hits are
 * `results[]` with `title`, `url`, `publishedDate` and the excerpts asked for (`highlights[]`,
 * else `summary` or `text`). Key: `EXA_API_KEY` (or the seed's `EXASEARCH_API_KEY`).
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
  return defineSearchProvider(
    {
      name: 'exa',
      keyVariables: EXA_KEY_VARIABLES,
      baseUrl: 'https://api.exa.ai',
      async search(request, { key, baseUrl, fetch, signal }) {
        const body = await postJson(
          'exa',
          fetch,
          endpoint(baseUrl, '/search'),
          { 'x-api-key': key },
          {
            query: request.query,
            numResults: request.maxResults,
            type: 'auto',
            contents: { highlights: { numSentences: 2, highlightsPerUrl: 2 } },
          },
          signal,
        );
        return arrayAt('exa', body, ['results']).map((result) => {
          const highlights = (result as { highlights?: unknown }).highlights;
          const snippet = Array.isArray(highlights)
            ? highlights.filter((item): item is string => typeof item === 'string').join(' … ')
            : (stringField(result, 'summary') ?? stringField(result, 'text'));
          return hitFrom(result, snippet, stringField(result, 'publishedDate'));
        });
      },
    },
    options,
  );
}
