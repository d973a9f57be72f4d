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
    // The same id again: refused as a duplicate, never run twice.
    expect((await bridge.run({ id: 'c2', name: 'bash', input: { command: 'git push' } })).status).toBe(
      'invalid_input',
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

  it('binds an approval to the exact call: another input under the same id never runs on it', async () => {
    const { bash, bridge, ran } = setup();
    expect(await bridge.needsApproval(bash, { command: 'git push origin staging' }, 'c1')).toBe(true);
    const swapped = await bridge.run({ id: 'c1', name: 'bash', input: { command: 'git push origin prod' } });
    expect(swapped.status).toBe('denied');
    expect(swapped.content).toMatch(/not the one the user approved/);
    expect(ran).toEqual([]);
  });

  it('keeps the step order across approvals: an allowed call after a waiting one waits, unless both are reads', async () => {
    const { bash } = setup();
    const read = defineTool({
      name: 'read',
      inputSchema: z.object({ path: z.string() }),
      description: 'Reads.',
      compactDescription: 'Read',
      concurrencySafe: true,
      approval: 'allow',
      execute: () => 'x',
    });
    const fetch = defineTool({ ...read, name: 'fetch', approval: 'ask' });
    const bridge = createFrameworkBridge({
      tools: [bash, read, fetch],
      cwd: '/project',
      permissions: createPermissionEngine({ cwd: '/project', rules: { allow: ['Bash(echo:*)'] } }),
    });
    const step = { key: {} };
    expect(await bridge.needsApproval(bash, { command: 'git push' }, 'a1', step)).toBe(true);
    expect(await bridge.needsApproval(read, { path: 'a' }, 'a2', step)).toBe(true);
    const reads = { key: {} };
    expect(await bridge.needsApproval(fetch, { path: 'a' }, 'b1', reads)).toBe(true);
    expect(await bridge.needsApproval(read, { path: 'a' }, 'b2', reads)).toBe(false);
    expect(await bridge.needsApproval(bash, { command: 'echo hi' }, 'b3', reads)).toBe(true);
    // What the framework's records say counts too (a continuation).
    expect(await bridge.needsApproval(read, { path: 'a' }, 'c1', { waitingBefore: ['bash'] })).toBe(true);
    expect(await bridge.needsApproval(read, { path: 'a' }, 'c2', { waitingBefore: ['fetch'] })).toBe(false);
  });

  it('refuses both calls of an id seen twice in one step, and an id it already ran', async () => {
    const { bash, bridge, ran } = setup();
    const step = { key: {} };
    expect(await bridge.needsApproval(bash, { command: 'echo one' }, 'd1', step)).toBe(false);
    expect(await bridge.needsApproval(bash, { command: 'echo two' }, 'd1', step)).toBe(false);
    const results = await Promise.all([
      bridge.run({ id: 'd1', name: 'bash', input: { command: 'echo one' } }),
      bridge.run({ id: 'd1', name: 'bash', input: { command: 'echo two' } }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['invalid_input', 'invalid_input']);
    expect(results[0]?.error?.issues?.[0]?.code).toBe('duplicate_call_id');
    expect((await bridge.run({ id: 'e1', name: 'bash', input: { command: 'echo x' } })).status).toBe('ok');
    expect((await bridge.run({ id: 'e1', name: 'bash', input: { command: 'echo x' } })).status).toBe(
      'invalid_input',
    );
    expect(ran).toEqual(['echo x']);
  });
  it('a call approved while an earlier call of its step has no answer ends cancelled, not run first', async () => {
    const { bridge, ran } = setup();
    const result = await bridge.run(
      { id: 'e2', name: 'bash', input: { command: 'echo later' } },
      { waitingBefore: ['bash'] },
    );
    expect(result.status).toBe('cancelled');
    expect(result.content).toMatch(/bash call of the same step that still waits/);
    expect(ran).toEqual([]);
    // Held back, it did not count as run: once the earlier call is answered it runs.
    expect((await bridge.run({ id: 'e2', name: 'bash', input: { command: 'echo later' } })).status).toBe(
      'ok',
    );
    expect(ran).toEqual(['echo later']);
  });
});
