/** Snippet of docs/guides/mcp.md: a config file and host handlers. */
import type { ApprovalPrompter } from '@dexter/executor';

export async function fromFile(file: string, terminalPrompter: ApprovalPrompter) {
  // #region config
  const mcp = await connectMcpServers(await loadMcpConfig(file), {
    servers: {
      fs: { subjects: filesystemSubjects, timeoutMs: 30_000 },
      docs: { trusted: true }, // believe its readOnlyHint: such tools run in parallel
    },
    elicitation: approvalElicitation(terminalPrompter), // "the server asks" → your approval UI
    // sampling: (params, { server, signal }) => ... — without it, sampling requests are refused
    onToolsChanged: (tools) => console.log(`now ${tools.length} MCP tools`),
  });
  // #endregion config
  return mcp;
}

import { approvalElicitation, connectMcpServers, filesystemSubjects, loadMcpConfig } from '@dexter/mcp';
