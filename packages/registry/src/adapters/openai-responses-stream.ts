/**
 * Assembles a streamed Responses API answer (`stream: true`) into one `LlmCompletion`.
 * Function calls start with `response.output_item.added` (id, call_id, name), grow with
 * `response.function_call_arguments.delta` and are final at `response.output_item.done`;
 * status and usage come with `response.completed` / `response.incomplete`. Reasoning items
 * (and the items around them) become `providerItems`, from the final response's `output`
 * or, when that is empty, from the `response.output_item.done` events. A stream that
 * fails (`response.failed`, `error`) or ends without a final event throws
 * `provider_failed`.
 */
import type { ResponseOutputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { RegistryError } from '../errors';
import type { LlmCompletion, ToolCall } from '../llm-client';
import {
  assertResponseSucceeded,
  openAIResponsesProviderItems,
  responsesStopReason,
} from './openai-responses-input';
import { toolCallFromArguments } from './tool-arguments';

interface PartialCall {
  outputIndex: number;
  callId: string;
  name: string;
  arguments: string;
}

/** Consumes the event stream to the end. `onTextDelta` sees each text fragment as it arrives. */
export async function collectOpenAIResponsesStream(
  stream: AsyncIterable<ResponseStreamEvent>,
  onTextDelta?: (delta: string) => void,
): Promise<LlmCompletion> {
  const calls = new Map<string, PartialCall>();
  const doneItems = new Map<number, ResponseOutputItem>();
  let text = '';
  let refusal = '';
  let final: Extract<ResponseStreamEvent, { type: 'response.completed' | 'response.incomplete' }> | undefined;
  let events = 0;
  for await (const event of stream) {
    events += 1;
    switch (event.type) {
      case 'response.output_text.delta':
        text += event.delta;
        onTextDelta?.(event.delta);
        break;
      case 'response.refusal.delta':
        refusal += event.delta;
        break;
      case 'response.output_item.added':
      case 'response.output_item.done':
        if (event.type === 'response.output_item.done') doneItems.set(event.output_index, event.item);
        if (event.item.type === 'function_call') {
          const key = event.item.id ?? `output-${event.output_index}`;
          const existing = calls.get(key);
          calls.set(key, {
            outputIndex: event.output_index,
            callId: event.item.call_id,
            name: event.item.name,
            // `done` carries the complete arguments; `added` usually an empty string.
            arguments:
              event.type === 'response.output_item.done'
                ? event.item.arguments
                : (existing?.arguments ?? event.item.arguments),
          });
        }
        break;
      case 'response.function_call_arguments.delta': {
        const call = calls.get(event.item_id);
        if (call) call.arguments += event.delta;
        break;
      }
      case 'response.function_call_arguments.done': {
        const call = calls.get(event.item_id);
        if (call) call.arguments = event.arguments;
        break;
      }
      case 'response.completed':
      case 'response.incomplete':
        final = event;
        break;
      case 'response.failed':
        assertResponseSucceeded(event.response);
        break;
      case 'error':
        throw new RegistryError(
          'provider_failed',
          `OpenAI stream error ${event.code ?? ''}: ${event.message}`,
          {
            details: { provider: 'openai.responses', code: event.code },
          },
        );
    }
  }
  if (!final) {
    throw new RegistryError(
      'provider_failed',
      `OpenAI response stream ended after ${events} event(s) without response.completed`,
      { details: { provider: 'openai.responses' } },
    );
  }
  const toolCalls: ToolCall[] = [...calls.values()]
    .sort((left, right) => left.outputIndex - right.outputIndex)
    .map((call) => toolCallFromArguments(call.callId, call.name, call.arguments));
  const response = final.response;
  const providerItems = openAIResponsesProviderItems(
    response.output?.length ? response.output : outputFromEvents(doneItems, calls),
  );
  return {
    text: text || refusal,
    toolCalls,
    stopReason:
      refusal && !text
        ? 'other'
        : responsesStopReason(response.status, response.incomplete_details?.reason, toolCalls.length > 0),
    ...(response.usage
      ? { usage: { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens } }
      : {}),
    ...(providerItems ? { providerItems } : {}),
    raw: { streamed: true, events, responseId: response.id },
  };
}

/** The output items as the events built them: `done` items, plus calls that never got one. */
function outputFromEvents(
  doneItems: ReadonlyMap<number, ResponseOutputItem>,
  calls: ReadonlyMap<string, PartialCall>,
): ResponseOutputItem[] {
  const byIndex = new Map(doneItems);
  for (const [id, call] of calls) {
    if (byIndex.has(call.outputIndex)) continue;
    byIndex.set(call.outputIndex, {
      type: 'function_call',
      ...(id.startsWith('output-') ? {} : { id }),
      call_id: call.callId,
      name: call.name,
      arguments: call.arguments,
    });
  }
  return [...byIndex.entries()].sort(([left], [right]) => left - right).map(([, item]) => item);
}
