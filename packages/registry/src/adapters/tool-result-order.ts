/**
 * Puts tool results back in call order. Providers pair results with calls by id, but
 * several (and every human reading a transcript) expect them in the order the model made
 * the calls; the executor already returns them that way, and this makes the adapters
 * correct even for a host that collected results out of order.
 */
import type { LlmMessage, ToolResultMessage } from '../llm-client';

/**
 * Returns `messages` with every run of consecutive tool results sorted by the position of
 * their call in the preceding assistant message. Results for unknown ids keep their
 * relative order, after the known ones.
 */
export function orderToolResults(messages: readonly LlmMessage[]): LlmMessage[] {
  const out: LlmMessage[] = [];
  let callOrder = new Map<string, number>();
  let index = 0;
  while (index < messages.length) {
    const message = messages[index] as LlmMessage;
    if (message.role !== 'tool') {
      if (message.role === 'assistant') {
        callOrder = new Map((message.toolCalls ?? []).map((call, position) => [call.id, position]));
      }
      out.push(message);
      index += 1;
      continue;
    }
    const run: ToolResultMessage[] = [];
    while (index < messages.length && (messages[index] as LlmMessage).role === 'tool') {
      run.push(messages[index] as ToolResultMessage);
      index += 1;
    }
    const rank = (result: ToolResultMessage) => callOrder.get(result.toolCallId) ?? Number.MAX_SAFE_INTEGER;
    // Array.prototype.sort is stable, so equal ranks keep their order.
    out.push(...run.sort((left, right) => rank(left) - rank(right)));
  }
  return out;
}
