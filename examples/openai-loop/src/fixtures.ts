/**
 * Chat Completions responses in the documented `chat.completion` shape, written for this
 * example's tests: a turn with two parallel tool calls, a turn with broken calls, and a
 * final answer.
 */
import type { ChatCompletion } from 'openai/resources/chat/completions';

function completion(
  id: string,
  message: ChatCompletion.Choice['message'],
  finishReason: ChatCompletion.Choice['finish_reason'],
): ChatCompletion {
  return {
    id,
    object: 'chat.completion',
    created: 1764482400,
    model: 'gpt-4.1-mini-2025-04-14',
    system_fingerprint: 'fp_0c7e2d4a91',
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: 180, completion_tokens: 40, total_tokens: 220 },
  };
}

/** The model asks for Apple's and NVIDIA's revenue at once. */
export const twoParallelCalls = completion(
  'chatcmpl-OL1ParallelRevenue',
  {
    role: 'assistant',
    content: null,
    refusal: null,
    tool_calls: [
      {
        id: 'call_AAPL_1',
        type: 'function',
        function: { name: 'get_revenue', arguments: '{"ticker":"AAPL"}' },
      },
      {
        id: 'call_NVDA_2',
        type: 'function',
        function: { name: 'get_revenue', arguments: '{"ticker":"NVDA"}' },
      },
    ],
  },
  'tool_calls',
);

/** Calls that cannot run: truncated JSON arguments, and a tool the host does not offer. */
export const brokenCalls = completion(
  'chatcmpl-OL2BrokenCalls',
  {
    role: 'assistant',
    content: null,
    refusal: null,
    tool_calls: [
      {
        id: 'call_bad_json',
        type: 'function',
        function: { name: 'get_revenue', arguments: '{"ticker": "AA' },
      },
      {
        id: 'call_no_tool',
        type: 'function',
        function: { name: 'get_price', arguments: '{"ticker":"AAPL"}' },
      },
    ],
  },
  'tool_calls',
);

/** The final answer. */
export const finalAnswer = completion(
  'chatcmpl-OL3Final',
  {
    role: 'assistant',
    content: 'Apple reported $391.0B (FY2024), about three times NVIDIA’s $130.5B (FY2025).',
    refusal: null,
  },
  'stop',
);
