import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LlmMessage, ToolResultMessage } from '../llm-client';
import { argumentsText, toolCallFromArguments } from './tool-arguments';
import { orderToolResults } from './tool-result-order';

describe('orderToolResults', () => {
  it('property: a permutation that puts each run of results in call order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (ids, randoms) => {
          const shuffled = ids
            .map((id) => ({ id, key: randoms.next().value }))
            .sort((left, right) => left.key - right.key)
            .map(({ id }) => id);
          const messages: LlmMessage[] = [
            { role: 'user', content: 'go' },
            { role: 'assistant', content: '', toolCalls: ids.map((id) => ({ id, name: 't', input: {} })) },
            ...shuffled.map(
              (id): ToolResultMessage => ({ role: 'tool', toolCallId: id, name: 't', content: id }),
            ),
            { role: 'user', content: 'next' },
          ];
          const ordered = orderToolResults(messages);
          expect(ordered).toHaveLength(messages.length);
          expect(ordered.slice(2, -1).map((message) => (message as ToolResultMessage).toolCallId)).toEqual(
            ids,
          );
          expect(ordered[0]).toBe(messages[0]);
          expect(ordered.at(-1)).toBe(messages.at(-1));
        },
      ),
    );
  });

  it('keeps results for unknown ids after the known ones, in their original order', () => {
    const messages: LlmMessage[] = [
      { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 't', input: {} }] },
      { role: 'tool', toolCallId: 'x', name: 't', content: '' },
      { role: 'tool', toolCallId: 'a', name: 't', content: '' },
      { role: 'tool', toolCallId: 'y', name: 't', content: '' },
    ];
    expect(orderToolResults(messages).map((message) => (message as ToolResultMessage).toolCallId)).toEqual([
      undefined,
      'a',
      'x',
      'y',
    ]);
  });
});

describe('toolCallFromArguments', () => {
  it('parses JSON, treats empty text as {}, and never throws on garbage', () => {
    expect(toolCallFromArguments('1', 'n', '{"a":1}')).toEqual({ id: '1', name: 'n', input: { a: 1 } });
    expect(toolCallFromArguments('1', 'n', '')).toEqual({ id: '1', name: 'n', input: {} });
    fc.assert(
      fc.property(fc.string(), (text) => {
        const call = toolCallFromArguments('id', 'name', text);
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = text.trim() === '';
        }
        expect(call.inputError === undefined).toBe(valid);
        // What goes back to the provider is exactly what came from it (or equivalent JSON).
        if (!valid) expect(argumentsText(call)).toBe(text);
      }),
    );
  });
});
