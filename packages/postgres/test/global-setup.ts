/**
 * Vitest global setup shared by the projects that need PostgreSQL (postgres, dbos,
 * example-durable-approvals): use DATABASE_URL when it answers, else start a throwaway
 * server with scripts/postgres.sh and stop it afterwards. When neither works the tests
 * skip, and this prints why. Tests read the URL with `inject('databaseUrl')` ('' = none).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// The `databaseUrl` provided-context type is declared there.
import type {} from './database';

const script = fileURLToPath(new URL('../../../scripts/postgres.sh', import.meta.url));

async function answers(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const name = project.name;
  const given = process.env.DATABASE_URL;
  if (given !== undefined && given !== '') {
    const problem = await answers(given);
    if (problem === undefined) {
      project.provide('databaseUrl', given);
      return undefined;
    }
    console.warn(`[${name}] DATABASE_URL does not answer (${problem}); starting a throwaway server instead`);
  }
  const started = spawnSync('bash', [script, 'start'], { encoding: 'utf8', timeout: 120_000 });
  const out = started.stdout ?? '';
  const dir = /^DEXTER_PG_DIR=(.*)$/m.exec(out)?.[1];
  const url = /^DATABASE_URL=(.*)$/m.exec(out)?.[1];
  if (started.status !== 0 || dir === undefined || url === undefined) {
    const why = (started.stderr ?? '').trim().split('\n').slice(-3).join(' | ') || `exit ${started.status}`;
    console.warn(
      `\n[${name}] SKIPPING the tests that need PostgreSQL: no server could be started (${why}).\n` +
        `[${name}] Set DATABASE_URL, or install the server: apt-get update && apt-get install -y postgresql\n`,
    );
    project.provide('databaseUrl', '');
    return undefined;
  }
  project.provide('databaseUrl', url);
  return () => {
    spawnSync('bash', [script, 'stop', dir], { stdio: 'ignore', timeout: 60_000 });
  };
}
