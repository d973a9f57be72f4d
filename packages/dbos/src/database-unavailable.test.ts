/**
 * `isDatabaseUnavailable` against the errors real `pg` clients throw when the server goes
 * away — the classes seen during `pg_ctl restart -m fast` under load — and against errors
 * that are the statement's own. A class it does not know ends a tool inside a fault window
 * as an error result instead of waiting for the server.
 */
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUrl } from '../../postgres/test/database';
import { isDatabaseUnavailable } from './database-unavailable';

const server = databaseUrl('@dexter/dbos isDatabaseUnavailable');

/** What `work` throws (or undefined). */
async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('isDatabaseUnavailable', () => {
  it('looks inside a wrapper: a cause, an AggregateError of refused addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('the step failed', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused], ''))).toBe(true);
    const own = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(isDatabaseUnavailable(new Error('the step failed', { cause: own }))).toBe(false);
    const loop: { cause?: unknown } & Error = new Error('a');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it('knows a refused connection and a query on the client it left behind', async () => {
    const port = await closedPort();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    client.on('error', () => {});
    const refused = await thrown(() => client.connect());
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const after = await thrown(() => client.query('select 1'));
    expect(after).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(after)).toBe(true);
  });

  it.skipIf(server === '')(
    'knows a client the server ended while it sat idle: "not queryable", no SQLSTATE, no errno',
    async () => {
      // The class that ended reads inside a fault window as error results in CI: a client the
      // restart broke between two statements, used for the next one.
      const admin = new pg.Client({ connectionString: server });
      const idle = new pg.Client({ connectionString: server });
      const ended = new Promise((resolve) => idle.on('error', resolve)); // kept: a second error may follow
      await admin.connect();
      await idle.connect();
      try {
        const pid = (await idle.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        await admin.query('select pg_terminate_backend($1)', [pid]);
        expect((await ended) as { code?: string }).toMatchObject({ code: '57P01' });
        const broken = await thrown(() => idle.query('select 1'));
        expect(String((broken as Error).message)).toMatch(/connection error and is not queryable/);
        expect((broken as { code?: string }).code).toBeUndefined();
        expect(isDatabaseUnavailable(broken)).toBe(true);
      } finally {
        await admin.end();
        await idle.end().catch(() => {});
      }
    },
  );

  it.skipIf(server === '')(
    'knows a terminated backend and a closed client, and not a statement that failed on its own',
    async () => {
      const admin = new pg.Client({ connectionString: server });
      const victim = new pg.Client({ connectionString: server });
      victim.on('error', () => {});
      await admin.connect();
      await victim.connect();
      try {
        const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const sleeping = thrown(() => victim.query('select pg_sleep(30)'));
        await new Promise((resolve) => setTimeout(resolve, 200));
        await admin.query('select pg_terminate_backend($1)', [pid]);
        const terminated = await sleeping;
        expect((terminated as { code?: string }).code).toBe('57P01');
        expect(isDatabaseUnavailable(terminated)).toBe(true);
        const after = await thrown(() => victim.query('select 1'));
        expect(isDatabaseUnavailable(after)).toBe(true);

        const closed = new pg.Client({ connectionString: server });
        await closed.connect();
        await closed.end();
        const late = await thrown(() => closed.query('select 1'));
        expect(String((late as Error).message)).toMatch(/not queryable/);
        expect(isDatabaseUnavailable(late)).toBe(true);

        for (const sql of ['select * from no_such_table', 'selec 1', 'select 1/0']) {
          const own = await thrown(() => admin.query(sql));
          expect([sql, isDatabaseUnavailable(own)]).toEqual([sql, false]);
        }
      } finally {
        await admin.end();
        await victim.end().catch(() => {});
      }
    },
  );
});
