/**
 * `openPinned`: one HTTP(S) request to an address that was already checked. The socket
 * connects to exactly that address — node's `lookup` hook answers with it instead of asking
 * DNS again — so a resolver that changes its answer between the check and the connect (DNS
 * rebinding) cannot redirect the connection. TLS still verifies the certificate against the
 * URL's host name (SNI and `checkServerIdentity` use the host, not the address).
 *
 * The body is read only on request, decompressed (gzip, deflate, br) with the byte cap
 * applied to the decoded bytes (a small compressed body cannot expand past it), and the
 * request is destroyed when the signal aborts.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { WebToolsError } from '../errors';
import type { CheckedUrl } from './check-url';
import type { ResolvedAddress } from './resolve-host';

/** Trusted CA certificates (PEM) for https; like `tls.connect`'s `ca`, they replace node's default list. */
export type TrustedCertificates = string | Buffer | readonly (string | Buffer)[];

/** A response whose headers arrived; the body is still unread. */
export interface PinnedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Reads the decoded body up to `maxBytes`; `truncated` when there was more. */
  readBody(maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }>;
  /** Drops the response without reading it. */
  discard(): void;
}

function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

function networkError(target: CheckedUrl, error: unknown, signal: AbortSignal): WebToolsError {
  if (signal.aborted) {
    const reason = signal.reason;
    if (WebToolsError.isInstance(reason)) return reason;
    return new WebToolsError('aborted', `Fetching ${target.url.href} was aborted`, {
      cause: reason,
      subject: target.url.href,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new WebToolsError('network_error', `Fetching ${target.url.href} failed: ${message}`, {
    cause: error,
    subject: target.url.href,
  });
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return response.pipe(zlib.createInflate());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  return response;
}

/**
 * Sends a GET for `target.url` to `address` and resolves once the response headers arrive.
 * Redirects are not followed here.
 */
export function openPinned(
  target: CheckedUrl,
  address: ResolvedAddress,
  options: { signal: AbortSignal; headers: Record<string, string>; ca?: TrustedCertificates },
): Promise<PinnedResponse> {
  const { signal } = options;
  return new Promise<PinnedResponse>((resolve, reject) => {
    if (signal.aborted) {
      reject(networkError(target, signal.reason, signal));
      return;
    }
    const client = target.url.protocol === 'https:' ? https : http;
    const request = client.request(target.url, {
      method: 'GET',
      headers: options.headers,
      lookup: pinnedLookup(address),
      agent: false,
      ...(options.ca === undefined ? {} : { ca: options.ca as string | Buffer | (string | Buffer)[] }),
      // No environment proxy or connection reuse: the socket goes to the checked address.
      maxHeaderSize: 64 * 1024,
    });
    let settled = false;
    const onAbort = () =>
      request.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => signal.removeEventListener('abort', onAbort);
    request.on('error', (error) => {
      cleanup();
      if (!settled) {
        settled = true;
        reject(networkError(target, error, signal));
      }
    });
    request.on('response', (response) => {
      settled = true;
      const discard = () => {
        cleanup();
        response.destroy();
        request.destroy();
      };
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        discard,
        readBody: (maxBytes) =>
          new Promise((done, fail) => {
            const chunks: Buffer[] = [];
            let size = 0;
            let finished = false;
            const stream = decoded(response);
            const finish = (truncated: boolean) => {
              if (finished) return;
              finished = true;
              cleanup();
              done({ bytes: Buffer.concat(chunks, size), truncated });
            };
            const failWith = (error: unknown) => {
              if (finished) return;
              finished = true;
              discard();
              fail(networkError(target, error, signal));
            };
            stream.on('data', (chunk: Buffer) => {
              if (finished) return;
              const room = maxBytes - size;
              if (chunk.length > room) {
                if (room > 0) chunks.push(chunk.subarray(0, room));
                size += Math.max(room, 0);
                finish(true);
                discard();
                return;
              }
              chunks.push(chunk);
              size += chunk.length;
            });
            stream.on('end', () => finish(false));
            stream.on('error', failWith);
            response.on('error', failWith);
            response.on('aborted', () => failWith(new Error('the connection closed mid-body')));
            signal.addEventListener('abort', () => failWith(signal.reason), { once: true });
          }),
      });
    });
    request.end();
  });
}
