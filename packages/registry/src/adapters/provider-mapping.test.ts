/** Unit tests of the pure mapping functions (the e2e tests cover the happy paths over HTTP). */
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { Response } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { toAnthropicMessages, toAnthropicToolChoice } from '../anthropic';
import type { LlmMessage } from '../llm-client';
import {
  fromOpenAIChatCompletion,
  fromOpenAIResponse,
  toOpenAIChatMessages,
  toOpenAIChatToolChoice,
  toOpenAIResponsesInput,
  toOpenAIResponsesToolChoice,
} from '../openai';
import { anthropicStopReason, fromAnthropicMessage } from './anthropic-messages';
import { chatStopReason } from './openai-chat-messages';

describe('tool choice mapping', () => {
  it('maps auto / required / none / a named tool for each provider', () => {
    expect(['auto', 'required', 'none'].map((choice) => toOpenAIChatToolChoice(choice as 'auto'))).toEqual([
      'auto',
      'required',
      'none',
    ]);
    expect(toOpenAIChatToolChoice({ name: 'get_financials' })).toEqual({
      type: 'function',
      function: { name: 'get_financials' },
    });
    expect(toOpenAIResponsesToolChoice({ name: 'get_financials' })).toEqual({
      type: 'function',
      name: 'get_financials',
    });
    expect(toAnthropicToolChoice('auto')).toEqual({ type: 'auto' });
    expect(toAnthropicToolChoice('required')).toEqual({ type: 'any' });
    expect(toAnthropicToolChoice('none')).toEqual({ type: 'none' });
    expect(toAnthropicToolChoice({ name: 'write_file' })).toEqual({ type: 'tool', name: 'write_file' });
  });
});

describe('stop reasons', () => {
  it('maps every provider reason onto ours', () => {
    expect(chatStopReason('stop', false)).toBe('end');
    expect(chatStopReason('stop', true)).toBe('tool_calls');
    expect(chatStopReason('tool_calls', true)).toBe('tool_calls');
    expect(chatStopReason('length', false)).toBe('max_tokens');
    expect(chatStopReason('content_filter', false)).toBe('other');
    expect(chatStopReason(null, false)).toBe('other');
    expect(anthropicStopReason('end_turn')).toBe('end');
    expect(anthropicStopReason('stop_sequence')).toBe('end');
    expect(anthropicStopReason('tool_use')).toBe('tool_calls');
    expect(anthropicStopReason('max_tokens')).toBe('max_tokens');
    expect(anthropicStopReason('refusal')).toBe('other');
    expect(anthropicStopReason('pause_turn')).toBe('other');
  });
});

describe('message mapping details', () => {
  const history: LlmMessage[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'system', content: 'Cite sources.' },
    { role: 'user', content: 'Hi' },
    { role: 'user', content: 'Compare AAPL and NVDA' },
    { role: 'assistant', content: '' },
  ];

  it('uses the developer role when asked (reasoning models)', () => {
    expect(toOpenAIChatMessages(history, { systemRole: 'developer' })[0]).toEqual({
      role: 'developer',
      content: 'Be brief.',
    });
    expect(toOpenAIResponsesInput(history, { systemRole: 'developer' })[1]).toEqual({
      role: 'developer',
      content: 'Cite sources.',
    });
  });

  it('Anthropic: joins system messages, merges consecutive user turns, drops empty turns', () => {
    const { system, messages } = toAnthropicMessages(history);
    expect(system).toBe('Be brief.\n\nCite sources.');
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'text', text: 'Compare AAPL and NVDA' },
        ],
      },
    ]);
    expect(toAnthropicMessages([{ role: 'user', content: 'x' }]).system).toBeUndefined();
  });
});

describe('response mapping details', () => {
  it('Chat: a refusal becomes the text with stop reason "other"', () => {
    const completion = fromOpenAIChatCompletion({
      id: 'chatcmpl-refusal',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-4.1-mini',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          logprobs: null,
          message: { role: 'assistant', content: null, refusal: "I can't help with that." },
        },
      ],
    } as ChatCompletion);
    expect(completion).toMatchObject({ text: "I can't help with that.", stopReason: 'other', toolCalls: [] });
    expect(completion.usage).toBeUndefined();
  });

  it('Responses: skips non-function output items such as reasoning', () => {
    const completion = fromOpenAIResponse({
      id: 'resp_reasoning',
      object: 'response',
      status: 'completed',
      error: null,
      output: [
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'function_call', call_id: 'call_1', name: 'get_financials', arguments: '{"ticker":"AAPL"}' },
      ],
    } as unknown as Response);
    expect(completion.toolCalls).toEqual([
      { id: 'call_1', name: 'get_financials', input: { ticker: 'AAPL' } },
    ]);
    expect(completion.stopReason).toBe('tool_calls');
  });

  it('Anthropic: ignores thinking blocks and keeps text and tool_use in order', () => {
    const completion = fromAnthropicMessage({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      stop_reason: 'tool_use',
      stop_sequence: null,
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'sig' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_financials', input: { ticker: 'NVDA' } },
      ],
      usage: { input_tokens: 10, output_tokens: 5 },
    } as unknown as Message);
    expect(completion).toMatchObject({
      text: 'Checking.',
      toolCalls: [{ id: 'toolu_1', name: 'get_financials', input: { ticker: 'NVDA' } }],
      stopReason: 'tool_calls',
      usage: { inputTokens: 10, outputTokens: 5 },
    });
  });
});
