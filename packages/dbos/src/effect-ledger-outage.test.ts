/**
 * The effect ledger through a database outage, on a throwaway server this file starts
 * (never the shared one): an effect asked for while the server is down waits for it and then
 * commits once; an error that is not about the connection is thrown at once.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';
import { createEffectLedger } from './effect-ledger';

const script = fileURLToPath(new URL('../../../scripts/postgres.sh', import.meta.url));

describe('the effect ledger through an outage', () => {
  let dir = '';
  let url = '';
  let pool: pg.Pool | undefined;

  beforeAll(() => {
    const started = spawnSync('bash', [script, 'start'], { encoding: 'utf8', timeout: 120_000 });
    dir = /^DEXTER_PG_DIR=(.*)$/m.exec(started.stdout ?? '')?.[1] ?? '';
    url = /^DATABASE_URL=(.*)$/m.exec(started.stdout ?? '')?.[1] ?? '';
    if (started.status !== 0 || url === '') {
      console.warn(
        '[skip] effect ledger outage test: could not start a throwaway PostgreSQL (scripts/postgres.sh start); install the server (apt-get install -y postgresql) to run it',
      );
      url = '';
      return;
    }
    pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
  }, 130_000);

  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    if (dir !== '') spawnSync('bash', [script, 'stop', dir], { stdio: 'ignore', timeout: 60_000 });
  });

  it('waits for the server and commits the effect once', async (context) => {
    if (pool === undefined) context.skip();
    const ledger = createEffectLedger({ pool: pool!, schema: 'outage' });
    await ledger.migrate();
    await pool!.query('create table charges (key text)');

    execFileSync('bash', [script, 'ctl', dir, 'halt'], { stdio: 'ignore', timeout: 90_000 });
    let runs = 0;
    const charged = ledger.once('turn-1:step-2', async (client) => {
      runs += 1;
      await client.query('insert into charges values ($1)', ['turn-1:step-2']);
      return { charged: 42 };
    });
    // The server comes back a moment later; the call is still waiting, not failed.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    execFileSync('bash', [script, 'ctl', dir, 'restart'], { stdio: 'ignore', timeout: 90_000 });
    expect(await charged).toEqual({ charged: 42 });
    expect(runs).toBe(1);
    expect((await pool!.query('select count(*)::int as n from charges')).rows[0].n).toBe(1);
    // Asked again with the same key: the recorded value, no second effect.
    expect(await ledger.once('turn-1:step-2', async () => ({ charged: 0 }))).toEqual({ charged: 42 });
  }, 120_000);

  it('throws an error of the effect itself at once', async (context) => {
    if (pool === undefined) context.skip();
    const ledger = createEffectLedger({ pool: pool!, schema: 'outage' });
    const failing = ledger.once('turn-2:step-1', async (client) => {
      await client.query('select * from no_such_table');
    });
    await expect(failing).rejects.toMatchObject({ code: '42P01' });
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '42P01' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
  });
});
