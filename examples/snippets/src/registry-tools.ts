/**
 * Snippets for docs/guides/registry.md: a tool, a registry computed from the environment,
 * the system-prompt block, provider schemas and a fallback chain.
 */
// #region define
import {
  createFallbackChain,
  createToolRegistry,
  defineTool,
  requiresEnv,
  toAnthropicTools,
  toOpenAIChatTools,
} from '@dexter/registry';
import { z } from 'zod';

export const getQuote = defineTool({
  name: 'get_quote',
  inputSchema: z.object({ ticker: z.string().describe('Stock ticker, e.g. NVDA') }),
  description: 'Latest price of a listed stock. Use for current prices; not for history or fundamentals.',
  compactDescription: 'Latest stock price',
  concurrencySafe: true, // a pure read: may run in parallel with other safe calls
  approval: 'allow', // no rule needed to run it
  timeoutMs: 5_000,
  async execute({ ticker }, { progress }) {
    progress(`Fetching ${ticker}`);
    return { ticker, price: 181.5, currency: 'USD' };
  },
});

export const webSearch = defineTool({
  name: 'web_search',
  inputSchema: z.object({ query: z.string() }),
  description: 'Searches the web. Use for recent news; not for figures the finance tools provide.',
  compactDescription: 'Search the web',
  concurrencySafe: true,
  available: requiresEnv('EXASEARCH_API_KEY'), // listed only when the key is set
  execute: async ({ query }) => [`result for ${query}`],
});
// #endregion define

// #region registry
export const registry = createToolRegistry([getQuote, webSearch], { env: { EXASEARCH_API_KEY: undefined } });

registry.names(); // ['get_quote'] — web_search is left out
registry.unavailable(); // [{ name: 'web_search', reason: 'missing environment variable EXASEARCH_API_KEY' }]

export const systemPrompt = `You can use these tools:\n${registry.compactDescriptions()}`;
export const openAITools = toOpenAIChatTools(registry); // [{ type: 'function', function: { ..., strict: true } }]
export const anthropicTools = toAnthropicTools(registry); // [{ name, description, input_schema }]
// #endregion registry

// #region fallback
type Hit = { title: string; url: string };

export const search = createFallbackChain<string, Hit[]>({
  name: 'web_search',
  preferred: process.env.WEB_SEARCH_PROVIDER, // tried first when configured
  timeoutMs: 10_000, // per attempt
  isEmpty: (hits) => hits.length === 0, // zero hits counts as a failure: try the next one
  providers: [
    { name: 'exa', configured: requiresEnv('EXASEARCH_API_KEY'), run: async () => [] },
    { name: 'archive', run: async (query) => [{ title: query, url: 'https://example.org/a' }] },
  ],
});
// const { output, provider, failures } = await search.run('NVIDIA 10-K 2025');
// #endregion fallback
