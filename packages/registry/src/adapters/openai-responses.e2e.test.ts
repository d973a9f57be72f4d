/**
 * End to end: `createOpenAIResponsesClient` with the real `openai` client against a local
 * replay server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../test/fixtures/openai-responses';
import { tools } from '../../test/fixtures/tools';
import { type OpenAISdk, openAISdks } from '../../test/openai-sdks';
import { type ReplayServer, startReplayServer } from '../../test/replay-server';
import { RegistryError } from '../errors';
import { assistantMessage, type LlmClient, type LlmMessage } from '../llm-client';
import { createOpenAIResponsesClient } from '../openai';

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

/** The `openai` major under test (each describe below runs once per major). */
let OpenAI: OpenAISdk = openAISdks[0]![1];
type OpenAI = InstanceType<OpenAISdk>;

function sdk(maxRetries = 0): OpenAI {
  return new OpenAI({ apiKey: 'sk-test', baseURL: `${server.origin}/v1`, maxRetries });
}

// #region reasoning
/**
 * A reasoning model that keeps nothing server-side (`store: false`): its reasoning items
 * travel in the transcript, encrypted, as `providerItems` on each assistant message.
 */
function statelessReasoningClient(client: OpenAI, options: { stream?: boolean } = {}): LlmClient {
  return createOpenAIResponsesClient({
    client,
    model: 'o4-mini',
    params: { store: false, include: ['reasoning.encrypted_content'], reasoning: { effort: 'medium' } },
    ...options,
  });
}
// #endregion reasoning

const question: LlmMessage[] = [
  { role: 'system', content: 'You are a financial research assistant.' },
  { role: 'user', content: 'Compare AAPL and NVDA revenue, then write report.md' },
];

