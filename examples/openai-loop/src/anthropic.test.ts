/**
 * The provider-neutral loop on Anthropic: the real `@anthropic-ai/sdk` client against a
 * local server serving Messages answers in the documented shape.
 */
import { createExecutor } from '@dexter/executor';
import { afterEach, expect, it, vi } from 'vitest';
import { answerWith } from './llm-client-loop';
import { llmFor } from './provider-clients';
import { type ReplayServer, startReplayServer } from './replay-server';
import { getRevenue } from './tools';

const usage = { input_tokens: 120, output_tokens: 30 };

const toolUseTurn = {
  id: 'msg_01OLToolUse',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage,
  content: [
    { type: 'text', text: 'Looking up both.' },
    { type: 'tool_use', id: 'toolu_01Aapl', name: 'get_revenue', input: { ticker: 'AAPL' } },
    { type: 'tool_use', id: 'toolu_02Zzzz', name: 'get_revenue', input: { ticker: 'ZZZZ' } },
  ],
};

const finalTurn = {
  id: 'msg_02OLFinal',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage,
  content: [{ type: 'text', text: 'Apple: $391.0B. No figures for ZZZZ.' }],
};

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

it('sends tool results back as tool_result blocks in call order, errors flagged', async () => {
  server = await startReplayServer([toolUseTurn, finalTurn]);
  vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-local-test');
  const executor = createExecutor({ tools: [getRevenue] });

  const text = await answerWith(
    llmFor('anthropic', server.baseURL.replace(/\/v1$/, '')),
    executor,
    'Revenue?',
  );

  expect(text).toBe('Apple: $391.0B. No figures for ZZZZ.');
  const messages = server.bodies[1]?.messages as Array<{ role: string; content: unknown }>;
  const last = messages.at(-1) as { role: string; content: Array<Record<string, unknown>> };
  expect(last.role).toBe('user');
  expect(last.content.map((block) => [block.type, block.tool_use_id, block.is_error])).toEqual([
    ['tool_result', 'toolu_01Aapl', undefined],
    ['tool_result', 'toolu_02Zzzz', true],
  ]);
  expect(String(last.content[1]?.content)).toContain('No revenue on file for ZZZZ');
});
