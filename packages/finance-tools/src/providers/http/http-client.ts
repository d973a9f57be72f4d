/**
 * The HTTP layer shared by the live providers: GET with a per-request timeout that really
 * aborts the request (an AbortController handed to `fetch`), retries with exponential
 * backoff and full jitter on 429/5xx honouring `Retry-After`, a concurrency cap, an
 * optional rate limiter, in-flight de-duplication (identical concurrent GETs share one
 * request) and a TTL cache of successful responses.
 *
 * De-duplicated callers each keep their own signal: one caller aborting only rejects its
 * own promise; the shared request is aborted when every caller waiting on it has gone.
 */
import { credentialValues, redactCredentials } from '@dexter/registry';
import { FinanceError } from '../../errors';
import { type HttpClock, systemClock } from './clock';
import { isRetryable, networkError, statusError } from './http-errors';
import { createSemaphore } from './semaphore';
import type { RateLimiter } from './token-bucket';

/** Options of `createHttpClient`. */
export interface HttpClientOptions {
  /** Provider name used in errors. */
  provider: string;
  /** Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Sent with every request. */
  headers?: Record<string, string>;
  /** Default: the system clock. Drives backoff sleeps, rate limiting and cache expiry. */
  clock?: HttpClock;
  /** Per-attempt timeout in ms (default 15 000). */
  timeoutMs?: number;
  /** Extra attempts after the first for 429/5xx/connection resets (default 2). */
  retries?: number;
  /** First backoff ceiling in ms (default 250), doubled per attempt up to `backoffMaxMs` (default 8 000). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A `Retry-After` longer than this fails at once with `rate_limited` instead of waiting (default 30 000). */
  maxRetryAfterMs?: number;
  /** Source of jitter in [0, 1) (default `Math.random`). */
  random?: () => number;
  /** Maximum requests in flight (default 4). */
  concurrency?: number;
  rateLimiter?: RateLimiter;
  /** How long successful responses are reused, in ms (default 0: no cache). */
  cacheTtlMs?: number;
  /** Cache capacity; the oldest entry goes first (default 256). */
  cacheMaxEntries?: number;
}

/** A text response. */
export interface TextResponse {
  text: string;
  contentType: string;
}

/** Counters, for tests and diagnostics. */
export interface HttpClientStats {
  /** HTTP requests actually sent (attempts included). */
  requests: number;
  cacheHits: number;
  /** Calls that joined an identical request already in flight. */
  deduplicated: number;
}

/** GETs with timeouts, retries, a concurrency cap, de-duplication and a cache. */
export interface HttpClient {
  getJson<T>(url: string, options?: { signal?: AbortSignal }): Promise<T>;
  getText(url: string, options?: { signal?: AbortSignal }): Promise<TextResponse>;
  stats(): HttpClientStats;
  /** Drops every cached response. */
  clearCache(): void;
}

type Kind = 'json' | 'text';

interface InFlight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
  onAbandoned(): void;
}

const TIMEOUT = Symbol('timeout');

