import { describe, expect, it } from 'vitest';
import { render } from './main';

describe('registry-basics example', () => {
  it('lists only available tools and prints both provider shapes', () => {
    const without = render({});
    expect(without).toContain('- get_quote: Latest stock price for a ticker');
    expect(without).toContain('- web_search: missing environment variable TAVILY_API_KEY');
    expect(without).toContain('"input_schema"');
    expect(without).toContain('"strict": true');
    const withKey = render({ TAVILY_API_KEY: 'x' });
    expect(withKey).toContain('- web_search: Web search (needs TAVILY_API_KEY)');
  });
});
