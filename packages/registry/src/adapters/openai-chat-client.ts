/**
 * `createOpenAIChatClient`: the `LlmClient` port over the official `openai` client's Chat
 * Completions API. The host passes in its own `OpenAI` instance (keys, base URL, retries,
 * proxies stay the host's business); this module imports only types from `openai`, so the
 * subpath works without the package installed until a client is actually passed in.
 * Provider errors (`OpenAI.APIError` subclasses such as `BadRequestError`) propagate
 * unchanged, after the SDK's own retries.
 */
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import type { LlmClient } from '../llm-client';
import { type StrictOption, toOpenAIChatTools } from '../provider-schemas';
import { providerClient, requireModel } from './client-port';
import {
  fromOpenAIChatCompletion,
  type OpenAIChatMessageOptions,
  toOpenAIChatMessages,
  toOpenAIChatToolChoice,
} from './openai-chat-messages';
import { collectOpenAIChatStream } from './openai-chat-stream';

/**
 * What the adapter needs of a client: `chat.completions.create`, as an `OpenAI` instance of
 * either supported major (6 or 7) has it. The parameters are typed `never` so that both
 * majors' differently typed overloads fit; the adapter calls it as `openai` 6 types it.
 */
export interface OpenAIChatCapable {
  chat: { completions: { create(body: never, options?: never): PromiseLike<unknown> } };
}

/** The client as the adapter calls it (typed by the `openai` 6 the calls were written to). */
interface OpenAIChatCalls {
  chat: { completions: Pick<OpenAI['chat']['completions'], 'create'> };
}

/** Request options forwarded to the SDK (headers, timeout, maxRetries, ...). */
export type OpenAIRequestOptions = NonNullable<Parameters<OpenAI['chat']['completions']['create']>[1]>;

/** Options of `createOpenAIChatClient`. */
export interface OpenAIChatClientOptions extends OpenAIChatMessageOptions {
  /** An `OpenAI` instance (or anything with `chat.completions.create`). */
  client: OpenAIChatCapable;
  /** e.g. `'gpt-4.1-mini'`. */
  model: string;
  /** Use server-sent events and assemble the answer from deltas. Default false. */
  stream?: boolean;
  /** Called with each text fragment while streaming (and once with the whole text otherwise). */
  onTextDelta?: (delta: string) => void;
  /**
   * OpenAI strict mode for tool schemas; `'auto'` (default) uses it where the schema allows.
   * OpenAI notes that parallel tool calls may not follow strict schemas; the executor
   * validates every call with the tool's zod schema either way.
   */
  strict?: StrictOption;
  /** Extra body fields, e.g. `{ parallel_tool_calls: true, reasoning_effort: 'low' }`. */
  params?: Omit<Partial<ChatCompletionCreateParamsBase>, 'model' | 'messages' | 'tools' | 'stream'>;
  /** Per-request SDK options (headers, timeout, ...). The request's abort signal is added. */
  requestOptions?: OpenAIRequestOptions;
}

/**
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { createOpenAIChatClient } from '@dexter/registry/openai';
 *
 * const llm = createOpenAIChatClient({ client: new OpenAI(), model: 'gpt-4.1-mini' });
 * const completion = await llm.complete({ messages, tools: registry.list() });
 * ```
 */
export function createOpenAIChatClient(options: OpenAIChatClientOptions): LlmClient {
  if (!options?.client?.chat?.completions || typeof options.client.chat.completions.create !== 'function') {
    throw new TypeError('createOpenAIChatClient needs `client`: an OpenAI instance (new OpenAI({...}))');
  }
  requireModel('createOpenAIChatClient', options.model, 'gpt-4.1-mini');
  const client = options.client as unknown as OpenAIChatCalls;
  return providerClient(options, {
    provider: 'openai.chat',
    client: options.client,
    body(request): ChatCompletionCreateParamsBase {
      const tools = request.tools?.length
        ? toOpenAIChatTools(request.tools, { strict: options.strict ?? 'auto' })
        : undefined;
      return {
        ...options.params,
        model: options.model,
        messages: toOpenAIChatMessages(request.messages, options),
        ...(tools ? { tools } : {}),
        ...(tools && request.toolChoice ? { tool_choice: toOpenAIChatToolChoice(request.toolChoice) } : {}),
        ...(request.maxOutputTokens !== undefined ? { max_completion_tokens: request.maxOutputTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      };
    },
    async streamed(body, requestOptions) {
      const stream = await client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        requestOptions,
      );
      return collectOpenAIChatStream(stream, options.onTextDelta);
    },
    async whole(body, requestOptions) {
      return fromOpenAIChatCompletion(
        await client.chat.completions.create({ ...body, stream: false }, requestOptions),
      );
    },
  });
}
