/**
 * `isDatabaseUnavailable`: the errors of a lost or refused PostgreSQL connection — from `pg`,
 * from Node's sockets, and from DBOS wrapping them. They mean the server went away (a
 * restart, a failover) and nothing of the statement in flight committed, so the work may be
 * tried again once the server is back; any other error is the work's own.
 */

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, starting up). */
const UNAVAILABLE_STATE = /^(08|57P)/;
const SOCKET_CODE = /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT)$/;
const UNAVAILABLE_MESSAGE =
  /connection terminated|ECONNREFUSED|ECONNRESET|the database system is|system database has been shut down|timeout exceeded when trying to connect|not queryable|connection error|terminating connection/i;

/** One error, without what it wraps. */
function unavailableItself(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || SOCKET_CODE.test(code))) return true;
  const message = error instanceof Error ? error.message : String(error);
  return UNAVAILABLE_MESSAGE.test(message);
}

/**
 * True for an error of a lost or refused database connection — also one that wraps such an
 * error as its `cause`, or an `AggregateError` holding one (a connection tried on several
 * addresses). Any other error is the statement's own.
 *
 * @example
 * ```ts
 * isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' })); // true
 * isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }));         // false
 * ```
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const queue: unknown[] = [error];
  const seen = new Set<unknown>();
  while (queue.length > 0 && seen.size < 20) {
    const each = queue.shift();
    if (seen.has(each)) continue;
    seen.add(each);
    if (unavailableItself(each)) return true;
    if (typeof each === 'object' && each !== null) {
      const { cause, errors } = each as { cause?: unknown; errors?: unknown };
      if (cause !== undefined) queue.push(cause);
      if (Array.isArray(errors)) queue.push(...errors);
    }
  }
  return false;
}

/**
 * Runs `work`, and runs it again while it fails because the database is unreachable, for at
 * most `retryMs` (backing off from 200 ms to 2 s); any other error, or the last one, is
 * thrown. Only for work that commits whole or not at all (one statement, one transaction).
 *
 * @example
 * ```ts
 * await retryWhileUnavailable(() => pool.query('insert into attempts (id) values ($1)', [id]));
 * ```
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, retryMs = 60_000): Promise<T> {
  const deadline = Date.now() + retryMs;
  for (let wait = 200; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
