/**
 * Host resolution for `web_fetch`, injectable so tests can play a DNS server (including one
 * that answers differently the second time: rebinding). The default asks the operating
 * system's resolver for every address (`dns.lookup` with `all: true`), the same answers
 * node's own connect would use.
 */
import { lookup } from 'node:dns/promises';

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all of its addresses. */
export type HostResolver = (
  hostname: string,
  options: { signal: AbortSignal },
) => Promise<readonly ResolvedAddress[]>;

/**
 * The default resolver: `dns.lookup(hostname, { all: true })`.
 *
 * @example
 * ```ts
 * const addresses = await systemResolver('localhost', { signal: AbortSignal.timeout(5000) });
 * ```
 */
export const systemResolver: HostResolver = async (hostname, { signal }) => {
  signal.throwIfAborted();
  const answers = await lookup(hostname, { all: true, verbatim: true });
  signal.throwIfAborted();
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};
