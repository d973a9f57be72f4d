import { createExecutor, createSession } from '@dexter/executor';
import { defineTool } from '@dexter/registry';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeSessionStoreContract } from '../../executor/test/session-store-contract';
import { databaseUrl, uniqueName } from '../test/database';
import { SCHEMA_VERSION, schemaStatements } from './migrate';
import { createPostgresSessionStore } from './postgres-session-store';

const url = databaseUrl('@dexter/postgres store tests');

describeSessionStoreContract(
  'postgres',
  async () => createPostgresSessionStore({ connectionString: url, schema: uniqueName('contract') }),
  { skip: url === '' },
);

describe.skipIf(url === '')('createPostgresSessionStore', () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.end();
  });
  const poolFor = () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    return pool;
  };

  it('carries on when the server ends an idle connection of its own pool (no uncaught error, next call reconnects)', async () => {
    const schema = uniqueName('terminated');
    const store = createPostgresSessionStore({ connectionString: url, schema });
    const admin = poolFor();
    try {
      await store.grant({ sessionId: 's', sessionKey: 'k' });
      // End every connection the store holds, the way a server restart would.
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()
           and query like '%${schema}%'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
      // Without a listener on the pool, the idle client's error would be thrown out of the
      // socket's event handler and fail this file with an uncaught exception.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await store.isGranted({ sessionId: 's', sessionKey: 'k' })).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('migrates on first use, records the schema version, and leaves a host pool open on close', async () => {
    const pool = poolFor();
    const schema = uniqueName('migrate');
    const store = createPostgresSessionStore({ pool, schema });
    const before = await pool.query('select 1 from information_schema.schemata where schema_name = $1', [
      schema,
    ]);
    expect(before.rowCount).toBe(0);
    await store.grant({ sessionId: 's', sessionKey: 'k' });
    const tables = await pool.query(
      'select table_name from information_schema.tables where table_schema = $1 order by table_name',
      [schema],
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'approval_audit',
      'dexter_schema_version',
      'resume_ledger',
      'session_counters',
      'session_grants',
    ]);
    const version = await pool.query(`select version from "${schema}".dexter_schema_version`);
    expect(version.rows).toEqual([{ version: SCHEMA_VERSION }]);
    await store.close();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await expect(store.grants('s')).rejects.toThrow(/closed/);
  });

  it('shares state between two stores on one schema and migrates once when both start together', async () => {
    const schema = uniqueName('shared');
    const a = createPostgresSessionStore({ pool: poolFor(), schema });
    const b = createPostgresSessionStore({ pool: poolFor(), schema });
    await Promise.all([a.migrate(), b.migrate()]);
    await a.grant({ sessionId: 's', sessionKey: 'write_file', cwd: '/repo', grantedBy: 'ana' });
    expect(await b.isGranted({ sessionId: 's', sessionKey: 'write_file', cwd: '/repo' })).toBe(true);
    expect((await b.grants('s'))[0]).toMatchObject({ grantedBy: 'ana' });
    expect(await b.revoke({ sessionId: 's', sessionKey: 'write_file', cwd: '/repo' })).toBe(true);
    expect(await a.isGranted({ sessionId: 's', sessionKey: 'write_file', cwd: '/repo' })).toBe(false);
    expect(await a.claimResume('snap')).toBe(true);
    expect(await b.claimResume('snap')).toBe(false);
    const version = await poolFor().query(`select count(*)::int as n from "${schema}".dexter_schema_version`);
    expect(version.rows[0].n).toBe(1);
  });

  it('upgrades a version-1 schema in place: its audit rows stay, keyed entries are written once', async () => {
    const pool = poolFor();
    const schema = uniqueName('upgrade');
    // Version 1 wrote every statement but the last two (the idempotency key column and index).
    for (const statement of schemaStatements(`"${schema}"`).slice(0, -2)) await pool.query(statement);
    await pool.query(`insert into "${schema}".dexter_schema_version (version) values (1)`);
    await pool.query(
      `insert into "${schema}".approval_audit (session_id, tool_call_id, tool, decision, at_ms) values ('s', 'c0', 't', 'deny', 1)`,
    );
    const store = createPostgresSessionStore({ pool, schema });
    const entry = {
      sessionId: 's',
      toolCallId: 'c1',
      tool: 't',
      decision: 'allow-once',
      idempotencyKey: 'turn:3',
    };
    await store.recordAudit(entry);
    await store.recordAudit(entry);
    expect((await store.audit('s')).map((r) => [r.toolCallId, r.idempotencyKey ?? null])).toEqual([
      ['c0', null],
      ['c1', 'turn:3'],
    ]);
    const version = await pool.query(
      `select version from "${schema}".dexter_schema_version order by version`,
    );
    expect(version.rows).toEqual([{ version: 1 }, { version: 2 }]);
  });

  it('refuses a schema newer than it knows, and a bad schema name at construction', async () => {
    const pool = poolFor();
    const schema = uniqueName('newer');
    await createPostgresSessionStore({ pool, schema }).migrate();
    await pool.query(`insert into "${schema}".dexter_schema_version (version) values (99)`);
    const store = createPostgresSessionStore({ pool, schema });
    await expect(store.grants('s')).rejects.toThrow(/version 99, newer/);
    expect(() => createPostgresSessionStore({ pool, schema: 'x"; drop table y; --' })).toThrow(TypeError);
    expect(() => createPostgresSessionStore({ schema: 'ok' } as never)).toThrow(/exactly one/);
  });

  it('keeps audit inputs as JSON and times as exact milliseconds', async () => {
    const store = createPostgresSessionStore({ pool: poolFor(), schema: uniqueName('audit') });
    const input = {
      path: 'report.md',
      content: 'x'.repeat(3),
      nested: { n: 1.5, ok: true, list: [null, 'a'] },
    };
    await store.recordAudit({
      sessionId: 's',
      toolCallId: 'c',
      tool: 'write_file',
      decision: 'allow-session',
      input,
      at: 1_733_000_000_123,
    });
    const [record] = await store.audit();
    expect(record).toMatchObject({ input, at: 1_733_000_000_123 });
    const grant = await store.grant({ sessionId: 's', sessionKey: 'k', expiresAt: 1_733_000_000_456 });
    expect(grant.expiresAt).toBe(1_733_000_000_456);
    expect(await store.isGranted({ sessionId: 's', sessionKey: 'k' }, 1_733_000_000_455)).toBe(true);
    expect(await store.isGranted({ sessionId: 's', sessionKey: 'k' }, 1_733_000_000_456)).toBe(false);
  });
});

