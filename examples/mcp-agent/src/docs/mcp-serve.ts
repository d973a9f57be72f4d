/** Snippet of docs/guides/mcp.md: the registry served over MCP. */
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

const getQuote = defineTool({
  name: 'get_quote',
  inputSchema: z.object({ ticker: z.string() }),
  description: 'Last price of a ticker (demo data).',
  compactDescription: 'Last price of a ticker',
  concurrencySafe: true,
  approval: 'allow',
  execute: ({ ticker }) => ({ ticker, price: 123.45 }),
});

export async function serve() {
  // #region serve
  const serving = await serveMcp(createToolRegistry([getQuote]), {
    transport: { type: 'http', port: 0 }, // or 'stdio'; HTTP listens on 127.0.0.1
    permissions: createPermissionEngine({ rules: { deny: ['write_file'] } }),
    timeoutMs: 30_000,
  });
  console.log(`MCP endpoint: ${serving.url}`); // http://127.0.0.1:<port>/mcp
  // #endregion serve
  return serving;
}

import { serveMcp } from '@dexter/mcp';
import { createPermissionEngine } from '@dexter/permissions';
import { createToolRegistry } from '@dexter/registry';
