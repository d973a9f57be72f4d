/**
 * A PostgreSQL server for a bench: DATABASE_URL when it answers, else a throwaway one from
 * scripts/postgres.sh (stopped by `stop`). `undefined` (after a printed notice) when neither
 * works: the bench then skips and exits 0.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  stop(): void;
}

export async function benchDatabase(what: string): Promise<BenchDatabase | undefined> {
  const given = process.env.DATABASE_URL;
  if (given) {
    const client = new pg.Client({ connectionString: given, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      return { url: given, stop() {} };
    } catch {
      // fall through to a throwaway server
    } finally {
      await client.end().catch(() => {});
    }
  }
  const script = fileURLToPath(new URL('../../../scripts/postgres.sh', import.meta.url));
  const started = spawnSync('bash', [script, 'start'], { encoding: 'utf8' });
  const dir = /^DEXTER_PG_DIR=(.*)$/m.exec(started.stdout ?? '')?.[1];
  const url = /^DATABASE_URL=(.*)$/m.exec(started.stdout ?? '')?.[1];
  if (started.status !== 0 || !dir || !url) {
    console.log(
      `SKIPPED ${what}: no PostgreSQL server reachable or startable (${(started.stderr ?? '').trim()})`,
    );
    return undefined;
  }
  return {
    url,
    stop() {
      spawnSync('bash', [script, 'stop', dir], { stdio: 'ignore' });
    },
  };
}
