import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFrameworkBridge } from './framework-bridge';

function setup() {
  const ran: string[] = [];
  const bash = defineTool({
    name: 'bash',
    inputSchema: z.object({ command: z.string() }),
    description: 'Runs a shell command.',
    compactDescription: 'Run a shell command',
    permissionSubject: ({ command }) => ({ kind: 'shell', command }),
    execute: ({ command }) => {
      ran.push(command);
      return command;
    },
  });
  const bridge = createFrameworkBridge({
    tools: [bash],
    cwd: '/project',
    permissions: createPermissionEngine({ cwd: '/project', rules: { allow: ['Bash(echo:*)'] } }),
  });
  return { bash, bridge, ran };
}

describe('createFrameworkBridge', () => {
  it('asks the framework only when the engine asks', async () => {
    const { bash, bridge } = setup();
    expect(await bridge.needsApproval(bash, { command: 'echo hi' }, 'c1')).toBe(false);
    expect(await bridge.needsApproval(bash, { command: 'git push' }, 'c2')).toBe(true);
    expect(await bridge.needsApproval(bash, { command: 'cat .env' }, 'c3')).toBe(false);
  });

  it('runs an ask only for a call put to the user, once; denies any other ask', async () => {
    const { bash, bridge, ran } = setup();
    expect((await bridge.run({ id: 'c1', name: 'bash', input: { command: 'git push' } })).status).toBe(
      'denied',
    );
    expect(await bridge.needsApproval(bash, { command: 'git push' }, 'c2')).toBe(true);
    expect((await bridge.run({ id: 'c2', name: 'bash', input: { command: 'git push' } })).status).toBe('ok');
    expect((await bridge.run({ id: 'c2', name: 'bash', input: { command: 'git push' } })).status).toBe(
      'denied',
    );
    expect(ran).toEqual(['git push']);
  });

  it('denies what the floor denies even after the framework approved', async () => {
    const { bash, bridge, ran } = setup();
    await bridge.needsApproval(bash, { command: 'cat .env' }, 'c1');
    expect((await bridge.run({ id: 'c1', name: 'bash', input: { command: 'cat .env' } })).status).toBe(
      'denied',
    );
    expect(ran).toEqual([]);
  });
});
