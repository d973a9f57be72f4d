import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command in the project directory.',
  compactDescription: 'Run a shell command',
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: async ({ command }, { signal }) =>
    (await promisify(execFile)('bash', ['-c', command], { signal })).stdout,
});

const executor = createExecutor({
  tools: [bash],
  permissions: createPermissionEngine({
    rules: { allow: ['Bash(echo:*)', 'Bash(git status:*)'], deny: ['Bash(rm:*)'] },
  }),
  // approvals: your UI here (ApprovalPrompter); without one, "ask" means deny.
});

// The calls of one model turn, as parsed by an adapter:
export const results = await executor.execute([
  { id: 'call_1', name: 'bash', input: { command: 'echo hello' } }, // allowed by a rule
  { id: 'call_2', name: 'bash', input: { command: 'rm -rf build' } }, // denied by a rule
  { id: 'call_3', name: 'bash', input: { command: 'cat .env' } }, // denied by the built-in floor
]);
for (const result of results) console.log(result.toolCallId, result.status, result.content);
