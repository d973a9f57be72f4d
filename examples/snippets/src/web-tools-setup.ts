/**
 * Snippets for docs/guides/web-tools.md: web_search and web_fetch in a registry, gated by
 * domain rules, and a search through the executor.
 */
// #region tools
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { createToolRegistry } from '@dexter/registry';
import { createWebFetchTool, createWebSearchTool, type WebSearchOutput } from '@dexter/web-tools';

export function createResearchTools(env: Readonly<Record<string, string | undefined>> = process.env) {
  // Listed only when EXA_API_KEY, PERPLEXITY_API_KEY, TAVILY_API_KEY or BRAVE_API_KEY is set.
  const webSearch = createWebSearchTool({ env });
  const webFetch = createWebFetchTool({ maxChars: 12_000, timeoutMs: 15_000 });
  const registry = createToolRegistry([webSearch, webFetch], { env });
  const permissions = createPermissionEngine({
    rules: {
      allow: ['WebFetch(domain:docs.python.org)', 'WebFetch(domain:sec.gov)'], // and their subdomains
      deny: ['WebFetch(domain:pastebin.com)'], // never sees a request
    },
  });
  return { registry, executor: createExecutor({ registry, permissions }) };
}
// #endregion tools

// #region search
export async function searchOnce(query: string, options: Parameters<typeof createWebSearchTool>[0] = {}) {
  const webSearch = createWebSearchTool({ preferred: 'tavily', timeoutMs: 10_000, ...options });
  const executor = createExecutor({ tools: [webSearch] });
  const [result] = await executor.execute([
    { id: 'call_1', name: 'web_search', input: { query, max_results: 3 } },
  ]);
  const output = result?.output as WebSearchOutput | undefined;
  // result.content is what the model reads: numbered titles, URLs, dates and snippets.
  return { text: result?.content, provider: output?.provider, failures: output?.failures };
}
// #endregion search
