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

/** A conversation message, in a provider-neutral shape. */
export type LlmMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: readonly ToolCall[] }
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
