/**
 * Snippets for docs/guides/web-tools.md: the SSRF guard seen from code, and the test-only
 * way to point web_fetch at a local server.
 */
// #region guard
import { createWebFetchTool, safeFetch, WebToolsError } from '@dexter/web-tools';

export async function tryFetch(url: string): Promise<string> {
  try {
    const page = await safeFetch(url, { maxBytes: 1_000_000, timeoutMs: 10_000 });
    if (page.redirectedTo) return `redirects to another host: ${page.redirectedTo}`;
    return page.content.text;
  } catch (error) {
    // url_rejected, address_blocked, dns_failed, network_error, redirect_error, timeout, aborted
    if (WebToolsError.isInstance(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
}
// #endregion guard

// #region testing
// Tests only: a made-up public name resolves to your test server on 127.0.0.1, and exactly
// that address is let through the guard. Never set unsafeAllowAddresses in production.
export const webFetchForTests = createWebFetchTool({
  resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  unsafeAllowAddresses: ['127.0.0.1'],
});
// #endregion testing
