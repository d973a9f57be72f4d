/**
 * Issue 14 (executor part) and issue 19's small API truths: without `permissions` the
 * executor decides with `createPermissionEngine()` (no rules), so the built-in floor applies
 * with zero configuration; one source of truth for the working directory; `allow-always`
 * without a rule store says the rule lives in memory only.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ExecutorEvent, ToolApprovalEvent } from './events';
import { createExecutor } from './executor';
import { call } from './test-support';
import { createRecordingPrompter } from './testing';

let ran = 0;
const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command (test double: records, never executes).',
  compactDescription: 'shell command',
  approval: 'allow', // even a tool that allows itself by default
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: () => {
    ran += 1;
    return 'ran';
  },
});
const readFile = defineTool({
  name: 'read_file',
  inputSchema: z.object({ path: z.string() }),
  description: 'Reads a file (test double: never touches the disk).',
  compactDescription: 'read a file',
  approval: 'allow',
  permissionSubject: ({ path }) => ({ kind: 'file', access: 'read', path }),
  execute: ({ path }) => `contents of ${path}`,
});

async function eventsOf(executor: ReturnType<typeof createExecutor>, calls: unknown[]) {
  const events: ExecutorEvent[] = [];
  const results = await executor.execute(calls as never, { onEvent: (event) => events.push(event) });
  return { results, events };
}

describe('the default permission engine', () => {
  it('denies a read of .env with zero configuration (shell subject: the built-in floor)', async () => {
    ran = 0;
    const executor = createExecutor({ tools: [bash] });
    const { results, events } = await eventsOf(executor, [call('a', 'bash', { command: 'cat .env' })]);
    expect(results[0]!.status).toBe('denied');
    expect(events.find((event) => event.type === 'tool_denied')).toMatchObject({ deniedBy: 'policy' });
    expect(results[0]!.content).toMatch(/built-in floor/);
    expect(ran).toBe(0);
  });

  it("a read of .env through a file tool gets exactly the default engine's decision", async () => {
    // The file-subject floor belongs to @dexter/permissions; the executor must defer to it.
    const engine = createPermissionEngine({ cwd: process.cwd() });
    const subject = { kind: 'file' as const, access: 'read' as const, path: '.env' };
    const expected = engine.decide({
      tool: 'read_file',
      input: { path: '.env' },
      subject,
      defaultBehavior: 'allow',
    });
    const executor = createExecutor({ tools: [readFile] });
    const { results } = await eventsOf(executor, [call('a', 'read_file', { path: '.env' })]);
    expect(results[0]!.status).toBe(expected.behavior === 'deny' ? 'denied' : 'ok');
    if (expected.behavior !== 'deny') {
      console.info(
        'note: the permission engine does not yet deny file-subject reads of .env (secret model pending)',
      );
    }
  });

  it("keeps each tool's own approval as the default: allow runs, ask prompts", async () => {
    const prompter = createRecordingPrompter(['allow-once']);
    const asks = defineTool({ ...readFile, name: 'edit', approval: 'ask' } as never);
    const executor = createExecutor({ tools: [readFile, asks], approvals: prompter });
    const results = await executor.execute([
      call('a', 'read_file', { path: 'notes.md' }),
      call('b', 'edit', { path: 'notes.md' }),
    ]);
    expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['b']);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok']);
  });
});

describe('one source of truth for the working directory', () => {
  it("without an executor cwd, requests carry none and the decider's own cwd applies", async () => {
    const seen: Array<string | undefined> = [];
    const executor = createExecutor({
      tools: [readFile],
      permissions: {
        decide(request) {
          seen.push(request.cwd);
          return { behavior: 'allow', reason: 'ok', sessionKey: 'k', cacheable: true };
        },
      },
    });
    await executor.execute([call('a', 'read_file', { path: 'x' })]);
    expect(seen).toEqual([undefined]);
  });

  it("an engine's own cwd decides path rules when the executor has none", async () => {
    const engine = createPermissionEngine({ cwd: '/repo', rules: { deny: ['ReadFile(secret/**)'] } });
    const executor = createExecutor({ tools: [readFile], permissions: engine });
    const results = await executor.execute([
      call('a', 'read_file', { path: '/repo/secret/a.txt' }),
      call('b', 'read_file', { path: '/repo/public/a.txt' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['denied', 'ok']);
  });

  it('an executor cwd is put on every request (and the default engine is made with it)', async () => {
    const seen: Array<string | undefined> = [];
    const executor = createExecutor({
      tools: [readFile],
      cwd: '/work/project',
      permissions: {
        decide(request) {
          seen.push(request.cwd);
          return { behavior: 'allow', reason: 'ok', sessionKey: 'k', cacheable: true };
        },
      },
    });
    await executor.execute([call('a', 'read_file', { path: 'x' })]);
    expect(seen).toEqual(['/work/project']);
  });
});

describe('allow-always without a rule store', () => {
  it('reports the rule as in memory only, not as persisted', async () => {
    const asks = defineTool({ ...readFile, name: 'edit', approval: 'ask' } as never);
    const executor = createExecutor({ tools: [asks], approvals: createRecordingPrompter(['allow-always']) });
    const { events } = await eventsOf(executor, [call('a', 'edit', { path: 'notes.md' })]);
    const approval = events.find((event): event is ToolApprovalEvent => event.type === 'tool_approval');
    expect(approval?.response.decision).toBe('allow-always');
    expect(approval?.persistedRules).toBeUndefined();
    expect(approval?.inMemoryRules?.length).toBeGreaterThan(0);
    // And the in-memory rule works: the next call is allowed without asking.
    const again = await executor.execute([call('b', 'edit', { path: 'notes.md' })]);
    expect(again[0]!.status).toBe('ok');
  });

  it('accepts `behavior` in place of `decision` in an answer', async () => {
    const asks = defineTool({ ...readFile, name: 'edit', approval: 'ask' } as never);
    const executor = createExecutor({
      tools: [asks],
      approvals: { prompt: () => ({ behavior: 'allow-once', message: 'fine' }) },
    });
    const [result] = await executor.execute([call('a', 'edit', { path: 'notes.md' })]);
    expect(result!.status).toBe('ok');
    expect(result!.notes).toEqual(['The user said: fine']);
  });
});
