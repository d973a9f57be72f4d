/**
 * Provider-neutral messages → OpenAI Responses API `input` items, and a `Response` →
 * `LlmCompletion`. Assistant tool calls become `function_call` items, tool results
 * `function_call_output` items (in call order). Pure functions, exported for hosts that
 * run their own loop.
 */
import type {
  Response,
  ResponseInputItem,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from 'openai/resources/responses/responses';
import { RegistryError } from '../errors';
import type { LlmCompletion, LlmMessage, LlmStopReason, ToolCall, ToolChoice } from '../llm-client';
import { argumentsText, toolCallFromArguments } from './tool-arguments';
import { orderToolResults } from './tool-result-order';

/** Options of `toOpenAIResponsesInput`. */
export interface OpenAIResponsesInputOptions {
  /** Role used for system messages. Default `'system'`. */
  systemRole?: 'system' | 'developer';
}

/**
 * Maps messages to a Responses API `input` list.
 *
 * @example
 * ```ts
 * const input = toOpenAIResponsesInput(messages);
 * await openai.responses.create({ model, input, tools: toOpenAIResponsesTools(registry) });
 * ```
 */
export function toOpenAIResponsesInput(
  messages: readonly LlmMessage[],
  options: OpenAIResponsesInputOptions = {},
): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const message of orderToolResults(messages)) {
    switch (message.role) {
      case 'system':
        items.push({ role: options.systemRole ?? 'system', content: message.content });
        break;
      case 'user':
        items.push({ role: 'user', content: message.content });
        break;
      case 'assistant':
        if (message.content !== '') items.push({ role: 'assistant', content: message.content });
        for (const call of message.toolCalls ?? []) {
          items.push({
            type: 'function_call',
            call_id: call.id,
            name: call.name,
            arguments: argumentsText(call),
          });
        }
        break;
      case 'tool':
        items.push({ type: 'function_call_output', call_id: message.toolCallId, output: message.content });
        break;
    }
  }
  return items;
}

/** Maps our tool choice to the Responses API's `tool_choice`. */
export function toOpenAIResponsesToolChoice(choice: ToolChoice): ToolChoiceOptions | ToolChoiceFunction {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}

/** Maps a response's status to our stop reason. */
export function responsesStopReason(
  status: Response['status'],
  incompleteReason: string | undefined,
  hasToolCalls: boolean,
): LlmStopReason {
  if (status === 'incomplete') return incompleteReason === 'max_output_tokens' ? 'max_tokens' : 'other';
  if (status === 'completed' || status === undefined) return hasToolCalls ? 'tool_calls' : 'end';
  return 'other';
}

/** Throws a `provider_failed` error for a response that reports failure. */
export function assertResponseSucceeded(response: Pick<Response, 'status' | 'error' | 'id'>): void {
  if (response.status === 'failed' || response.status === 'cancelled' || response.error) {
    const detail = response.error ? `${response.error.code}: ${response.error.message}` : response.status;
    throw new RegistryError('provider_failed', `OpenAI response ${response.id} failed (${detail})`, {
      details: { provider: 'openai.responses', responseId: response.id, error: response.error ?? null },
    });
  }
}

/**
 * Maps a (non-streamed) `Response` to an `LlmCompletion`: text from `output_text` parts (or
 * a refusal), calls from `function_call` items, usage from `usage`.
 */
export function fromOpenAIResponse(response: Response): LlmCompletion {
  assertResponseSucceeded(response);
  let text = '';
  let refusal = '';
  const toolCalls: ToolCall[] = [];
  for (const item of response.output ?? []) {
    if (item.type === 'message') {
      for (const part of item.content) {
        if (part.type === 'output_text') text += part.text;
        else if (part.type === 'refusal') refusal += part.refusal;
      }
    } else if (item.type === 'function_call') {
      toolCalls.push(toolCallFromArguments(item.call_id, item.name, item.arguments));
    }
  }
  const stopReason =
    refusal && !text
      ? 'other'
      : responsesStopReason(response.status, response.incomplete_details?.reason, toolCalls.length > 0);
  return {
    text: text || refusal,
    toolCalls,
    stopReason,
    ...(response.usage
      ? { usage: { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens } }
      : {}),
    raw: response,
  };
}
