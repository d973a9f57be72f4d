/**
 * One model turn with the webhook prompter: a read (auto-approved), a Markdown write (the
 * webhook approves) and a workflow write (the webhook denies).
 *
 *   pnpm --filter @dexter-examples/custom-approval start [WORKSPACE_DIR]
 *
 * With APPROVAL_WEBHOOK_URL set, requests go to that URL; otherwise a local stand-in
 * service with the "Markdown only" policy answers them.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { markdownOnly, startApprovalService } from './approval-service';
import { createWorkspaceTools } from './tools';
import { createWebhookPrompter } from './webhook-prompter';

const workspace = process.argv[2] ?? (await mkdtemp(join(tmpdir(), 'dexter-approval-')));
const service = process.env.APPROVAL_WEBHOOK_URL ? undefined : await startApprovalService(markdownOnly);

try {
  const executor = createExecutor({
    tools: createWorkspaceTools(workspace),
    permissions: createPermissionEngine({ rules: { deny: ['Bash(rm:*)'] }, cwd: workspace }),
    approvals: createWebhookPrompter({ url: process.env.APPROVAL_WEBHOOK_URL ?? service?.url ?? '' }),
  });
  const results = await executor.execute([
    { id: 'call_1', name: 'bash', input: { command: 'ls -la' } },
    { id: 'call_2', name: 'write_file', input: { path: 'notes/report.md', content: '# Findings\n' } },
    {
      id: 'call_3',
      name: 'write_file',
      input: { path: '.github/workflows/deploy.yml', content: 'on: push\n' },
    },
  ]);
  for (const result of results) {
    console.log(`${result.toolCallId} ${result.name} ${result.status}: ${result.content.split('\n')[0]}`);
  }
} finally {
  await service?.close();
}
