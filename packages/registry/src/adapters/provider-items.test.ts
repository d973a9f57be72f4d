/** Unit tests of `providerItems`: captured from responses, replayed by the input mappers. */
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { finalMessage, reasoningFunctionCall, reasoningItem } from '../../test/fixtures/openai-responses';
import { fromAnthropicMessage, toAnthropicMessages } from '../anthropic';
import { assistantMessage, type LlmMessage, type ProviderItems, type ToolCall } from '../llm-client';
import {
  collectOpenAIResponsesStream,
  fromOpenAIResponse,
  toOpenAIChatMessages,
  toOpenAIResponsesInput,
} from '../openai';
import { createScriptedLlmClient } from '../testing';
import { anthropicProviderItems } from './anthropic-messages';
import { openAIResponsesProviderItems } from './openai-responses-input';

const nvda: ToolCall = { id: 'call_nvda', name: 'get_financials', input: { ticker: 'NVDA' } };
const aapl: ToolCall = { id: 'call_aapl', name: 'get_financials', input: { ticker: 'AAPL' } };

const rs1 = { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'enc-1' };
const rs2 = { type: 'reasoning', id: 'rs_2', summary: [], encrypted_content: 'enc-2' };
const fc = (call: ToolCall, id: string) => ({
  type: 'function_call',
  id,
  call_id: call.id,
  name: call.name,
  arguments: JSON.stringify(call.input),
  status: 'completed',
});
const msg = (id: string, text: string) => ({
  type: 'message',
  id,
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

function openaiItems(...items: unknown[]): ProviderItems {
  return { provider: 'openai.responses', items };
}

function assistantInput(message: LlmMessage): unknown[] {
  return toOpenAIResponsesInput([message]);
}

describe('OpenAI Responses: capturing reasoning items', () => {
  it('sets providerItems only when the output holds a reasoning item', () => {
    expect(fromOpenAIResponse(finalMessage as Response).providerItems).toBeUndefined();
    const response = {
      ...finalMessage,
      output: [
        reasoningItem,
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
        reasoningFunctionCall,
      ],
    } as unknown as Response;
    const completion = fromOpenAIResponse(response);
    expect(completion.providerItems).toEqual(openaiItems(reasoningItem, reasoningFunctionCall));
    // A copy: the host may keep or mutate `raw` without touching the replayed items.
    expect(completion.providerItems?.items[0]).not.toBe(reasoningItem);
  });

  it('builds them from output_item.done events when response.completed carries no output', async () => {
    const events = [
      { type: 'response.output_item.done', output_index: 0, item: reasoningItem },
      {
        type: 'response.output_item.added',
        output_index: 1,
        item: { ...reasoningFunctionCall, arguments: '' },
      },
      {
        type: 'response.function_call_arguments.done',
        item_id: reasoningFunctionCall.id,
        output_index: 1,
        arguments: reasoningFunctionCall.arguments,
      },
      { type: 'response.completed', response: { ...finalMessage, output: [] } },
    ] as unknown as ResponseStreamEvent[];
    async function* stream() {
      yield* events;
    }
    const completion = await collectOpenAIResponsesStream(stream());
    expect(completion.providerItems).toEqual(
      openaiItems(reasoningItem, {
        type: 'function_call',
        id: reasoningFunctionCall.id,
        call_id: reasoningFunctionCall.call_id,
        name: reasoningFunctionCall.name,
        arguments: reasoningFunctionCall.arguments,
      }),
    );
  });

  it('returns undefined for output without reasoning', () => {
    expect(openAIResponsesProviderItems([reasoningFunctionCall as never])).toBeUndefined();
    expect(openAIResponsesProviderItems(undefined)).toBeUndefined();
  });
});

describe('OpenAI Responses: replaying reasoning items', () => {
  it('replays interleaved reasoning right before the item that followed it', () => {
    const message: LlmMessage = {
      role: 'assistant',
      content: 'Both, then.',
      toolCalls: [nvda, aapl],
      providerItems: openaiItems(rs1, fc(nvda, 'fc_1'), rs2, msg('msg_1', 'Both, then.'), fc(aapl, 'fc_2')),
    };
    expect(assistantInput(message)).toEqual([
      rs1,
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_nvda',
        name: 'get_financials',
        arguments: '{"ticker":"NVDA"}',
      },
      rs2,
      msg('msg_1', 'Both, then.'),
      {
        type: 'function_call',
        id: 'fc_2',
        call_id: 'call_aapl',
        name: 'get_financials',
        arguments: '{"ticker":"AAPL"}',
      },
    ]);
  });

  it('takes calls and text from the message: edited text, removed and added calls', () => {
    const extra: ToolCall = { id: 'call_extra', name: 'write_file', input: { path: 'a.md' } };
    const message: LlmMessage = {
      role: 'assistant',
      content: 'Edited by the host.',
      toolCalls: [{ ...nvda, input: { ticker: 'NVDA', period: 'annual' } }, extra],
      providerItems: openaiItems(rs1, msg('msg_1', 'Original.'), fc(nvda, 'fc_1'), fc(aapl, 'fc_2')),
    };
    expect(assistantInput(message)).toEqual([
      rs1,
      { role: 'assistant', content: 'Edited by the host.' },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_nvda',
        name: 'get_financials',
        arguments: '{"ticker":"NVDA","period":"annual"}',
      },
      { type: 'function_call', call_id: 'call_extra', name: 'write_file', arguments: '{"path":"a.md"}' },
    ]);
  });

  it('puts text the items do not place first', () => {
    const message: LlmMessage = {
      role: 'assistant',
      content: 'Added later.',
      toolCalls: [nvda],
      providerItems: openaiItems(rs1, fc(nvda, 'fc_1')),
    };
    expect(assistantInput(message).slice(0, 2)).toEqual([
      { role: 'assistant', content: 'Added later.' },
      rs1,
    ]);
  });

  it('ignores items of another provider, and the Chat Completions mapper ignores them all', () => {
    const foreign: LlmMessage = {
      role: 'assistant',
      content: '',
      toolCalls: [nvda],
      providerItems: { provider: 'anthropic', items: [{ type: 'thinking', thinking: 't', signature: 's' }] },
    };
    expect(assistantInput(foreign)).toEqual([
      { type: 'function_call', call_id: 'call_nvda', name: 'get_financials', arguments: '{"ticker":"NVDA"}' },
    ]);
    const own: LlmMessage = { ...foreign, providerItems: openaiItems(rs1, fc(nvda, 'fc_1')) };
    const { providerItems: _ignored, ...plain } = own;
    expect(toOpenAIChatMessages([own])).toEqual(toOpenAIChatMessages([plain]));
  });
});

