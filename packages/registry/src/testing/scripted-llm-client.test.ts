import { describe, expect, it } from 'vitest';
import { RegistryError } from '../errors';
import { createScriptedLlmClient } from './scripted-llm-client';

describe('createScriptedLlmClient', () => {
  it('replays steps in order, records requests and infers the stop reason', async () => {
    const client = createScriptedLlmClient([
      { toolCalls: [{ id: 'c1', name: 'get_financials', input: { query: 'AAPL revenue' } }] },
      (request, turn) => ({ text: `turn ${turn} saw ${request.messages.length} messages` }),
    ]);
    const first = await client.complete({ messages: [{ role: 'user', content: 'hi' }] });
    expect(first.stopReason).toBe('tool_calls');
    expect(first.toolCalls[0]?.name).toBe('get_financials');
    const second = await client.complete({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '', toolCalls: first.toolCalls },
      ],
    });
    expect(second).toEqual({ text: 'turn 1 saw 2 messages', toolCalls: [], stopReason: 'end' });
    expect(client.requests).toHaveLength(2);
    expect(client.remaining()).toBe(0);
  });

  it('throws a typed error when the script runs out, or ends when told to', async () => {
    const strict = createScriptedLlmClient([]);
    const error = await strict.complete({ messages: [] }).catch((e: unknown) => e);
    expect(RegistryError.isInstance(error) && error.code).toBe('script_exhausted');
    const lenient = createScriptedLlmClient([], { onExhausted: 'end' });
    expect((await lenient.complete({ messages: [] })).stopReason).toBe('end');
  });

  it('honours the abort signal during simulated latency', async () => {
    const client = createScriptedLlmClient([{ text: 'late' }], { latencyMs: 10_000 });
    const controller = new AbortController();
    const pending = client.complete({ messages: [], signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
