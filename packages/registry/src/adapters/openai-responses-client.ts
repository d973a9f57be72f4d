/**
 * `createOpenAIResponsesClient`: the `LlmClient` port over the official `openai` client's
 * Responses API. Types only are imported from `openai`; the host passes its instance in.
 * Provider errors (`OpenAI.APIError` subclasses) propagate unchanged, after the SDK's own
 * retries; a response whose status is `failed` throws `provider_failed`.
 */
import type OpenAI from 'openai';
import type { ResponseCreateParamsBase } from 'openai/resources/responses/responses';
import type { LlmClient } from '../llm-client';
import { type StrictOption, toOpenAIResponsesTools } from '../provider-schemas';
import { providerClient, requireModel } from './client-port';
import {
  fromOpenAIResponse,
  type OpenAIResponsesInputOptions,
  toOpenAIResponsesInput,
  toOpenAIResponsesToolChoice,
} from './openai-responses-input';
import { collectOpenAIResponsesStream } from './openai-responses-stream';

/**
 * What the adapter needs of a client: `responses.create`, as an `OpenAI` instance of either
 * supported major (6 or 7) has it. The parameters are typed `never` so that both majors'
 * differently typed overloads fit; the adapter calls it as `openai` 6 types it.
 */
export interface OpenAIResponsesCapable {
  responses: { create(body: never, options?: never): PromiseLike<unknown> };
}

/** The client as the adapter calls it (typed by the `openai` 6 the calls were written to). */
interface OpenAIResponsesCalls {
  responses: Pick<OpenAI['responses'], 'create'>;
}

/** Options of `createOpenAIResponsesClient`. */
export interface OpenAIResponsesClientOptions extends OpenAIResponsesInputOptions {
  /** An `OpenAI` instance (or anything with `responses.create`). */
  client: OpenAIResponsesCapable;
  model: string;
  /** Use server-sent events and assemble the answer from deltas. Default false. */
  stream?: boolean;
  /** Called with each text fragment while streaming (and once with the whole text otherwise). */
  onTextDelta?: (delta: string) => void;
  /** OpenAI strict mode for tool schemas; `'auto'` (default) uses it where the schema allows. */
  strict?: StrictOption;
  /** Extra body fields, e.g. `{ store: false, parallel_tool_calls: true, reasoning: {...} }`. */
  params?: Omit<Partial<ResponseCreateParamsBase>, 'model' | 'input' | 'tools' | 'stream'>;
  /** Per-request SDK options (headers, timeout, ...). The request's abort signal is added. */
  requestOptions?: NonNullable<Parameters<OpenAI['responses']['create']>[1]>;
}

/**
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { createOpenAIResponsesClient } from '@dexter/registry/openai';
 *
 * const llm = createOpenAIResponsesClient({ client: new OpenAI(), model: 'gpt-4.1-mini', stream: true });
 * const completion = await llm.complete({ messages, tools: registry.list() });
 * ```
 */
export function createOpenAIResponsesClient(options: OpenAIResponsesClientOptions): LlmClient {
  if (!options?.client?.responses || typeof options.client.responses.create !== 'function') {
    throw new TypeError('createOpenAIResponsesClient needs `client`: an OpenAI instance (new OpenAI({...}))');
  }
  requireModel('createOpenAIResponsesClient', options.model, 'gpt-4.1-mini');
  const client = options.client as unknown as OpenAIResponsesCalls;
  return providerClient(options, {
    provider: 'openai.responses',
    client: options.client,
    body(request): ResponseCreateParamsBase {
      const tools = request.tools?.length
        ? toOpenAIResponsesTools(request.tools, { strict: options.strict ?? 'auto' })
        : undefined;
      return {
        ...options.params,
        model: options.model,
        input: toOpenAIResponsesInput(request.messages, options),
        ...(tools ? { tools } : {}),
        ...(tools && request.toolChoice
          ? { tool_choice: toOpenAIResponsesToolChoice(request.toolChoice) }
          : {}),
        ...(request.maxOutputTokens !== undefined ? { max_output_tokens: request.maxOutputTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      };
    },
    async streamed(body, requestOptions) {
      const stream = await client.responses.create({ ...body, stream: true }, requestOptions);
      return collectOpenAIResponsesStream(stream, options.onTextDelta);
    },
    async whole(body, requestOptions) {
      return fromOpenAIResponse(await client.responses.create({ ...body, stream: false }, requestOptions));
    },
  });
}
