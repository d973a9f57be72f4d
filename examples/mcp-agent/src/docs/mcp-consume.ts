/** Snippet of docs/guides/mcp.md: an MCP server's tools through the executor. */
import { fileURLToPath } from 'node:url';
import { createRecordingPrompter } from '@dexter/executor/testing';

const serverScript = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url),
);
const myPrompter = createRecordingPrompter([], { fallback: 'deny' });

/** Runs the snippet on `root`; returns the results and closes the server. */
export async function consume(root: string) {
  // #region consume
  const mcp = await connectMcpServers(
    { mcpServers: { fs: { command: process.execPath, args: [serverScript, root] } } },
    { servers: { fs: { subjects: filesystemSubjects } } }, // read_file {path} → a file read
  );
  const executor = createExecutor({
    tools: mcp.tools, // mcp__fs__read_text_file, mcp__fs__write_file, ...
    permissions: createPermissionEngine({
      rules: { allow: ['mcp__fs__read_text_file', 'mcp__fs__list_directory'], deny: ['mcp__fs__move_file'] },
    }),
    approvals: myPrompter, // every other MCP tool asks
  });
  const results = await executor.execute([
    { id: 'a', name: 'mcp__fs__list_directory', input: { path: root } },
    { id: 'b', name: 'mcp__fs__read_text_file', input: { path: `${root}/.env` } }, // never returned
  ]);
  await mcp.close(); // stops the server process
  // #endregion consume
  return results;
}

// #region imports
import { createExecutor } from '@dexter/executor';
import { connectMcpServers, filesystemSubjects } from '@dexter/mcp';
import { createPermissionEngine } from '@dexter/permissions';
// #endregion imports