describe.skipIf(url === '')(
  'the executor on a Postgres store: every call that runs has its audit row',
  () => {
    it('a model input jsonb cannot hold (NUL, lone surrogate) is audited encoded, read back exactly, and runs', async () => {
      const store = createPostgresSessionStore({ connectionString: url, schema: uniqueName('nul') });
      const ran: string[] = [];
      const write = defineTool({
        name: 'write_file',
        inputSchema: z.object({ path: z.string() }),
        description: 'Writes.',
        compactDescription: 'Write',
        approval: 'ask',
        execute: ({ path }) => {
          ran.push(path);
          return 'ok';
        },
      });
      try {
        const executor = createExecutor({
          tools: [write],
          approvals: { prompt: () => 'allow-once' },
          sessionStore: store,
          session: createSession({ id: 'conv-nul' }),
        });
        const paths = ['a\u0000b', 'lone \ud800', 'plain'];
        const results = await executor.execute(
          paths.map((path, index) => ({ id: `c${index}`, name: 'write_file', input: { path } })),
        );
        expect(results.map((result) => result.status)).toEqual(['ok', 'ok', 'ok']);
        expect(ran).toEqual(paths);
        const trail = await store.audit('conv-nul');
        expect(trail.map((row) => row.input)).toEqual(paths.map((path) => ({ path })));
      } finally {
        await store.close();
      }
    });
  },
);
