// @dexter/postgres: A PostgreSQL SessionStore for the Dexter executor: shared grants, revocation, soft-limit counters, a resume ledger and an audit table.
// Work in progress: the public surface is listed here by name as it lands.
export const packageName = '@dexter/postgres';
