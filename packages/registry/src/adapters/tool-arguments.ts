/**
 * Tool-call arguments as the provider sent them (JSON text) → a `ToolCall`. Models do not
 * always produce valid JSON; a bad call must become an `invalid_input` result for that
 * call, never an exception that ends the host's loop. So parse failures are recorded on
 * the call (`inputError`) with the raw text kept as `input`.
 */
import type { ToolCall } from '../llm-client';

/** Builds a `ToolCall` from a provider's raw JSON arguments. Empty text means `{}`. */
export function toolCallFromArguments(id: string, name: string, rawArguments: string | undefined): ToolCall {
  const text = rawArguments ?? '';
  if (text.trim() === '') return { id, name, input: {} };
  try {
    return { id, name, input: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      id,
      name,
      input: text,
      inputError: `The arguments of "${name}" are not valid JSON (${detail}). Raw text: ${truncate(text, 200)}`,
    };
  }
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

/**
 * The arguments of an earlier call as the provider should see them again in the history:
 * the raw text when it never parsed, else its JSON.
 */
export function argumentsText(call: ToolCall): string {
  if (call.inputError !== undefined && typeof call.input === 'string') return call.input;
  return JSON.stringify(call.input ?? {});
}

/** The input of an earlier call as a JSON object (Anthropic requires an object). */
export function argumentsObject(call: ToolCall): Record<string, unknown> {
  const input = call.input;
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}
