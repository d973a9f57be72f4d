/**
 * `watchDatabase`: is PostgreSQL reachable now? A `select 1` every `intervalMs` (and on
 * demand, for /healthz), each bounded by `timeoutMs`. A refused or lost connection counts at
 * once; a probe that only runs out of time counts when the one before it did too (a busy
 * machine is not an outage). It has its own connection, so a busy app pool is not an outage
 * either. While it is down the server answers
 * 503 at once instead of holding requests that DBOS retries until the database is back.
 */
import pg from 'pg';

export interface DatabaseHealth {
  /** The last probe's answer. */
  readonly up: boolean;
  /** Probes now; resolves with the answer. */
  check(): Promise<boolean>;
  /** `promise` resolves the next time a probe finds the database down; `cancel` forgets it. */
  down(): { promise: Promise<void>; cancel(): void };
  stop(): Promise<void>;
}

export function watchDatabase(
  databaseUrl: string,
  { intervalMs = 1000, timeoutMs = 1500 } = {},
): DatabaseHealth {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: timeoutMs * 2 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  let up = true;
  const waiting = new Set<() => void>();
  let slow = 0;
  const check = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      pool.query('select 1').then(
        () => 'ok' as const,
        () => 'failed' as const,
      ),
      new Promise<'slow'>((resolve) => {
        timer = setTimeout(() => resolve('slow'), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    slow = outcome === 'slow' ? slow + 1 : 0;
    const answer = outcome === 'ok' || (outcome === 'slow' && slow < 2);
    up = answer;
    if (!answer) {
      for (const wake of waiting) wake();
      waiting.clear();
    }
    return answer;
  };
  const interval = setInterval(() => void check(), intervalMs);
  interval.unref();
  return {
    get up() {
      return up;
    },
    check,
    down() {
      let wake = () => {};
      const promise = new Promise<void>((resolve) => {
        wake = resolve;
      });
      waiting.add(wake);
      return { promise, cancel: () => waiting.delete(wake) };
    },
    stop() {
      clearInterval(interval);
      waiting.clear();
      return pool.end();
    },
  };
}
