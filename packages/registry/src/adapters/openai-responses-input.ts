/**
 * Provider-neutral messages → OpenAI Responses API `input` items, and a `Response` →
 * `LlmCompletion`. Assistant tool calls become `function_call` items, tool results
 * `function_call_output` items (in call order). Reasoning items of a response are kept in
 * `providerItems` and replayed unchanged, each right before the item that followed it —
 * reasoning models need them back between tool turns (with `store: false`, request
 * `include: ['reasoning.encrypted_content']` so they carry their encrypted content). Pure
 * functions, exported for hosts that run their own loop.
 */
import type {
  Response,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseOutputMessage,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from 'openai/resources/responses/responses';
import { RegistryError } from '../errors';
import type {
  AssistantMessage,
  LlmCompletion,
  LlmMessage,
  LlmStopReason,
  ProviderItems,
  ToolCall,
  ToolChoice,
} from '../llm-client';
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
        items.push(...assistantItems(message));
        break;
      case 'tool':
        items.push({ type: 'function_call_output', call_id: message.toolCallId, output: message.content });
        break;
    }
  }
  return items;
}

/** The `provider` tag of the `providerItems` this adapter produces and reads. */
export const OPENAI_RESPONSES_PROVIDER = 'openai.responses';

/** The output item types kept in `providerItems` (the others are server-side tools). */
const KEPT_OUTPUT_TYPES = new Set(['reasoning', 'message', 'function_call']);

/**
 * The `providerItems` of a response's output: `undefined` unless it holds a reasoning
 * item; otherwise its reasoning, message and function_call items, in order, unchanged.
 */
export function openAIResponsesProviderItems(
  output: readonly ResponseOutputItem[] | undefined,
): ProviderItems | undefined {
  const items = (output ?? []).filter((item) => KEPT_OUTPUT_TYPES.has(item.type));
  if (!items.some((item) => item.type === 'reasoning')) return undefined;
  return { provider: OPENAI_RESPONSES_PROVIDER, items: structuredClone(items) };
}

function functionCallItem(call: ToolCall, id?: string): ResponseInputItem {
  return {
    type: 'function_call',
    ...(id !== undefined ? { id } : {}),
    call_id: call.id,
    name: call.name,
    arguments: argumentsText(call),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageText(item: Record<string, unknown>): string {
  const content = Array.isArray(item.content) ? item.content : [];
  return content
    .map((part) =>
      isRecord(part) && part.type === 'output_text' && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

/**
 * One assistant message as input items. Without `providerItems` of this provider: its
 * text, then its calls. With them: the recorded items in order — reasoning unchanged,
 * function calls rebuilt from `toolCalls` (keeping their `fc_…` ids; a call the host
 * removed is left out), message items unchanged while their text is still `content`
 * (else `content` once, as a plain assistant message); calls the items do not mention
 * come last.
 */
function assistantItems(message: AssistantMessage): ResponseInputItem[] {
  const calls = message.toolCalls ?? [];
  const recorded =
    message.providerItems?.provider === OPENAI_RESPONSES_PROVIDER ? message.providerItems.items : [];
  if (recorded.length === 0) {
    return [
      ...(message.content !== '' ? [{ role: 'assistant' as const, content: message.content }] : []),
      ...calls.map((call) => functionCallItem(call)),
    ];
  }
  const byCallId = new Map(calls.map((call) => [call.id, call]));
  const records = recorded.filter(isRecord);
  const messages = records.filter((item) => item.type === 'message');
  const textUnchanged = messages.map(messageText).join('') === message.content;
  const out: ResponseInputItem[] = [];
  const sent = new Set<string>();
  let textSent = message.content === '';
  for (const item of records) {
    if (item.type === 'reasoning') {
      out.push(item as unknown as ResponseInputItem);
    } else if (item.type === 'function_call' && typeof item.call_id === 'string') {
      const call = byCallId.get(item.call_id);
      if (!call || sent.has(call.id)) continue;
      sent.add(call.id);
      out.push(functionCallItem(call, typeof item.id === 'string' ? item.id : undefined));
    } else if (item.type === 'message') {
      if (textUnchanged) out.push(item as unknown as ResponseOutputMessage);
      else if (!textSent) out.push({ role: 'assistant', content: message.content });
      textSent = true;
    }
  }
  if (!textSent) out.unshift({ role: 'assistant', content: message.content });
  for (const call of calls) if (!sent.has(call.id)) out.push(functionCallItem(call));
  return out;
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
 * a refusal), calls from `function_call` items, usage from `usage`, and — when the output
 * holds reasoning items — `providerItems`.
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
  const providerItems = openAIResponsesProviderItems(response.output);
  return {
    text: text || refusal,
    toolCalls,
    stopReason,
    ...(response.usage
      ? { usage: { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens } }
      : {}),
    ...(providerItems ? { providerItems } : {}),
    raw: response,
  };
}
