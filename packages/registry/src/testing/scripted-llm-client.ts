/**
 * A scripted `LlmClient`: replays completions in order. For tests and the offline demo.
 * Each step is a completion, or a function of the request that returns one (so a script can
 * react to tool results). Requests are recorded for assertions.
 */
import { RegistryError } from '../errors';
import type { LlmClient, LlmCompletion, LlmCompletionRequest, ToolCall } from '../llm-client';

/** One scripted turn. */
export type ScriptedStep =
  | (Partial<LlmCompletion> & { text?: string; toolCalls?: ToolCall[] })
  | ((
      request: LlmCompletionRequest,
      turn: number,
    ) => Partial<LlmCompletion> | Promise<Partial<LlmCompletion>>);

/** Options of `createScriptedLlmClient`. */
export interface ScriptedLlmClientOptions {
  model?: string;
  /** What to do when the script runs out: throw (default) or answer with empty text. */
  onExhausted?: 'throw' | 'end';
  /** Simulated latency per completion, honouring the abort signal. */
  latencyMs?: number;
}

/** The scripted client, plus what it was asked. */
export interface ScriptedLlmClient extends LlmClient {
  readonly requests: readonly LlmCompletionRequest[];
  /** Steps not yet used. */
  remaining(): number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * @example
 * ```ts
 * const model = createScriptedLlmClient([
 *   { toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
 *   (request) => ({ text: `Done after ${request.messages.length} messages` }),
 * ]);
 * ```
 */
export function createScriptedLlmClient(
  steps: readonly ScriptedStep[],
  options: ScriptedLlmClientOptions = {},
): ScriptedLlmClient {
  const requests: LlmCompletionRequest[] = [];
  let turn = 0;
  return {
    specificationVersion: 'v1',
    provider: 'scripted',
    model: options.model ?? 'scripted-model',
    requests,
    remaining: () => steps.length - turn,
    async complete(request) {
      requests.push(request);
      if (request.signal?.aborted) throw request.signal.reason;
      if (options.latencyMs) await sleep(options.latencyMs, request.signal);
      const step = steps[turn];
      const index = turn;
      turn += 1;
      if (step === undefined) {
        if (options.onExhausted === 'end') return { text: '', toolCalls: [], stopReason: 'end' };
        throw new RegistryError(
          'script_exhausted',
          `Scripted LLM client has ${steps.length} step(s) and was asked for turn ${index + 1}`,
        );
      }
      const partial = typeof step === 'function' ? await step(request, index) : step;
      const toolCalls = partial.toolCalls ?? [];
      return {
        text: partial.text ?? '',
        toolCalls,
        stopReason: partial.stopReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'end'),
        ...(partial.usage ? { usage: partial.usage } : {}),
        ...(partial.providerItems ? { providerItems: partial.providerItems } : {}),
      };
    },
  };
}
