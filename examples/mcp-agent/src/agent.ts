/**
 * An agent whose file tools come from the official MCP filesystem server: the scripted model
 * (no key, no network) lists a folder, reads a note, tries to read `.env`, and writes a
 * summary — every call through the Dexter executor, with rules, the subject mapping that
 * lets file rules and the secret floor see MCP calls, and an approval for the write.
 */
import { fileURLToPath } from 'node:url';
import {
  type ApprovalPrompter,
  createExecutor,
  type ToolResult,
  toToolResultMessages,
} from '@dexter/executor';
import { connectMcpServers, filesystemSubjects } from '@dexter/mcp';
import { createPermissionEngine } from '@dexter/permissions';
import { assistantMessage, type LlmClient, type LlmMessage } from '@dexter/registry';
import { createScriptedLlmClient } from '@dexter/registry/testing';

/** The filesystem server's entry point, installed from the lockfile (nothing is downloaded). */
export const FILESYSTEM_SERVER = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url),
);

/** What the run did, for the caller (and the test). */
export interface AgentRun {
  /** Every tool result, turn by turn. */
  results: ToolResult[];
  /** The model's last text. */
  answer: string;
}

/** The scripted model: three turns of tool calls under `root`, then an answer. */
export function scriptedModel(root: string): LlmClient {
  return createScriptedLlmClient([
    {
      toolCalls: [
        { id: 'list', name: 'mcp__fs__list_directory', input: { path: root } },
        { id: 'read', name: 'mcp__fs__read_text_file', input: { path: `${root}/notes.md` } },
      ],
    },
    {
      toolCalls: [
        { id: 'secret', name: 'mcp__fs__read_text_file', input: { path: `${root}/.env` } },
        {
          id: 'write',
          name: 'mcp__fs__write_file',
          input: { path: `${root}/summary.md`, content: '# Summary\n' },
        },
      ],
    },
    { text: 'I listed the folder, read notes.md and wrote summary.md. I was not allowed to read .env.' },
  ]);
}

/** Runs the agent on `root` with `approvals` as the user; closes the server when done. */
export async function runMcpAgent(options: {
  root: string;
  approvals: ApprovalPrompter;
  model?: LlmClient;
  log?: (line: string) => void;
}): Promise<AgentRun> {
  const log = options.log ?? (() => undefined);
  // #region connect
  const mcp = await connectMcpServers(
    { mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM_SERVER, options.root] } } },
    { servers: { fs: { subjects: filesystemSubjects } } }, // read_file {path} → a file read, etc.
  );
  try {
    const executor = createExecutor({
      tools: mcp.tools, // mcp__fs__read_text_file, mcp__fs__write_file, ...
      permissions: createPermissionEngine({
        rules: {
          allow: ['mcp__fs__list_directory', 'mcp__fs__read_text_file'],
          deny: ['mcp__fs__move_file'],
        },
      }),
      approvals: options.approvals, // writes ask: the default for MCP tools
    });
    // #endregion connect
    const model = options.model ?? scriptedModel(options.root);
    const messages: LlmMessage[] = [
      { role: 'user', content: `Summarise the notes in ${options.root} into summary.md.` },
    ];
    const results: ToolResult[] = [];
    for (let turn = 0; turn < 10; turn++) {
      const completion = await model.complete({ messages, tools: executor.tools });
      messages.push(assistantMessage(completion));
      if (completion.toolCalls.length === 0) return { results, answer: completion.text };
      const turnResults = await executor.execute(completion.toolCalls, {
        onEvent: (event) => {
          if (event.type === 'tool_start') log(`→ ${event.name}`);
        },
      });
      for (const result of turnResults) log(`  ${result.name}: ${result.status}`);
      results.push(...turnResults);
      messages.push(...toToolResultMessages(turnResults));
    }
    return { results, answer: '(stopped after 10 turns)' };
  } finally {
    await mcp.close(); // stops the server process
  }
}
