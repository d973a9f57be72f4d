/** Maps HTTP statuses and network failures to `FinanceError`s. */
import { FinanceError } from '../../errors';
import { parseRetryAfter } from './retry-after';

const OFFLINE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
]);

/** The first `code` found on an error or its `cause` chain (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...). */
export function systemErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const inner = systemErrorCode(errors[0]);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A network-level failure: `offline` when the host is unreachable, else a retryable `upstream_error`. */
export function networkError(error: unknown, provider: string, url: string): FinanceError {
  const code = systemErrorCode(error);
  if (code && OFFLINE_CODES.has(code)) {
    return new FinanceError('offline', `${provider}: cannot reach ${new URL(url).host} (${code})`, {
      provider,
      cause: error,
      details: { url, systemCode: code },
    });
  }
  return new FinanceError(
    'upstream_error',
    `${provider}: network error for ${url}${code ? ` (${code})` : ''}`,
    {
      provider,
      cause: error,
      details: { url, systemCode: code },
    },
  );
}

/** An error for a non-2xx response. `body` is a short excerpt for the message. */
export function statusError(
  status: number,
  headers: Headers,
  body: string,
  provider: string,
  url: string,
  nowMs: number,
): FinanceError {
  const excerpt = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  const suffix = excerpt ? `: ${excerpt}` : '';
  const options = { provider, status, details: { url } };
  if (status === 401 || status === 403) {
    return new FinanceError(
      'unauthorized',
      `${provider} rejected the credentials (HTTP ${status})${suffix}`,
      options,
    );
  }
  if (status === 402) {
    return new FinanceError(
      'payment_required',
      `${provider}: the plan does not cover this data (HTTP 402)${suffix}`,
      options,
    );
  }
  if (status === 404)
    return new FinanceError('not_found', `${provider}: not found (HTTP 404) ${url}`, options);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'), nowMs);
    return new FinanceError(
      'rate_limited',
      `${provider}: rate limited (HTTP 429)${retryAfterMs === undefined ? '' : `, retry after ${retryAfterMs} ms`}`,
      { ...options, retryAfterMs },
    );
  }
  if (status === 400 || status === 422) {
    return new FinanceError(
      'invalid_request',
      `${provider} rejected the request (HTTP ${status})${suffix}`,
      options,
    );
  }
  return new FinanceError('upstream_error', `${provider} answered HTTP ${status}${suffix}`, options);
}

/** True for failures worth another attempt: 429, 5xx and connection resets (not offline, not timeouts). */
export function isRetryable(error: FinanceError): boolean {
  if (error.code === 'rate_limited') return true;
  if (error.code !== 'upstream_error') return false;
  return error.status === undefined
    ? error.details.systemCode !== undefined || error.cause !== undefined
    : error.status >= 500;
}
