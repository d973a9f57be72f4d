/**
 * A subject that throws `UnplacedSubjectError` (an MCP path whose server roots are unknown):
 * the call is decided without a subject and asks at best — a rule naming the tool cannot
 * allow it, a deny rule still denies, a person may approve this one call. Any other throw
 * still denies.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createExecutor } from './executor';
import { createRecordingPrompter } from './testing';
import { UnplacedSubjectError } from './unplaced-subject';

function readTool(ran: string[], approval: 'allow' | 'ask' = 'ask') {
  return defineTool({
    name: 'mcp__fs__read_text_file',
    inputSchema: z.object({ path: z.string() }),
    description: 'Reads a file on an MCP server.',
    compactDescription: 'Read',
    approval,
    permissionSubject: ({ path }) => {
      if (path.startsWith('/')) return { kind: 'file', access: 'read', path };
      if (path === 'boom') throw new Error('mapper failed');
      throw new UnplacedSubjectError(`the path "${path}" is relative and the server's roots are unknown`);
    },
    execute: ({ path }) => {
      ran.push(path);
      return `read ${path}`;
    },
  });
}

describe('UnplacedSubjectError', () => {
  it('a rule naming the tool does not allow an unplaced call: it asks; a deny rule denies', async () => {
    const ran: string[] = [];
    const prompter = createRecordingPrompter(['deny', 'allow-once', 'allow-always']);
    const engine = createPermissionEngine({
      cwd: '/repo',
      rules: { allow: ['mcp__fs__read_text_file'] },
    });
    const executor = createExecutor({ tools: [readTool(ran)], permissions: engine, approvals: prompter });
    const results = await executor.execute([
      { id: 'placed', name: 'mcp__fs__read_text_file', input: { path: '/srv/a.md' } },
      { id: 'u1', name: 'mcp__fs__read_text_file', input: { path: 'notes/a.md' } },
      { id: 'u2', name: 'mcp__fs__read_text_file', input: { path: 'notes/b.md' } },
      { id: 'u3', name: 'mcp__fs__read_text_file', input: { path: 'notes/c.md' } },
      { id: 'u4', name: 'mcp__fs__read_text_file', input: { path: 'notes/d.md' } },
      { id: 'boom', name: 'mcp__fs__read_text_file', input: { path: 'boom' } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied', 'ok', 'ok', 'denied', 'denied']);
    expect(ran).toEqual(['/srv/a.md', 'notes/b.md', 'notes/c.md']);
    // Only the unplaced calls were asked about, each on its own: "always" saved nothing
    // (u4 asked again), and the reason says why no rule could allow it.
    expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['u1', 'u2', 'u3', 'u4']);
    const request = prompter.requests[0]!;
    expect(request.decision).toMatchObject({ behavior: 'ask', cacheable: false });
    expect(request.decision.reason).toMatch(/could not work out where the call lands.*roots are unknown/);
    expect(request.decision.proposedRules).toBeUndefined();
    expect(request.scope?.alwaysRules ?? []).toEqual([]);
    expect(results[4]!.content).toMatch(/approv|prompt|denied/i);
    expect(results[5]!.content).toMatch(/mapper failed/);

    const denying = createExecutor({
      tools: [readTool(ran)],
      permissions: createPermissionEngine({ cwd: '/repo', rules: { deny: ['mcp__fs__read_text_file'] } }),
      approvals: createRecordingPrompter(['allow-once']),
    });
    const [denied] = await denying.execute([
      { id: 'd', name: 'mcp__fs__read_text_file', input: { path: 'notes/a.md' } },
    ]);
    expect(denied!.status).toBe('denied');
    expect(ran).toHaveLength(3);
  });

  it("a host's own decider that allows everything still asks for an unplaced call", async () => {
    const ran: string[] = [];
    const prompter = createRecordingPrompter(['allow-once']);
    const executor = createExecutor({
      tools: [readTool(ran, 'allow')],
      permissions: {
        decide: () => ({ behavior: 'allow', reason: 'host allows all', sessionKey: 'all', cacheable: true }),
      },
      approvals: prompter,
    });
    const results = await executor.execute([
      { id: 'a', name: 'mcp__fs__read_text_file', input: { path: '/srv/a.md' } },
      { id: 'b', name: 'mcp__fs__read_text_file', input: { path: 'b.md' } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok']);
    expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['b']);
    expect(prompter.requests[0]!.decision.reason).toMatch(/host allows all/);
  });
});
