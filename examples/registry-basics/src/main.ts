// Prints what a host sends to a model: the compact tool block for the system prompt and
// the same tools in OpenAI and Anthropic shapes, all from one zod definition each.
// Run: pnpm --filter @dexter-examples/registry-basics start
import { toAnthropicTools, toOpenAIResponsesTools } from '@dexter/registry';
import { buildRegistry } from './tools';

export function render(env: Record<string, string | undefined> = process.env): string {
  const registry = buildRegistry(env);
  const lines = [
    '## System prompt block',
    registry.compactDescriptions(),
    '',
    '## Unavailable',
    ...registry.unavailable().map((entry) => `- ${entry.name}: ${entry.reason}`),
    '',
    '## OpenAI Responses tools',
    JSON.stringify(toOpenAIResponsesTools(registry), null, 2),
    '',
    '## Anthropic tools',
    JSON.stringify(toAnthropicTools(registry), null, 2),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  console.log(render());
}
