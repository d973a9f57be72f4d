/**
 * Runs the loop against OpenAI: `OPENAI_API_KEY=... pnpm --filter @dexter-examples/openai-loop start`.
 * The `openai` client also reads `OPENAI_BASE_URL`, so any Chat Completions-compatible
 * server works. Without a key it explains itself and exits.
 */
import { createExecutor } from '@dexter/executor';
import OpenAI from 'openai';
import { answer } from './chat-loop';
import { getRevenue } from './tools';

const question = process.argv[2] ?? 'Compare the latest annual revenue of Apple and NVIDIA.';

if (!process.env.OPENAI_API_KEY) {
  console.log('Set OPENAI_API_KEY (and optionally OPENAI_BASE_URL, OPENAI_MODEL) to run this example.');
} else {
  const executor = createExecutor({ tools: [getRevenue], timeoutMs: 10_000 });
  const text = await answer(new OpenAI(), executor, question, process.env.OPENAI_MODEL ?? 'gpt-4.1-mini');
  console.log(text);
}
