/**
 * Assembles a streamed Anthropic Messages answer (`stream: true`) into one `LlmCompletion`.
 * Each content block opens with `content_block_start`; text grows with `text_delta`,
 * tool input with `input_json_delta` fragments that only form JSON once the block stops.
 * Input tokens come with `message_start`, output tokens and the stop reason with
 * `message_delta`. Extended thinking: a `thinking` block grows with `thinking_delta` and
 * gets its `signature` from `signature_delta`; a `redacted_thinking` block comes whole in
 * its start event. Both become `providerItems`, as in `fromAnthropicMessage`. A stream
 * that ends without `message_stop` throws `provider_failed`.
 */
import type { RawMessageStreamEvent, StopReason } from '@anthropic-ai/sdk/resources/messages';
import { RegistryError } from '../errors';
import type { LlmCompletion, ToolCall } from '../llm-client';
import { anthropicProviderItems, anthropicStopReason } from './anthropic-messages';
import { toolCallFromArguments } from './tool-arguments';

interface PartialToolUse {
  id: string;
  name: string;
  json: string;
  /** Set when the start event already carried a complete input (non-empty object). */
  startInput: unknown;
}

/** Consumes the event stream to the end. `onTextDelta` sees each text fragment as it arrives. */
export async function collectAnthropicStream(
  stream: AsyncIterable<RawMessageStreamEvent>,
  onTextDelta?: (delta: string) => void,
): Promise<LlmCompletion> {
  const toolUses = new Map<number, PartialToolUse>();
  /** Every block by index, in the shape `anthropicProviderItems` reads. */
  const blocks = new Map<number, { type: string } & Record<string, unknown>>();
  let text = '';
  let stopReason: StopReason | null = null;
  let inputTokens = 0;
  let outputTokens = 0;
  let stopped = false;
  let messageId = '';
  for await (const event of stream) {
    switch (event.type) {
      case 'message_start':
        messageId = event.message.id;
        inputTokens = event.message.usage.input_tokens;
        outputTokens = event.message.usage.output_tokens;
        break;
      case 'content_block_start':
        blocks.set(event.index, startedBlock(event.content_block));
        if (event.content_block.type === 'tool_use') {
          toolUses.set(event.index, {
            id: event.content_block.id,
            name: event.content_block.name,
            json: '',
            startInput: event.content_block.input,
          });
        } else if (event.content_block.type === 'text' && event.content_block.text) {
          text += event.content_block.text;
          onTextDelta?.(event.content_block.text);
        }
        break;
      case 'content_block_delta':
        if (event.delta.type === 'text_delta') {
          text += event.delta.text;
          onTextDelta?.(event.delta.text);
        } else if (event.delta.type === 'input_json_delta') {
          const toolUse = toolUses.get(event.index);
          if (toolUse) toolUse.json += event.delta.partial_json;
        } else if (event.delta.type === 'thinking_delta' || event.delta.type === 'signature_delta') {
          const block = blocks.get(event.index);
          if (block?.type !== 'thinking') break;
          if (event.delta.type === 'thinking_delta')
            block.thinking = `${block.thinking ?? ''}${event.delta.thinking}`;
          else block.signature = event.delta.signature;
        }
        break;
      case 'message_delta':
        if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
        outputTokens = event.usage.output_tokens;
        if (typeof event.usage.input_tokens === 'number') inputTokens = event.usage.input_tokens;
        break;
      case 'message_stop':
        stopped = true;
        break;
    }
  }
  if (!stopped) {
    throw new RegistryError('provider_failed', 'Anthropic message stream ended without message_stop', {
      details: { provider: 'anthropic', messageId },
    });
  }
  const toolCalls: ToolCall[] = [...toolUses.entries()]
    .sort(([left], [right]) => left - right)
    .map(([, toolUse]) =>
      toolUse.json === '' && isNonEmptyObject(toolUse.startInput)
        ? { id: toolUse.id, name: toolUse.name, input: toolUse.startInput }
        : toolCallFromArguments(toolUse.id, toolUse.name, toolUse.json),
    );
  const providerItems = anthropicProviderItems(
    [...blocks.entries()].sort(([left], [right]) => left - right).map(([, block]) => block),
  );
  return {
    text,
    toolCalls,
    stopReason: anthropicStopReason(stopReason),
    usage: { inputTokens, outputTokens },
    ...(providerItems ? { providerItems } : {}),
    raw: { streamed: true, messageId },
  };
}

function startedBlock(
  block: Extract<RawMessageStreamEvent, { type: 'content_block_start' }>['content_block'],
): { type: string } & Record<string, unknown> {
  switch (block.type) {
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id };
    default:
      return { type: block.type };
  }
}

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}
