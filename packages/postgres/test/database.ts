/**
 * Test helpers for a PostgreSQL server provided by global-setup.ts: the URL (or a printed
 * skip notice), and fresh databases so test files never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL URL global-setup.ts found or started; '' when there is none. */
    databaseUrl: string;
  }
}

/** The server's URL, or '' (after printing a notice) when there is none. */
export function databaseUrl(what: string): string {
  const url = inject('databaseUrl') ?? '';
  if (url === '') console.warn(`[skip] ${what}: no PostgreSQL server (see the notice above)`);
  return url;
}

/** A unique, valid SQL identifier with this prefix. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** `url` with its database replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates a fresh database on the server and returns its URL and a function that drops it. */
export async function createDatabase(
  url: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(url, name),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
