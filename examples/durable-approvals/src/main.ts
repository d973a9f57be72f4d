/**
 * `pnpm --filter @dexter-examples/durable-approvals start`: the demo scenario as durable
 * turns behind HTTP. Reads PORT (default 3000), DATABASE_URL (required: DBOS keeps its
 * checkpoints there, the example its `executions` table) and WORKSPACE (where write_file
 * writes; default a folder in the system temp dir). Launching DBOS recovers the turns a
 * killed process left unfinished.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { registerDurableTurns } from '@dexter/dbos';
import { createPermissionEngine } from '@dexter/permissions';
import pg from 'pg';
import { createExecutionsTable, createScenarioTools } from './scenario';
import { createApp } from './server';

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl === undefined || databaseUrl === '') {
  console.error(
    'durable-approvals needs PostgreSQL: set DATABASE_URL (e.g. eval "$(scripts/postgres.sh start)" from the repository root)',
  );
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const workspace = process.env.WORKSPACE ?? join(tmpdir(), 'dexter-durable-approvals');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
await createExecutionsTable(pool);
DBOS.setConfig({ name: 'dexter-durable-approvals', systemDatabaseUrl: databaseUrl, logLevel: 'warn' });
const turns = registerDurableTurns({
  tools: createScenarioTools(workspace, pool),
  executor: { permissions: createPermissionEngine({ cwd: workspace }), cwd: workspace },
});
await DBOS.launch();

const server = createApp({ turns, pool });
server.listen(port, '127.0.0.1', () => {
  console.log(`durable-approvals listening on http://127.0.0.1:${port} (workspace ${workspace})`);
});

const stop = async () => {
  server.close();
  await DBOS.shutdown();
  await pool.end();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
