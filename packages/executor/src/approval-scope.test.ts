/**
 * What an approval request says each answer covers, with real requests through the real
 * engine: the session key and its scope in words, the rule "always" would save (none when an
 * ask rule decided the call), and a file subject's path normalized as the engine matches it.
 */
import { createPermissionEngine, requestMatchesRule } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApprovalRequest } from './approval';
import { createExecutor } from './executor';
import { createSession } from './session';
import { formatApprovalRequest } from './terminal/approval-view';
import { createRecordingPrompter, createStaticDecider } from './testing';

const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string(), content: z.string() }),
  description: 'Writes a file (test double: records it instead).',
  compactDescription: 'Write a file',
  permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path }),
  async execute({ path }) {
    return `wrote ${path}`;
  },
});

const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command (test double: records it instead).',
  compactDescription: 'Run a shell command',
  permissionSubject: ({ command }) => ({ kind: 'shell', command, cwd: '/repo' }),
  async execute({ command }) {
    return `ran: ${command}`;
  },
});

async function askedFor(
  calls: { name: string; input: unknown }[],
  rules: { allow?: string[]; ask?: string[] } = {},
): Promise<ApprovalRequest[]> {
  const prompter = createRecordingPrompter([], { fallback: 'allow-once' });
  const executor = createExecutor({
    tools: [writeFile, bash],
    permissions: createPermissionEngine({ cwd: '/repo', rules }),
    approvals: prompter,
    cwd: '/repo',
    softLimits: false,
  });
  await executor.execute(calls.map((call, index) => ({ id: `c${index}`, ...call })));
  return prompter.requests;
}

describe('approval requests say what each answer covers', () => {
  it('a file write: every write for the session, the exact file for always, the normalized path', async () => {
    const [request] = await askedFor([
      { name: 'write_file', input: { path: 'src/../package.json', content: '{}' } },
    ]);
    expect(request!.scope).toEqual({
      sessionKey: 'file-write',
      session: 'every file write inside the project, for this session',
      alwaysRules: ['write_file(./package.json)'],
    });
    expect(request!.file).toEqual({
      raw: 'src/../package.json',
      access: 'write',
      absolute: '/repo/package.json',
      relative: 'package.json',
    });
    // A naive `startsWith('src/')` would approve it; the engine's own matching does not.
    const asked = {
      tool: request!.tool,
      input: request!.input,
      subject: request!.subject!,
    };
    expect(requestMatchesRule(asked, 'Write(src/**)', { cwd: '/repo' })).toBe(false);
    expect(requestMatchesRule(asked, 'Write(package.json)', { cwd: '/repo' })).toBe(true);
    const view = formatApprovalRequest(request!);
    expect(view).toContain('writes:   src/../package.json');
    expect(view).toContain('resolved: package.json (/repo/package.json)');
    expect(view).toContain('session:  covers every file write inside the project, for this session');
    expect(view).toContain('always:   saves write_file(./package.json)');
  });

  it('`./src/b.ts` is `src/b.ts`, and falls under `Write(src/**)`', async () => {
    const [request] = await askedFor([{ name: 'write_file', input: { path: './src/b.ts', content: '' } }]);
    expect(request!.file?.relative).toBe('src/b.ts');
    const asked = { tool: request!.tool, input: request!.input, subject: request!.subject! };
    expect(requestMatchesRule(asked, 'Write(src/**)', { cwd: '/repo' })).toBe(true);
  });

  it('a bash command: this exact command in its directory, and the rule always saves', async () => {
    const [request] = await askedFor([{ name: 'bash', input: { command: 'npm  run build' } }]);
    expect(request!.scope?.sessionKey).toBe('bash:/repo\u0000npm run build');
    expect(request!.scope?.session).toBe('this exact command (npm run build) in /repo, for this session');
    expect(request!.scope?.alwaysRules).toEqual(request!.decision.proposedRules);
    expect(request!.scope?.alwaysRules.length).toBeGreaterThan(0);
    expect(request!.file).toBeUndefined();
    const view = formatApprovalRequest(request!);
    expect(view).toContain('session:  covers this exact command (npm run build) in /repo');
    expect(view).toContain(`always:   saves ${request!.scope!.alwaysRules.join(', ')}`);
  });

  it('an ask rule decided the call: always proposes nothing, and saves nothing', async () => {
    const rules = { ask: ['Write(src/**)'] };
    const [request] = await askedFor(
      [{ name: 'write_file', input: { path: 'src/a.ts', content: '' } }],
      rules,
    );
    expect(request!.decision.matchedRule).toBe('Write(src/**)');
    expect(request!.scope?.alwaysRules).toEqual([]);
    expect(request!.proposedRule).toBeUndefined();
    expect(formatApprovalRequest(request!)).toContain('always:   no rule proposed');

    const engine = createPermissionEngine({ cwd: '/repo', rules });
    const saved: string[] = [];
    const permissions = {
      decide: engine.decide,
      async persistAllowRule(rule: string) {
        saved.push(rule);
        await engine.persistAllowRule(rule);
      },
    };
    const prompter = createRecordingPrompter(['allow-always', 'allow-once']);
    const executor = createExecutor({ tools: [writeFile], permissions, approvals: prompter, cwd: '/repo' });
    const call = { id: 'a', name: 'write_file', input: { path: 'src/a.ts', content: '' } };
    const [first] = await executor.execute([call]);
    expect(first!.status).toBe('ok');
    expect(saved).toEqual([]);
    // A fresh session is asked again.
    await executor.execute([{ ...call, id: 'b' }], { session: createSession() });
    expect(prompter.requests.map((asked) => asked.toolCallId)).toEqual(['a', 'b']);
  });

  it('a decider that proposes a rule an ask rule would shadow: the request shows none', async () => {
    const prompter = createRecordingPrompter([], { fallback: 'allow-once' });
    const permissions = createStaticDecider({
      bash: {
        behavior: 'ask',
        matchedRule: 'Bash(git push:*)',
        proposedRules: ['Bash(git push:*)'],
        sessionKey: 'bash:/repo\u0000git push',
      },
    });
    const executor = createExecutor({ tools: [bash], permissions, approvals: prompter, cwd: '/repo' });
    await executor.execute([{ id: 'p', name: 'bash', input: { command: 'git push' } }]);
    const [request] = prompter.requests;
    expect(request!.decision.proposedRules).toEqual(['Bash(git push:*)']);
    expect(request!.proposedRule).toBeUndefined();
    expect(request!.scope?.alwaysRules).toEqual([]);
  });

  it('a call that is not cacheable: session covers only this call', async () => {
    const [request] = await askedFor([{ name: 'bash', input: { command: 'eval "$X"' } }]);
    expect(request!.decision.cacheable).toBe(false);
    expect(request!.scope?.session).toBe('only this call');
  });
});

