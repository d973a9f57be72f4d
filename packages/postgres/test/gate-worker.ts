/**
 * One "process" of a multi-instance app for the executor-gate test: an executor whose
 * session state lives in PostgreSQL runs one `write_file` call in conversation `conv-1`,
 * answering a prompt (if one comes) with the answer given on the command line, and prints
 * what happened as one JSON line. Run with: node --conditions=@dexter/source --import tsx.
 */
import { type ApprovalResponse, createExecutor, createSession, type ExecutorEvent } from '@dexter/executor';
import { defineTool } from '@dexter/registry';
import { z } from 'zod';
import { createPostgresSessionStore } from '../src/postgres-session-store';

const [url, schema, callId, answer] = process.argv.slice(2);
const store = createPostgresSessionStore({ connectionString: url!, schema: schema! });
const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string() }),
  description: 'Writes a file.',
  compactDescription: 'Writes a file',
  approval: 'ask',
  permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path }),
  execute: async ({ path }) => `wrote ${path}`,
});
const prompts: string[] = [];
const executor = createExecutor({
  tools: [writeFile],
  sessionStore: store,
  cwd: '/repo',
  softLimits: { maxCallsPerTool: 1, perTool: { write_file: 1 }, similarityThreshold: false },
  session: createSession({ id: 'conv-1' }),
  approvals: {
    prompt: (request) => {
      prompts.push(request.toolCallId);
      return JSON.parse(answer!) as ApprovalResponse;
    },
  },
});
const events: ExecutorEvent[] = [];
const [result] = await executor.execute([{ id: callId!, name: 'write_file', input: { path: 'notes.md' } }], {
  onEvent: (event) => void events.push(event),
});
await store.close();
const approval = events.find((event) => event.type === 'tool_approval');
process.stdout.write(
  `${JSON.stringify({
    status: result!.status,
    content: result!.content,
    prompts,
    source: approval?.type === 'tool_approval' ? approval.source : undefined,
  })}\n`,
);
