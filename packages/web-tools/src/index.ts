/**
 * `@dexter/web-tools`: `web_search` over a provider fallback chain (Exa, Tavily, Perplexity,
 * Brave Search) and an SSRF-guarded `web_fetch`, as Dexter registry tools. Every public
 * name is listed here explicitly.
 */

// The one address classifier lives in @dexter/permissions (decision 0030); re-exported.
export { blockedAddressReason } from '@dexter/permissions';
export type { WebToolsErrorCode } from './errors';
export { WebToolsError } from './errors';
export type { CheckedUrl } from './fetch/check-url';
export { checkFetchUrl } from './fetch/check-url';
export type { ReadableContent } from './fetch/readable-content';
export { readableContent } from './fetch/readable-content';
export type { HostResolver, ResolvedAddress } from './fetch/resolve-host';
export { systemResolver } from './fetch/resolve-host';
export type { FetchedPage, SafeFetchOptions } from './fetch/safe-fetch';
export { safeFetch } from './fetch/safe-fetch';
export type { WebFetchInput, WebFetchToolOptions } from './fetch/web-fetch-tool';
export { createWebFetchTool } from './fetch/web-fetch-tool';
export { BRAVE_KEY_VARIABLES, braveProvider } from './search/brave-provider';
export { EXA_KEY_VARIABLES, exaProvider } from './search/exa-provider';
export { PERPLEXITY_KEY_VARIABLES, perplexityProvider } from './search/perplexity-provider';
export type {
  FetchLike,
  SearchHit,
  SearchProvider,
  SearchProviderOptions,
  SearchRequest,
} from './search/search-provider';
export { TAVILY_KEY_VARIABLES, tavilyProvider } from './search/tavily-provider';
export type {
  WebSearchInput,
  WebSearchOutput,
  WebSearchProviderName,
  WebSearchToolOptions,
} from './search/web-search-tool';
export {
  createWebSearchTool,
  WEB_SEARCH_KEY_VARIABLES,
  WEB_SEARCH_PROVIDERS,
} from './search/web-search-tool';
