/**
 * Integration with the real engine from `@dexter/permissions`: rules decide, the deny floor
 * holds even when the user approves an edited command, and "always allow" writes the
 * proposed rule into the engine (and so applies to later calls without a prompt).
 */
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createExecutor } from './executor';
import { createSession } from './session';
import { createRecordingPrompter } from './testing';

function bashTool(ran: string[]) {
  return defineTool({
    name: 'bash',
    inputSchema: z.object({ command: z.string() }),
    description: 'Runs a shell command (test double: records it instead).',
    compactDescription: 'Run a shell command',
    permissionSubject: ({ command }) => ({ kind: 'shell', command }),
    async execute({ command }) {
      ran.push(command);
      return `ran: ${command}`;
    },
  });
}

describe('with the real permission engine', () => {
  it('allows by rule, denies by rule and by the floor, asks otherwise', async () => {
    const ran: string[] = [];
    const prompter = createRecordingPrompter(['allow-once']);
    const executor = createExecutor({
      tools: [bashTool(ran)],
      permissions: createPermissionEngine({
        rules: { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] },
        cwd: '/repo',
      }),
      approvals: prompter,
      softLimits: false,
    });
    const results = await executor.execute([
      { id: 'a', name: 'bash', input: { command: 'git status' } },
      { id: 'b', name: 'bash', input: { command: 'rm -rf build' } },
      { id: 'c', name: 'bash', input: { command: 'cat .env' } },
      { id: 'd', name: 'bash', input: { command: 'npm test' } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied', 'denied', 'ok']);
    expect(ran).toEqual(['git status', 'npm test']);
    expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['d']);
    expect(prompter.requests[0]!.decision.behavior).toBe('ask');
  });

  it('re-decides an approved edit: the floor still denies it', async () => {
    const ran: string[] = [];
    const executor = createExecutor({
      tools: [bashTool(ran)],
      permissions: createPermissionEngine({ cwd: '/repo' }),
      approvals: createRecordingPrompter([
        { decision: 'allow-once', updatedInput: { command: 'cat ~/.ssh/id_rsa' } },
      ]),
    });
    const [result] = await executor.execute([{ id: 'a', name: 'bash', input: { command: 'npm test' } }]);
    expect(result!.status).toBe('denied');
    expect(ran).toEqual([]);
  });

  it('allow-always persists the proposed rule so the next matching call is allowed without asking', async () => {
    const ran: string[] = [];
    const engine = createPermissionEngine({ cwd: '/repo' });
    const prompter = createRecordingPrompter(['allow-always']);
    const executor = createExecutor({ tools: [bashTool(ran)], permissions: engine, approvals: prompter });
    await executor.execute([{ id: 'a', name: 'bash', input: { command: 'git log --oneline' } }]);
    const proposed = prompter.requests[0]!.decision.proposedRules ?? [];
    expect(proposed.length).toBeGreaterThan(0);
    // A fresh session: only the persisted rule can allow it now.
    const [again] = await executor.execute(
      [{ id: 'b', name: 'bash', input: { command: 'git log --oneline' } }],
      {
        session: createSession(),
      },
    );
    expect(again!.status).toBe('ok');
    expect(prompter.requests).toHaveLength(1);
    expect(ran).toEqual(['git log --oneline', 'git log --oneline']);
  });
});
