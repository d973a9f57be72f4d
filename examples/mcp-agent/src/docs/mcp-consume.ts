// An MCP server's tools through the executor: the official filesystem server, rooted at
// `root`, with name rules, the secret floor on mapped file subjects, and your approval UI.
import { createRequire } from 'node:module';
import { type ApprovalPrompter, createExecutor } from '@dexter/executor';
import { connectMcpServers, filesystemSubjects } from '@dexter/mcp';
import { createPermissionEngine } from '@dexter/permissions';

// npm install @modelcontextprotocol/server-filesystem
const serverScript = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-filesystem/dist/index.js',
);

export async function listAndRead(root: string, approvals: ApprovalPrompter) {
  const mcp = await connectMcpServers(
    { mcpServers: { fs: { command: process.execPath, args: [serverScript, root] } } },
    // read_text_file {path} → a read of that file, placed where the server places it
    { servers: { fs: { subjects: filesystemSubjects } } },
  );
  try {
    const executor = createExecutor({
      tools: mcp.tools, // mcp__fs__read_text_file, mcp__fs__write_file, ...
      permissions: createPermissionEngine({
        rules: {
          allow: ['mcp__fs__read_text_file', 'mcp__fs__list_directory'],
          deny: ['mcp__fs__move_file'],
        },
      }),
      approvals, // every other MCP tool asks
    });
    return await executor.execute([
      { id: 'a', name: 'mcp__fs__list_directory', input: { path: root } },
      { id: 'b', name: 'mcp__fs__read_text_file', input: { path: '.env' } }, // denied: a secret
    ]);
  } finally {
    await mcp.close(); // ends the server's whole process group
  }
}
