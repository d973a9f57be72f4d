/**
 * `checkFetchUrl`: the URL-level guards of `web_fetch`, applied to the first URL and to every
 * redirect target before anything is resolved or sent. Only `http:` and `https:`; no user
 * name or password (they would be sent as credentials, and `https://trusted@evil/` misleads
 * a reader); not one of the ports browsers refuse (the Fetch standard's "bad ports": SMTP,
 * IRC and the like, where an HTTP request can be smuggled into another protocol).
 *
 * Host spellings need no work here: the WHATWG URL parser has already turned `2130706433`,
 * `0x7f.1`, `0177.0.0.1`, `127.1` into `127.0.0.1` and `[::ffff:127.0.0.1]` into
 * `[::ffff:7f00:1]`; the address check sees only canonical forms.
 */
import { isIPv4 } from 'node:net';
import { WebToolsError } from '../errors';

// From the Fetch standard's port blocking list (https://fetch.spec.whatwg.org/#port-blocking).
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A URL that passed `checkFetchUrl`, with its host split out for resolution. */
export interface CheckedUrl {
  readonly url: URL;
  /** Host name without brackets and without a trailing dot (`example.com`, `::1`, `127.0.0.1`). */
  readonly host: string;
  /** The address when the host is an IP literal (no DNS involved). */
  readonly literal: { address: string; family: 4 | 6 } | undefined;
  readonly port: number;
}

function rejected(url: string, why: string): WebToolsError {
  return new WebToolsError('url_rejected', `web_fetch will not request ${JSON.stringify(url)}: ${why}`, {
    subject: url,
  });
}

/**
 * Parses and checks a URL for `web_fetch`; throws `WebToolsError` (`url_rejected`).
 *
 * @example
 * ```ts
 * checkFetchUrl('https://docs.python.org/3/').host; // 'docs.python.org'
 * checkFetchUrl('file:///etc/passwd');              // throws url_rejected
 * ```
 */
export function checkFetchUrl(text: string | URL): CheckedUrl {
  const shown = String(text).slice(0, 200);
  let url: URL;
  try {
    url = new URL(String(text));
  } catch {
    throw rejected(shown, 'it is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw rejected(shown, `only http and https are fetched, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw rejected(shown, 'URLs with a user name or password are not fetched');
  }
  let host = url.hostname;
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '') throw rejected(shown, 'it has no host');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (BAD_PORTS.has(port)) throw rejected(shown, `port ${port} belongs to another protocol`);
  let literal: CheckedUrl['literal'];
  if (host.startsWith('[') && host.endsWith(']')) {
    host = host.slice(1, -1);
    literal = { address: host, family: 6 };
  } else if (isIPv4(host)) literal = { address: host, family: 4 };
  return { url, host, literal, port };
}
