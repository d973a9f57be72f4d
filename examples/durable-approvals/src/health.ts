/**
 * `watchDatabase`: is PostgreSQL reachable now? A `select 1` every `intervalMs` (and on
 * demand, for /healthz), each bounded by `timeoutMs`. While it is down the server answers
 * 503 at once instead of holding requests that DBOS retries until the database is back.
 */
import type pg from 'pg';

export interface DatabaseHealth {
  /** The last probe's answer. */
  readonly up: boolean;
  /** Probes now; resolves with the answer. */
  check(): Promise<boolean>;
  /** `promise` resolves the next time a probe finds the database down; `cancel` forgets it. */
  down(): { promise: Promise<void>; cancel(): void };
  stop(): void;
}

export function watchDatabase(pool: pg.Pool, { intervalMs = 1000, timeoutMs = 1500 } = {}): DatabaseHealth {
  let up = true;
  const waiting = new Set<() => void>();
  const check = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      pool.query('select 1').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
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
    },
  };
}
