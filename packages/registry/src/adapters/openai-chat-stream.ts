/**
 * Assembles a streamed Chat Completions response (`stream: true`) into one `LlmCompletion`.
 * Tool calls arrive as deltas keyed by `index`: the first delta of a call carries its id
 * and name, later ones append to `arguments`. A stream that ends without a `finish_reason`
 * (cut off) throws `provider_failed` rather than returning half-built calls.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { RegistryError } from '../errors';
import type { LlmCompletion, ToolCall } from '../llm-client';
import { chatStopReason } from './openai-chat-messages';
import { toolCallFromArguments } from './tool-arguments';

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Consumes the chunk stream to the end. `onTextDelta` sees each text fragment as it arrives.
 */
export async function collectOpenAIChatStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  onTextDelta?: (delta: string) => void,
): Promise<LlmCompletion> {
  const calls = new Map<number, PartialCall>();
  let text = '';
  let refusal = '';
  let finishReason: string | null | undefined;
  let usage: LlmCompletion['usage'];
  let chunks = 0;
  for await (const chunk of stream) {
    chunks += 1;
    if (chunk.usage) {
      usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    }
    const choice = chunk.choices[0];
    if (!choice) continue;
    const delta = choice.delta;
    if (delta.content) {
      text += delta.content;
      onTextDelta?.(delta.content);
    }
    if (delta.refusal) refusal += delta.refusal;
    for (const part of delta.tool_calls ?? []) {
      let call = calls.get(part.index);
      if (!call) {
        call = { id: '', name: '', arguments: '' };
        calls.set(part.index, call);
      }
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  if (finishReason === undefined) {
    throw new RegistryError(
      'provider_failed',
      `OpenAI chat stream ended after ${chunks} chunk(s) without a finish_reason`,
      { details: { provider: 'openai.chat' } },
    );
  }
  const toolCalls: ToolCall[] = [...calls.entries()]
    .sort(([left], [right]) => left - right)
    .map(([, call]) => toolCallFromArguments(call.id, call.name, call.arguments));
  return {
    text: text || refusal,
    toolCalls,
    stopReason: refusal && !text ? 'other' : chatStopReason(finishReason, toolCalls.length > 0),
    ...(usage ? { usage } : {}),
    raw: { streamed: true, chunks },
  };
}
