/**
 * The `LlmClient` port: one tool-calling completion. Hosts plug in any model behind it;
 * `@dexter/registry/openai` and `@dexter/registry/anthropic` ship adapters for the official
 * SDKs, `@dexter/registry/testing` a scripted client for tests and demos.
 */
import type { AnyTool } from './tool';

/** One tool call as parsed from a model response. */
export interface ToolCall {
  /** The provider's call id; tool results are matched back to calls by it. */
  id: string;
  name: string;
  /** Parsed arguments. When they could not be parsed, the raw text (see `inputError`). */
  input: unknown;
  /**
   * Set when the provider's arguments were not valid JSON. The executor answers such a
   * call with an `invalid_input` result instead of running it.
   */
  inputError?: string;
}

/**
 * Provider-specific output that must travel back with an assistant turn but has no
 * provider-neutral meaning: the reasoning items of OpenAI's Responses API (with their
 * `encrypted_content`) and Anthropic's `thinking` / `redacted_thinking` blocks (with their
 * `signature`). Reasoning models that call tools expect them back, unchanged and in order,
 * in the assistant turn that holds the calls; without them they lose their chain of
 * thought between tool turns, or the API rejects the request.
 *
 * Opaque to everything but the adapter that produced it: hosts store and resend it as is
 * (it is plain JSON, so it survives `JSON.stringify` / `JSON.parse` with the rest of the
 * transcript); adapters of other providers ignore it.
 */
export interface ProviderItems {
  /**
   * The `LlmClient.provider` of the adapter that produced the items, e.g.
   * `'openai.responses'` or `'anthropic'`. Only the adapter for that provider reads them.
   */
  readonly provider: string;
  /**
   * The provider's output items, in output order, including the items the neutral fields
   * also carry (text, tool calls) so that reasoning can be replayed at its position. The
   * adapter replays reasoning items unchanged and takes text and tool calls from the
   * message's `content` / `toolCalls`.
   */
  readonly items: readonly unknown[];
}

/** A model's turn in the conversation. */
export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: readonly ToolCall[];
  /** Copied from `LlmCompletion.providerItems`; see `assistantMessage(completion)`. */
  providerItems?: ProviderItems;
}

/** A conversation message, in a provider-neutral shape. */
export type LlmMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | AssistantMessage
  | ToolResultMessage;

/** A tool's result as the model reads it. */
export interface ToolResultMessage {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string;
  /** True for anything but a successful result (maps to Anthropic's `is_error`). */
  isError?: boolean;
}

/** How the model may use tools in this completion. */
export type ToolChoice = 'auto' | 'required' | 'none' | { name: string };

/** The input of one completion. */
export interface LlmCompletionRequest {
  messages: readonly LlmMessage[];
  tools?: readonly AnyTool[];
  toolChoice?: ToolChoice;
  maxOutputTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

/** Why the model stopped. */
export type LlmStopReason = 'end' | 'tool_calls' | 'max_tokens' | 'other';

/** The output of one completion. */
export interface LlmCompletion {
  text: string;
  toolCalls: ToolCall[];
  stopReason: LlmStopReason;
  usage?: { inputTokens: number; outputTokens: number };
  /**
   * Reasoning the provider needs back in the next request (see `ProviderItems`). Set only
   * when the response had any; carry it into the assistant message with
   * `assistantMessage(completion)`.
   */
  providerItems?: ProviderItems;
  /** The provider's raw response, for debugging. */
  raw?: unknown;
}

/**
 * One tool-calling completion: messages and tool definitions in, text and tool calls out.
 *
 * @example
 * ```ts
 * const completion = await client.complete({ messages: [{ role: 'user', content: 'Hi' }], tools: registry.list() });
 * for (const call of completion.toolCalls) console.log(call.name, call.input);
 * ```
 */
export interface LlmClient {
  /** Version of this port's contract. */
  readonly specificationVersion: 'v1';
  /** e.g. `'openai'`, `'anthropic'`, `'scripted'`. */
  readonly provider: string;
  readonly model: string;
  complete(request: LlmCompletionRequest): Promise<LlmCompletion>;
}

/**
 * The assistant message for a completion, to append to the conversation before the tool
 * results: text, tool calls and, when present, the provider's reasoning items.
 *
 * @example
 * ```ts
 * const completion = await llm.complete({ messages, tools });
 * messages.push(assistantMessage(completion));
 * ```
 */
export function assistantMessage(
  completion: Pick<LlmCompletion, 'text' | 'toolCalls' | 'providerItems'>,
): AssistantMessage {
  return {
    role: 'assistant',
    content: completion.text,
    toolCalls: completion.toolCalls,
    ...(completion.providerItems ? { providerItems: completion.providerItems } : {}),
  };
}

/**
 * Builds the model-visible message for a tool result. Accepts the executor's `ToolResult`
 * (anything with `toolCallId`, `name`, `content` and a `status`).
 */
export function toolResultMessage(result: {
  toolCallId: string;
  name: string;
  content: string;
  status?: string;
  isError?: boolean;
}): ToolResultMessage {
  return {
    role: 'tool',
    toolCallId: result.toolCallId,
    name: result.name,
    content: result.content,
    isError: result.isError ?? (result.status !== undefined && result.status !== 'ok'),
  };
}
