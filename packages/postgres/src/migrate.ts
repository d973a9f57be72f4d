/**
 * The store's tables and their migration. Migration runs once per store, on first use, in
 * one transaction under an advisory lock: two processes starting at once on an empty
 * database do not race each other's CREATEs (CREATE ... IF NOT EXISTS alone can fail with a
 * unique violation on the catalog when two sessions run it together).
 */
import type { PoolClient } from 'pg';

/** The schema version this package writes; recorded in `<schema>.dexter_schema_version`. */
export const SCHEMA_VERSION = 2;

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Checks a schema name (lower-case SQL identifier) and returns it quoted. */
export function quoteSchema(schema: string): string {
  if (typeof schema !== 'string' || !IDENTIFIER.test(schema)) {
    throw new TypeError(
      `createPostgresSessionStore: schema must be a lower-case SQL identifier (letters, digits, _), got ${JSON.stringify(schema)}`,
    );
  }
  return `"${schema}"`;
}

/**
 * The DDL up to the current version, for a quoted schema name; every statement is safe to run
 * again, so it also upgrades a schema an older version wrote. Version 2 adds the audit
 * table's `idempotency_key` (unique; NULLs, the rows written without one, never conflict).
 */
export function schemaStatements(s: string): string[] {
  return [
    `create schema if not exists ${s}`,
    `create table if not exists ${s}.dexter_schema_version (
       version integer primary key,
       applied_at timestamptz not null default now())`,
    `create table if not exists ${s}.session_grants (
       session_id text not null,
       session_key text not null,
       cwd text not null default '',
       seq bigserial,
       granted_at_ms bigint not null,
       expires_at_ms bigint,
       granted_by text,
       primary key (session_id, session_key, cwd))`,
    `create table if not exists ${s}.session_counters (
       session_id text not null,
       name text not null,
       value bigint not null,
       primary key (session_id, name))`,
    `create table if not exists ${s}.resume_ledger (
       snapshot_id text primary key,
       claimed_at_ms bigint not null,
       claimed_by text)`,
    `create table if not exists ${s}.approval_audit (
       id bigserial primary key,
       session_id text not null,
       tool_call_id text not null,
       tool text not null,
       decision text not null,
       actor text,
       input jsonb,
       message text,
       at_ms bigint not null)`,
    `create index if not exists approval_audit_session on ${s}.approval_audit (session_id, id)`,
    `alter table ${s}.approval_audit add column if not exists idempotency_key text`,
    `create unique index if not exists approval_audit_key on ${s}.approval_audit (idempotency_key)`,
  ];
}

/** Creates or upgrades the schema; safe to run from many processes at once. */
export async function migrate(client: PoolClient, schema: string): Promise<void> {
  const s = quoteSchema(schema);
  await client.query('begin');
  try {
    // One lock per schema name: migrations of different schemas do not wait for each other.
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`dexter.session_store.${schema}`]);
    for (const statement of schemaStatements(s)) await client.query(statement);
    const found = await client.query<{ version: number }>(
      `select max(version) as version from ${s}.dexter_schema_version`,
    );
    const current = found.rows[0]?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(
        `the schema "${schema}" is at version ${current}, newer than this @dexter/postgres (${SCHEMA_VERSION}); upgrade the package`,
      );
    }
    if (current < SCHEMA_VERSION) {
      await client.query(`insert into ${s}.dexter_schema_version (version) values ($1)`, [SCHEMA_VERSION]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
