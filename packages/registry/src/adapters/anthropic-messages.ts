/**
 * Provider-neutral messages → Anthropic Messages API `system` + `messages`, and a
 * `Message` → `LlmCompletion`. Tool calls become `tool_use` blocks; tool results become
 * `tool_result` blocks (with `is_error`), and consecutive results are merged into ONE user
 * message in call order — Anthropic expects all results of a turn together, first in the
 * next user message. Extended thinking: `thinking` and `redacted_thinking` blocks are kept
 * in `providerItems` and sent back unchanged, at their place in the assistant turn (the
 * API checks their `signature` and wants them before the turn's `tool_use` blocks). Pure
 * functions, exported for hosts that run their own loop.
 */
import type {
  ToolChoice as AnthropicToolChoice,
  ContentBlockParam,
  Message,
  MessageParam,
  StopReason,
} from '@anthropic-ai/sdk/resources/messages';
import type {
  AssistantMessage,
  LlmCompletion,
  LlmMessage,
  LlmStopReason,
  ProviderItems,
  ToolCall,
  ToolChoice,
} from '../llm-client';
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
    case 'assistant':
      return { role: 'assistant', blocks: assistantBlocks(message) };
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

/** The `provider` tag of the `providerItems` this adapter produces and reads. */
export const ANTHROPIC_PROVIDER = 'anthropic';

/**
 * The `providerItems` kept for a response's content: `undefined` unless it holds a
 * `thinking` or `redacted_thinking` block; otherwise its thinking blocks (exactly the
 * fields the API wants back), `text` blocks as `{ type: 'text' }` and `tool_use` blocks as
 * `{ type: 'tool_use', id }`, in order — the last two only mark positions, their content
 * travels in the message's `content` and `toolCalls`.
 */
export function anthropicProviderItems(
  content: ReadonlyArray<{ readonly type: string }>,
): ProviderItems | undefined {
  const items: unknown[] = [];
  let thinking = false;
  for (const entry of content) {
    const block = entry as { readonly type: string } & Readonly<Record<string, unknown>>;
    if (block.type === 'thinking') {
      thinking = true;
      items.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
    } else if (block.type === 'redacted_thinking') {
      thinking = true;
      items.push({ type: 'redacted_thinking', data: block.data });
    } else if (block.type === 'text') {
      items.push({ type: 'text' });
    } else if (block.type === 'tool_use') {
      items.push({ type: 'tool_use', id: block.id });
    }
  }
  return thinking ? { provider: ANTHROPIC_PROVIDER, items } : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toolUseBlock(call: ToolCall): ContentBlockParam {
  return { type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call) };
}

/**
 * One assistant message as content blocks. Without `providerItems` of this provider: its
 * text, then its calls. With them: the recorded blocks in order — thinking blocks
 * unchanged, the text once at its first text block, each `tool_use` from `toolCalls` (a
 * call the host removed is left out); calls the items do not mention come last.
 */
function assistantBlocks(message: AssistantMessage): ContentBlockParam[] {
  const calls = message.toolCalls ?? [];
  // Anthropic rejects empty text blocks.
  const text: ContentBlockParam[] = message.content !== '' ? [{ type: 'text', text: message.content }] : [];
  const recorded =
    message.providerItems?.provider === ANTHROPIC_PROVIDER
      ? message.providerItems.items.filter(isRecord)
      : [];
  if (recorded.length === 0) return [...text, ...calls.map(toolUseBlock)];
  const byId = new Map(calls.map((call) => [call.id, call]));
  const blocks: ContentBlockParam[] = [];
  const sent = new Set<string>();
  let textSent = false;
  for (const item of recorded) {
    if (item.type === 'thinking' || item.type === 'redacted_thinking') {
      blocks.push(item as unknown as ContentBlockParam);
    } else if (item.type === 'text' && !textSent) {
      blocks.push(...text);
      textSent = true;
    } else if (item.type === 'tool_use' && typeof item.id === 'string') {
      const call = byId.get(item.id);
      if (!call || sent.has(call.id)) continue;
      sent.add(call.id);
      blocks.push(toolUseBlock(call));
    }
  }
  if (!textSent) {
    // Text the items did not place goes after the thinking blocks, before any tool_use.
    const firstToolUse = blocks.findIndex((block) => block.type === 'tool_use');
    blocks.splice(firstToolUse < 0 ? blocks.length : firstToolUse, 0, ...text);
  }
  blocks.push(...calls.filter((call) => !sent.has(call.id)).map(toolUseBlock));
  return blocks;
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

/**
 * Maps a (non-streamed) `Message` to an `LlmCompletion`; thinking blocks become
 * `providerItems`.
 */
export function fromAnthropicMessage(message: Message): LlmCompletion {
  let text = '';
  const toolCalls: ToolCall[] = [];
  for (const block of message.content) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'tool_use')
      toolCalls.push({ id: block.id, name: block.name, input: block.input });
  }
  const providerItems = anthropicProviderItems(message.content);
  return {
    text,
    toolCalls,
    stopReason: anthropicStopReason(message.stop_reason),
    usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
    ...(providerItems ? { providerItems } : {}),
    raw: message,
  };
}
