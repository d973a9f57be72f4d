/** `collectEvents`: drains an async iterable of events into an array. */
import type { ExecutorEvent } from '../events';

/**
 * @example
 * ```ts
 * const events = await collectEvents(executor.stream(calls));
 * expect(events.at(-1)?.type).toBe('tool_result');
 * ```
 */
export async function collectEvents<E = ExecutorEvent>(events: AsyncIterable<E>): Promise<E[]> {
  const collected: E[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}
