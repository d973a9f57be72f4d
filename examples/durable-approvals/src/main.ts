/**
 * `pnpm --filter @dexter-examples/durable-approvals start`: the demo scenario as durable
 * turns behind HTTP. Reads PORT (default 3000), DATABASE_URL (required: DBOS keeps its
 * checkpoints there, the example its `executions` and `attempts` tables) and WORKSPACE (where write_file
 * writes; default a folder in the system temp dir); with OTEL_EXPORTER_OTLP_ENDPOINT set it
 * sends OTLP traces there (telemetry.ts). Launching DBOS recovers the turns a
 * killed process left unfinished. SIGTERM drains running tool steps before exiting.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchDbos, registerDurableTurns, shutdownDbos } from '@dexter/dbos';
import { createPermissionEngine } from '@dexter/permissions';
import pg from 'pg';
import { watchDatabase } from './health';
import { createTurnRequestsTable } from './requests';
import { createExecutionsTable, createScenarioTools } from './scenario';
import { createApp } from './server';
import { createTraceTable, startTelemetry } from './telemetry';

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl === undefined || databaseUrl === '') {
  console.error(
    'durable-approvals needs PostgreSQL: set DATABASE_URL (e.g. eval "$(scripts/postgres.sh start)" from the repository root)',
  );
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const workspace = process.env.WORKSPACE ?? join(tmpdir(), 'dexter-durable-approvals');

// A long connect timeout: under load a request waits for a free client rather than failing.
// A database that is down refuses at once, and the health probe answers 503 meanwhile.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 30_000 });
// A database restart ends idle clients with an error event: without these listeners it
// would end the process. The clients are replaced on next use.
pool.on('error', () => {});
pool.on('connect', (client) => client.on('error', () => {}));
const ledger = await createExecutionsTable(pool);
await createTraceTable(pool);
await createTurnRequestsTable(pool);
// OTLP traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing otherwise.
const telemetry = startTelemetry(process.env);
const turns = registerDurableTurns({
  tools: createScenarioTools(workspace, pool, ledger),
  executor: { permissions: createPermissionEngine({ cwd: workspace }), cwd: workspace },
});
// DBOS's system database pool (createSystemDatabasePool) survives a restart too; DBOS
// retries what a lost connection interrupted, so turns go on when the database is back.
await launchDbos({ name: 'dexter-durable-approvals', databaseUrl, logLevel: 'warn' });
const health = watchDatabase(databaseUrl, { intervalMs: Number(process.env.HEALTH_INTERVAL_MS ?? 1000) });

const server = createApp({ turns, pool, health });
server.listen(port, '127.0.0.1', () => {
  console.log(`durable-approvals listening on http://127.0.0.1:${port} (workspace ${workspace})`);
});

// Graceful shutdown: stop taking requests, let the running tool steps finish and record their
// checkpoints (no new step starts), then stop DBOS. Turns waiting for an approval stay in
// PostgreSQL; the next process with this DBOS__VMID recovers them.
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`durable-approvals: ${signal}, draining`);
  server.close();
  server.closeIdleConnections();
  await health.stop();
  await shutdownDbos({ drainTimeoutMs: Number(process.env.DRAIN_TIMEOUT_MS ?? 10_000) });
  await telemetry.shutdown();
  server.closeAllConnections();
  await pool.end();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
