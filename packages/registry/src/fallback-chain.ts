/**
 * `createFallbackChain`: several providers behind one tool (the seed's web search over
 * Exa / Perplexity / Tavily / LangSearch). Only configured providers join; the preferred one
 * goes first; each attempt gets the caller's abort signal and its own timeout; an empty
 * result may count as failure. The result says who answered and what failed before it.
 */
import { RegistryError, toError } from './errors';
import type { ToolEnvironment } from './tool';

/** One provider of the chain. */
export interface FallbackProvider<Input, Output> {
  name: string;
  /**
   * Whether the provider can be used (e.g. `requiresEnv('TAVILY_API_KEY')`). Only configured
   * providers join the chain. Defaults to true.
   */
  configured?: boolean | ((environment: ToolEnvironment) => boolean | string);
  /** Per-provider timeout, overriding the chain's. */
  timeoutMs?: number;
  run(input: Input, options: { signal: AbortSignal }): Promise<Output>;
}

/** Options of `createFallbackChain`. */
export interface FallbackChainOptions<Input, Output> {
  /** Name used in error messages (the tool's name, typically). */
  name: string;
  providers: readonly FallbackProvider<Input, Output>[];
  /** Provider to try first when configured (e.g. from a user setting). */
  preferred?: string;
  /** Timeout of each attempt. Default 30 s. */
  timeoutMs?: number;
  /** Return true when an output should count as a failure (e.g. zero search hits). */
  isEmpty?: (output: Output) => boolean;
  /** Environment for `configured` predicates; defaults to `process.env` / `process.platform`. */
  environment?: Partial<ToolEnvironment>;
}

/** Why one attempt failed. */
export interface FallbackFailure {
  provider: string;
  kind: 'error' | 'timeout' | 'empty';
  message: string;
  error?: Error;
}

/** A successful chain run. */
export interface FallbackResult<Output> {
  output: Output;
  /** The provider that answered. */
  provider: string;
  /** Attempts that failed before it, in order. */
  failures: FallbackFailure[];
}

/** A ready chain. */
export interface FallbackChain<Input, Output> {
  /** Configured providers, in the order they will be tried. */
  readonly providers: readonly string[];
  /** Providers left out, with the reason. */
  readonly skipped: readonly { provider: string; reason: string }[];
  run(input: Input, options?: { signal?: AbortSignal }): Promise<FallbackResult<Output>>;
}

function isConfigured<Input, Output>(
  provider: FallbackProvider<Input, Output>,
  environment: ToolEnvironment,
): true | string {
  const configured = provider.configured ?? true;
  const verdict = typeof configured === 'function' ? configured(environment) : configured;
  if (verdict === true) return true;
  return typeof verdict === 'string' ? verdict : 'not configured';
}

/** Runs one attempt with its own timeout, linked to the caller's signal. */
async function attempt<Input, Output>(
  provider: FallbackProvider<Input, Output>,
  input: Input,
  timeoutMs: number,
  outer: AbortSignal | undefined,
): Promise<{ ok: true; output: Output } | { ok: false; timedOut: boolean; error: Error }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new RegistryError('timeout', `${provider.name} timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  // Settle as soon as the attempt is aborted, even if the provider ignores its signal.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    const output = await Promise.race([provider.run(input, { signal: controller.signal }), aborted]);
    return { ok: true, output };
  } catch (error) {
    return { ok: false, timedOut, error: toError(error) };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    if (!controller.signal.aborted) controller.abort();
  }
}

/**
 * @example
 * ```ts
 * const search = createFallbackChain({
 *   name: 'web_search',
 *   preferred: process.env.WEB_SEARCH_PROVIDER,
 *   isEmpty: (hits) => hits.length === 0,
 *   providers: [
 *     { name: 'exa', configured: requiresEnv('EXASEARCH_API_KEY'), run: (q, { signal }) => exa(q, signal) },
 *     { name: 'tavily', configured: requiresEnv('TAVILY_API_KEY'), run: (q, { signal }) => tavily(q, signal) },
 *   ],
 * });
 * const { output, provider, failures } = await search.run('latest NVDA 10-K');
 * ```
 */
export function createFallbackChain<Input, Output>(
  options: FallbackChainOptions<Input, Output>,
): FallbackChain<Input, Output> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new RegistryError('invalid_definition', `Fallback chain "${options.name}": timeoutMs must be > 0`);
  }
  const names = new Set<string>();
  for (const provider of options.providers) {
    if (names.has(provider.name)) {
      throw new RegistryError(
        'invalid_definition',
        `Fallback chain "${options.name}" lists provider "${provider.name}" twice`,
      );
    }
    names.add(provider.name);
  }
  const environment: ToolEnvironment = {
    env: options.environment?.env ?? process.env,
    platform: options.environment?.platform ?? process.platform,
    ...(options.environment?.channel === undefined ? {} : { channel: options.environment.channel }),
  };
  const skipped: { provider: string; reason: string }[] = [];
  const active: FallbackProvider<Input, Output>[] = [];
  for (const provider of options.providers) {
    const verdict = isConfigured(provider, environment);
    if (verdict === true) active.push(provider);
    else skipped.push({ provider: provider.name, reason: verdict });
  }
  const preferredIndex = active.findIndex((provider) => provider.name === options.preferred);
  if (preferredIndex > 0) active.unshift(...active.splice(preferredIndex, 1));

  return {
    providers: Object.freeze(active.map((provider) => provider.name)),
    skipped: Object.freeze(skipped),
    async run(input, runOptions = {}) {
      const signal = runOptions.signal;
      if (active.length === 0) {
        const why = skipped.map((entry) => `${entry.provider}: ${entry.reason}`).join('; ');
        throw new RegistryError(
          'all_providers_failed',
          `${options.name}: no provider is configured${why ? ` (${why})` : ''}`,
          { details: { failures: [] } },
        );
      }
      const failures: FallbackFailure[] = [];
      for (const provider of active) {
        if (signal?.aborted) {
          throw new RegistryError('aborted', `${options.name} was aborted`, { cause: signal.reason });
        }
        const outcome = await attempt(provider, input, provider.timeoutMs ?? timeoutMs, signal);
        if (outcome.ok) {
          if (options.isEmpty?.(outcome.output)) {
            failures.push({ provider: provider.name, kind: 'empty', message: 'returned an empty result' });
            continue;
          }
          return { output: outcome.output, provider: provider.name, failures };
        }
        if (signal?.aborted) {
          throw new RegistryError('aborted', `${options.name} was aborted`, { cause: signal.reason });
        }
        failures.push({
          provider: provider.name,
          kind: outcome.timedOut ? 'timeout' : 'error',
          message: outcome.error.message,
          error: outcome.error,
        });
      }
      const summary = failures.map((failure) => `${failure.provider} (${failure.kind}): ${failure.message}`);
      throw new RegistryError(
        'all_providers_failed',
        `${options.name}: every provider failed — ${summary.join('; ')}`,
        {
          details: { failures },
          cause: new AggregateError(
            failures.map((failure) => failure.error ?? new Error(failure.message)),
            'all providers failed',
          ),
        },
      );
    },
  };
}
