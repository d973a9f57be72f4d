/**
 * Provider-neutral messages → OpenAI Chat Completions messages, and a Chat Completions
 * response → `LlmCompletion`. Pure functions, exported for hosts that run their own loop.
 */
import type {
  ChatCompletion,
  ChatCompletionMessageParam,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import type { LlmCompletion, LlmMessage, LlmStopReason, ToolCall, ToolChoice } from '../llm-client';
import { argumentsText, toolCallFromArguments } from './tool-arguments';
import { orderToolResults } from './tool-result-order';

/** Options of `toOpenAIChatMessages`. */
export interface OpenAIChatMessageOptions {
  /** Role used for system messages; reasoning models prefer `'developer'`. Default `'system'`. */
  systemRole?: 'system' | 'developer';
}

/**
 * Maps messages to Chat Completions `messages`: tool results become `tool` role messages
 * (in call order), assistant tool calls become `tool_calls` with JSON `arguments`.
 *
 * @example
 * ```ts
 * const messages = toOpenAIChatMessages([{ role: 'user', content: 'Compare AAPL and NVDA' }]);
 * ```
 */
export function toOpenAIChatMessages(
  messages: readonly LlmMessage[],
  options: OpenAIChatMessageOptions = {},
): ChatCompletionMessageParam[] {
  const systemRole = options.systemRole ?? 'system';
  return orderToolResults(messages).map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: systemRole, content: message.content };
      case 'user':
        return { role: 'user', content: message.content };
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          content: message.content === '' ? null : message.content,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: argumentsText(call) },
          })),
        };
      }
      default:
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

/** Maps our tool choice to Chat Completions' `tool_choice`. */
export function toOpenAIChatToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/** Maps a Chat Completions `finish_reason` to ours. */
export function chatStopReason(
  finishReason: string | null | undefined,
  hasToolCalls: boolean,
): LlmStopReason {
  if (finishReason === 'tool_calls' || finishReason === 'function_call') return 'tool_calls';
  if (finishReason === 'length') return 'max_tokens';
  if (finishReason === 'stop') return hasToolCalls ? 'tool_calls' : 'end';
  return 'other';
}

/**
 * Maps a (non-streamed) Chat Completions response to an `LlmCompletion`. Arguments that are
 * not valid JSON give a call with `inputError` set. Custom (non-function) tool calls are
 * skipped: we never define such tools.
 */
export function fromOpenAIChatCompletion(completion: ChatCompletion): LlmCompletion {
  const choice = completion.choices[0];
  const message = choice?.message;
  const toolCalls: ToolCall[] = [];
  for (const call of message?.tool_calls ?? []) {
    if (call.type === 'function') {
      toolCalls.push(toolCallFromArguments(call.id, call.function.name, call.function.arguments));
    }
  }
  const text = message?.content ?? message?.refusal ?? '';
  return {
    text,
    toolCalls,
    stopReason:
      message?.refusal && !message.content
        ? 'other'
        : chatStopReason(choice?.finish_reason, toolCalls.length > 0),
    ...(completion.usage
      ? {
          usage: {
            inputTokens: completion.usage.prompt_tokens,
            outputTokens: completion.usage.completion_tokens,
          },
        }
      : {}),
    raw: completion,
  };
}
