/**
 * Typed errors of the finance data layer. Every provider throws `FinanceError` with a
 * closed `code`, so the composite provider and the meta-tools can branch on what went
 * wrong (fall through on `unauthorized`, wait on `rate_limited`, ...) without parsing text.
 */
import { DexterError, type DexterErrorOptions } from '@dexter/registry';

/** Why a finance call failed. Closed union: callers may switch on it exhaustively. */
export type FinanceErrorCode =
  /** The ticker or company name is not known to the provider. */
  | 'unknown_ticker'
  /** The ticker is known but the requested data (period, filing, ...) does not exist. */
  | 'not_found'
  /** Missing or rejected credentials (HTTP 401/403). */
  | 'unauthorized'
  /** The plan does not cover this data (HTTP 402). */
  | 'payment_required'
  /** Too many requests; `retryAfterMs` says how long to wait when the server told us. */
  | 'rate_limited'
  /** The per-request timeout fired; the request was aborted. */
  | 'timeout'
  /** The caller's signal aborted the call. */
  | 'aborted'
  /** This provider does not offer this kind of data. */
  | 'unsupported'
  /** The network is unreachable (connection refused, DNS failure, ...). */
  | 'offline'
  /** The request itself is malformed (bad ticker syntax, bad period, ...). */
  | 'invalid_request'
  /** The upstream answered with a server error or a payload we cannot read. */
  | 'upstream_error'
  /** The provider is misconfigured (e.g. no SEC User-Agent); thrown at construction. */
  | 'configuration';

/** Every `FinanceErrorCode`, for exhaustive checks and docs. */
export const FINANCE_ERROR_CODES: readonly FinanceErrorCode[] = [
  'unknown_ticker',
  'not_found',
  'unauthorized',
  'payment_required',
  'rate_limited',
  'timeout',
  'aborted',
  'unsupported',
  'offline',
  'invalid_request',
  'upstream_error',
  'configuration',
];

/** Options of the `FinanceError` constructor. */
export interface FinanceErrorOptions extends DexterErrorOptions {
  /** Name of the provider that raised it (`'sec-edgar'`, `'financial-datasets'`, ...). */
  provider?: string;
  /** HTTP status, when the error came from an HTTP response. */
  status?: number;
  /** For `rate_limited`: how long the server asked us to wait, in milliseconds. */
  retryAfterMs?: number;
  /** Extra typed context (ticker, url, capability, ...). */
  details?: Record<string, unknown>;
}

const financeMarker = Symbol.for('dexter.error.finance');

/**
 * An error raised by the finance data layer.
 *
 * @example
 * ```ts
 * try {
 *   await provider.getIncomeStatements({ ticker: 'AAPL', period: 'annual' });
 * } catch (error) {
 *   if (FinanceError.isInstance(error) && error.code === 'rate_limited') {
 *     await sleep(error.retryAfterMs ?? 1000);
 *   }
 * }
 * ```
 */
export class FinanceError extends DexterError<FinanceErrorCode> {
  override readonly name = 'FinanceError';
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by `isInstance` through the Symbol.for key.
  private readonly [financeMarker] = true;
  /** The provider that raised the error, when known. */
  readonly provider: string | undefined;
  /** HTTP status, when the error came from an HTTP response. */
  readonly status: number | undefined;
  /** For `rate_limited`: the server's requested wait, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** Extra typed context. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: FinanceErrorCode, message: string, options: FinanceErrorOptions = {}) {
    super(code, message, options);
    this.provider = options.provider;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.details = Object.freeze({ ...(options.details ?? {}) });
  }

  /** True for a `FinanceError` from any copy of this package. */
  static override isInstance(value: unknown): value is FinanceError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[financeMarker] === true
    );
  }
}

/** True when `error` is a `FinanceError` with one of `codes`. */
export function isFinanceError(error: unknown, ...codes: FinanceErrorCode[]): error is FinanceError {
  return FinanceError.isInstance(error) && (codes.length === 0 || codes.includes(error.code));
}
