/**
 * `@dexter/postgres` bench (run by `pnpm bench`): grants per second through the Postgres
 * session store with 1 and 2 concurrent writers (each its own pool, awaiting one grant at a
 * time, distinct keys), next to the in-memory store, plus claimResume per second. Skips with
 * a notice when no PostgreSQL server is reachable or startable.
 */
import { createMemorySessionStore, type SessionStore } from '@dexter/executor';
import { createPostgresSessionStore } from '../src/index';
import { benchDatabase } from './bench-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

async function rate(
  stores: SessionStore[],
  operation: (store: SessionStore, writer: number, i: number) => Promise<unknown>,
) {
  const until = performance.now() + SECONDS * 1000;
  const counts = await Promise.all(
    stores.map(async (store, writer) => {
      let n = 0;
      while (performance.now() < until) {
        await operation(store, writer, n);
        n += 1;
      }
      return n;
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0) / SECONDS;
}

const database = await benchDatabase('postgres session-store bench');
if (database !== undefined) {
  const schema = `bench_${Date.now().toString(36)}`;
  const writers = [0, 1].map(() => createPostgresSessionStore({ connectionString: database.url, schema }));
  try {
    await Promise.all(writers.map((store) => store.migrate()));
    const grant = (store: SessionStore, writer: number, i: number) =>
      store.grant({
        sessionId: 'bench',
        sessionKey: `w${writer}-${i}-${Math.random()}`,
        cwd: '/repo',
        ttlMs: 60_000,
      });
    // warm-up
    await rate(writers.slice(0, 1), grant);
    const memory = await rate([createMemorySessionStore()], grant);
    const one = await rate(writers.slice(0, 1), grant);
    const two = await rate(writers, grant);
    const claims = await rate(writers, (store, writer, i) =>
      store.claimResume(`snap-${writer}-${i}-${Math.random()}`),
    );
    const fmt = (n: number) => n.toFixed(0).padStart(10);
    console.log(`measured for ${SECONDS}s each, PostgreSQL on 127.0.0.1`);
    console.log('operation                          per second     ratio');
    console.log(`grant, in-memory store, 1 writer  ${fmt(memory)}`);
    console.log(`grant, Postgres, 1 writer         ${fmt(one)}     ${(one / memory).toFixed(4)}x in-memory`);
    console.log(`grant, Postgres, 2 writers        ${fmt(two)}     ${(two / one).toFixed(2)}x 1 writer`);
    console.log(`claimResume, Postgres, 2 writers  ${fmt(claims)}     ${(claims / two).toFixed(2)}x grants`);
  } finally {
    await Promise.all(writers.map((store) => store.close()));
    database.stop();
  }
}
