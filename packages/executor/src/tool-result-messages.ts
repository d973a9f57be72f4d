/**
 * `toToolResultMessages`: results → the provider-neutral tool-result messages of
 * `@dexter/registry`, ready to append to the conversation (adapters map them to OpenAI's
 * `tool` messages or Anthropic's `tool_result` blocks).
 */
import { type ToolResultMessage, toolResultMessage } from '@dexter/registry';
import type { ToolResult } from './tool-result';

/**
 * Maps each result to a `ToolResultMessage`, in order. `isError` is true for every status
 * but `ok`.
 *
 * @example
 * ```ts
 * const results = await executor.execute(completion.toolCalls);
 * messages.push(assistantMessage(completion)); // from @dexter/registry
 * messages.push(...toToolResultMessages(results));
 * ```
 */
export function toToolResultMessages(results: readonly ToolResult[]): ToolResultMessage[] {
  return results.map((result) => toolResultMessage(result));
}
