export { migrate, quoteSchema, SCHEMA_VERSION, schemaStatements } from './migrate';
export type { PostgresSessionStore, PostgresSessionStoreOptions } from './postgres-session-store';
export { createPostgresSessionStore } from './postgres-session-store';
