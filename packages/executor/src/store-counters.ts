/**
 * Soft-limit counters kept in a `SessionStore` (see `ExecutorOptions.sessionStore`): before
 * a run, the session's count of each tool the calls name is raised to the store's (calls
 * counted by other processes); during the run the session counts as usual, through a
 * wrapper that also notes what this run counted; after it, those counts are added to the
 * store atomically. Two processes running the same conversation at once each see the
 * other's calls from their next run on: soft limits warn, they never block, so a count a
 * run behind is an accepted cost of one round trip per tool instead of one per call.
 *
 * Store failures are ignored here: the in-process counts still apply. So is a store that
 * does not answer within `COUNTER_WAIT_MS` (or before the run's signal aborts): a hanging
 * counter must not hold a run's calls back, nor its finished results.
 */
import type { ExecutorSession } from './session';
import type { SessionStore } from './session-store';

/** The names calls give as plain data (no getter runs: the run reads each call once itself). */
export function calledNames(calls: readonly unknown[], known: (name: string) => boolean): string[] {
  const names = new Set<string>();
  for (const call of calls) {
    try {
      if (typeof call !== 'object' || call === null) continue;
      const name = Object.getOwnPropertyDescriptor(call, 'name')?.value;
      if (typeof name === 'string' && known(name)) names.add(name);
    } catch {
      // A hostile call (a Proxy whose traps throw): the run gives it its own result.
    }
  }
  return [...names];
}

/** The longest a run waits for the store's counters, before and after it. */
export const COUNTER_WAIT_MS = 5_000;

/** Settles when `work` does, when `signal` aborts, or after `COUNTER_WAIT_MS`; never rejects. */
function bounded(work: Promise<unknown>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, COUNTER_WAIT_MS);
    if (signal?.aborted) return done();
    signal?.addEventListener('abort', done, { once: true });
    work.then(done, done);
  });
}

/** Raises the session's counts of `names` to the store's. */
export function pullCounters(
  store: SessionStore,
  session: ExecutorSession,
  names: readonly string[],
  signal: AbortSignal | undefined,
): Promise<void> {
  const pulls = names.map(
    (name) =>
      Promise.resolve()
        .then(() => store.counter(session.id, name))
        .then((stored) => {
          const missing = stored - session.callCount(name);
          if (missing > 0) session.addCalls(name, missing);
        })
        .catch(() => undefined), // soft limits only warn: the in-process count stands
  );
  return bounded(Promise.all(pulls), signal);
}

/** A session that forwards everything to `session` and notes the calls this run counts. */
export function countingSession(session: ExecutorSession, counted: Map<string, number>): ExecutorSession {
  return {
    id: session.id,
    isGranted: (key) => session.isGranted(key),
    grant: (key) => session.grant(key),
    revoke: (key) => session.revoke(key),
    grants: () => session.grants(),
    callCount: (tool) => session.callCount(tool),
    findSimilar: (tool, key, threshold) => session.findSimilar(tool, key, threshold),
    recordCall(tool, call) {
      counted.set(tool, (counted.get(tool) ?? 0) + 1);
      return session.recordCall(tool, call);
    },
    addCalls: (tool, count) => session.addCalls(tool, count),
    reset: () => session.reset(),
  };
}

/** Adds this run's counts to the store. */
export function pushCounters(
  store: SessionStore,
  sessionId: string,
  counted: ReadonlyMap<string, number>,
): Promise<void> {
  const pushes = [...counted].map(([name, count]) =>
    Promise.resolve()
      .then(() => store.incrementCounter(sessionId, name, count))
      .catch(() => undefined),
  );
  return bounded(Promise.all(pushes), undefined);
}
