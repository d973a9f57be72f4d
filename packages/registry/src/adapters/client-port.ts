/**
 * What the three provider adapters share: the `LlmClient` shape, the checks of `model`,
 * credential redaction around every call, the request's abort signal added to the SDK's
 * request options, and the choice between a streamed and a whole answer. Each adapter states
 * only how its provider's body is built and how its answer is read.
 */
import type { LlmClient, LlmCompletion, LlmCompletionRequest } from '../llm-client';
import { clientCredentials, redactingCredentials } from '../redact-credentials';

/** The options every adapter takes besides its client and its provider's body fields. */
export interface AdapterCommonOptions<RequestOptions extends object> {
  model: string;
  stream?: boolean;
  onTextDelta?: (delta: string) => void;
  requestOptions?: RequestOptions;
}

/** How one provider is called: its body, and its streamed and whole answers. */
export interface ProviderCalls<Body, RequestOptions extends object> {
  /** `LlmClient.provider`, e.g. `'openai.chat'`. */
  provider: string;
  /** The SDK client, whose keys are redacted from any error the call throws. */
  client: unknown;
  body(request: LlmCompletionRequest): Body;
  /** Calls the SDK with `stream: true` and assembles the answer, reporting text deltas. */
  streamed(body: Body, requestOptions: RequestOptions): Promise<LlmCompletion>;
  /** Calls the SDK with `stream: false` and reads the answer. */
  whole(body: Body, requestOptions: RequestOptions): Promise<LlmCompletion>;
}

/** Throws the factory's `TypeError` unless `model` is a non-empty string. */
export function requireModel(factory: string, model: unknown, example: string): asserts model is string {
  if (typeof model !== 'string' || model === '') {
    throw new TypeError(`${factory} needs \`model\`, e.g. "${example}"`);
  }
}

/** The `LlmClient` over one provider's calls. */
export function providerClient<Body, RequestOptions extends object>(
  options: AdapterCommonOptions<RequestOptions>,
  calls: ProviderCalls<Body, RequestOptions>,
): LlmClient {
  const requestHeaders = (options.requestOptions as { headers?: unknown } | undefined)?.headers;
  return {
    specificationVersion: 'v1',
    provider: calls.provider,
    model: options.model,
    complete(request: LlmCompletionRequest): Promise<LlmCompletion> {
      return redactingCredentials(
        () => clientCredentials(calls.client, requestHeaders),
        () => completeOnce(request),
      );
    },
  };

  async function completeOnce(request: LlmCompletionRequest): Promise<LlmCompletion> {
    const body = calls.body(request);
    const requestOptions = {
      ...options.requestOptions,
      ...(request.signal ? { signal: request.signal } : {}),
    } as RequestOptions;
    if (options.stream) return calls.streamed(body, requestOptions);
    const result = await calls.whole(body, requestOptions);
    if (result.text) options.onTextDelta?.(result.text);
    return result;
  }
}