/**
 * Creates an HTTP client.
 *
 * @example
 * ```ts
 * const http = createHttpClient({ provider: 'financial-datasets', headers: { 'X-API-KEY': key }, cacheTtlMs: 60_000 });
 * const body = await http.getJson<{ income_statements: unknown[] }>(url, { signal });
 * ```
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const provider = options.provider;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 2;
  const backoffBaseMs = options.backoffBaseMs ?? 250;
  const backoffMaxMs = options.backoffMaxMs ?? 8_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const random = options.random ?? Math.random;
  const cacheTtlMs = options.cacheTtlMs ?? 0;
  const cacheMaxEntries = options.cacheMaxEntries ?? 256;
  const semaphore = createSemaphore(options.concurrency ?? 4);
  const cache = new Map<string, { expires: number; value: unknown }>();
  const inFlight = new Map<string, InFlight>();
  const stats: HttpClientStats = { requests: 0, cacheHits: 0, deduplicated: 0 };

  const aborted = (signal: AbortSignal) =>
    new FinanceError('aborted', `${provider}: the request was aborted`, { provider, cause: signal.reason });

  async function attempt(url: string, kind: Kind, shared: AbortSignal): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMEOUT), timeoutMs);
    const signal = AbortSignal.any([shared, controller.signal]);
    try {
      stats.requests++;
      const response = await fetchImpl(url, { headers: options.headers, signal });
      const text = await response.text();
      if (!response.ok)
        // The body may echo the key it was sent: never pass that on to the model.
        throw statusError(
          response.status,
          response.headers,
          redactCredentials(text, credentialValues(options.headers)),
          provider,
          url,
          clock.now(),
        );
      if (kind === 'text') return { text, contentType: response.headers.get('content-type') ?? '' };
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new FinanceError('upstream_error', `${provider}: invalid JSON from ${url}`, {
          provider,
          status: response.status,
          cause: error,
          details: { url },
        });
      }
    } catch (error) {
      if (FinanceError.isInstance(error)) throw error;
      if (shared.aborted) throw aborted(shared);
      if (controller.signal.aborted) {
        throw new FinanceError(
          'timeout',
          `${provider}: no answer from ${new URL(url).host} within ${timeoutMs} ms`,
          {
            provider,
            cause: error,
            details: { url, timeoutMs },
          },
        );
      }
      throw networkError(error, provider, url);
    } finally {
      clearTimeout(timer);
    }
  }

  async function withRetries(url: string, kind: Kind, shared: AbortSignal): Promise<unknown> {
    for (let attemptIndex = 0; ; attemptIndex++) {
      try {
        return await semaphore.run(async () => {
          await options.rateLimiter?.acquire(shared);
          return attempt(url, kind, shared);
        }, shared);
      } catch (error) {
        if (shared.aborted) throw aborted(shared);
        if (!FinanceError.isInstance(error) || !isRetryable(error) || attemptIndex >= retries) throw error;
        const ceiling = Math.min(backoffMaxMs, backoffBaseMs * 2 ** attemptIndex);
        const delay = error.retryAfterMs ?? Math.floor(random() * ceiling);
        if (delay > maxRetryAfterMs) throw error;
        try {
          await clock.sleep(delay, shared);
        } catch {
          throw aborted(shared);
        }
      }
    }
  }

  function waitFor<T>(entry: InFlight, signal: AbortSignal | undefined): Promise<T> {
    entry.waiters++;
    if (!signal) {
      return (entry.promise as Promise<T>).finally(() => {
        entry.waiters--;
      });
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        entry.waiters--;
        if (entry.waiters === 0) {
          // Nobody wants the answer any more: abort the request and let later callers start afresh.
          entry.controller.abort(signal.reason);
          entry.onAbandoned();
        }
        reject(aborted(signal));
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      (entry.promise as Promise<T>).then(
        (value) => {
          if (settled) return;
          settled = true;
          entry.waiters--;
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          entry.waiters--;
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  async function get<T>(url: string, kind: Kind, signal: AbortSignal | undefined): Promise<T> {
    if (signal?.aborted) throw aborted(signal);
    const key = `${kind} ${url}`;
    const cached = cache.get(key);
    if (cached && cached.expires > clock.now()) {
      stats.cacheHits++;
      return structuredClone(cached.value) as T;
    }
    if (cached) cache.delete(key);
    let entry = inFlight.get(key);
    if (entry?.controller.signal.aborted) entry = undefined;
    if (entry) {
      stats.deduplicated++;
    } else {
      const controller = new AbortController();
      const created: InFlight = {
        controller,
        waiters: 0,
        promise: Promise.resolve(),
        onAbandoned: () => {
          if (inFlight.get(key) === created) inFlight.delete(key);
        },
      };
      created.promise = withRetries(url, kind, controller.signal).then(
        (value) => {
          if (inFlight.get(key) === created) inFlight.delete(key);
          if (cacheTtlMs > 0) {
            cache.set(key, { expires: clock.now() + cacheTtlMs, value });
            if (cache.size > cacheMaxEntries) cache.delete(cache.keys().next().value as string);
          }
          return value;
        },
        (error: unknown) => {
          if (inFlight.get(key) === created) inFlight.delete(key);
          throw error;
        },
      );
      // A shared request whose every caller left rejects with nobody listening; keep that quiet.
      created.promise.catch(() => undefined);
      entry = created;
      inFlight.set(key, entry);
    }
    const value = await waitFor<T>(entry, signal);
    return cacheTtlMs > 0 ? structuredClone(value) : value;
  }

  return {
    getJson: (url, requestOptions) => get(url, 'json', requestOptions?.signal),
    getText: (url, requestOptions) => get(url, 'text', requestOptions?.signal),
    stats: () => ({ ...stats }),
    clearCache: () => cache.clear(),
  };
}
