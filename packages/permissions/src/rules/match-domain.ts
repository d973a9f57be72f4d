/**
 * Domain rules: `WebFetch(domain:docs.python.org)` names a host, and matches a call whose
 * URL's host is that domain or any subdomain of it (`docs.python.org`,
 * `www.docs.python.org`; not `python.org`, not `evildocs.python.org.example`). An IP
 * literal (`domain:203.0.113.7`, `domain:[2001:db8::1]`) matches only itself.
 *
 * Both sides are normalised by the WHATWG URL parser the fetch itself uses: lower case,
 * IDNA/punycode (`bücher.example` ≡ `xn--bcher-kva.example`), IPv4 written any way
 * (`0x7f.1` ≡ `127.0.0.1`), and one trailing dot dropped (`example.com.` ≡ `example.com`).
 * A URL that does not parse, or has no host, matches no domain rule, so no domain rule
 * can allow it (the engine then never allows the call).
 */

/** Characters a domain specifier must not hold: anything that would make it more than a host. */
const NOT_A_HOST = /[\s/\\?#@%*]|:(?![^[\]]*\])/;

/** True when `host` (already normalised) is an IP literal: IPv4 dotted quad or bracketed IPv6. */
function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host);
}

function dropTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * The canonical host of a domain specifier, or a reason it is not one.
 *
 * @example
 * ```ts
 * normalizeRuleDomain('Docs.Python.org.'); // { domain: 'docs.python.org' }
 * normalizeRuleDomain('bücher.example');   // { domain: 'xn--bcher-kva.example' }
 * normalizeRuleDomain('example.com/path'); // { problem: '...' }
 * ```
 */
export function normalizeRuleDomain(text: string): { domain: string } | { problem: string } {
  if (text === '') return { problem: 'the domain is empty' };
  if (NOT_A_HOST.test(text)) {
    return {
      problem: `${JSON.stringify(text)} is not a bare host name (no scheme, port, path, "*" or "@"; subdomains are already covered)`,
    };
  }
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname;
  } catch {
    return { problem: `${JSON.stringify(text)} is not a valid host name` };
  }
  host = dropTrailingDot(host);
  if (host === '' || host.startsWith('.') || host.includes('..')) {
    return { problem: `${JSON.stringify(text)} is not a valid host name` };
  }
  return { domain: host };
}

/**
 * The normalised host of a URL, or `undefined` when the URL does not parse or has no host.
 *
 * @example
 * ```ts
 * hostOfUrl('https://Docs.Python.org./3/'); // 'docs.python.org'
 * hostOfUrl('http://[::ffff:7f00:1]/');     // '[::ffff:7f00:1]'
 * hostOfUrl('not a url');                   // undefined
 * ```
 */
export function hostOfUrl(url: string): string | undefined {
  if (typeof url !== 'string') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = dropTrailingDot(parsed.hostname);
  return host === '' ? undefined : host;
}

/**
 * True when `host` (from `hostOfUrl`) falls under `domain` (from `normalizeRuleDomain`):
 * the domain itself or a subdomain; IP literals only themselves.
 *
 * @example
 * ```ts
 * matchDomain('python.org', 'docs.python.org'); // true
 * matchDomain('python.org', 'notpython.org');   // false
 * ```
 */
export function matchDomain(domain: string, host: string): boolean {
  if (host === domain) return true;
  if (isIpLiteral(domain) || isIpLiteral(host)) return false;
  return (
    host.length > domain.length && host.endsWith(domain) && host[host.length - domain.length - 1] === '.'
  );
}
