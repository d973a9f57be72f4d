/**
 * `tool_start` and `tool_denied` carry the permission decision behind them, so an observer
 * (telemetry, an audit log) can say which rule or floor check let a call run or stopped it.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ExecutorEvent } from './events';
import { createExecutor } from './index';

const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command (test double: echoes it).',
  compactDescription: 'Run a shell command',
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: async ({ command }) => command,
});

async function eventsOf(command: string, approvals?: 'allow-once' | 'deny'): Promise<ExecutorEvent[]> {
  const events: ExecutorEvent[] = [];
  const executor = createExecutor({
    tools: [bash],
    permissions: createPermissionEngine({ rules: { allow: ['Bash(echo:*)'], deny: ['Bash(rm:*)'] } }),
    ...(approvals === undefined ? {} : { approvals: { prompt: async () => approvals } }),
  });
  await executor.execute([{ id: 'c1', name: 'bash', input: { command } }], {
    onEvent: (event) => events.push(event),
  });
  return events;
}

describe('the decision on events', () => {
  it('tool_start carries the allow and the rule that decided', async () => {
    const start = (await eventsOf('echo hi')).find((event) => event.type === 'tool_start');
    expect(start?.type === 'tool_start' && start.decision).toMatchObject({
      behavior: 'allow',
      matchedRule: 'Bash(echo:*)',
    });
  });

  it('tool_start after an approval carries the ask that was answered', async () => {
    const start = (await eventsOf('ls', 'allow-once')).find((event) => event.type === 'tool_start');
    expect(start?.type === 'tool_start' && start.decision?.behavior).toBe('ask');
  });

  it('tool_denied carries the floor check or the deny rule', async () => {
    const floor = (await eventsOf('cat .env')).find((event) => event.type === 'tool_denied');
    expect(floor?.type === 'tool_denied' && floor.decision?.matchedRule).toBe('builtin:secret-read');
    const rule = (await eventsOf('rm -rf x')).find((event) => event.type === 'tool_denied');
    expect(rule?.type === 'tool_denied' && rule.decision?.matchedRule).toBe('Bash(rm:*)');
    const user = (await eventsOf('ls', 'deny')).find((event) => event.type === 'tool_denied');
    expect(user).toMatchObject({ deniedBy: 'user', decision: { behavior: 'ask' } });
  });
});

describe('tool_end', () => {
  it('carries the output, so an observer need not wait for the in-order tool_result', async () => {
    const end = (await eventsOf('echo hi')).find((event) => event.type === 'tool_end');
    expect(end?.type === 'tool_end' && end.output).toBe('echo hi');
  });
});
