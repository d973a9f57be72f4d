/**
 * `createWebSearchTool`: the `web_search` registry tool over `createFallbackChain`. Only
 * providers with a key join; the preferred one (option or `WEB_SEARCH_PROVIDER`) goes first;
 * an error, a timeout, a 429 or an empty answer moves on to the next. The result names the
 * provider that answered, the ones that failed before it (and why) and the ones left out
 * (no key). The tool is listed only when at least one provider key is set.
 */
import { createFallbackChain, defineTool, RegistryError, requiresAnyEnv, type Tool } from '@dexter/registry';
import { z } from 'zod';
import { BRAVE_KEY_VARIABLES, braveProvider } from './brave-provider';
import { EXA_KEY_VARIABLES, exaProvider } from './exa-provider';
import { PERPLEXITY_KEY_VARIABLES, perplexityProvider } from './perplexity-provider';
import type { FetchLike, SearchHit, SearchProvider, SearchRequest } from './search-provider';
import { TAVILY_KEY_VARIABLES, tavilyProvider } from './tavily-provider';

/** The built-in providers, in default order (the seed's Exa → Perplexity → Tavily, then Brave). */
export const WEB_SEARCH_PROVIDERS = ['exa', 'perplexity', 'tavily', 'brave'] as const;

/** A built-in provider's name. */
export type WebSearchProviderName = (typeof WEB_SEARCH_PROVIDERS)[number];

/** Every environment variable that configures a built-in provider. */
export const WEB_SEARCH_KEY_VARIABLES: readonly string[] = [
  ...EXA_KEY_VARIABLES,
  ...PERPLEXITY_KEY_VARIABLES,
  ...TAVILY_KEY_VARIABLES,
  ...BRAVE_KEY_VARIABLES,
];

/** Options of `createWebSearchTool`. */
export interface WebSearchToolOptions {
  /** Environment keys are read from; default `process.env`. Pass the registry's too. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Provider tried first when configured; default `env.WEB_SEARCH_PROVIDER`. */
  preferred?: string;
  /** Keys given in code instead of the environment. */
  apiKeys?: Partial<Record<WebSearchProviderName, string>>;
  /** Base URLs per provider (proxies, tests). */
  baseUrls?: Partial<Record<WebSearchProviderName, string>>;
  /** `fetch` for every provider; default the global one. */
  fetch?: FetchLike;
  /** Replace the built-in providers entirely (e.g. your own search backend). */
  providers?: readonly SearchProvider[];
  /** Timeout of each provider attempt in ms. Default 15 000. */
  timeoutMs?: number;
  /** Default number of results when the model does not ask. Default 5 (at most 10). */
  defaultResults?: number;
  /** Cap on each snippet, in characters. Default 300. */
  maxSnippetChars?: number;
  /** Tool name. Default `web_search`. */
  name?: string;
}

/** What `web_search` returns. */
export interface WebSearchOutput {
  query: string;
  /** The provider that answered. */
  provider: string;
  /** Ranked hits, at most the number asked for. */
  hits: SearchHit[];
  /** Providers tried first that failed, in order: `error`, `timeout` or `empty`. */
  failures: { provider: string; kind: 'error' | 'timeout' | 'empty'; message: string }[];
  /** Providers that did not join the chain, with the reason (no key). */
  skipped: { provider: string; reason: string }[];
}

const inputSchema = z.object({
  query: z.string().trim().min(1).max(400).describe('What to search the web for, as you would type it'),
  max_results: z.number().int().min(1).max(10).optional().describe('How many results (1-10, default 5)'),
});

/** The input of `web_search`. */
export type WebSearchInput = z.output<typeof inputSchema>;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function render(output: WebSearchOutput): string {
  const notes = [
    ...output.failures.map((failure) => `${failure.provider} ${failure.kind}: ${failure.message}`),
  ];
  const lines = [
    `Results for "${output.query}" from ${output.provider}${notes.length ? ` (${notes.join('; ')})` : ''}:`,
  ];
  if (output.hits.length === 0) lines.push('No results.');
  output.hits.forEach((hit, index) => {
    lines.push(`${index + 1}. ${hit.title || hit.url}${hit.date ? ` (${hit.date})` : ''}`, `   ${hit.url}`);
    if (hit.snippet) lines.push(`   ${hit.snippet}`);
  });
  return lines.join('\n');
}

