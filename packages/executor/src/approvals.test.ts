import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from './approval';
import type { ExecutorEvent } from './events';
import { createExecutor } from './executor';
import { createSession } from './session';
import { call, deferred, readTool, turns, turnsToSettle, writeTool } from './test-support';
import { collectEvents, createRecordingPrompter, createStaticDecider } from './testing';

const askWrite = (name = 'write', execute?: Parameters<typeof writeTool>[1]) =>
  writeTool(name, execute, {
    approval: 'ask',
    permissionSubject: (input: { path: string }) => ({ kind: 'file', access: 'write', path: input.path }),
  });

describe('approvals', () => {
  it('fails closed without a prompter: "ask" becomes a denial with a clear reason', async () => {
    let ran = false;
    const executor = createExecutor({ tools: [askWrite('write', async () => (ran = true))] });
    const events = await collectEvents(executor.stream([call('a', 'write', { path: 'x' })]));
    const denied = events.find((event) => event.type === 'tool_denied');
    expect(denied).toMatchObject({ deniedBy: 'no_prompter', interrupt: false });
    const result = (await executor.execute([call('b', 'write', { path: 'x' })]))[0]!;
    expect(result.status).toBe('denied');
    expect(result.content).toMatch(/needs the user's approval .* no approval prompter is configured/);
    expect(ran).toBe(false);
  });

  it("without `permissions`, the default engine lets each tool's own policy decide: 'allow' runs, 'ask' prompts", async () => {
    const prompter = createRecordingPrompter(['allow-once']);
    const executor = createExecutor({ tools: [readTool('read'), askWrite()], approvals: prompter });
    const results = await executor.execute([
      call('r', 'read', { q: 'x' }),
      call('w', 'write', { path: 'f' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok']);
    expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['w']);
    expect(prompter.requests[0]).toMatchObject({
      tool: 'write',
      input: { path: 'f' },
      subject: { kind: 'file', access: 'write', path: 'f' },
      // The default engine's key: file writes share one session grant.
      decision: { behavior: 'ask', sessionKey: 'file-write' },
    });
  });

  it('builds the permission request from the tool and never prompts for deny or allow', async () => {
    const permissions = createStaticDecider({
      read: 'allow',
      write: { behavior: 'deny', reason: 'writes are off' },
    });
    const prompter = createRecordingPrompter([]);
    const executor = createExecutor({
      tools: [readTool('read'), askWrite()],
      permissions,
      approvals: prompter,
      cwd: '/repo',
    });
    const results = await executor.execute([
      call('r', 'read', { q: 'x' }),
      call('w', 'write', { path: 'f' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied']);
    expect(results[1]!.content).toBe('Permission denied: writes are off');
    expect(prompter.requests).toHaveLength(0);
    expect(permissions.requests[1]).toEqual({
      tool: 'write',
      input: { path: 'f' },
      cwd: '/repo',
      subject: { kind: 'file', access: 'write', path: 'f' },
      defaultBehavior: 'ask',
    });
    expect(permissions.requests[0]!.defaultBehavior).toBe('allow');
  });

  it('denies when the decider throws or answers garbage', async () => {
    const tools = [readTool('read')];
    const throwing = createExecutor({
      tools,
      permissions: { decide: () => Promise.reject(new Error('rules file unreadable')) },
    });
    const garbage = createExecutor({ tools, permissions: { decide: () => ({ behavior: 'yes' }) as never } });
    const [a] = await throwing.execute([call('a', 'read', { q: 'x' })]);
    const [b] = await garbage.execute([call('b', 'read', { q: 'x' })]);
    expect(a).toMatchObject({ status: 'denied' });
    expect(a!.content).toMatch(/permission check failed \(rules file unreadable\)/);
    expect(b!.status).toBe('denied');
  });

  it('treats a throwing or garbage-returning prompter as deny', async () => {
    const prompter = createRecordingPrompter([
      () => {
        throw new Error('terminal closed');
      },
      () => ({ decision: 'sure!' }),
      () => 42,
      'allow-once',
    ]);
    const executor = createExecutor({ tools: [askWrite()], approvals: prompter });
    const events: ExecutorEvent[] = [];
    const results = await executor.execute(
      ['a', 'b', 'c', 'd'].map((id) => call(id, 'write', { path: id })),
      { onEvent: (event) => events.push(event) },
    );
    expect(results.map((result) => result.status)).toEqual(['denied', 'denied', 'denied', 'ok']);
    expect(results[0]!.content).toMatch(/approval prompt failed \(terminal closed\)/);
    expect(results[1]!.content).toMatch(/could not read/);
    expect(events.filter((event) => event.type === 'tool_denied').map((event) => event.deniedBy)).toEqual([
      'prompter_failed',
      'prompter_failed',
      'prompter_failed',
    ]);
  });

  it('property: prompts are never open two at a time, across batches and concurrent runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ safe: fc.boolean(), delay: fc.nat(3), answer: fc.constantFrom('allow-once', 'deny') }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        fc.integer({ min: 1, max: 3 }),
        async (specs, runs) => {
          const prompter = createRecordingPrompter([], {
            fallback: async (request: ApprovalRequest) => {
              const spec =
                specs[
                  Number(
                    (request.input as { q?: string; path?: string }).q ??
                      (request.input as { path: string }).path,
                  )
                ]!;
              await turns(spec.delay);
              return spec.answer;
            },
          });
          const executor = createExecutor({
            tools: [readTool('read', undefined, { approval: 'ask' }), askWrite()],
            approvals: prompter,
            maxConcurrency: 4,
            softLimits: false,
          });
          const calls = specs.map((spec, index) =>
            spec.safe
              ? call(`c${index}`, 'read', { q: `${index}` })
              : call(`c${index}`, 'write', { path: `${index}` }),
          );
          const all = await Promise.all(Array.from({ length: runs }, () => executor.execute(calls)));
          expect(prompter.maxOpen).toBe(1);
          expect(prompter.requests).toHaveLength(specs.length * runs);
          for (const results of all) {
            expect(results.map((result) => result.status)).toEqual(
              specs.map((spec) => (spec.answer === 'deny' ? 'denied' : 'ok')),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('cancels (not denies) a call whose prompt is open when the run is aborted', async () => {
    const opened = deferred<ApprovalRequest>();
    const prompter = createRecordingPrompter([
      (request: ApprovalRequest) => {
        opened.resolve(request);
        return new Promise(() => {}); // the UI never answers
      },
    ]);
    const executor = createExecutor({ tools: [askWrite(), readTool('read')], approvals: prompter });
    const controller = new AbortController();
    const done = executor.execute([call('a', 'write', { path: 'x' }), call('b', 'read', { q: 'y' })], {
      signal: controller.signal,
    });
    const request = await opened.promise;
    controller.abort();
    expect(request.signal.aborted).toBe(true); // the UI is told to close the prompt
    expect(await turnsToSettle(done, 2)).toBeDefined();
    const results = await done;
    expect(results.map((result) => result.status)).toEqual(['cancelled', 'cancelled']);
    expect(results[0]!.content).toMatch(/waiting for approval/);
  });

  it('caches allow-session grants under the decision’s sessionKey, only when cacheable', async () => {
    const permissions = createStaticDecider({
      write: { behavior: 'ask', sessionKey: 'file-writes' },
      bash: { behavior: 'ask', sessionKey: 'bash:opaque', cacheable: false },
    });
    const prompter = createRecordingPrompter(['allow-session', 'allow-session'], { fallback: 'allow-once' });
    const executor = createExecutor({
      tools: [askWrite(), askWrite('bash')],
      permissions,
      approvals: prompter,
    });
    const events: ExecutorEvent[] = [];
    await executor.execute([call('a', 'write', { path: 'x' }), call('b', 'bash', { path: 'y' })]);
    await executor.execute([call('c', 'write', { path: 'z' }), call('d', 'bash', { path: 'w' })], {
      onEvent: (event) => events.push(event),
    });
    // 'write' was asked once; the non-cacheable 'bash' was asked both times.
    expect(prompter.requests.map((request) => request.toolCallId)).toEqual(['a', 'b', 'd']);
    expect(executor.session.grants()).toEqual(['file-writes']);
    expect(events.find((event) => event.type === 'tool_approval' && event.toolCallId === 'c')).toMatchObject({
      source: 'session',
    });
    // A different session does not see the grant.
    await executor.execute([call('e', 'write', { path: 'q' })], { session: createSession() });
    expect(prompter.requests.at(-1)!.toolCallId).toBe('e');
  });

  it('allow-always persists the proposed rules and grants the session', async () => {
    const permissions = createStaticDecider({
      bash: { behavior: 'ask', sessionKey: 'bash:git status', proposedRules: ['Bash(git status:*)'] },
    });
    const prompter = createRecordingPrompter(['allow-always']);
    const executor = createExecutor({ tools: [askWrite('bash')], permissions, approvals: prompter });
    const events = await collectEvents(executor.stream([call('a', 'bash', { path: 'git status' })]));
    expect(permissions.persisted).toEqual(['Bash(git status:*)']);
    expect(executor.session.isGranted('bash:git status')).toBe(true);
    expect(events.find((event) => event.type === 'tool_approval')).toMatchObject({
      persistedRules: ['Bash(git status:*)'],
    });
    expect(prompter.requests[0]!.proposedRule).toBe('Bash(git status:*)');
  });

  it('allow-always still runs (session-only) when persisting fails, and says so in the event', async () => {
    const permissions = createStaticDecider(
      { bash: { behavior: 'ask', proposedRules: ['Bash(ls:*)'] } },
      { persistError: new Error('settings file locked') },
    );
    const executor = createExecutor({
      tools: [askWrite('bash')],
      permissions,
      approvals: createRecordingPrompter(['allow-always']),
    });
    const events = await collectEvents(executor.stream([call('a', 'bash', { path: 'ls' })]));
    expect(events.find((event) => event.type === 'tool_approval')).toMatchObject({
      persistError: 'settings file locked',
    });
    expect(events.at(-1)).toMatchObject({ type: 'tool_result', result: { status: 'ok' } });
  });

  it('runs an approved edit after re-validating and re-deciding it', async () => {
    const ran: unknown[] = [];
    const permissions = createStaticDecider({ write: 'ask' });
    const decideOriginal = permissions.decide.bind(permissions);
    const guarded = {
      ...permissions,
      decide: (request: Parameters<typeof permissions.decide>[0]) =>
        (request.input as { path: string }).path.startsWith('/etc')
          ? {
              behavior: 'deny' as const,
              reason: 'system files are off limits',
              sessionKey: 'k',
              cacheable: false,
            }
          : decideOriginal(request),
    };
    const prompter = createRecordingPrompter([
      { decision: 'allow-once', updatedInput: { path: 'safe.txt' }, message: 'renamed it' },
      { decision: 'allow-once', updatedInput: { path: 7 } },
      { decision: 'allow-once', updatedInput: { path: '/etc/passwd' } },
    ]);
    const executor = createExecutor({
      tools: [askWrite('write', async ({ path }) => ran.push(path))],
      permissions: guarded,
      approvals: prompter,
    });
    const results = await executor.execute(
      ['a', 'b', 'c'].map((id) => call(id, 'write', { path: `${id}.txt` })),
    );
    expect(results.map((result) => result.status)).toEqual(['ok', 'invalid_input', 'denied']);
    expect(ran).toEqual(['safe.txt']);
    expect(results[0]!.notes).toEqual(['The user said: renamed it']);
    expect(results[0]!.content).toContain('The user said: renamed it');
    expect(results[1]!.content).toMatch(/edited input .* invalid/);
    expect(results[2]!.content).toMatch(/system files are off limits/);
  });

  it("puts the user's message into a denial's content", async () => {
    const executor = createExecutor({
      tools: [askWrite()],
      approvals: createRecordingPrompter([{ decision: 'deny', message: 'Use the staging bucket instead.' }]),
    });
    const [result] = await executor.execute([call('a', 'write', { path: 'prod' })]);
    expect(result!.status).toBe('denied');
    expect(result!.content).toContain('Use the staging bucket instead.');
  });

  it('deny + interrupt: this call denied, pending calls cancelled, earlier and running ones unaffected', async () => {
    const release = deferred();
    const executor = createExecutor({
      tools: [
        readTool('slow_read', async () => {
          await release.promise;
          return 'read done';
        }),
        readTool('ask_read', undefined, { approval: 'ask' }),
        askWrite(),
      ],
      approvals: createRecordingPrompter([{ decision: 'deny', interrupt: true, message: 'stop' }]),
    });
    const stream = executor.stream([
      call('a', 'slow_read', { q: '1' }), // running when the interrupt comes
      call('b', 'ask_read', { q: '2' }), // the interrupting prompt
      call('c', 'slow_read', { q: '3' }), // pending in the same batch
      call('d', 'write', { path: 'x' }), // pending in a later batch
    ]);
    const types: string[] = [];
    for await (const event of stream) {
      types.push(`${event.toolCallId}:${event.type}`);
      if (event.type === 'tool_denied') release.resolve();
    }
    const results = await stream.results;
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied', 'cancelled', 'cancelled']);
    expect(results[1]!.content).toMatch(/stopped the remaining calls/);
    expect(results[2]!.content).toMatch(/stopped this turn/);
    expect(types).toContain('b:tool_denied');
    expect(types.filter((type) => type.startsWith('c:') || type.startsWith('d:'))).toEqual([
      'c:tool_result',
      'd:tool_result',
    ]);
  });
});
