/**
 * Tavily (`https://api.tavily.com`): `POST /search` with `Authorization: Bearer <key>` and a
 * JSON body `{ query, max_results, search_depth: 'basic', include_answer: false }`; hits are
 * `results[]` with `title`, `url`, `content` (the excerpt), `score` and, for news,
 * `published_date`. Key: `TAVILY_API_KEY`.
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
  const key = keyFrom(options, TAVILY_KEY_VARIABLES);
  const base = options.baseUrl ?? 'https://api.tavily.com';
  const fetchImpl = options.fetch ?? fetch;
  return {
    name: 'tavily',
    configured: configuredBy(key, TAVILY_KEY_VARIABLES),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    async run(request, { signal }) {
      const body = await requestJson('tavily', fetchImpl, endpoint(base, '/search'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key ?? ''}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          query: request.query,
          max_results: request.maxResults,
          search_depth: 'basic',
          include_answer: false,
        }),
        signal,
      });
      const hits = arrayAt('tavily', body, ['results']).map((result): SearchHit => {
        const date = stringField(result, 'published_date');
        return {
          title: plainText(stringField(result, 'title')),
          url: stringField(result, 'url') ?? '',
          snippet: plainText(stringField(result, 'content')),
          ...(date ? { date } : {}),
        };
      });
      return cleanHits(hits, request.maxResults);
    },
  };
}
