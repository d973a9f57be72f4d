/**
 * `WebToolsError`: every failure of `web_search` providers and of `web_fetch`, with a closed
 * set of codes callers (and the fallback chain's summary) can branch on.
 */
import { DexterError, type DexterErrorOptions } from '@dexter/registry';

/** Codes of errors raised by `@dexter/web-tools`. */
export type WebToolsErrorCode =
  /** A search provider answered 401/403: the key is wrong or lacks access. */
  | 'unauthorized'
  /** A search provider answered 429 (or 402/quota): try the next one. */
  | 'rate_limited'
  /** A search provider answered another non-2xx status or an unreadable body. */
  | 'provider_error'
  /** The URL is not one `web_fetch` may request (scheme, credentials, syntax). */
  | 'url_rejected'
  /** The URL's host resolves to an address `web_fetch` must not reach (loopback, private, ...). */
  | 'address_blocked'
  /** The host name could not be resolved. */
  | 'dns_failed'
  /** Connecting, sending or reading failed. */
  | 'network_error'
  /** Too many redirects, or a redirect without a usable Location. */
  | 'redirect_error'
  /** The time cap elapsed. */
  | 'timeout'
  /** The caller's signal aborted. */
  | 'aborted'
  /** A misconfigured tool or provider (thrown at construction). */
  | 'invalid_configuration';

const webToolsMarker = Symbol.for('dexter.error.web-tools');

/** An error raised by `@dexter/web-tools`. */
export class WebToolsError extends DexterError<WebToolsErrorCode> {
  override readonly name = 'WebToolsError';
  /** Brand checked by `WebToolsError.isInstance`. */
  readonly [webToolsMarker] = true;
  /** HTTP status, when the error comes from a response. */
  readonly status: number | undefined;
  /** The provider or URL the error is about. */
  readonly subject: string | undefined;

  constructor(
    code: WebToolsErrorCode,
    message: string,
    options: DexterErrorOptions & { status?: number; subject?: string } = {},
  ) {
    super(code, message, options);
    this.status = options.status;
    this.subject = options.subject;
  }

  static override isInstance(value: unknown): value is WebToolsError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[webToolsMarker] === true
    );
  }
}
