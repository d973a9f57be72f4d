/**
 * The one address classifier (moved here from `@dexter/web-tools`, which imports it; decision
 * 0030): the permission floor judges the hosts of URL subjects with it, and `web_fetch`
 * judges every address it resolves with it.
 *
 * `blockedAddressReason`: may `web_fetch` connect to this IP address? It stops server-side
 * request forgery — a model (or a page it read) steering the fetch at the host's own
 * services: loopback, private networks, link-local (cloud metadata at 169.254.169.254),
 * unique-local, multicast, broadcast, and the special-purpose and documentation ranges.
 *
 * IPv6 addresses that carry an IPv4 address are judged by that IPv4 address too:
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` and
 * 6to4 `2002:AABB:CCDD::`. Beyond those, IPv6 is allowed only inside global unicast
 * `2000::/3`, minus its special ranges (an allow list: a new special range elsewhere is
 * blocked by default).
 *
 * The input is an address as DNS or the WHATWG URL parser writes it; the URL parser already
 * turns `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` into `127.0.0.1`, so only canonical
 * forms arrive here. Anything that is not a plain IP address is blocked.
 */
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Where an address points: `link-local` (cloud metadata lives there: 169.254.0.0/16,
 * fe80::/10), `loopback` (this host), `private` (private, carrier-grade NAT, unique-local and
 * site-local networks: other hosts of the local network) or `special` (documentation,
 * benchmarking, multicast, reserved, unspecified: nothing a fetch should reach).
 */
export type AddressScope = 'link-local' | 'loopback' | 'private' | 'special';

type V4Range = readonly [base: number, prefix: number, why: string, scope: AddressScope];

