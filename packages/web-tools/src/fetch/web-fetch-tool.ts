/**
 * `createWebFetchTool`: the `web_fetch` registry tool. Its permission subject is the URL
 * (`{ kind: 'url' }`), so `WebFetch(domain:docs.python.org)` rules allow, ask or deny by
 * domain before anything is sent; the fetch itself runs behind `safeFetch`'s SSRF guards.
 * Guard failures are results the model reads (typed `WebToolsError`s, reported by the
 * executor as the call's error), never a crash of the host's loop.
 */
import { defineTool, type Tool } from '@dexter/registry';
import { z } from 'zod';
import { type FetchedPage, type SafeFetchOptions, safeFetch } from './safe-fetch';

/** Options of `createWebFetchTool`. */
export interface WebFetchToolOptions extends SafeFetchOptions {
  /** Cap on the text the model reads, in characters. Default 20 000. */
  maxChars?: number;
  /** Tool name. Default `web_fetch`. */
  name?: string;
}

const inputSchema = z.object({
  url: z.string().min(1).max(4096).describe('Absolute http(s) URL of the page to read'),
});

/** The input of `web_fetch`. */
export type WebFetchInput = z.output<typeof inputSchema>;

function render(page: FetchedPage, maxChars: number): string {
  const lines: string[] = [];
  if (page.redirectedTo !== undefined) {
    return [
      `${page.finalUrl} redirects (HTTP ${page.status}) to another host: ${page.redirectedTo}`,
      'Nothing was fetched from it. Call web_fetch with that URL if you want to read it (it is checked again).',
    ].join('\n');
  }
  const content = page.content;
  lines.push(`URL: ${page.finalUrl}${page.status >= 400 ? ` (HTTP ${page.status})` : ''}`);
  if (content.title) lines.push(`Title: ${content.title}`);
  if (content.byline) lines.push(`By: ${content.byline}`);
  if (content.publishedTime) lines.push(`Published: ${content.publishedTime}`);
  if (content.kind === 'binary') {
    lines.push(`Content: ${content.description ?? 'binary'}`);
    return lines.join('\n');
  }
  let text = content.text;
  let cut = page.truncated;
  if (text.length > maxChars) {
    text = text.slice(0, maxChars);
    cut = true;
  }
  lines.push('', text);
  if (cut) lines.push('', `[truncated: the page is longer than web_fetch returns (${maxChars} characters)]`);
  return lines.join('\n');
}

/**
 * Creates the `web_fetch` tool.
 *
 * @example
 * ```ts
 * const registry = createToolRegistry({ tools: [createWebFetchTool({ maxChars: 10_000 })] });
 * const engine = createPermissionEngine({ rules: { allow: ['WebFetch(domain:docs.python.org)'] } });
 * ```
 */
export function createWebFetchTool(options: WebFetchToolOptions = {}): Tool<typeof inputSchema, FetchedPage> {
  const maxChars = options.maxChars ?? 20_000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return defineTool({
    name: options.name ?? 'web_fetch',
    inputSchema,
    compactDescription: 'Read one web page by URL (main text, JSON or plain text)',
    description: [
      'Fetches one http(s) URL and returns its readable text: the main content of an HTML page',
      '(navigation and boilerplate removed), or plain text / JSON as served; other content types',
      'are described, not shown. Use it to read a page you already have the URL of, e.g. from',
      'web_search results or the user. Do not use it to search (use web_search), for local files,',
      'or for private, internal or localhost addresses (they are refused). A redirect to another',
      'host is reported, not followed: fetch that URL in a new call if you need it. Long pages are',
      `cut at ${maxChars} characters.`,
    ].join(' '),
    concurrencySafe: true,
    approval: 'ask',
    timeoutMs: timeoutMs + 1_000,
    similarityKey: (input) => input.url,
    permissionSubject: (input) => ({ kind: 'url', url: input.url }),
    formatOutput: (page) => render(page, maxChars),
    async execute(input, context) {
      context.progress(`Fetching ${input.url}`);
      return safeFetch(input.url, { ...options, signal: context.signal });
    },
  });
}
