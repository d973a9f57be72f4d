// MCP servers from a config file ({ "mcpServers": { … } }), with per-server options and
// host handlers for what a server may ask of the client.
import type { ApprovalPrompter } from '@dexter/executor';
import { approvalElicitation, connectMcpServers, filesystemSubjects, loadMcpConfig } from '@dexter/mcp';

export async function fromFile(file: string, terminalPrompter: ApprovalPrompter) {
  const mcp = await connectMcpServers(await loadMcpConfig(file), {
    servers: {
      fs: { subjects: filesystemSubjects, timeoutMs: 30_000 },
      docs: { trusted: true }, // believe its readOnlyHint: such tools run in parallel
    },
    elicitation: approvalElicitation(terminalPrompter), // "the server asks" → your approval UI
    // sampling: (params, { server, signal }) => ... — without it, sampling requests are refused
    onToolsChanged: (tools) => console.log(`now ${tools.length} MCP tools`),
  });
  return mcp; // mcp.tools for createExecutor; await mcp.close() when done
}