describe('Anthropic: thinking blocks', () => {
  const thinking = { type: 'thinking', thinking: 'Plan: NVDA first.', signature: 'sig-1' };
  const redacted = { type: 'redacted_thinking', data: 'opaque' };
  const toolUse = (call: ToolCall) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.input });

  it('captures thinking blocks with position markers, only when there are any', () => {
    const message = {
      id: 'msg_1',
      content: [
        thinking,
        { type: 'text', text: 'On it.', citations: null },
        { ...toolUse(nvda), caller: { type: 'direct' } },
        redacted,
        toolUse(aapl),
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 1, output_tokens: 2 },
    } as unknown as Message;
    expect(fromAnthropicMessage(message).providerItems).toEqual({
      provider: 'anthropic',
      items: [
        thinking,
        { type: 'text' },
        { type: 'tool_use', id: 'call_nvda' },
        redacted,
        { type: 'tool_use', id: 'call_aapl' },
      ],
    });
    expect(anthropicProviderItems([{ type: 'text' }, { type: 'tool_use' }])).toBeUndefined();
  });

  it('replays them unchanged at their place; text and calls come from the message', () => {
    const { messages } = toAnthropicMessages([
      { role: 'user', content: 'Compare.' },
      {
        role: 'assistant',
        content: 'On it.',
        toolCalls: [nvda, aapl],
        providerItems: {
          provider: 'anthropic',
          items: [
            thinking,
            { type: 'text' },
            { type: 'tool_use', id: 'call_nvda' },
            redacted,
            { type: 'tool_use', id: 'call_aapl' },
          ],
        },
      },
    ]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [thinking, { type: 'text', text: 'On it.' }, toolUse(nvda), redacted, toolUse(aapl)],
    });
  });

  it('puts unplaced text after the thinking, before the first tool_use; ignores foreign items', () => {
    const { messages } = toAnthropicMessages([
      { role: 'user', content: 'Compare.' },
      {
        role: 'assistant',
        content: 'Host text.',
        toolCalls: [nvda],
        providerItems: { provider: 'anthropic', items: [thinking, { type: 'tool_use', id: 'call_nvda' }] },
      },
      { role: 'tool', toolCallId: 'call_nvda', name: 'get_financials', content: '{}' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [aapl],
        providerItems: openaiItems(rs1, fc(aapl, 'fc_1')),
      },
    ]);
    expect(messages[1]?.content).toEqual([thinking, { type: 'text', text: 'Host text.' }, toolUse(nvda)]);
    expect(messages[3]?.content).toEqual([toolUse(aapl)]);
  });
});

describe('carrying providerItems into the history', () => {
  it('assistantMessage copies them when present', () => {
    const providerItems = openaiItems(rs1);
    expect(assistantMessage({ text: 'a', toolCalls: [nvda], providerItems })).toEqual({
      role: 'assistant',
      content: 'a',
      toolCalls: [nvda],
      providerItems,
    });
    expect(assistantMessage({ text: 'b', toolCalls: [] })).not.toHaveProperty('providerItems');
  });

  it('the scripted client passes them through', async () => {
    const providerItems = openaiItems(rs1);
    const llm = createScriptedLlmClient([{ toolCalls: [nvda], providerItems }]);
    expect((await llm.complete({ messages: [] })).providerItems).toBe(providerItems);
  });
});
