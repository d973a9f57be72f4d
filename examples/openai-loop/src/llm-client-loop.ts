/**
 * The same loop over the provider-neutral `LlmClient` port: `createOpenAIChatClient` wraps
 * the host's `OpenAI` instance, so switching to Anthropic (or a scripted client in tests)
 * changes one line.
 */
// #region loop
import { type Executor, toToolResultMessages } from '@dexter/executor';
import { assistantMessage, type LlmClient, type LlmMessage } from '@dexter/registry';

export async function answerWith(llm: LlmClient, executor: Executor, question: string): Promise<string> {
  const messages: LlmMessage[] = [
    { role: 'system', content: 'You are a financial research assistant. Use the tools for figures.' },
    { role: 'user', content: question },
  ];
  for (let turn = 0; turn < 8; turn++) {
    const completion = await llm.complete({ messages, tools: executor.tools });
    messages.push(assistantMessage(completion)); // keeps the provider's reasoning items, if any
    if (completion.toolCalls.length === 0) return completion.text;
    const results = await executor.execute(completion.toolCalls);
    messages.push(...toToolResultMessages(results));
  }
  throw new Error('No final answer after 8 turns');
}
// #endregion loop
