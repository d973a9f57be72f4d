import { describe, expect, it } from 'vitest';
import type { ApprovalPrompter, ApprovalRequest } from './approval';
import type { ExecutorEvent } from './events';
import { createExecutor } from './index';
import type { SandboxAutoAllow, SandboxAutoAllowRequest } from './sandbox-auto-allow';
import { call, writeTool } from './test-support';
import { createStaticDecider } from './testing';

function recordingPrompter(answer: 'allow-once' | 'deny' = 'deny') {
  const asked: ApprovalRequest[] = [];
  const prompter: ApprovalPrompter = {
    prompt(request) {
      asked.push(request);
      return answer;
    },
  };
  return { asked, prompter };
}

function port(answer: () => boolean | Promise<boolean>) {
  const offered: SandboxAutoAllowRequest[] = [];
  const sandbox: SandboxAutoAllow = {
    allows(request) {
      offered.push(request);
      return answer();
    },
  };
  return { offered, sandbox };
}

async function runOne(decision: object, sandbox: SandboxAutoAllow, prompter: ApprovalPrompter) {
  const events: ExecutorEvent[] = [];
  const executor = createExecutor({
    tools: [writeTool('w')],
    permissions: createStaticDecider({ w: decision as never }),
    approvals: prompter,
    sandboxAutoAllow: sandbox,
  });
  const [result] = await executor.execute([call('c1', 'w', { path: 'x' })], {
    onEvent: (event) => events.push(event),
  });
  return { result: result!, events };
}

describe('sandboxAutoAllow', () => {
  it('runs an ask no rule decided without a prompt when the port allows it', async () => {
    const { asked, prompter } = recordingPrompter();
    const { offered, sandbox } = port(() => true);
    const { result, events } = await runOne({ behavior: 'ask' }, sandbox, prompter);
    expect(result.status).toBe('ok');
    expect(asked).toHaveLength(0);
    expect(offered.map((request) => request.toolCallId)).toEqual(['c1']);
    const approval = events.find((event) => event.type === 'tool_approval');
    expect(approval).toMatchObject({ source: 'sandbox', response: { decision: 'allow-once' } });
  });

  it('keeps the prompt of an ask rule: the port is never offered it', async () => {
    const { asked, prompter } = recordingPrompter('deny');
    const { offered, sandbox } = port(() => true);
    const { result } = await runOne({ behavior: 'ask', matchedRule: 'Bash(git push:*)' }, sandbox, prompter);
    expect(offered).toHaveLength(0);
    expect(asked).toHaveLength(1);
    expect(result.status).toBe('denied');
  });

  it('never turns a deny into a run', async () => {
    const { offered, sandbox } = port(() => true);
    const { result } = await runOne({ behavior: 'deny' }, sandbox, recordingPrompter().prompter);
    expect(offered).toHaveLength(0);
    expect(result.status).toBe('denied');
  });

  it('asks as before when the port says no, throws or rejects', async () => {
    for (const answer of [
      () => false,
      () => {
        throw new Error('boom');
      },
      () => Promise.reject(new Error('late boom')),
    ]) {
      const { asked, prompter } = recordingPrompter('deny');
      const { result } = await runOne({ behavior: 'ask' }, port(answer).sandbox, prompter);
      expect(asked).toHaveLength(1);
      expect(result.status).toBe('denied');
    }
  });

  it('is refused at construction when it has no allows method', () => {
    expect(() => createExecutor({ tools: [writeTool('w')], sandboxAutoAllow: {} as never })).toThrow(
      /sandboxAutoAllow/,
    );
  });
});
