/**
 * The three `LlmClient` adapters. Each wraps the host's own SDK instance (keys, base URL,
 * retries and proxies stay the host's), so `answerWith(llm, executor, question)` runs
 * unchanged on any of them.
 */
// #region clients
import Anthropic from '@anthropic-ai/sdk';
import type { LlmClient } from '@dexter/registry';
import { createAnthropicClient } from '@dexter/registry/anthropic';
import { createOpenAIChatClient, createOpenAIResponsesClient } from '@dexter/registry/openai';
import OpenAI from 'openai';

export function llmFor(
  provider: 'openai-chat' | 'openai-responses' | 'anthropic',
  baseURL?: string,
): LlmClient {
  switch (provider) {
    case 'openai-chat':
      return createOpenAIChatClient({ client: new OpenAI({ baseURL }), model: 'gpt-4.1-mini' });
    case 'openai-responses':
      return createOpenAIResponsesClient({ client: new OpenAI({ baseURL }), model: 'gpt-4.1-mini' });
    case 'anthropic':
      return createAnthropicClient({
        client: new Anthropic({ baseURL }),
        model: 'claude-sonnet-4-6',
        maxTokens: 2048,
      });
  }
}
// #endregion clients
