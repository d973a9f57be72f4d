/**
 * Runs the adapter inside the real AI SDK (`generateText`) with the SDK's own mock language
 * model: the model asks for tool calls, the SDK runs them through our tools, and approvals
 * go through the SDK's `tool-approval-request` / `tool-approval-response` parts.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { createMemoryFileTools } from '@dexter/registry/testing';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAiSdkTools } from './create-ai-sdk-tools';

type Content = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>['content'];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A mock model that answers with the given steps in turn (then stops with text). */
function scriptedModel(steps: Content[]) {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const content = steps[step] ?? [{ type: 'text' as const, text: 'done' }];
      step += 1;
      const calls = content.some((part) => part.type === 'tool-call');
      return {
        content,
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

const call = (toolCallId: string, toolName: string, input: unknown) => ({
  type: 'tool-call' as const,
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

function shellTool(ran: string[]) {
  return defineTool({
    name: 'bash',
    inputSchema: z.object({ command: z.string() }),
    description: 'Runs a shell command.',
    compactDescription: 'Run a shell command',
    permissionSubject: ({ command }) => ({ kind: 'shell', command }),
    execute: ({ command }) => {
      ran.push(command);
      return `ran: ${command}`;
    },
  });
}

describe('createAiSdkTools in generateText', () => {
  it('allows, denies (rule and floor) and asks through the AI SDK; an approved call runs once', async () => {
    const ran: string[] = [];
    // One instance per request, as on a multi-instance server: nothing carries over in memory.
    const instance = () =>
      createAiSdkTools({
        tools: [shellTool(ran)],
        cwd: '/project',
        permissions: createPermissionEngine({
          cwd: '/project',
          rules: { allow: ['Bash(echo:*)', 'Bash(cat:*)'], deny: ['Bash(rm:*)'] },
        }),
      });
    const { tools } = instance();
    const model = scriptedModel([
      [
        call('c1', 'bash', { command: 'echo hello' }),
        call('c2', 'bash', { command: 'rm -rf build' }),
        call('c3', 'bash', { command: 'cat .env' }),
        call('c4', 'bash', { command: 'git push' }),
      ],
    ]);
    const first = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(3) });
    const results = first.content.filter((part) => part.type === 'tool-result');
    expect(results.map((part) => [part.toolCallId, (part.output as { status: string }).status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'denied'],
      ['c3', 'denied'],
    ]);
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests.map((part) => part.toolCall.toolCallId)).toEqual(['c4']);
    expect(ran).toEqual(['echo hello']);

    // The next request carries the user's answer.
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...first.response.messages,
      {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId: requests[0]?.approvalId ?? '', approved: true },
        ],
      },
    ];
    const second = await generateText({ model, tools: instance().tools, messages, stopWhen: stepCountIs(3) });
    expect(ran).toEqual(['echo hello', 'git push']);
    // The approved call's result goes back to the model in the continuation's messages.
    const approved = second.response.messages
      .flatMap((message) => (message.role === 'tool' ? message.content : []))
      .filter((part) => part.type === 'tool-result' && part.toolCallId === 'c4');
    expect(approved.map((part) => (part.type === 'tool-result' ? part.output : undefined))).toEqual([
      { type: 'text', value: 'ran: git push' },
    ]);
    expect(second.text).toBe('done');
  });

  it('a denied approval never runs the call', async () => {
    const ran: string[] = [];
    const { tools } = createAiSdkTools({ tools: [shellTool(ran)], cwd: '/project' });
    const model = scriptedModel([[call('c1', 'bash', { command: 'git push' })]]);
    const first = await generateText({ model, tools, prompt: 'go' });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toBeDefined();
    await generateText({
      model,
      tools,
      messages: [
        { role: 'user', content: 'go' },
        ...first.response.messages,
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved: false },
          ],
        },
      ],
    });
    expect(ran).toEqual([]);
  });

  it('answers bad input with a readable invalid_input result, not an SDK error', async () => {
    const ran: string[] = [];
    const { tools } = createAiSdkTools({ tools: [shellTool(ran)], cwd: '/project' });
    const model = scriptedModel([[call('c1', 'bash', { command: 42 })]]);
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(2) });
    const part = result.steps[0]?.content.find((entry) => entry.type === 'tool-result');
    expect(part?.type === 'tool-result' && part.output).toMatchObject({ status: 'invalid_input' });
    expect(part?.type === 'tool-result' && (part.output as { content: string }).content).toMatch(/command/);
    expect(ran).toEqual([]);
  });

  it('keeps the executor order in one step: a write runs alone, after the reads before it', async () => {
    const log: string[] = [];
    const step = (name: string, safe: boolean) =>
      defineTool({
        name,
        inputSchema: z.object({ id: z.string() }),
        description: `${name}.`,
        compactDescription: name,
        concurrencySafe: safe,
        approval: 'allow',
        async execute({ id }) {
          log.push(`start ${id}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          log.push(`end ${id}`);
          return id;
        },
      });
    const { tools } = createAiSdkTools({ tools: [step('read', true), step('write', false)] });
    const model = scriptedModel([
      [call('a', 'read', { id: 'r1' }), call('b', 'write', { id: 'w2' }), call('c', 'read', { id: 'r3' })],
    ]);
    await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(2) });
    expect(log).toEqual(['start r1', 'end r1', 'start w2', 'end w2', 'start r3', 'end r3']);
  });
});

describe('an approval authorises one exact call, in its order (issue 26)', () => {
  const deploy = (ran: string[]) =>
    defineTool({
      name: 'deploy',
      inputSchema: z.object({ env: z.string() }),
      description: 'Deploys.',
      compactDescription: 'Deploy',
      approval: 'ask',
      execute: ({ env }) => {
        ran.push(env);
        return `deployed ${env}`;
      },
    });

  /** Answers every approval request of `first` (in `order`), as the host's next request does. */
  function answerAll(first: { response: { messages: ModelMessage[] } }, requests: { approvalId: string }[]) {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...first.response.messages,
      {
        role: 'tool',
        content: requests.map((request) => ({
          type: 'tool-approval-response' as const,
          approvalId: request.approvalId,
          approved: true,
        })),
      },
    ];
    return messages;
  }

  it('two calls sharing one id: neither runs, whatever is approved', async () => {
    const ran: string[] = [];
    const model = scriptedModel([
      [call('c1', 'deploy', { env: 'prod' }), call('c1', 'deploy', { env: 'staging' })],
    ]);
    const first = await generateText({
      model,
      tools: createAiSdkTools({ tools: [deploy(ran)] }).tools,
      prompt: 'go',
    });
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(ran).toEqual([]);
    // Another instance (another request) gets the approvals: the SDK would run the last call of the id.
    const second = await generateText({
      model,
      tools: createAiSdkTools({ tools: [deploy(ran)] }).tools,
      messages: answerAll(first, requests),
    });
    expect(ran).toEqual([]);
    const results = [
      ...first.content,
      ...second.response.messages.flatMap((m) => (m.role === 'tool' ? m.content : [])),
    ]
      .filter((part) => part.type === 'tool-result')
      .map((part) => part.toolCallId);
    expect(results.every((id) => id === 'c1')).toBe(true);
  });

  it('two allowed calls sharing one id in one step: each refused with its own result', async () => {
    const ran: string[] = [];
    const allowed = defineTool({ ...deploy(ran), approval: 'allow' });
    const model = scriptedModel([
      [call('c1', 'deploy', { env: 'prod' }), call('c1', 'deploy', { env: 'staging' })],
    ]);
    const first = await generateText({
      model,
      tools: createAiSdkTools({ tools: [allowed] }).tools,
      prompt: 'go',
    });
    const results = first.steps[0]!.content.filter((part) => part.type === 'tool-result');
    expect(results.map((part) => (part.output as { status: string }).status)).toEqual([
      'invalid_input',
      'invalid_input',
    ]);
    expect(ran).toEqual([]);
  });

  it('runs what was shown: an input swapped after the approval never runs', async () => {
    const ran: string[] = [];
    const model = scriptedModel([[call('c1', 'deploy', { env: 'staging' })]]);
    // One instance serves both requests (one process): it remembers what it put to the user.
    const { tools } = createAiSdkTools({ tools: [deploy(ran)] });
    const first = await generateText({ model, tools, prompt: 'go' });
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests.map((part) => part.toolCall.input)).toEqual([{ env: 'staging' }]);
    const messages = answerAll(first, requests);
    // The client swaps the call's input after the person approved "staging".
    for (const message of messages) {
      if (message.role !== 'assistant' || typeof message.content === 'string') continue;
      message.content = message.content.map((part) =>
        part.type === 'tool-call' ? { ...part, input: { env: 'prod' } } : part,
      );
    }
    await generateText({ model, tools, messages });
    expect(ran).toEqual([]);
    // Unchanged, the same approval runs the call shown.
    const again = await generateText({
      model: scriptedModel([[call('c2', 'deploy', { env: 'staging' })]]),
      tools,
      prompt: 'go',
    });
    const request = again.content.filter((part) => part.type === 'tool-approval-request');
    await generateText({ model, tools, messages: answerAll(again, request) });
    expect(ran).toEqual(['staging']);
  });

  it('a write waiting for approval, then an allowed read of the written file: the read waits, then runs after', async () => {
    const { write, read, log } = createMemoryFileTools();
    const instance = () => createAiSdkTools({ tools: [write, read] }).tools;
    const model = scriptedModel([
      [call('w1', 'write_file', { path: 'a.txt', text: 'new' }), call('r2', 'read_file', { path: 'a.txt' })],
    ]);
    const first = await generateText({ model, tools: instance(), prompt: 'go' });
    expect(log).toEqual([]);
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests.map((part) => part.toolCall.toolCallId)).toEqual(['w1', 'r2']);
    // The answers come back in the other order; the calls still run in the model's order.
    const second = await generateText({
      model,
      tools: instance(),
      messages: answerAll(first, [...requests].reverse()),
    });
    expect(log).toEqual(['write a.txt', 'read a.txt']);
    const readResult = second.response.messages
      .flatMap((message) => (message.role === 'tool' ? message.content : []))
      .find((part) => part.type === 'tool-result' && part.toolCallId === 'r2');
    expect(readResult?.type === 'tool-result' && readResult.output).toEqual({ type: 'text', value: 'new' });
  });

  it('two reads: an allowed read does not wait behind a read waiting for approval', async () => {
    const log: string[] = [];
    const reader = (name: string, approval: 'allow' | 'ask') =>
      defineTool({
        name,
        inputSchema: z.object({ q: z.string() }),
        description: `${name}.`,
        compactDescription: name,
        concurrencySafe: true,
        approval,
        execute: ({ q }) => {
          log.push(q);
          return q;
        },
      });
    const { tools } = createAiSdkTools({ tools: [reader('fetch', 'ask'), reader('lookup', 'allow')] });
    const model = scriptedModel([[call('f1', 'fetch', { q: 'f' }), call('l2', 'lookup', { q: 'l' })]]);
    const first = await generateText({ model, tools, prompt: 'go' });
    expect(first.content.filter((part) => part.type === 'tool-approval-request')).toHaveLength(1);
    expect(log).toEqual(['l']);
  });
  it('a later call answered while an earlier write is left unanswered: it does not run first', async () => {
    const { write, reader: read, files, log } = createMemoryFileTools();
    for (const approval of ['allow', 'ask'] as const) {
      log.length = 0;
      files.clear();
      const model = scriptedModel([
        [
          call('w1', 'write_file', { path: 'a.txt', text: 'new' }),
          call('r2', 'read_file', { path: 'a.txt' }),
        ],
      ]);
      const first = await generateText({
        model,
        tools: createAiSdkTools({ tools: [write, read(approval)] }).tools,
        prompt: 'go',
      });
      const requests = first.content.filter((part) => part.type === 'tool-approval-request');
      expect(requests.map((part) => part.toolCall.toolCallId)).toEqual(['w1', 'r2']);
      // One instance serves the later requests (it must not count the held-back call as run).
      const { tools } = createAiSdkTools({ tools: [write, read(approval)] });
      const onlyTheRead = answerAll(first, requests.slice(1));
      // The AI SDK runs the approved read, then finds the write without a result and throws.
      const results: unknown[] = [];
      await expect(
        generateText({
          model,
          tools,
          messages: onlyTheRead,
          experimental_onToolCallFinish: (event) => {
            results.push(event.success ? event.output : event.error);
          },
        }),
      ).rejects.toThrow(/missing/i);
      expect(log).toEqual([]);
      expect(results).toMatchObject([{ status: 'cancelled', content: expect.stringMatching(/write_file/) }]);
      // Both answered: the write, then the read of what it wrote.
      const second = await generateText({ model, tools, messages: answerAll(first, requests) });
      expect(log).toEqual(['write a.txt', 'read a.txt']);
      const readResult = second.response.messages
        .flatMap((message) => (message.role === 'tool' ? message.content : []))
        .find((part) => part.type === 'tool-result' && part.toolCallId === 'r2');
      expect(readResult?.type === 'tool-result' && readResult.output).toEqual({ type: 'text', value: 'new' });
    }
  });
  it('across instances, the AI SDK approval secret binds tool, id and input to what the first instance showed', async () => {
    const ran: string[] = [];
    const secret = 'host secret of at least 32 bytes, from config';
    const model = scriptedModel([[call('c1', 'deploy', { env: 'staging' })]]);
    const first = await generateText({
      model,
      tools: createAiSdkTools({ tools: [deploy(ran)] }).tools,
      prompt: 'go',
      experimental_toolApprovalSecret: secret,
    });
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests.map((part) => part.toolCall.input)).toEqual([{ env: 'staging' }]);
    /** The continuation's messages, with the call (and the request's copy of it) edited. */
    const edited = (edit: (part: Record<string, unknown>) => Record<string, unknown>) => {
      const messages = structuredClone(answerAll(first, requests));
      for (const message of messages) {
        if (message.role !== 'assistant' || typeof message.content === 'string') continue;
        message.content = message.content.map((part) => {
          if (part.type === 'tool-call') return edit({ ...part }) as unknown as typeof part;
          if (part.type === 'tool-approval-request') return edit({ ...part }) as unknown as typeof part;
          return part;
        });
      }
      return messages;
    };
    const onAnotherInstance = (messages: ModelMessage[], withSecret = true) =>
      generateText({
        model,
        tools: createAiSdkTools({ tools: [deploy(ran)] }).tools,
        messages,
        ...(withSecret ? { experimental_toolApprovalSecret: secret } : {}),
      });
    const attempts: [string, ModelMessage[]][] = [
      ['input', edited((part) => (part.type === 'tool-call' ? { ...part, input: { env: 'prod' } } : part))],
      ['tool', edited((part) => (part.type === 'tool-call' ? { ...part, toolName: 'deploy ' } : part))],
      ['call id', edited((part) => ({ ...part, toolCallId: 'c2' }))],
      [
        'signature removed',
        edited((part) => {
          const { signature: _signature, ...rest } = part;
          return rest;
        }),
      ],
    ];
    for (const [what, messages] of attempts) {
      await expect(onAnotherInstance(messages), what).rejects.toThrow(/signature/i);
    }
    expect(ran).toEqual([]);
    // Unchanged, a fresh instance runs exactly what was shown, once.
    await onAnotherInstance(answerAll(first, requests));
    expect(ran).toEqual(['staging']);
    // Without the secret, a fresh instance has only the messages' word for what was shown.
    const unsigned = await generateText({
      model: scriptedModel([[call('c3', 'deploy', { env: 'staging' })]]),
      tools: createAiSdkTools({ tools: [deploy(ran)] }).tools,
      prompt: 'go',
    });
    const unsignedRequests = unsigned.content.filter((part) => part.type === 'tool-approval-request');
    const swapped = structuredClone(answerAll(unsigned, unsignedRequests));
    for (const message of swapped) {
      if (message.role !== 'assistant' || typeof message.content === 'string') continue;
      message.content = message.content.map((part) =>
        part.type === 'tool-call' ? { ...part, input: { env: 'prod' } } : part,
      );
    }
    await onAnotherInstance(swapped, false);
    expect(ran).toEqual(['staging', 'prod']);
  });
});
