import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExecutor, type ExecutorEvent } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApprovalService, markdownOnly, startApprovalService } from './approval-service';
import { createWorkspaceTools } from './tools';
import { createWebhookPrompter, type WebhookPrompterOptions } from './webhook-prompter';

let workspace: string;
let service: ApprovalService | undefined;

beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'dexter-custom-approval-'));
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await rm(workspace, { recursive: true, force: true });
});

function executorWith(prompter: WebhookPrompterOptions) {
  return createExecutor({
    tools: createWorkspaceTools(workspace),
    permissions: createPermissionEngine({ rules: { deny: ['Bash(rm:*)'] }, cwd: workspace }),
    approvals: createWebhookPrompter(prompter),
  });
}

const writeReport = {
  id: 'call_report',
  name: 'write_file',
  input: { path: 'report.md', content: '# Report\n' },
};
const writeWorkflow = {
  id: 'call_workflow',
  name: 'write_file',
  input: { path: '.github/workflows/deploy.yml', content: 'on: push\n' },
};

describe('webhook approval prompter', () => {
  it('auto-approves a read, and lets the webhook approve one write and deny another', async () => {
    service = await startApprovalService(markdownOnly);
    const events: ExecutorEvent[] = [];
    const results = await executorWith({ url: service.url }).execute(
      [{ id: 'call_ls', name: 'bash', input: { command: 'ls -a' } }, writeReport, writeWorkflow],
      { onEvent: (event) => events.push(event) },
    );

    expect(results.map((result) => [result.toolCallId, result.status])).toEqual([
      ['call_ls', 'ok'],
      ['call_report', 'ok'],
      ['call_workflow', 'denied'],
    ]);
    // The read never went to the webhook; both writes did, with what the engine concluded.
    expect(service.received.map((request) => [request.toolCallId, request.classification])).toEqual([
      ['call_report', 'mutating'],
      ['call_workflow', 'mutating'],
    ]);
    expect(service.received[1]?.subject).toEqual({
      kind: 'file',
      access: 'write',
      path: '.github/workflows/deploy.yml',
    });
    expect(await readFile(join(workspace, 'report.md'), 'utf8')).toBe('# Report\n');
    expect(existsSync(join(workspace, '.github'))).toBe(false);
    expect(results[1]?.notes).toEqual(['The user said: Approved by the docs policy.']);
    expect(results[2]?.content).toContain('Only Markdown files may be written');
    expect(events.filter((event) => event.type === 'tool_denied').map((event) => event.deniedBy)).toEqual([
      'user',
    ]);
  });

  it.each([
    ['an HTTP 503', () => startApprovalService(() => ({ status: 503 })), /HTTP 503/],
    [
      'a body without "approved"',
      () => startApprovalService(() => ({}) as { approved: boolean }),
      /no "approved"/,
    ],
  ])('denies when the webhook answers %s', async (_label, start, why) => {
    service = await start();
    const [result] = await executorWith({ url: service.url }).execute([writeReport]);
    expect(result?.status).toBe('denied');
    expect(result?.content).toMatch(why);
    expect(service.received).toHaveLength(1);
    expect(existsSync(join(workspace, 'report.md'))).toBe(false);
  });

  it('denies when nothing listens at the URL', async () => {
    const closed = await startApprovalService(markdownOnly);
    await closed.close();
    const [result] = await executorWith({ url: closed.url }).execute([writeReport]);
    expect(result?.status).toBe('denied');
    expect(result?.content).toMatch(/approval webhook failed/);
    expect(existsSync(join(workspace, 'report.md'))).toBe(false);
  });

  it('denies when the webhook does not answer in time', async () => {
    const neverAnswers: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const [result] = await executorWith({
      url: 'http://approvals.invalid/',
      timeoutMs: 20,
      fetch: neverAnswers,
    }).execute([writeReport]);
    expect(result?.status).toBe('denied');
    expect(result?.content).toMatch(/approval webhook failed/);
  });

  it('is never asked about calls the engine denies', async () => {
    service = await startApprovalService(() => ({ approved: true }));
    const results = await executorWith({ url: service.url }).execute([
      { id: 'call_rm', name: 'bash', input: { command: 'rm -rf notes' } },
      { id: 'call_env', name: 'bash', input: { command: 'cat .env' } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['denied', 'denied']);
    expect(service.received).toEqual([]);
  });

  it('cancels the call when the run is aborted while the webhook is pending', async () => {
    const controller = new AbortController();
    const pending: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        // The user presses stop once the request is out.
        setImmediate(() => controller.abort(new Error('user pressed stop')));
      });
    const [result] = await executorWith({ url: 'http://approvals.invalid/', fetch: pending }).execute(
      [writeReport],
      {
        signal: controller.signal,
      },
    );
    expect(result?.status).toBe('cancelled');
    expect(existsSync(join(workspace, 'report.md'))).toBe(false);
  });
});
