/**
 * `createAnthropicClient`: the `LlmClient` port over the official `@anthropic-ai/sdk`
 * Messages API. Types only are imported from the SDK; the host passes its instance in.
 * Provider errors (`Anthropic.APIError` subclasses) propagate unchanged, after the SDK's
 * own retries.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages';
import type { LlmClient } from '../llm-client';
import { toAnthropicTools } from '../provider-schemas';
import { fromAnthropicMessage, toAnthropicMessages, toAnthropicToolChoice } from './anthropic-messages';
import { collectAnthropicStream } from './anthropic-stream';
import { providerClient, requireModel } from './client-port';

/** The part of an `Anthropic` client this adapter uses. */
export interface AnthropicCapable {
  messages: Pick<Anthropic['messages'], 'create'>;
}

/** Options of `createAnthropicClient`. */
export interface AnthropicClientOptions {
  /** An `Anthropic` instance (or anything with `messages.create`). */
  client: AnthropicCapable;
  /** e.g. `'claude-sonnet-4-6'`. */
  model: string;
  /** `max_tokens` when the request gives no `maxOutputTokens`. Default 4096. */
  maxTokens?: number;
  /** Use server-sent events and assemble the answer from deltas. Default false. */
  stream?: boolean;
  /** Called with each text fragment while streaming (and once with the whole text otherwise). */
  onTextDelta?: (delta: string) => void;
  /** Extra body fields, e.g. `{ thinking: {...}, metadata: {...} }`. */
  params?: Omit<Partial<MessageCreateParamsBase>, 'model' | 'messages' | 'tools' | 'stream' | 'system'>;
  /** Per-request SDK options (headers, timeout, ...). The request's abort signal is added. */
  requestOptions?: NonNullable<Parameters<Anthropic['messages']['create']>[1]>;
}

/**
 * @example
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { createAnthropicClient } from '@dexter/registry/anthropic';
 *
 * const llm = createAnthropicClient({ client: new Anthropic(), model: 'claude-sonnet-4-6', maxTokens: 2048 });
 * const completion = await llm.complete({ messages, tools: registry.list() });
 * ```
 */
export function createAnthropicClient(options: AnthropicClientOptions): LlmClient {
  if (!options?.client?.messages || typeof options.client.messages.create !== 'function') {
    throw new TypeError('createAnthropicClient needs `client`: an Anthropic instance (new Anthropic({...}))');
  }
  requireModel('createAnthropicClient', options.model, 'claude-sonnet-4-6');
  const maxTokens = options.maxTokens ?? 4096;
  if (!Number.isInteger(maxTokens) || maxTokens <= 0) {
    throw new TypeError(`createAnthropicClient: maxTokens must be a positive integer, got ${maxTokens}`);
  }
  const { client } = options;
  return providerClient(options, {
    provider: 'anthropic',
    client,
    body(request): MessageCreateParamsBase {
      const tools = request.tools?.length ? toAnthropicTools(request.tools) : undefined;
      const { system, messages } = toAnthropicMessages(request.messages);
      return {
        ...options.params,
        model: options.model,
        max_tokens: request.maxOutputTokens ?? maxTokens,
        messages,
        ...(system !== undefined ? { system } : {}),
        ...(tools ? { tools } : {}),
        ...(tools && request.toolChoice ? { tool_choice: toAnthropicToolChoice(request.toolChoice) } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      };
    },
    async streamed(body, requestOptions) {
      const stream = await client.messages.create({ ...body, stream: true }, requestOptions);
      return collectAnthropicStream(stream, options.onTextDelta);
    },
    async whole(body, requestOptions) {
      return fromAnthropicMessage(await client.messages.create({ ...body, stream: false }, requestOptions));
    },
  });
}
