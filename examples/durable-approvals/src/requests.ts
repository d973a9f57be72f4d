/**
 * What a `POST /turns` with an `Idempotency-Key` was first sent with: the SHA-256 of the
 * request body's canonical JSON (keys sorted, no insignificant whitespace), one row per key.
 * A retry with the same body gets the same turn; a different body under a key already used
 * is refused (422 `idempotency_key_reused`) instead of silently returning the first turn.
 */
import { createHash } from 'node:crypto';
import { encodeCanonicalJson } from '@dexter/executor';
import type pg from 'pg';

export async function createTurnRequestsTable(pool: pg.Pool): Promise<void> {
  await pool.query(`create table if not exists turn_requests (
    idempotency_key text primary key,
    body_sha256 text not null,
    at timestamptz not null default now())`);
}

/** The digest stored with a key: the same for bodies that differ only in key order or spacing. */
export function bodyDigest(body: Record<string, unknown>): string {
  return createHash('sha256').update(encodeCanonicalJson(body)).digest('hex');
}

/**
 * Records `key` with `digest` if it is new. Resolves `true` when the key is new or was first
 * used with the same digest, `false` when it was first used with another body. Two requests
 * racing with one key agree on the first body: the loser's insert waits for the winner's row
 * and does nothing, and its select (a new statement, so a new snapshot) reads that row.
 */
export async function sameBodyForKey(pool: pg.Pool, key: string, digest: string): Promise<boolean> {
  const added = await pool.query(
    `insert into turn_requests (idempotency_key, body_sha256) values ($1, $2)
     on conflict (idempotency_key) do nothing`,
    [key, digest],
  );
  if (added.rowCount === 1) return true;
  const { rows } = await pool.query<{ body_sha256: string }>(
    'select body_sha256 from turn_requests where idempotency_key = $1',
    [key],
  );
  return rows[0]?.body_sha256 === digest;
}
