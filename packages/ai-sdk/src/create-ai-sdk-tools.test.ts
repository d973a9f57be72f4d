/**
 * Runs the adapter inside the real AI SDK (`generateText`) with the SDK's own mock language
 * model: the model asks for tool calls, the SDK runs them through our tools, and approvals
 * go through the SDK's `tool-approval-request` / `tool-approval-response` parts.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
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
