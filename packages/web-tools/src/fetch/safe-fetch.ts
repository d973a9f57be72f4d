/**
 * `safeFetch`: fetches one URL the way `web_fetch` must — it cannot be turned against the
 * machine it runs on or the network around it.
 *
 * For the URL and for every redirect hop, before anything is sent:
 *   1. `checkFetchUrl`: http/https only, no credentials, no "bad" ports;
 *   2. the host is resolved (IP literals are taken as they are) and EVERY address is checked
 *      by `blockedAddressReason` — one private address among public ones blocks the fetch;
 *   3. the connection goes to the address that was checked (`openPinned`), so a DNS answer
 *      that changes between check and connect (rebinding) is never used.
 * Redirects are followed by hand, at most `maxRedirects`, and only on the same host (scheme
 * upgrades included): a redirect to another host ends the fetch with that location, so the
 * caller — and the permission engine, whose domain rules judged only the first URL — decides
 * about the new host in a call of its own. A time cap covers the whole fetch and a byte cap
 * the decoded body.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { blockedAddressReason } from '@dexter/permissions';
import { WebToolsError } from '../errors';
import { type CheckedUrl, checkFetchUrl } from './check-url';
import { openPinned, type TrustedCertificates } from './pinned-request';
import { type ReadableContent, readableContent } from './readable-content';
import { type HostResolver, type ResolvedAddress, systemResolver } from './resolve-host';

/** Options of `safeFetch` (and of `createWebFetchTool`). */
export interface SafeFetchOptions {
  /** Host resolver; default `dns.lookup(host, { all: true })`. Tests inject one. */
  resolve?: HostResolver;
  /** Cap on the decoded body, in bytes. Default 2 MiB. */
  maxBytes?: number;
  /** Cap on the whole fetch, redirects included, in ms. Default 20 000. */
  timeoutMs?: number;
  /** Redirect hops followed on the same host. Default 5. */
  maxRedirects?: number;
  /** User-Agent header. */
  userAgent?: string;
  /**
   * Trusted CA certificates (PEM) for https, replacing node's default list (a private PKI, or
   * a test server's certificate). Certificates are always verified against the URL's host.
   */
  ca?: TrustedCertificates;
  /**
   * TEST ONLY — addresses or CIDR ranges (`'127.0.0.1'`, `'127.0.0.0/8'`, `'::1'`) exempted
   * from the address guard, so a test can reach its own server on 127.0.0.1. Never set this
   * in production: it re-opens exactly what the guard closes.
   */
  unsafeAllowAddresses?: readonly string[];
}

/** What `safeFetch` returns. */
export interface FetchedPage {
  /** The URL asked for. */
  url: string;
  /** The URL of the response (after same-host redirects). */
  finalUrl: string;
  status: number;
  contentType: string | undefined;
  /** Same-host redirect hops followed, in order. */
  redirects: string[];
  /**
   * Set when the server redirected to another host: the fetch stops there, nothing is sent
   * to that host, and the caller may fetch this URL in a new call (which is checked anew).
   */
  redirectedTo?: string;
  /** Decoded body bytes read (at most `maxBytes`). */
  bytes: number;
  /** True when the body was longer than `maxBytes` and was cut. */
  truncated: boolean;
  content: ReadableContent;
}

