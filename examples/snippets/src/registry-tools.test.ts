import { describe, expect, it } from 'vitest';
import { anthropicTools, openAITools, registry, search, systemPrompt } from './registry-tools';

describe('registry guide snippets', () => {
  it('lists only available tools, in order, with the reason for the others', () => {
    expect(registry.names()).toEqual(['get_quote']);
    expect(registry.unavailable()).toEqual([
      { name: 'web_search', reason: 'missing environment variable EXASEARCH_API_KEY' },
    ]);
    expect(systemPrompt).toBe('You can use these tools:\n- get_quote: Latest stock price');
  });

  it('renders provider schemas', () => {
    expect(openAITools.map((tool) => [tool.function.name, tool.function.strict])).toEqual([
      ['get_quote', true],
    ]);
    expect(anthropicTools[0]?.input_schema).toMatchObject({ type: 'object', required: ['ticker'] });
  });

  it('falls through to a configured provider', async () => {
    const { output, provider, failures } = await search.run('NVIDIA 10-K');
    // exa joins only when EXASEARCH_API_KEY is set in this process's environment.
    expect(provider).toBe('archive');
    expect(output).toEqual([{ title: 'NVIDIA 10-K', url: 'https://example.org/a' }]);
    expect(failures.map((failure) => failure.kind)).toEqual(process.env.EXASEARCH_API_KEY ? ['empty'] : []);
  });
});
