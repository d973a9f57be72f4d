import { describe, expect, it } from 'vitest';
import { createExecutor } from './executor';
import { call, readTool } from './test-support';
import { toToolResultMessages } from './tool-result-messages';

describe('toToolResultMessages', () => {
  it('maps results to provider-neutral tool messages with isError for non-ok statuses', async () => {
    const executor = createExecutor({ tools: [readTool('r')] });
    const results = await executor.execute([call('a', 'r', { q: 'x' }), call('b', 'missing')]);
    expect(toToolResultMessages(results)).toEqual([
      { role: 'tool', toolCallId: 'a', name: 'r', content: '{"q":"x"}', isError: false },
      { role: 'tool', toolCallId: 'b', name: 'missing', content: results[1]!.content, isError: true },
    ]);
  });
});
