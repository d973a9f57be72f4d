/**
 * The host's agent loop, as small as it gets: ask the model, run its tool calls through the
 * executor (events go to the caller), hand the results back, repeat until it answers.
 */
import type { Executor, ExecutorEvent, ToolResult } from '@dexter/executor';
import { toToolResultMessages } from '@dexter/executor';
import { assistantMessage, type LlmClient, type LlmMessage, type ToolRegistry } from '@dexter/registry';

export interface AgentLoopOptions {
  llm: LlmClient;
  registry: ToolRegistry;
  executor: Executor;
  system: string;
  prompt: string;
  maxTurns?: number;
  signal?: AbortSignal;
  onText?(text: string): void;
  onEvent?(event: ExecutorEvent): void;
}

export interface AgentLoopResult {
  answer: string;
  turns: number;
  results: ToolResult[];
  messages: LlmMessage[];
}

export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const messages: LlmMessage[] = [
    { role: 'system', content: options.system },
    { role: 'user', content: options.prompt },
  ];
  const results: ToolResult[] = [];
  const maxTurns = options.maxTurns ?? 8;
  for (let turn = 1; turn <= maxTurns; turn += 1) {
    const completion = await options.llm.complete({
      messages,
      tools: options.registry.list(),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (completion.text) options.onText?.(completion.text);
    if (completion.toolCalls.length === 0) return { answer: completion.text, turns: turn, results, messages };
    messages.push(assistantMessage(completion));
    const turnResults = await options.executor.execute(completion.toolCalls, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    });
    results.push(...turnResults);
    messages.push(...toToolResultMessages(turnResults));
  }
  return { answer: '(stopped: too many turns)', turns: maxTurns, results, messages };
}
