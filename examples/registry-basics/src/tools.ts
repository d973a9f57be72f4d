// #region tools
import { createToolRegistry, defineTool, requiresEnv } from '@dexter/registry';
import { z } from 'zod';

const getQuote = defineTool({
  name: 'get_quote',
  inputSchema: z.object({
    ticker: z.string().describe('Stock ticker, e.g. AAPL'),
    currency: z.enum(['USD', 'EUR']).describe('Currency of the quote'),
  }),
  description: 'Latest trade price of one stock. Use for current prices; not for fundamentals.',
  compactDescription: 'Latest stock price for a ticker',
  concurrencySafe: true, // a pure read: may run in parallel with other reads
  approval: 'allow',
  async *execute({ ticker, currency }) {
    yield `Looking up ${ticker}`; // streamed to the host as progress
    return { ticker, currency, price: 123.45 };
  },
});

const webSearch = defineTool({
  name: 'web_search',
  inputSchema: z.object({ query: z.string(), maxResults: z.number().int().optional() }),
  description: 'Searches the web. Use for news and facts not in the financial data tools.',
  compactDescription: 'Web search (needs TAVILY_API_KEY)',
  concurrencySafe: true,
  available: requiresEnv('TAVILY_API_KEY'), // listed only when the key is present
  execute: async ({ query }) => ({ query, hits: [] as string[] }),
});

export function buildRegistry(env: Record<string, string | undefined> = process.env) {
  return createToolRegistry([getQuote, webSearch], { env, channel: 'cli' });
}
// #endregion tools
