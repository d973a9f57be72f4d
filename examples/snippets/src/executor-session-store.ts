// The executor's gate on a shared SessionStore, as quoted in docs/guides/outgrowing-one-process.md.
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string(), text: z.string() }),
  description: 'Writes a file.',
  compactDescription: 'Write a file',
  permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path }),
  execute: ({ path }) => `wrote ${path}`,
});

// #region gate
import {
  type ApprovalPrompter,
  createExecutor,
  createSession,
  type ExecutorCall,
  type SessionStore,
} from '@dexter/executor';

// In every process of the app, the same store: createPostgresSessionStore({ connectionString }).
export function createTurns(store: SessionStore, approvals: ApprovalPrompter) {
  const executor = createExecutor({
    tools: [writeFile],
    approvals, // answer { decision, actor: userId } to name the user in the audit trail
    sessionStore: store, // allow-session grants, the audit trail and soft-limit counts live here
    sessionGrantTtlMs: 8 * 3_600_000, // a grant holds for 8 hours at most
    cwd: '/srv/project',
  });
  // One session per conversation: its id keys the grants, the counts and the audit rows.
  return (conversationId: string, calls: ExecutorCall[]) =>
    executor.execute(calls, { session: createSession({ id: conversationId }) });
}
// #endregion gate