/**
 * Creates the `web_search` tool.
 *
 * @example
 * ```ts
 * const webSearch = createWebSearchTool({ preferred: 'tavily' });
 * const registry = createToolRegistry([webSearch]); // listed only when a provider key is set
 * ```
 */
export function createWebSearchTool(
  options: WebSearchToolOptions = {},
): Tool<typeof inputSchema, WebSearchOutput> {
  const env = options.env ?? process.env;
  const maxSnippet = options.maxSnippetChars ?? 300;
  const defaultResults = Math.min(Math.max(Math.trunc(options.defaultResults ?? 5), 1), 10);
  const shared = (name: WebSearchProviderName) => ({
    env,
    ...(options.apiKeys?.[name] ? { apiKey: options.apiKeys[name] } : {}),
    ...(options.baseUrls?.[name] ? { baseUrl: options.baseUrls[name] } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const providers = options.providers ?? [
    exaProvider(shared('exa')),
    perplexityProvider(shared('perplexity')),
    tavilyProvider(shared('tavily')),
    braveProvider(shared('brave')),
  ];
  const preferred = options.preferred ?? env.WEB_SEARCH_PROVIDER;
  const chain = createFallbackChain<SearchRequest, SearchHit[]>({
    name: options.name ?? 'web_search',
    providers,
    timeoutMs: options.timeoutMs ?? 15_000,
    isEmpty: (hits) => hits.length === 0,
    environment: { env },
    ...(preferred ? { preferred } : {}),
  });
  const skipped = chain.skipped.map((entry) => ({ ...entry }));
  const keysInCode = options.providers !== undefined || Object.values(options.apiKeys ?? {}).some(Boolean);
  const anyKey = requiresAnyEnv(...WEB_SEARCH_KEY_VARIABLES);

  return defineTool({
    name: options.name ?? 'web_search',
    inputSchema,
    compactDescription: 'Search the web; returns a short ranked list of titles, URLs, snippets and dates',
    description: [
      'Searches the web and returns up to 10 ranked results (title, URL, snippet, date when known).',
      'Use it for current events, facts that may have changed since your training, documentation or',
      'sources to cite. Write the query as you would type it into a search engine. Do not use it to',
      'read a page you already have the URL of (use web_fetch), or for questions the conversation',
      'or other tools already answer. Snippets are short: fetch a result to read it in full.',
    ].join(' '),
    concurrencySafe: true,
    approval: 'allow',
    timeoutMs: (options.timeoutMs ?? 15_000) * Math.max(chain.providers.length, 1) + 1_000,
    similarityKey: (input) => input.query.toLowerCase().replace(/\s+/g, ' '),
    // Listed only when a key is set: the registry's environment, or keys handed in code.
    available: (environment) => (keysInCode && chain.providers.length > 0 ? true : anyKey(environment)),
    formatOutput: render,
    async execute(input, context) {
      if (chain.providers.length === 0) {
        throw new RegistryError(
          'all_providers_failed',
          `web_search has no configured provider (${skipped.map((entry) => `${entry.provider}: ${entry.reason}`).join('; ')})`,
        );
      }
      context.progress(`Searching ${chain.providers[0]} for "${input.query}"`);
      const maxResults = input.max_results ?? defaultResults;
      const result = await chain.run({ query: input.query, maxResults }, { signal: context.signal });
      return {
        query: input.query,
        provider: result.provider,
        hits: result.output.slice(0, maxResults).map((hit) => ({
          title: cut(hit.title, 200),
          url: hit.url.length > 2048 ? hit.url.slice(0, 2048) : hit.url,
          snippet: cut(hit.snippet, maxSnippet),
          ...(hit.date ? { date: cut(hit.date, 40) } : {}),
        })),
        failures: result.failures.map((failure) => ({
          provider: failure.provider,
          kind: failure.kind,
          message: failure.message,
        })),
        skipped,
      };
    },
  });
}
