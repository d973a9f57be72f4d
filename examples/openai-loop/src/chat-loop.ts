/**
 * A host's own Chat Completions loop with the Dexter executor dropped in. The host keeps
 * its OpenAI client, its `messages` array and its loop; Dexter supplies the tool
 * definitions, runs each turn's tool calls (in parallel where safe) and returns one result
 * per call, in call order.
 */
// #region loop
import type { Executor } from '@dexter/executor';
import { fromOpenAIChatCompletion, toOpenAIChatTools } from '@dexter/registry/openai';
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

export async function answer(
  openai: OpenAI,
  executor: Executor,
  question: string,
  model = 'gpt-4.1-mini',
): Promise<string> {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You are a financial research assistant. Use the tools for figures.' },
    { role: 'user', content: question },
  ];
  const tools = toOpenAIChatTools(executor.tools); // stable order, strict where the schema allows

  for (let turn = 0; turn < 8; turn++) {
    const completion = await openai.chat.completions.create({ model, messages, tools });
    const message = completion.choices[0]?.message;
    if (!message) throw new Error('The model returned no choice');
    messages.push(message);

    // Parsed calls; arguments that are not valid JSON become `invalid_input` results.
    const { toolCalls } = fromOpenAIChatCompletion(completion);
    if (toolCalls.length === 0) return message.content ?? '';

    const results = await executor.execute(toolCalls);
    for (const result of results) {
      messages.push({ role: 'tool', tool_call_id: result.toolCallId, content: result.content });
    }
  }
  throw new Error('No final answer after 8 turns');
}
// #endregion loop
