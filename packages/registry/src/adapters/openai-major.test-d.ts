// The adapters take a client of either `openai` major in the peer range, by type, and still
// refuse what is not a client.
import OpenAI6 from 'openai';
import OpenAI7 from 'openai7';
import { expectTypeOf, test } from 'vitest';
import type { OpenAIChatCapable, OpenAIResponsesCapable } from '../openai';

test('an openai 6 or 7 client is what the adapters take', () => {
  expectTypeOf(new OpenAI6({ apiKey: 'k' })).toExtend<OpenAIChatCapable>();
  expectTypeOf(new OpenAI7({ apiKey: 'k' })).toExtend<OpenAIChatCapable>();
  expectTypeOf(new OpenAI6({ apiKey: 'k' })).toExtend<OpenAIResponsesCapable>();
  expectTypeOf(new OpenAI7({ apiKey: 'k' })).toExtend<OpenAIResponsesCapable>();
  expectTypeOf({ chat: { completions: { create: () => 1 } } }).not.toExtend<OpenAIChatCapable>();
  expectTypeOf({ responses: {} }).not.toExtend<OpenAIResponsesCapable>();
});