const DEFAULT_USER_AGENT = 'DexterWebFetch/0.1 (+https://github.com/dexter-sdk/dexter-tool-layer)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function allowList(entries: readonly string[] | undefined): BlockList | undefined {
  if (!entries || entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    if (!family) {
      throw new WebToolsError('invalid_configuration', `unsafeAllowAddresses: ${entry} is not an IP address`);
    }
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** Resolves `target` and checks every address; returns the one to connect to. */
async function checkedAddress(
  target: CheckedUrl,
  resolve: HostResolver,
  allowed: BlockList | undefined,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  let addresses: readonly ResolvedAddress[];
  if (target.literal) addresses = [target.literal];
  else {
    try {
      addresses = await abortable(resolve(target.host, { signal }), signal);
    } catch (error) {
      if (signal.aborted) throw abortError(target, signal);
      throw new WebToolsError(
        'dns_failed',
        `Could not resolve ${target.host}: ${(error as Error)?.message}`,
        {
          cause: error,
          subject: target.url.href,
        },
      );
    }
  }
  if (!Array.isArray(addresses) || addresses.length === 0) {
    throw new WebToolsError('dns_failed', `${target.host} has no addresses`, { subject: target.url.href });
  }
  for (const entry of addresses) {
    const address = String(entry?.address ?? '');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (allowed && (isIPv4(address) || isIPv6(address)) && allowed.check(address, family)) continue;
    const why = blockedAddressReason(address);
    if (why !== undefined) {
      throw new WebToolsError(
        'address_blocked',
        `web_fetch will not connect to ${target.host}${target.literal ? '' : ` (resolves to ${address})`}: ${why}`,
        { subject: target.url.href },
      );
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: isIPv4(first.address) ? 4 : 6 };
}

function abortError(target: CheckedUrl | string, signal: AbortSignal): WebToolsError {
  if (WebToolsError.isInstance(signal.reason)) return signal.reason;
  const href = typeof target === 'string' ? target : target.url.href;
  return new WebToolsError('aborted', `Fetching ${href} was aborted`, {
    cause: signal.reason,
    subject: href,
  });
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (a resolver may ignore it). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function sameHost(from: CheckedUrl, to: CheckedUrl): boolean {
  if (from.host !== to.host) return false;
  // http → https on the same host is an upgrade; https → http would drop TLS, so it counts as a new fetch.
  return !(from.url.protocol === 'https:' && to.url.protocol === 'http:');
}

/**
 * Fetches `url` behind the SSRF guards and returns its readable content.
 * Throws `WebToolsError` (`url_rejected`, `address_blocked`, `dns_failed`, `network_error`,
 * `redirect_error`, `timeout`, `aborted`).
 *
 * @example
 * ```ts
 * const page = await safeFetch('https://docs.python.org/3/library/json.html');
 * console.log(page.content.title, page.content.text.slice(0, 200));
 * ```
 */
export async function safeFetch(
  url: string,
  options: SafeFetchOptions & { signal?: AbortSignal } = {},
): Promise<FetchedPage> {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? systemResolver;
  const allowed = allowList(options.unsafeAllowAddresses);
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new WebToolsError('timeout', `Fetching ${url} took longer than ${timeoutMs} ms`, { subject: url }),
    );
  }, timeoutMs);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(abortError(url, outer!));
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = controller.signal;
  const headers = {
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.9,*/*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  try {
    let target = checkFetchUrl(url);
    const redirects: string[] = [];
    for (let hop = 0; ; hop++) {
      if (signal.aborted) throw abortError(target, signal);
      const address = await checkedAddress(target, resolve, allowed, signal);
      const response = await openPinned(target, address, {
        signal,
        headers,
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      });
      const contentType = response.headers['content-type'];
      if (REDIRECTS.has(response.status)) {
        response.discard();
        const location = response.headers.location;
        if (typeof location !== 'string' || location === '') {
          throw new WebToolsError(
            'redirect_error',
            `${target.url.href} answered ${response.status} without a Location`,
            {
              status: response.status,
              subject: target.url.href,
            },
          );
        }
        let next: CheckedUrl;
        try {
          next = checkFetchUrl(new URL(location, target.url));
        } catch (error) {
          if (WebToolsError.isInstance(error)) {
            throw new WebToolsError(
              'url_rejected',
              `${target.url.href} redirects to a URL web_fetch will not request: ${error.message}`,
              {
                cause: error,
                subject: target.url.href,
              },
            );
          }
          throw error;
        }
        if (!sameHost(target, next)) {
          return {
            url,
            finalUrl: target.url.href,
            status: response.status,
            contentType: undefined,
            redirects,
            redirectedTo: next.url.href,
            bytes: 0,
            truncated: false,
            content: { kind: 'text', text: '' },
          };
        }
        if (hop >= maxRedirects) {
          throw new WebToolsError('redirect_error', `More than ${maxRedirects} redirects fetching ${url}`, {
            subject: url,
          });
        }
        redirects.push(next.url.href);
        target = next;
        continue;
      }
      const declared = Number(response.headers['content-length']);
      const readable = isReadableType(contentType);
      // A body that is not text is described from its headers, not downloaded.
      const body = readable ? await response.readBody(maxBytes) : await sniffBody(response);
      const content = readableContent(body.bytes, contentType, target.url.href, {
        ...(Number.isFinite(declared) && declared >= 0 ? { totalBytes: declared } : {}),
      });
      return {
        url,
        finalUrl: target.url.href,
        status: response.status,
        contentType,
        redirects,
        bytes: body.bytes.length,
        truncated: body.truncated,
        content,
      };
    }
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/** Types worth reading in full; others (and a missing type) are read only far enough to sniff. */
function isReadableType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'application/octet-stream') return true;
  return (
    type.startsWith('text/') ||
    type === 'application/xhtml+xml' ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    type === 'application/xml' ||
    type === 'application/javascript' ||
    type === 'application/x-ndjson' ||
    type === 'application/yaml' ||
    type === 'application/x-yaml'
  );
}

async function sniffBody(response: {
  readBody(max: number): Promise<{ bytes: Buffer; truncated: boolean }>;
}) {
  return response.readBody(512);
}