describe.each(openAISdks)('with %s', (_label, Sdk) => {
  beforeAll(() => {
    OpenAI = Sdk;
  });

  describe('OpenAI Responses adapter (real SDK, local server)', () => {
    it('sends flat function tools and returns parallel function calls by call_id', async () => {
      server.enqueue({ json: fixtures.parallelFunctionCalls });
      const llm = createOpenAIResponsesClient({
        client: sdk(),
        model: 'gpt-4.1-mini',
        params: { store: false },
      });
      const completion = await llm.complete({
        messages: question,
        tools,
        toolChoice: { name: 'get_financials' },
      });
      expect(completion.toolCalls).toEqual([
        { id: 'call_r_aapl', name: 'get_financials', input: { ticker: 'AAPL', period: 'annual' } },
        { id: 'call_r_nvda', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
      ]);
      expect(completion.stopReason).toBe('tool_calls');
      expect(completion.usage).toEqual({ inputTokens: 198, outputTokens: 52 });

      const [request] = server.requests;
      expect(request?.path).toBe('/v1/responses');
      const body = request?.body as Record<string, unknown>;
      expect(body.store).toBe(false);
      expect(body.tool_choice).toEqual({ type: 'function', name: 'get_financials' });
      expect(body.input).toEqual([
        { role: 'system', content: 'You are a financial research assistant.' },
        { role: 'user', content: 'Compare AAPL and NVDA revenue, then write report.md' },
      ]);
      const sent = body.tools as Array<Record<string, unknown>>;
      expect(sent.map((tool) => [tool.type, tool.name, tool.strict])).toEqual([
        ['function', 'get_financials', true],
        ['function', 'write_file', false],
      ]);
      expect(sent[0]).not.toHaveProperty('function');
      expect(sent[0]?.description).toMatch(/Income statement/);
    });

    it('sends function_call and function_call_output items in call order', async () => {
      server.enqueue({ json: fixtures.finalMessage });
      const llm = createOpenAIResponsesClient({ client: sdk(), model: 'gpt-4.1-mini' });
      const completion = await llm.complete({
        messages: [
          ...question,
          {
            role: 'assistant',
            content: 'Looking both up.',
            toolCalls: [
              { id: 'call_r_aapl', name: 'get_financials', input: { ticker: 'AAPL', period: 'annual' } },
              { id: 'call_r_nvda', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
            ],
          },
          {
            role: 'tool',
            toolCallId: 'call_r_nvda',
            name: 'get_financials',
            content: '{"revenue":130497000000}',
          },
          {
            role: 'tool',
            toolCallId: 'call_r_aapl',
            name: 'get_financials',
            content: 'denied by policy',
            isError: true,
          },
        ],
        tools,
      });
      expect(completion.text).toBe('NVIDIA grew faster. Report written.');
      expect(completion.stopReason).toBe('end');
      const input = (server.body(0) as { input: unknown[] }).input;
      expect(input.slice(2)).toEqual([
        { role: 'assistant', content: 'Looking both up.' },
        {
          type: 'function_call',
          call_id: 'call_r_aapl',
          name: 'get_financials',
          arguments: '{"ticker":"AAPL","period":"annual"}',
        },
        {
          type: 'function_call',
          call_id: 'call_r_nvda',
          name: 'get_financials',
          arguments: '{"ticker":"NVDA","period":"annual"}',
        },
        { type: 'function_call_output', call_id: 'call_r_aapl', output: 'denied by policy' },
        { type: 'function_call_output', call_id: 'call_r_nvda', output: '{"revenue":130497000000}' },
      ]);
    });

    it('assembles a streamed function call from argument deltas', async () => {
      server.enqueue({ sse: fixtures.streamedFunctionCall });
      const deltas: string[] = [];
      const llm = createOpenAIResponsesClient({
        client: sdk(),
        model: 'gpt-4.1-mini',
        stream: true,
        onTextDelta: (delta) => deltas.push(delta),
      });
      const completion = await llm.complete({ messages: question, tools });
      expect(deltas).toEqual(['Writing the ', 'report.']);
      expect(completion.text).toBe('Writing the report.');
      expect(completion.toolCalls).toEqual([
        { id: 'call_s_write', name: 'write_file', input: { path: 'report.md', content: '# NVDA vs AAPL' } },
      ]);
      expect(completion.stopReason).toBe('tool_calls');
      expect(completion.usage).toEqual({ inputTokens: 300, outputTokens: 40 });
      expect((server.body(0) as Record<string, unknown>).stream).toBe(true);
    });

    describe('reasoning items (store: false, encrypted content)', () => {
      /** Two turns of a host loop: the call, its result, the answer. Returns turn 2's input. */
      async function twoTurns(llm: LlmClient): Promise<unknown[]> {
        const messages: LlmMessage[] = [...question];
        const first = await llm.complete({ messages, tools });
        expect(first.toolCalls).toEqual([
          { id: 'call_r_reasoned', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
        ]);
        expect(first.providerItems?.provider).toBe('openai.responses');
        messages.push(assistantMessage(first), {
          role: 'tool',
          toolCallId: 'call_r_reasoned',
          name: 'get_financials',
          content: '{"revenue":130497000000}',
        });
        // A host that stores its transcript as JSON between turns.
        const restored = JSON.parse(JSON.stringify(messages)) as LlmMessage[];
        const second = await llm.complete({ messages: restored, tools });
        expect(second.text).toBe('NVIDIA grew faster. Report written.');
        expect(server.body(0).include).toEqual(['reasoning.encrypted_content']);
        expect(server.body(0).store).toBe(false);
        return (server.body(1) as { input: unknown[] }).input;
      }

      const expectedInput = [
        { role: 'system', content: 'You are a financial research assistant.' },
        { role: 'user', content: 'Compare AAPL and NVDA revenue, then write report.md' },
        fixtures.reasoningItem,
        {
          type: 'function_call',
          id: 'fc_68a1_reasoned',
          call_id: 'call_r_reasoned',
          name: 'get_financials',
          arguments: '{"ticker":"NVDA","period":"annual"}',
        },
        { type: 'function_call_output', call_id: 'call_r_reasoned', output: '{"revenue":130497000000}' },
      ];

      it('sends the reasoning item back unchanged, right before its function_call', async () => {
        server.enqueue({ json: fixtures.reasoningThenCall }, { json: fixtures.finalMessage });
        const input = await twoTurns(statelessReasoningClient(sdk()));
        expect(input).toEqual(expectedInput);
        expect(input[2]).toHaveProperty('encrypted_content', 'gAAAAABoReasoningOpaqueBlob==');
      });

      it('does the same for a streamed turn', async () => {
        server.enqueue({ sse: fixtures.streamedReasoningThenCall }, { sse: fixtures.streamedFunctionCall });
        const llm = statelessReasoningClient(sdk(), { stream: true });
        const messages: LlmMessage[] = [...question];
        const first = await llm.complete({ messages, tools });
        messages.push(assistantMessage(first), {
          role: 'tool',
          toolCallId: 'call_r_reasoned',
          name: 'get_financials',
          content: '{"revenue":130497000000}',
        });
        await llm.complete({ messages, tools });
        expect((server.body(1) as { input: unknown[] }).input).toEqual(expectedInput);
      });

      it('leaves the reasoning out for a history without providerItems (as before)', async () => {
        server.enqueue({ json: fixtures.reasoningThenCall }, { json: fixtures.finalMessage });
        const llm = statelessReasoningClient(sdk());
        const first = await llm.complete({ messages: question, tools });
        await llm.complete({
          messages: [
            ...question,
            { role: 'assistant', content: first.text, toolCalls: first.toolCalls },
            {
              role: 'tool',
              toolCallId: 'call_r_reasoned',
              name: 'get_financials',
              content: '{"revenue":130497000000}',
            },
          ],
          tools,
        });
        const input = (server.body(1) as { input: Array<Record<string, unknown>> }).input;
        expect(input.map((item) => item.type ?? item.role)).toEqual([
          'system',
          'user',
          'function_call',
          'function_call_output',
        ]);
        expect(input[2]).not.toHaveProperty('id');
      });
    });

    it('fails clearly when a stream ends before response.completed', async () => {
      server.enqueue({ sse: fixtures.streamCutShort });
      const llm = createOpenAIResponsesClient({ client: sdk(), model: 'gpt-4.1-mini', stream: true });
      const error = await llm.complete({ messages: question, tools }).catch((caught: unknown) => caught);
      expect(RegistryError.isInstance(error)).toBe(true);
      expect((error as RegistryError).code).toBe('provider_failed');
      expect((error as Error).message).toMatch(/without response.completed/);
    });

    it('maps truncation and failure statuses', async () => {
      server.enqueue({ json: fixtures.truncated }, { json: fixtures.failed });
      const llm = createOpenAIResponsesClient({ client: sdk(), model: 'gpt-4.1-mini' });
      expect((await llm.complete({ messages: question })).stopReason).toBe('max_tokens');
      const error = await llm.complete({ messages: question }).catch((caught: unknown) => caught);
      expect((error as RegistryError).code).toBe('provider_failed');
      expect((error as Error).message).toMatch(/server_error/);
    });

    it('turns malformed arguments into inputError', async () => {
      server.enqueue({ json: fixtures.malformedCall });
      const llm = createOpenAIResponsesClient({ client: sdk(), model: 'gpt-4.1-mini' });
      const [call] = (await llm.complete({ messages: question, tools })).toolCalls;
      expect(call?.id).toBe('call_r_bad');
      expect(call?.inputError).toMatch(/"write_file" are not valid JSON/);
      expect(call?.input).toBe('{"path": "report.md", "content": "unterminated}');
    });

    it('surfaces a 400 as BadRequestError and retries a 429 once', async () => {
      server.enqueue({ status: 400, json: fixtures.badRequest });
      const llm = createOpenAIResponsesClient({ client: sdk(1), model: 'gpt-4.1-mini' });
      const error = await llm.complete({ messages: question }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(server.requests).toHaveLength(1);

      server.enqueue(
        {
          status: 429,
          json: {
            error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' },
          },
          headers: { 'retry-after-ms': '5' },
        },
        { json: fixtures.finalMessage },
      );
      const completion = await llm.complete({ messages: question });
      expect(completion.text).toBe('NVIDIA grew faster. Report written.');
      expect(server.requests).toHaveLength(3);
    });
  });
});
