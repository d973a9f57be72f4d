/**
 * Provider-neutral messages → Anthropic Messages API `system` + `messages`, and a
 * `Message` → `LlmCompletion`. Tool calls become `tool_use` blocks; tool results become
 * `tool_result` blocks (with `is_error`), and consecutive results are merged into ONE user
 * message in call order — Anthropic expects all results of a turn together, first in the
 * next user message. Pure functions, exported for hosts that run their own loop.
 */
import type {
  ToolChoice as AnthropicToolChoice,
  ContentBlockParam,
  Message,
  MessageParam,
  StopReason,
} from '@anthropic-ai/sdk/resources/messages';
import type { LlmCompletion, LlmMessage, LlmStopReason, ToolCall, ToolChoice } from '../llm-client';
import { argumentsObject } from './tool-arguments';
import { orderToolResults } from './tool-result-order';

/** What `toAnthropicMessages` returns: the system prompt and the conversation. */
export interface AnthropicConversation {
  /** All system messages joined by a blank line; `undefined` when there are none. */
  system: string | undefined;
  messages: MessageParam[];
}

function blocksOf(
  message: LlmMessage,
): { role: 'user' | 'assistant'; blocks: ContentBlockParam[] } | undefined {
  switch (message.role) {
    case 'system':
      return undefined;
    case 'user':
      return {
        role: 'user',
        blocks: message.content === '' ? [] : [{ type: 'text', text: message.content }],
      };
    case 'assistant': {
      const blocks: ContentBlockParam[] = [];
      // Anthropic rejects empty text blocks.
      if (message.content !== '') blocks.push({ type: 'text', text: message.content });
      for (const call of message.toolCalls ?? []) {
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call) });
      }
      return { role: 'assistant', blocks };
    }
    case 'tool':
      return {
        role: 'user',
        blocks: [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: message.content,
            ...(message.isError ? { is_error: true } : {}),
          },
        ],
      };
  }
}

/**
 * Maps messages to Anthropic's shape. Consecutive messages of the same role are merged
 * (tool results first, in call order, then any user text), empty turns are dropped.
 *
 * @example
 * ```ts
 * const { system, messages: anthropicMessages } = toAnthropicMessages(messages);
 * await anthropic.messages.create({ model, max_tokens: 1024, system, messages: anthropicMessages });
 * ```
 */
export function toAnthropicMessages(messages: readonly LlmMessage[]): AnthropicConversation {
  const systemParts: string[] = [];
  const out: Array<{ role: 'user' | 'assistant'; blocks: ContentBlockParam[] }> = [];
  for (const message of orderToolResults(messages)) {
    if (message.role === 'system') {
      systemParts.push(message.content);
      continue;
    }
    const turn = blocksOf(message);
    if (!turn || turn.blocks.length === 0) continue;
    const previous = out[out.length - 1];
    if (previous && previous.role === turn.role) previous.blocks.push(...turn.blocks);
    else out.push({ role: turn.role, blocks: [...turn.blocks] });
  }
  return {
    system: systemParts.length > 0 ? systemParts.join('\n\n') : undefined,
    messages: out.map(({ role, blocks }) => {
      const only = blocks[0];
      // A lone text block is sent as a plain string, the most common and compact form.
      if (blocks.length === 1 && only?.type === 'text') return { role, content: only.text };
      return { role, content: blocks };
    }),
  };
}

/** Maps our tool choice to Anthropic's `tool_choice`. */
export function toAnthropicToolChoice(choice: ToolChoice): AnthropicToolChoice {
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'required') return { type: 'any' };
  if (choice === 'none') return { type: 'none' };
  return { type: 'tool', name: choice.name };
}

/** Maps Anthropic's `stop_reason` to ours. */
export function anthropicStopReason(reason: StopReason | null | undefined): LlmStopReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'end';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'max_tokens';
    default:
      return 'other';
  }
}

/** Maps a (non-streamed) `Message` to an `LlmCompletion`. */
export function fromAnthropicMessage(message: Message): LlmCompletion {
  let text = '';
  const toolCalls: ToolCall[] = [];
  for (const block of message.content) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'tool_use')
      toolCalls.push({ id: block.id, name: block.name, input: block.input });
  }
  return {
    text,
    toolCalls,
    stopReason: anthropicStopReason(message.stop_reason),
    usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
    raw: message,
  };
}
