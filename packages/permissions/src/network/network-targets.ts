/**
 * Network targets in the floor: the host a URL subject (WebFetch, a `{kind: 'url'}` subject)
 * or a command (curl, wget, httpie, nc, … and literal URLs in an interpreter's inline
 * program) reaches, judged by the one address classifier (blocked-address.ts).
 *
 * - `metadata` — link-local addresses (169.254.0.0/16, fe80::/10: where cloud metadata and
 *   its credentials live), the known metadata addresses outside them (`fd00:ec2::254`,
 *   `100.100.100.200`) and names (`metadata.google.internal`, …): the floor denies.
 * - `local` — loopback, private, unique-local and special addresses, `localhost`,
 *   `*.localhost`, `*.internal`, `*.local`, `*.home.arpa`: a tool-wide or wildcard rule never
 *   allows them; only a rule naming that host does (`WebFetch(domain:127.0.0.1)`, an exact
 *   `Bash(curl http://localhost:3000/health)`).
 *
 * A host name is not resolved here (no DNS): a public name that points at a private address is
 * `@dexter/web-tools`' fetch-time check's job, and the OS sandbox's.
 */
import { classifyAddress } from './blocked-address';

/** How the floor treats a host. */
export type HostLevel = 'metadata' | 'local';

/** A host the floor restricts, and why. */
export interface HostClass {
  level: HostLevel;
  reason: string;
}

/** Names of cloud metadata services (lower case, no trailing dot). */
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

/** Metadata addresses outside the link-local ranges (canonical WHATWG spellings). */
const METADATA_ADDRESSES = new Set(['[fd00:ec2::254]', '100.100.100.200']);

/** Name suffixes that only resolve on the local network. */
const LOCAL_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa', '.localdomain'];

/**
 * The WHATWG host of `text` as a URL's authority (`127.1` → `127.0.0.1`), or undefined.
 * `URL.parse` (Node 20.18, the package's least Node): `null` for a word that is no authority
 * (`-H`'s `Content-Type: application/json`) without the stack trace a thrown `TypeError`
 * costs, and one parse of a word that is, where `URL.canParse` then `new URL` made two.
 */
export function canonicalHost(text: string): string | undefined {
  const host = URL.parse(`http://${text}/`)?.hostname;
  if (host === undefined) return undefined;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * The floor's class of a host as the WHATWG URL parser writes it (`URL.hostname`: lower case,
 * IPv6 in brackets, IPv4 canonical); `undefined` for a public host.
 *
 * @example
 * ```ts
 * classifyHost('169.254.169.254')?.level; // 'metadata'
 * classifyHost('metadata.google.internal')?.level; // 'metadata'
 * classifyHost('localhost')?.level; // 'local'
 * classifyHost('example.com'); // undefined
 * ```
 */
export function classifyHost(rawHost: string): HostClass | undefined {
  const host = (rawHost.endsWith('.') ? rawHost.slice(0, -1) : rawHost).toLowerCase();
  if (METADATA_NAMES.has(host) || METADATA_ADDRESSES.has(host)) {
    return { level: 'metadata', reason: `${host} is a cloud metadata service (it hands out credentials)` };
  }
  const address = classifyAddress(host);
  if (address === null) {
    if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
      return { level: 'local', reason: `${host} is a name on this host or its local network` };
    }
    return undefined;
  }
  if (address === undefined) return undefined;
  if (address.scope === 'link-local') {
    return { level: 'metadata', reason: `${host} is ${address.reason}` };
  }
  return { level: 'local', reason: `${host} is ${address.reason}` };
}

/** `scheme://` at the start of a word. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** URLs inside a text (an inline program, an option value). */
const URLS_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>()\\]+/gi;
/** Dotted IPv4 literals and bracketed IPv6 literals inside a text (`--resolve x:443:10.0.0.1`). */
const ADDRESSES_IN_TEXT = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])|\[[0-9a-f:.%]+\]/gi;
/** Metadata names inside a text. */
const METADATA_IN_TEXT =
  /metadata\.google\.internal|metadata\.goog\b|instance-data|metadata\.tencentyun\.com|fd00:ec2::254/i;

/** The host of a URL word, by the WHATWG parser the hosts use; undefined when none. */
export function urlHost(url: string): string | undefined {
  const host = URL.parse(url)?.hostname;
  return host === undefined || host === '' ? undefined : host;
}

/**
 * The hosts a text names: its URLs' hosts, its IP literals, a metadata name. `bare`: the text
 * may be a scheme-less URL or host (a curl operand, an `nc` host): its host counts when it is an
 * IP address, `localhost` or a restricted name.
 */
export function hostsInText(text: string, bare: boolean): string[] {
  const hosts: string[] = [];
  if (bare && !SCHEME.test(text) && text !== '' && !text.startsWith('-')) {
    const authority = text.replace(/^[^@/]*@/, '').split('/')[0]!;
    const host = canonicalHost(authority);
    if (host !== undefined && (classifyAddress(host) !== null || classifyHost(host) !== undefined)) {
      hosts.push(host);
    }
  }
  // Each expression is run only on a text that holds what every match of it holds (`://`; a
  // dot or `[`): most words of a network command hold neither (`-X`, `PUT`, `-H`'s value).
  if (text.includes('://')) {
    for (const match of text.matchAll(URLS_IN_TEXT)) {
      const host = urlHost(match[0]);
      if (host !== undefined) hosts.push(host);
    }
  }
  if (text.includes('.') || text.includes('[')) {
    for (const match of text.matchAll(ADDRESSES_IN_TEXT)) {
      const host = canonicalHost(match[0]);
      if (host !== undefined) hosts.push(host);
    }
  }
  const named = METADATA_IN_TEXT.exec(text);
  if (named !== null)
    hosts.push(named[0].toLowerCase() === 'fd00:ec2::254' ? '[fd00:ec2::254]' : named[0].toLowerCase());
  return hosts;
}

/** The most restricted class among `hosts` (metadata before local), with its host. */
export function worstHost(hosts: readonly string[]): (HostClass & { host: string }) | undefined {
  let found: (HostClass & { host: string }) | undefined;
  for (const host of hosts) {
    const hostClass = classifyHost(host);
    if (hostClass === undefined) continue;
    if (hostClass.level === 'metadata') return { ...hostClass, host };
    found ??= { ...hostClass, host };
  }
  return found;
}
