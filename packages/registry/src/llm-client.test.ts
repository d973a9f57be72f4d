import { describe, expect, it } from 'vitest';
import { toolResultMessage } from './llm-client';

describe('toolResultMessage', () => {
  it('marks anything but ok as an error', () => {
    expect(toolResultMessage({ toolCallId: 'a', name: 't', content: 'x', status: 'ok' }).isError).toBe(false);
    expect(toolResultMessage({ toolCallId: 'a', name: 't', content: 'x', status: 'denied' }).isError).toBe(
      true,
    );
    expect(toolResultMessage({ toolCallId: 'a', name: 't', content: 'x' })).toEqual({
      role: 'tool',
      toolCallId: 'a',
      name: 't',
      content: 'x',
      isError: false,
    });
  });
});
