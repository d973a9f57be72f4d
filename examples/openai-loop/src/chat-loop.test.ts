import { createExecutor } from '@dexter/executor';
import { createOpenAIChatClient } from '@dexter/registry/openai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from './chat-loop';
import { brokenCalls, finalAnswer, twoParallelCalls } from './fixtures';
import { answerWith } from './llm-client-loop';
import { type ReplayServer, startReplayServer } from './replay-server';
import { getRevenue } from './tools';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function openaiAt(baseURL: string): OpenAI {
  return new OpenAI({ apiKey: 'sk-local-test', baseURL, maxRetries: 0 });
}

type SentMessage = { role: string; tool_call_id?: string; content?: unknown; tool_calls?: unknown[] };

function sentMessages(body: Record<string, unknown> | undefined): SentMessage[] {
  return (body?.messages ?? []) as SentMessage[];
}

describe('the executor inside a host-owned Chat Completions loop (real openai client)', () => {
  it('runs two parallel calls and sends their results back in call order', async () => {
    server = await startReplayServer([twoParallelCalls, finalAnswer]);
    const executor = createExecutor({ tools: [getRevenue] });

    const text = await answer(openaiAt(server.baseURL), executor, 'Compare Apple and NVIDIA revenue');

    expect(text).toBe(finalAnswer.choices[0]?.message.content);
    expect(server.bodies).toHaveLength(2);

    const [first, second] = server.bodies;
    const tools = first?.tools as Array<{ type: string; function: { name: string; strict: boolean } }>;
    expect(tools.map((tool) => [tool.type, tool.function.name, tool.function.strict])).toEqual([
      ['function', 'get_revenue', true],
    ]);

    const messages = sentMessages(second);
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    expect(messages[2]?.tool_calls).toHaveLength(2);
    // AAPL's lookup is the slower one, yet its result comes first: call order, not finish order.
    expect(messages.slice(3).map((message) => message.tool_call_id)).toEqual(['call_AAPL_1', 'call_NVDA_2']);
    expect(JSON.parse(String(messages[3]?.content))).toEqual({
      ticker: 'AAPL',
      fiscalYear: 2024,
      revenueUsdMillions: 391_035,
    });
    expect(JSON.parse(String(messages[4]?.content))).toMatchObject({
      ticker: 'NVDA',
      revenueUsdMillions: 130_497,
    });
  });

  it('answers calls that cannot run with a result each, and the loop goes on', async () => {
    server = await startReplayServer([brokenCalls, finalAnswer]);
    const executor = createExecutor({ tools: [getRevenue] });

    await answer(openaiAt(server.baseURL), executor, 'Apple revenue?');

    const messages = sentMessages(server.bodies[1]);
    const toolMessages = messages.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual(['call_bad_json', 'call_no_tool']);
    expect(String(toolMessages[0]?.content)).toMatch(/not valid JSON/);
    expect(String(toolMessages[1]?.content)).toMatch(/get_price/);
  });

  it('runs the same turn through the LlmClient port (createOpenAIChatClient)', async () => {
    server = await startReplayServer([twoParallelCalls, finalAnswer]);
    const executor = createExecutor({ tools: [getRevenue] });
    const llm = createOpenAIChatClient({ client: openaiAt(server.baseURL), model: 'gpt-4.1-mini' });

    const text = await answerWith(llm, executor, 'Compare Apple and NVIDIA revenue');

    expect(text).toBe(finalAnswer.choices[0]?.message.content);
    const messages = sentMessages(server.bodies[1]);
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    expect(messages.slice(3).map((message) => message.tool_call_id)).toEqual(['call_AAPL_1', 'call_NVDA_2']);
    expect(String(messages[3]?.content)).toContain('391035');
  });
});
