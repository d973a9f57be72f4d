/**
 * End to end: `createOpenAIChatClient` with the real `openai` client against a local
 * replay server. Asserts on what the SDK really sent and on what we made of the answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../test/fixtures/openai-chat';
import { tools } from '../../test/fixtures/tools';
import { type OpenAISdk, openAISdks } from '../../test/openai-sdks';
import { type ReplayServer, startReplayServer } from '../../test/replay-server';
import { RegistryError } from '../errors';
import type { LlmMessage } from '../llm-client';
import { createOpenAIChatClient } from '../openai';

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

const question: LlmMessage[] = [
  { role: 'system', content: 'You are a financial research assistant.' },
  { role: 'user', content: 'Compare AAPL and NVDA revenue over the last year' },
];

describe.each(openAISdks)('with %s', (_label, Sdk) => {
  beforeAll(() => {
    OpenAI = Sdk;
  });

  describe('OpenAI Chat Completions adapter (real SDK, local server)', () => {
    it('sends tools and messages in the documented shape and returns parallel tool calls', async () => {
      server.enqueue({ json: fixtures.parallelToolCalls });
      const llm = createOpenAIChatClient({ client: sdk(), model: 'gpt-4.1-mini' });
      const completion = await llm.complete({
        messages: question,
        tools,
        toolChoice: 'auto',
        maxOutputTokens: 500,
      });

      expect(completion.toolCalls).toEqual([
        { id: 'call_aapl_01', name: 'get_financials', input: { ticker: 'AAPL', period: 'annual' } },
        { id: 'call_nvda_02', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
      ]);
      expect(completion.stopReason).toBe('tool_calls');
      expect(completion.text).toBe('');
      expect(completion.usage).toEqual({ inputTokens: 212, outputTokens: 58 });

      expect(server.requests).toHaveLength(1);
      const [request] = server.requests;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/v1/chat/completions');
      expect(request?.headers.authorization).toBe('Bearer sk-test');
      const body = request?.body as Record<string, unknown>;
      expect(body.model).toBe('gpt-4.1-mini');
      expect(body.max_completion_tokens).toBe(500);
      expect(body.tool_choice).toBe('auto');
      expect(body.messages).toEqual([
        { role: 'system', content: 'You are a financial research assistant.' },
        { role: 'user', content: 'Compare AAPL and NVDA revenue over the last year' },
      ]);
      const sentTools = body.tools as Array<{ type: string; function: Record<string, unknown> }>;
      expect(sentTools.map((tool) => [tool.type, tool.function.name, tool.function.strict])).toEqual([
        ['function', 'get_financials', true],
        // write_file has an optional field, so it cannot be strict.
        ['function', 'write_file', false],
      ]);
      expect(sentTools[0]?.function.parameters).toMatchObject({
        additionalProperties: false,
        required: ['ticker', 'period'],
      });
    });

    it('sends tool results back as tool messages in call order, one per call', async () => {
      server.enqueue({ json: fixtures.finalAnswer });
      const llm = createOpenAIChatClient({ client: sdk(), model: 'gpt-4.1-mini' });
      const history: LlmMessage[] = [
        ...question,
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'call_aapl_01', name: 'get_financials', input: { ticker: 'AAPL', period: 'annual' } },
            { id: 'call_nvda_02', name: 'get_financials', input: { ticker: 'NVDA', period: 'annual' } },
          ],
        },
        // Collected out of order on purpose; the second failed.
        {
          role: 'tool',
          toolCallId: 'call_nvda_02',
          name: 'get_financials',
          content: 'error: timeout',
          isError: true,
        },
        {
          role: 'tool',
          toolCallId: 'call_aapl_01',
          name: 'get_financials',
          content: '{"revenue":391035000000}',
        },
      ];
      const completion = await llm.complete({ messages: history, tools });
      expect(completion.text).toBe('NVIDIA grew revenue faster than Apple over the last fiscal year.');
      expect(completion.stopReason).toBe('end');
      expect(completion.toolCalls).toEqual([]);

      const messages = (server.body(0) as { messages: unknown[] }).messages;
      expect(messages.slice(2)).toEqual([
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_aapl_01',
              type: 'function',
              function: { name: 'get_financials', arguments: '{"ticker":"AAPL","period":"annual"}' },
            },
            {
              id: 'call_nvda_02',
              type: 'function',
              function: { name: 'get_financials', arguments: '{"ticker":"NVDA","period":"annual"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_aapl_01', content: '{"revenue":391035000000}' },
        { role: 'tool', tool_call_id: 'call_nvda_02', content: 'error: timeout' },
      ]);
    });

    it('assembles a streamed response with interleaved tool-call deltas', async () => {
      server.enqueue({ sse: fixtures.streamedToolCalls });
      const deltas: string[] = [];
      const llm = createOpenAIChatClient({
        client: sdk(),
        model: 'gpt-4.1-mini',
        stream: true,
        onTextDelta: (delta) => deltas.push(delta),
      });
      const completion = await llm.complete({ messages: question, tools });
      expect(deltas).toEqual(['Fetching both ', 'companies.']);
      expect(completion.text).toBe('Fetching both companies.');
      expect(completion.toolCalls).toEqual([
        { id: 'call_s_aapl', name: 'get_financials', input: { ticker: 'AAPL', period: 'annual' } },
        { id: 'call_s_nvda', name: 'get_financials', input: { ticker: 'NVDA', period: 'quarterly' } },
      ]);
      expect(completion.stopReason).toBe('tool_calls');
      expect(completion.usage).toEqual({ inputTokens: 230, outputTokens: 61 });
      const body = server.requests[0]?.body as Record<string, unknown>;
      expect(body.stream).toBe(true);
      expect(body.stream_options).toEqual({ include_usage: true });
    });

    it('fails clearly when a stream is cut off before finish_reason', async () => {
      server.enqueue({ sse: fixtures.streamedToolCalls.slice(0, 6) });
      const llm = createOpenAIChatClient({ client: sdk(), model: 'gpt-4.1-mini', stream: true });
      const error = await llm.complete({ messages: question, tools }).catch((caught: unknown) => caught);
      expect(RegistryError.isInstance(error)).toBe(true);
      expect((error as RegistryError).code).toBe('provider_failed');
    });

    it('turns malformed JSON arguments into inputError, keeping the raw text, without failing the turn', async () => {
      server.enqueue({ json: fixtures.malformedArguments });
      const llm = createOpenAIChatClient({ client: sdk(), model: 'gpt-4.1-mini' });
      const completion = await llm.complete({ messages: question, tools });
      const [bad, good] = completion.toolCalls;
      expect(bad?.id).toBe('call_bad_01');
      expect(bad?.input).toBe('{"ticker":"AAPL","period":');
      expect(bad?.inputError).toMatch(/not valid JSON/);
      expect(good).toEqual({
        id: 'call_ok_02',
        name: 'get_financials',
        input: { ticker: 'MSFT', period: 'annual' },
      });
    });

    it('sends the raw text of a malformed call back unchanged in the next turn', async () => {
      server.enqueue({ json: fixtures.finalAnswer });
      const llm = createOpenAIChatClient({ client: sdk(), model: 'gpt-4.1-mini' });
      await llm.complete({
        messages: [
          ...question,
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: 'call_bad_01', name: 'get_financials', input: '{"ticker":', inputError: 'bad json' },
            ],
          },
          {
            role: 'tool',
            toolCallId: 'call_bad_01',
            name: 'get_financials',
            content: 'invalid_input',
            isError: true,
          },
        ],
      });
      const messages = (server.body(0) as { messages: Array<Record<string, unknown>> }).messages;
      expect(messages[2]).toMatchObject({
        role: 'assistant',
        tool_calls: [{ id: 'call_bad_01', function: { name: 'get_financials', arguments: '{"ticker":' } }],
      });
    });

    it('surfaces a 400 as the SDK typed error, without retrying', async () => {
      server.enqueue({ status: 400, json: fixtures.badRequest, headers: { 'x-request-id': 'req_test_400' } });
      const llm = createOpenAIChatClient({ client: sdk(2), model: 'gpt-4.1-mini' });
      const error = await llm.complete({ messages: question, tools }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as InstanceType<typeof OpenAI.BadRequestError>).status).toBe(400);
      expect((error as Error).message).toContain("Invalid schema for function 'get_financials'");
      expect(server.requests).toHaveLength(1);
    });

    it('lets the SDK retry a 500 and then succeeds (2 requests)', async () => {
      server.enqueue(
        { status: 500, json: fixtures.serverError, headers: { 'retry-after-ms': '5' } },
        { json: fixtures.parallelToolCalls },
      );
      const llm = createOpenAIChatClient({ client: sdk(1), model: 'gpt-4.1-mini' });
      const completion = await llm.complete({ messages: question, tools });
      expect(completion.toolCalls).toHaveLength(2);
      expect(server.requests).toHaveLength(2);
      expect(server.body(1)).toEqual(server.body(0));
    });

    it('gives up after maxRetries on repeated 429s with the typed error (bounded requests)', async () => {
      server.enqueue(
        { status: 429, json: fixtures.rateLimited, headers: { 'retry-after-ms': '5' } },
        { status: 429, json: fixtures.rateLimited, headers: { 'retry-after-ms': '5' } },
      );
      const llm = createOpenAIChatClient({ client: sdk(1), model: 'gpt-4.1-mini' });
      const error = await llm.complete({ messages: question }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.RateLimitError);
      expect(server.requests).toHaveLength(2);
    });

    it('does not send a request when the signal is already aborted', async () => {
      const llm = createOpenAIChatClient({ client: sdk(), model: 'gpt-4.1-mini' });
      const controller = new AbortController();
      controller.abort();
      await expect(llm.complete({ messages: question, signal: controller.signal })).rejects.toBeInstanceOf(
        OpenAI.APIUserAbortError,
      );
      expect(server.requests).toHaveLength(0);
    });

    it('rejects a missing client or model at construction', () => {
      expect(() => createOpenAIChatClient({ client: {} as never, model: 'x' })).toThrow(/needs `client`/);
      expect(() => createOpenAIChatClient({ client: sdk(), model: '' })).toThrow(/needs `model`/);
    });
  });
});
