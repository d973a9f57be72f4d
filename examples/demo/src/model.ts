/**
 * Picks the model: OpenAI or Anthropic when a key is in the environment (through the
 * adapters in `@dexter/registry`), else the offline script.
 */
import type { LlmClient } from '@dexter/registry';
import { type Company, createDemoModel } from './scripted-model';

export async function chooseModel(
  env: Readonly<Record<string, string | undefined>>,
  companies: readonly [Company, Company],
  prefer?: 'scripted' | 'openai' | 'anthropic',
): Promise<LlmClient> {
  const choice = prefer ?? (env.OPENAI_API_KEY ? 'openai' : env.ANTHROPIC_API_KEY ? 'anthropic' : 'scripted');
  if (choice === 'openai') {
    const [{ default: OpenAI }, { createOpenAIChatClient }] = await Promise.all([
      import('openai'),
      import('@dexter/registry/openai'),
    ]);
    return createOpenAIChatClient({ client: new OpenAI(), model: env.OPENAI_MODEL ?? 'gpt-4.1-mini' });
  }
  if (choice === 'anthropic') {
    const [{ default: Anthropic }, { createAnthropicClient }] = await Promise.all([
      import('@anthropic-ai/sdk'),
      import('@dexter/registry/anthropic'),
    ]);
    return createAnthropicClient({
      client: new Anthropic(),
      model: env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-6',
      maxTokens: 2048,
    });
  }
  return createDemoModel(companies);
}
