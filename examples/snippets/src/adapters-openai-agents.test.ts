import { type Model, type ModelResponse, setTracingDisabled, Usage } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { deployed, finish, opsAgent, start } from './adapters-openai-agents';

setTracingDisabled(true);

/** A fake model: one function call, then text. */
function fakeModel(): Model {
  let step = 0;
  return {
    async getResponse(): Promise<ModelResponse> {
      step += 1;
      const output: ModelResponse['output'] =
        step === 1
          ? [
              {
                type: 'function_call',
                callId: 'c1',
                name: 'deploy',
                arguments: '{"service":"web"}',
                status: 'completed',
              },
            ]
          : [
              {
                type: 'message',
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: 'web is live' }],
              },
            ];
      return { usage: new Usage(), output };
    },
    getStreamedResponse() {
      throw new Error('not streamed here');
    },
  };
}

describe('framework adapters guide: OpenAI Agents SDK', () => {
  it('pauses on ask, resumes from the serialized state on a fresh agent, runs once', async () => {
    const model = fakeModel();
    const { state, pending } = await start(opsAgent(model), 'ship web');
    expect(pending).toHaveLength(1);
    expect(deployed).toEqual([]);
    const output = await finish(opsAgent(model), state, true);
    expect(deployed).toEqual(['web']);
    expect(output).toBe('web is live');
  });
});
