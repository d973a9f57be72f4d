/**
 * Tavily (`https://api.tavily.com`): `POST /search` with `Authorization: Bearer <key>` and a
 * JSON body `{ query, max_results, search_depth: 'basic', include_answer: false }`; hits are
 * `results[]` with `title`, `url`, `content` (the excerpt), `score` and, for news,
 * `published_date`. Key: `TAVILY_API_KEY`.
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

/** Environment variables Tavily's key is read from. */
export const TAVILY_KEY_VARIABLES = ['TAVILY_API_KEY'] as const;

/**
 * The Tavily provider.
 *
 * @example
 * ```ts
 * const tavily = tavilyProvider({ apiKey: process.env.TAVILY_API_KEY });
 * ```
 */
export function tavilyProvider(options: SearchProviderOptions = {}): SearchProvider {
  return defineSearchProvider(
    {
      name: 'tavily',
      keyVariables: TAVILY_KEY_VARIABLES,
      baseUrl: 'https://api.tavily.com',
      async search(request, { key, baseUrl, fetch, signal }) {
        const body = await postJson(
          'tavily',
          fetch,
          endpoint(baseUrl, '/search'),
          { authorization: `Bearer ${key}` },
          {
            query: request.query,
            max_results: request.maxResults,
            search_depth: 'basic',
            include_answer: false,
          },
          signal,
        );
        return arrayAt('tavily', body, ['results']).map((result) =>
          hitFrom(result, stringField(result, 'content'), stringField(result, 'published_date')),
        );
      },
    },
    options,
  );
}