function v4(text: string): number {
  const parts = text.split('.').map(Number);
  return (((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!) >>> 0;
}

const V4_BLOCKED: readonly V4Range[] = [
  [v4('0.0.0.0'), 8, 'the "this network" range 0.0.0.0/8 (0.0.0.0 reaches the local host)', 'loopback'],
  [v4('10.0.0.0'), 8, 'a private address (10.0.0.0/8)', 'private'],
  [v4('100.64.0.0'), 10, 'a carrier-grade NAT address (100.64.0.0/10)', 'private'],
  [v4('127.0.0.0'), 8, 'a loopback address (127.0.0.0/8)', 'loopback'],
  [v4('169.254.0.0'), 16, 'a link-local address (169.254.0.0/16, cloud metadata lives here)', 'link-local'],
  [v4('172.16.0.0'), 12, 'a private address (172.16.0.0/12)', 'private'],
  [v4('192.0.0.0'), 24, 'an IETF protocol assignment (192.0.0.0/24)', 'special'],
  [v4('192.0.2.0'), 24, 'a documentation address (192.0.2.0/24)', 'special'],
  [v4('192.88.99.0'), 24, 'the 6to4 relay anycast range (192.88.99.0/24)', 'special'],
  [v4('192.168.0.0'), 16, 'a private address (192.168.0.0/16)', 'private'],
  [v4('198.18.0.0'), 15, 'a benchmarking address (198.18.0.0/15)', 'special'],
  [v4('198.51.100.0'), 24, 'a documentation address (198.51.100.0/24)', 'special'],
  [v4('203.0.113.0'), 24, 'a documentation address (203.0.113.0/24)', 'special'],
  [v4('224.0.0.0'), 4, 'a multicast address (224.0.0.0/4)', 'special'],
  [v4('240.0.0.0'), 4, 'a reserved or broadcast address (240.0.0.0/4)', 'special'],
];

function inV4(address: number, base: number, prefix: number): boolean {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (address & mask) >>> 0 === (base & mask) >>> 0;
}

/** An address's class: why it is blocked, and its scope. */
export interface AddressClass {
  reason: string;
  scope: AddressScope;
}

function v4Class(address: number): AddressClass | undefined {
  for (const [base, prefix, reason, scope] of V4_BLOCKED) {
    if (inV4(address, base, prefix)) return { reason, scope };
  }
  return undefined;
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail and `::` expanded). */
export function ipv6Groups(text: string): number[] {
  let address = text;
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.', lastColon)) {
    const quad = v4(address.slice(lastColon + 1));
    address = `${address.slice(0, lastColon + 1)}${(quad >>> 16).toString(16)}:${(quad & 0xffff).toString(16)}`;
  }
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const gap = address.indexOf('::');
  if (gap === -1) return parse(address);
  const left = parse(address.slice(0, gap));
  const right = parse(address.slice(gap + 2));
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function embeddedV4(high: number, low: number): number {
  return ((high << 16) >>> 0) + low;
}

function v4Text(address: number): string {
  return [address >>> 24, (address >>> 16) & 255, (address >>> 8) & 255, address & 255].join('.');
}

function v6Class(groups: readonly number[]): AddressClass | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  const is = (reason: string, scope: AddressScope): AddressClass => ({ reason, scope });
  if (zeroTo(8)) return is('the unspecified address (::)', 'loopback');
  if (zeroTo(7) && g7 === 1) return is('the loopback address (::1)', 'loopback');
  const carried = (label: string, v4Address: number): AddressClass | undefined => {
    const found = v4Class(v4Address);
    return found === undefined
      ? undefined
      : { reason: `${label} carrying ${v4Text(v4Address)}, ${found.reason}`, scope: found.scope };
  };
  if (zeroTo(5) && g5 === 0xffff) return carried('an IPv4-mapped IPv6 address', embeddedV4(g6, g7));
  if (zeroTo(6)) return carried('an IPv4-compatible IPv6 address', embeddedV4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return carried('a NAT64 address (64:ff9b::/96)', embeddedV4(g6, g7));
  }
  if (g0 === 0x2002) {
    return carried('a 6to4 address (2002::/16)', embeddedV4(g1, g2)) ?? undefined;
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1)
    return is('a local-use NAT64 address (64:ff9b:1::/48)', 'private');
  if ((g0 & 0xfe00) === 0xfc00) return is('a unique-local address (fc00::/7)', 'private');
  if ((g0 & 0xffc0) === 0xfe80) return is('a link-local address (fe80::/10)', 'link-local');
  if ((g0 & 0xffc0) === 0xfec0) return is('a site-local address (fec0::/10)', 'private');
  if ((g0 & 0xff00) === 0xff00) return is('a multicast address (ff00::/8)', 'special');
  if ((g0 & 0xe000) !== 0x2000) return is('an address outside IPv6 global unicast (2000::/3)', 'special');
  if (g0 === 0x2001 && g1 === 0x0db8) return is('a documentation address (2001:db8::/32)', 'special');
  if (g0 === 0x2001 && g1 < 0x0200)
    return is('an IETF special-purpose address (2001::/23, Teredo included)', 'special');
  if ((g0 & 0xfff0) === 0x3ff0) return is('a documentation address (3fff::/20)', 'special');
  return undefined;
}

/**
 * Why `web_fetch` must not connect to `address`, or `undefined` when it may.
 *
 * @example
 * ```ts
 * blockedAddressReason('93.184.215.14');       // undefined
 * blockedAddressReason('169.254.169.254');     // 'a link-local address (169.254.0.0/16, ...)'
 * blockedAddressReason('::ffff:7f00:1');       // 'an IPv4-mapped IPv6 address carrying 127.0.0.1, ...'
 * ```
 */
export function blockedAddressReason(address: string): string | undefined {
  if (typeof address !== 'string') return 'not an IP address';
  const found = classifyAddress(address);
  return found === null ? 'not an IP address' : found?.reason;
}

/**
 * The class of an IP address (as DNS or the WHATWG URL parser writes it; IPv6 with or
 * without brackets): `undefined` for a public address, `null` for text that is not an IP
 * address, else why it is blocked and where it points (`AddressScope`).
 *
 * @example
 * ```ts
 * classifyAddress('169.254.169.254')?.scope; // 'link-local'
 * classifyAddress('[::ffff:127.0.0.1]')?.scope; // 'loopback'
 * classifyAddress('93.184.215.14'); // undefined
 * classifyAddress('example.com'); // null
 * ```
 */
export function classifyAddress(address: string): AddressClass | null | undefined {
  let text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zone = text.indexOf('%');
  if (zone !== -1) {
    // A zone index only makes sense for link-local and multicast scopes.
    text = text.slice(0, zone);
    if (!isIPv6(text)) return null;
    return (
      v6Class(ipv6Groups(text)) ?? {
        reason: 'an IPv6 address with a zone index (link-scoped)',
        scope: 'link-local',
      }
    );
  }
  if (isIPv4(text)) return v4Class(v4(text));
  if (isIPv6(text)) return v6Class(ipv6Groups(text));
  return null;
}
