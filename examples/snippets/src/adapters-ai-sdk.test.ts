import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { converse, deployed } from './adapters-ai-sdk';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe('framework adapters guide: AI SDK', () => {
  it('asks through the AI SDK, runs the approved call once and answers', async () => {
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        step += 1;
        if (step === 1) {
          return {
            content: [
              { type: 'tool-call', toolCallId: 'c1', toolName: 'deploy', input: '{"service":"web"}' },
            ],
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: 'text', text: 'web is live' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    const seen: unknown[] = [];
    const text = await converse(model, 'ship web', (name, input) => {
      seen.push([name, input]);
      return true;
    });
    expect(seen).toEqual([['deploy', { service: 'web' }]]);
    expect(deployed).toEqual(['web']);
    expect(text).toBe('web is live');
  });
});
