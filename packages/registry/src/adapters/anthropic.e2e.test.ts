/**
 * End to end: `createAnthropicClient` with the real `@anthropic-ai/sdk` client against a
 * local replay server.
 */
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../test/fixtures/anthropic';
import { tools } from '../../test/fixtures/tools';
import { type ReplayServer, startReplayServer } from '../../test/replay-server';
import { createAnthropicClient } from '../anthropic';
import { assistantMessage, type LlmClient, type LlmMessage } from '../llm-client';

let server: ReplayServer;

beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  expect(server.pending(), 'every queued response was consumed').toBe(0);
  server.requests.length = 0;
});

function sdk(maxRetries = 0): Anthropic {
  return new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.origin, maxRetries });
}

const question: LlmMessage[] = [
  { role: 'system', content: 'You are a financial research assistant.' },
  { role: 'user', content: 'Compare AAPL and NVDA revenue over the last year' },
];

describe('Anthropic Messages adapter (real SDK, local server)', () => {
  it('sends system, tools and max_tokens, and returns parallel tool_use blocks as calls', async () => {
    server.enqueue({ json: fixtures.parallelToolUse });
    const llm = createAnthropicClient({ client: sdk(), model: 'claude-sonnet-4-6', maxTokens: 2048 });
    const completion = await llm.complete({ messages: question, tools, toolChoice: 'required' });
    expect(completion.text).toBe("I'll pull both income statements.");
    expect(completion.toolCalls).toEqual([
      { id: 'toolu_01Aapl', name: 'get_financials', input: { ticker: 'AAPL', period: 'annual' } },
      { id: 'toolu_02Nvda', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
    ]);
    expect(completion.stopReason).toBe('tool_calls');
    expect(completion.usage).toEqual({ inputTokens: 412, outputTokens: 96 });

    const [request] = server.requests;
    expect(request?.path).toBe('/v1/messages');
    // This SDK version sends the key as a bearer token; older ones used x-api-key.
    expect(`${request?.headers['x-api-key'] ?? ''} ${request?.headers.authorization ?? ''}`).toContain(
      'sk-ant-test',
    );
    expect(request?.headers['anthropic-version']).toBeTruthy();
    const body = request?.body as Record<string, unknown>;
    expect(body.model).toBe('claude-sonnet-4-6');
    expect(body.max_tokens).toBe(2048);
    expect(body.system).toBe('You are a financial research assistant.');
    expect(body.tool_choice).toEqual({ type: 'any' });
    expect(body.messages).toEqual([
      { role: 'user', content: 'Compare AAPL and NVDA revenue over the last year' },
    ]);
    const sentTools = body.tools as Array<Record<string, unknown>>;
    expect(sentTools.map((tool) => tool.name)).toEqual(['get_financials', 'write_file']);
    expect(sentTools[1]?.input_schema).toMatchObject({ type: 'object', required: ['path', 'content'] });
    expect(sentTools[1]?.input_schema).not.toHaveProperty('$schema');
  });

  it('merges the tool results into ONE user message, in call order, with is_error', async () => {
    server.enqueue({ json: fixtures.finalAnswer });
    const llm = createAnthropicClient({ client: sdk(), model: 'claude-sonnet-4-6' });
    const completion = await llm.complete({
      messages: [
        ...question,
        {
          role: 'assistant',
          content: "I'll pull both income statements.",
          toolCalls: [
            { id: 'toolu_01Aapl', name: 'get_financials', input: { ticker: 'AAPL', period: 'annual' } },
            { id: 'toolu_02Nvda', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
          ],
        },
        {
          role: 'tool',
          toolCallId: 'toolu_02Nvda',
          name: 'get_financials',
          content: 'timed out after 30s',
          isError: true,
        },
        {
          role: 'tool',
          toolCallId: 'toolu_01Aapl',
          name: 'get_financials',
          content: '{"revenue":391035000000}',
        },
      ],
      tools,
    });
    expect(completion.text).toBe('NVIDIA more than doubled revenue; Apple grew about 2%.');
    expect(completion.stopReason).toBe('end');
    const body = server.requests[0]?.body as { messages: unknown[]; max_tokens: number };
    expect(body.max_tokens).toBe(4096);
    expect(body.messages).toEqual([
      { role: 'user', content: 'Compare AAPL and NVDA revenue over the last year' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll pull both income statements." },
          {
            type: 'tool_use',
            id: 'toolu_01Aapl',
            name: 'get_financials',
            input: { ticker: 'AAPL', period: 'annual' },
          },
          {
            type: 'tool_use',
            id: 'toolu_02Nvda',
            name: 'get_financials',
            input: { ticker: 'NVDA', period: 'annual' },
          },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01Aapl', content: '{"revenue":391035000000}' },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_02Nvda',
            content: 'timed out after 30s',
            is_error: true,
          },
        ],
      },
    ]);
  });

  it('assembles a streamed tool_use from input_json_delta fragments', async () => {
    server.enqueue({ sse: fixtures.streamedToolUse });
    const deltas: string[] = [];
    const llm = createAnthropicClient({
      client: sdk(),
      model: 'claude-sonnet-4-6',
      stream: true,
      onTextDelta: (delta) => deltas.push(delta),
    });
    const completion = await llm.complete({ messages: question, tools });
    expect(deltas).toEqual(['Saving the ', 'comparison.']);
    expect(completion.toolCalls).toEqual([
      {
        id: 'toolu_03Write',
        name: 'write_file',
        input: { path: 'report.md', content: '# Revenue\nNVDA > AAPL' },
      },
    ]);
    expect(completion.stopReason).toBe('tool_calls');
    expect(completion.usage).toEqual({ inputTokens: 415, outputTokens: 74 });
    expect((server.body(0) as Record<string, unknown>).stream).toBe(true);
  });

  it('turns streamed input that never forms JSON into inputError', async () => {
    server.enqueue({ sse: fixtures.streamedMalformedInput });
    const llm = createAnthropicClient({ client: sdk(), model: 'claude-sonnet-4-6', stream: true });
    const [call] = (await llm.complete({ messages: question, tools })).toolCalls;
    expect(call?.id).toBe('toolu_03Write');
    expect(call?.inputError).toMatch(/not valid JSON/);
    expect(call?.input).toBe('{"path": "report.md", "content": "# Revenue\\nNVDA > AAPL');
  });

  it('surfaces an error event in the middle of a stream as the SDK error', async () => {
    server.enqueue({ sse: fixtures.streamedError });
    const llm = createAnthropicClient({ client: sdk(), model: 'claude-sonnet-4-6', stream: true });
    const error = await llm.complete({ messages: question, tools }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as Error).message).toMatch(/Overloaded/);
  });

  it('sends an object as tool_use input for an earlier malformed call', async () => {
    server.enqueue({ json: fixtures.finalAnswer });
    const llm = createAnthropicClient({ client: sdk(), model: 'claude-sonnet-4-6' });
    await llm.complete({
      messages: [
        ...question,
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'toolu_x', name: 'write_file', input: '{"pa', inputError: 'bad' }],
        },
        {
          role: 'tool',
          toolCallId: 'toolu_x',
          name: 'write_file',
          content: 'invalid_input: not JSON',
          isError: true,
        },
        { role: 'user', content: 'Try again please.' },
      ],
    });
    const messages = (server.body(0) as { messages: Array<{ role: string; content: unknown }> }).messages;
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_x', name: 'write_file', input: {} }],
    });
    // The follow-up user text joins the tool result in the same user turn, after it.
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_x', content: 'invalid_input: not JSON', is_error: true },
        { type: 'text', text: 'Try again please.' },
      ],
    });
  });

  describe('extended thinking', () => {
    const params = { thinking: { type: 'enabled' as const, budget_tokens: 2048 } };

    /** Two turns of a host loop: the call, its result, the answer. Returns turn 2's messages. */
    async function twoTurns(llm: LlmClient): Promise<unknown[]> {
      const messages: LlmMessage[] = [...question];
      const first = await llm.complete({ messages, tools });
      expect(first.text).toBe('Fetching NVIDIA first.');
      expect(first.toolCalls).toEqual([
        { id: 'toolu_04Think', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
      ]);
      expect(first.providerItems?.provider).toBe('anthropic');
      messages.push(assistantMessage(first), {
        role: 'tool',
        toolCallId: 'toolu_04Think',
        name: 'get_financials',
        content: '{"revenue":130497000000}',
      });
      await llm.complete({ messages: JSON.parse(JSON.stringify(messages)) as LlmMessage[], tools });
      expect(server.body(0).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
      return (server.body(1) as { messages: unknown[] }).messages;
    }

    const expectedMessages = [
      { role: 'user', content: 'Compare AAPL and NVDA revenue over the last year' },
      {
        role: 'assistant',
        content: [
          fixtures.thinkingBlock,
          fixtures.redactedThinkingBlock,
          { type: 'text', text: 'Fetching NVIDIA first.' },
          {
            type: 'tool_use',
            id: 'toolu_04Think',
            name: 'get_financials',
            input: { ticker: 'NVDA', period: 'annual' },
          },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_04Think', content: '{"revenue":130497000000}' }],
      },
    ];

    it('sends thinking and redacted_thinking blocks back unchanged before the tool_use', async () => {
      server.enqueue({ json: fixtures.thinkingToolUse }, { json: fixtures.finalAnswer });
      const llm = createAnthropicClient({ client: sdk(), model: 'claude-sonnet-4-6', params });
      expect(await twoTurns(llm)).toEqual(expectedMessages);
    });

    it('does the same for a streamed turn (thinking_delta, signature_delta)', async () => {
      server.enqueue({ sse: fixtures.streamedThinkingToolUse }, { sse: fixtures.streamedToolUse });
      const llm = createAnthropicClient({ client: sdk(), model: 'claude-sonnet-4-6', params, stream: true });
      expect(await twoTurns(llm)).toEqual(expectedMessages);
    });
  });

  it('surfaces a 400 as the SDK typed error without retrying', async () => {
    server.enqueue({
      status: 400,
      json: fixtures.badRequest,
      headers: { 'request-id': 'req_011CTestBadRequest' },
    });
    const llm = createAnthropicClient({ client: sdk(2), model: 'claude-sonnet-4-6' });
    const error = await llm.complete({ messages: question }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).status).toBe(400);
    expect((error as Error).message).toMatch(/tool_result/);
    expect(server.requests).toHaveLength(1);
  });

  it('lets the SDK retry an overloaded (529) answer, then succeeds (2 requests)', async () => {
    server.enqueue(
      { status: 529, json: fixtures.overloaded, headers: { 'retry-after-ms': '5' } },
      { json: fixtures.parallelToolUse },
    );
    const llm = createAnthropicClient({ client: sdk(1), model: 'claude-sonnet-4-6' });
    const completion = await llm.complete({ messages: question, tools });
    expect(completion.toolCalls).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('validates its options at construction', () => {
    expect(() => createAnthropicClient({ client: sdk(), model: 'm', maxTokens: 0 })).toThrow(/maxTokens/);
    expect(() => createAnthropicClient({ client: {} as never, model: 'm' })).toThrow(/needs `client`/);
  });
});
