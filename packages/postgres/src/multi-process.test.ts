/**
 * Real processes racing on one schema: every grant, revocation, count, claim and audit row
 * of two concurrent writers must land, and each snapshot must be claimed by exactly one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseUrl, uniqueName } from '../test/database';
import { createPostgresSessionStore } from './postgres-session-store';

const url = databaseUrl('@dexter/postgres multi-process race');
const worker = fileURLToPath(new URL('../test/race-worker.ts', import.meta.url));
const ROUNDS = 150;
const WORKERS = 3;

function startWorker(schema: string, index: number) {
  const child = spawn(
    process.execPath,
    ['--conditions=@dexter/source', '--import', 'tsx', worker, url, schema, String(index), String(ROUNDS)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.setEncoding('utf8');
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker ${index} exited early (${code})`)));
  });
  const done = new Promise<{ worker: number; claimed: string[]; revoked: string[] }>((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`worker ${index} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!));
    });
  });
  ready.catch(() => {});
  return { child: child as ChildProcess, ready, done };
}

describe.skipIf(url === '')('the Postgres store under concurrent processes', () => {
  it('loses no grant, revocation, count or audit row and never double-claims a snapshot', async () => {
    const schema = uniqueName('race');
    const workers = Array.from({ length: WORKERS }, (_, index) => startWorker(schema, index));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin!.write('go\n');
    const reports = await Promise.all(workers.map((w) => w.done));

    const store = createPostgresSessionStore({ connectionString: url, schema });
    try {
      const keys = new Set((await store.grants('race')).map((grant) => grant.sessionKey));
      for (let index = 0; index < WORKERS; index += 1) {
        for (let round = 0; round < ROUNDS; round += 1) {
          expect(keys.has(`w${index}-${round}`), `w${index}-${round}`).toBe(round % 2 === 0);
          expect(keys.has(`shared-${round}`)).toBe(true);
        }
        expect(reports[index]!.revoked).toHaveLength(ROUNDS / 2);
      }
      expect(keys.size).toBe(WORKERS * (ROUNDS / 2) + ROUNDS);
      expect(await store.counter('race', 'calls')).toBe(WORKERS * ROUNDS);
      const claims = reports.flatMap((report) => report.claimed);
      expect(claims).toHaveLength(ROUNDS);
      expect(new Set(claims).size).toBe(ROUNDS);
      const trail = await store.audit('race');
      expect(trail).toHaveLength(WORKERS * ROUNDS);
      expect(new Set(trail.map((record) => `${record.actor}:${record.toolCallId}`)).size).toBe(
        WORKERS * ROUNDS,
      );
      expect(trail.map((record) => record.id)).toEqual(
        [...trail.map((record) => record.id)].sort((a, b) => a - b),
      );
    } finally {
      await store.close();
    }
  });
});