describe('request.file is resolved where the decider resolves it', () => {
  async function fileOf(options: { engineCwd?: string; executorCwd?: string; defaultEngine?: boolean }) {
    const prompter = createRecordingPrompter([], { fallback: 'deny' });
    const executor = createExecutor({
      tools: [writeFile],
      ...(options.defaultEngine
        ? {}
        : { permissions: createPermissionEngine(options.engineCwd ? { cwd: options.engineCwd } : {}) }),
      ...(options.executorCwd ? { cwd: options.executorCwd } : {}),
      approvals: prompter,
      softLimits: false,
    });
    await executor.execute([{ id: 'w', name: 'write_file', input: { path: './src/a.ts', content: '' } }]);
    return prompter.requests[0]!.file;
  }

  it("uses the engine's own cwd when the executor has none", async () => {
    expect(await fileOf({ engineCwd: '/work/app' })).toMatchObject({
      raw: './src/a.ts',
      relative: 'src/a.ts',
      absolute: '/work/app/src/a.ts',
    });
  });

  it("uses the default engine's cwd (process.cwd())", async () => {
    expect((await fileOf({ defaultEngine: true }))?.absolute).toBe(`${process.cwd()}/src/a.ts`);
  });

  it("the executor's cwd wins, as it does for the decision", async () => {
    expect((await fileOf({ engineCwd: '/work/app', executorCwd: '/srv/x' }))?.absolute).toBe(
      '/srv/x/src/a.ts',
    );
  });
});

describe('a session answer for one file write', () => {
  it('grants later writes inside the project, and asks again for one outside it', async () => {
    const prompter = createRecordingPrompter(['allow-session', 'allow-session'], { fallback: 'deny' });
    const executor = createExecutor({
      tools: [writeFile],
      permissions: createPermissionEngine({ cwd: '/repo' }),
      approvals: prompter,
      softLimits: false,
    });
    const results = await executor.execute(
      ['src/a.ts', 'src/b.ts', '/etc/hosts', '../elsewhere/x'].map((path, index) => ({
        id: `w${index}`,
        name: 'write_file',
        input: { path, content: '' },
      })),
    );
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok', 'ok', 'denied']);
    // Asked for src/a.ts, then for each write outside /repo; src/b.ts came under the grant.
    expect(prompter.requests.map((request) => [request.file?.raw, request.scope?.session])).toEqual([
      ['src/a.ts', 'every file write inside the project, for this session'],
      ['/etc/hosts', 'only this call'],
      ['../elsewhere/x', 'only this call'],
    ]);
  });
});
