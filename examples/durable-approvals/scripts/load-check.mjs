#!/usr/bin/env node
/**
 * The load-and-fault check, from outside, over HTTP (not part of `pnpm test`):
 *
 *   npx -y pnpm@12.21.0 --filter @dexter-examples/durable-approvals load-check [-- --turns 80 --clients 8]
 *
 * Starts its own PostgreSQL (scripts/postgres.sh; never a shared server) and real server
 * processes (src/main.ts), then runs four phases, each on a fresh database:
 *   one       1 instance, N turns from C clients (each turn: POST /turns with an
 *             Idempotency-Key, the approval answered allow-once, wait until completed)
 *   two       2 instances; a turn starts on one and its approval is answered on the other
 *   sigkill   2 instances; one is SIGKILLed a third of the way in and started again a second
 *             later with the same DBOS__VMID (what a supervisor does)
 *   pgrestart 2 instances; `pg_ctl restart -m fast` a third of the way in
 * Clients retry a 503, a 5xx or a refused connection with the same key / the same answer,
 * on the other instance, for up to 60 s. Reported per phase: turns/s, p50/p99 from the first
 * POST /turns to completed, HTTP errors by status, tool results that are errors (with their
 * messages), turns lost (asked for, never completed), effects done twice (`executions` rows
 * above 1 per call; every effect goes through the effect ledger with the idempotency key),
 * bodies that ran twice (`attempts` above 1: the at-least-once edge), orphan turns (turns in
 * the database nobody asked for), instances that died unasked, and the most connections each
 * instance held (pg_stat_activity's client ports matched to the process's sockets) and its largest RSS.
 * `--json FILE` also writes the figures as JSON.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const TURNS = Number(option('turns', 80));
const CLIENTS = Number(option('clients', 8));
const PHASES = option('phases', 'one,two,sigkill,pgrestart').split(',');
const JSON_OUT = option('json', '');

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const postgresScript = join(root, 'scripts/postgres.sh');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One server process; `killedByUs` tells an asked-for death from an unasked one. */
async function startInstance(name, databaseUrl, workspace, port) {
  const child = spawn(process.execPath, ['--conditions=@dexter/source', '--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKSPACE: workspace,
      PORT: String(port),
      DBOS__VMID: name,
      HEALTH_INTERVAL_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance = { name, port, child, base: `http://127.0.0.1:${port}`, killedByUs: false, output: '' };
  instance.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not listen in 120 s:\n${instance.output}`)),
      120_000,
    );
    child.stdout.on('data', (chunk) => {
      instance.output += chunk;
      if (instance.output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => {
      instance.output = (instance.output + chunk).slice(-20_000);
    });
    void instance.exited.then((code) => reject(new Error(`${name} exited (${code}):\n${instance.output}`)));
  });
  return instance;
}

/** The local TCP ports of a process's sockets (Linux /proc): how its PostgreSQL connections are told apart. */
async function localPorts(pid) {
  const inodes = new Set();
  for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode !== undefined) inodes.add(inode);
  }
  const ports = new Set();
  const table = await readFile('/proc/net/tcp', 'utf8').catch(() => '');
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length > 9 && inodes.has(fields[9])) ports.add(Number.parseInt(fields[1].split(':')[1], 16));
  }
  return ports;
}

const alive = (instance) => instance.child.exitCode === null && instance.child.signalCode === null;

async function request(base, method, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(90_000),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function runPhase(phase, server) {
  const database = `load_${phase}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const workspace = await mkdtemp(join(tmpdir(), `load-${phase}-`));
  const count = phase === 'one' ? 1 : 2;
  const instances = [];
  for (let index = 0; index < count; index += 1) {
    instances.push(await startInstance(`inst-${phase}-${index}`, databaseUrl, workspace, await freePort()));
  }
  const slots = [...instances]; // slot i: the current process of instance i (restarted after a kill)

  const stats = { http: {}, toolErrors: [], latencies: [], unfinished: [] };
  const countStatus = (status) => {
    stats.http[status] = (stats.http[status] ?? 0) + 1;
  };
  /** Sends until a non-retryable answer: 503, 5xx and refused connections are retried elsewhere. */
  const send = async (prefer, method, path, body, headers) => {
    const deadline = Date.now() + 60_000;
    for (let attempt = 0; ; attempt += 1) {
      const instance = slots[(prefer + attempt) % slots.length];
      try {
        const reply = await request(instance.base, method, path, body, headers);
        if (reply.status < 500) return reply;
        countStatus(reply.status);
      } catch {
        countStatus('refused');
      }
      if (Date.now() > deadline) throw new Error(`${method} ${path}: no answer in 60 s`);
      await pause(200);
    }
  };

  // Monitor: connections per instance, RSS per process.
  const peakConnections = {};
  const peakRss = {};
  let monitoring = true;
  const watch = (async () => {
    let monitor;
    while (monitoring) {
      try {
        if (monitor === undefined) {
          monitor = new pg.Client({ connectionString: server.url });
          monitor.on('error', () => {});
          await monitor.connect();
        }
        const { rows } = await monitor.query(
          'select client_port as port from pg_stat_activity where datname = $1',
          [database],
        );
        for (const instance of slots) {
          const ports = await localPorts(instance.child.pid);
          const n = rows.filter((row) => ports.has(row.port)).length;
          peakConnections[instance.name] = Math.max(peakConnections[instance.name] ?? 0, n);
        }
      } catch {
        // The server is restarting: connect again on the next round.
        await monitor?.end().catch(() => {});
        monitor = undefined;
      }
      for (const instance of slots) {
        const status = await readFile(`/proc/${instance.child.pid}/status`, 'utf8').catch(() => '');
        const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
        peakRss[instance.name] = Math.max(peakRss[instance.name] ?? 0, Math.round(rss));
      }
      await pause(500);
    }
    await monitor?.end().catch(() => {});
  })();

  const keys = Array.from({ length: TURNS }, (_, index) => `${phase}-${index}`);
  let next = 0;
  let done = 0;
  const faultAt = Math.floor(TURNS / 3);
  let fault;
  const injectFault = async () => {
    if (phase === 'sigkill') {
      const victim = slots[1];
      victim.killedByUs = true;
      victim.child.kill('SIGKILL');
      await victim.exited;
      await pause(1000);
      slots[1] = await startInstance(victim.name, databaseUrl, workspace, victim.port);
    } else if (phase === 'pgrestart') {
      spawnSync('bash', [postgresScript, 'ctl', server.dir, 'restart'], {
        stdio: 'ignore',
        timeout: 120_000,
      });
    }
  };
  const started = performance.now();
  const client = async (clientIndex) => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= keys.length) return;
      const key = keys[index];
      const home = clientIndex % slots.length;
      const t0 = performance.now();
      try {
        const begun = await send(
          home,
          'POST',
          '/turns',
          { prompt: `Load ${key}` },
          { 'idempotency-key': key },
        );
        if (begun.status !== 200)
          throw new Error(`POST /turns ${begun.status} ${JSON.stringify(begun.body)}`);
        let status = begun.body.status;
        if (status === 'suspended') {
          const approvalId = begun.body.pending[0].approvalId;
          const answered = await send(home + 1, 'POST', `/approvals/${encodeURIComponent(approvalId)}`, {
            decision: 'allow-once',
          });
          if (answered.status !== 200) countStatus(answered.status);
          status = answered.body.status;
        }
        const deadline = Date.now() + 90_000;
        let turn;
        while (Date.now() < deadline) {
          turn = await send(home, 'GET', `/turns/${key}`);
          if (turn.body.status === 'completed' || turn.body.status === 'failed') break;
          await pause(100);
        }
        if (turn?.body.status !== 'completed') throw new Error(`turn ${key} ended ${turn?.body.status}`);
        stats.latencies.push(performance.now() - t0);
        for (const result of turn.body.results) {
          if (result.status !== 'ok')
            stats.toolErrors.push({
              key,
              call: result.toolCallId,
              status: result.status,
              error: result.error,
            });
        }
      } catch (error) {
        stats.unfinished.push({ key, error: String(error).slice(0, 300) });
      }
      done += 1;
      if (phase !== 'one' && phase !== 'two' && done === faultAt && fault === undefined)
        fault = injectFault();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  const seconds = (performance.now() - started) / 1000;
  await fault;
  monitoring = false;
  await watch;

  // What the database says.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const one = async (sql) => (await check.query(sql)).rows;
  const workflows = await one(
    "select workflow_uuid as id, status from dbos.workflow_status where name = 'dexter.turn'",
  );
  const byId = new Map(workflows.map((row) => [row.id, row.status]));
  const lost = keys.filter((key) => byId.get(key) !== 'SUCCESS');
  const orphans = workflows.filter((row) => !keys.includes(row.id)).map((row) => row.id);
  const twice = await one(
    'select turn_id, tool_call_id, count(*)::int as n from executions group by 1, 2 having count(*) > 1',
  );
  const reran = await one(
    'select turn_id, tool_call_id, count(*)::int as n from attempts group by 1, 2 having count(*) > 1',
  );
  const effects = (await one('select count(*)::int as n from executions'))[0].n;
  await check.end();

  const died = slots
    .concat(instances)
    .filter((each, index, all) => all.indexOf(each) === index && !alive(each) && !each.killedByUs);
  for (const each of slots) if (alive(each)) each.child.kill('SIGTERM');
  await Promise.all(slots.map((each) => Promise.race([each.exited, pause(20_000)])));
  for (const each of slots) if (alive(each)) each.child.kill('SIGKILL');
  await rm(workspace, { recursive: true, force: true });

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  return {
    phase,
    instances: count,
    turns: TURNS,
    clients: CLIENTS,
    completed: stats.latencies.length,
    seconds: Number(seconds.toFixed(1)),
    turnsPerSecond: Number((stats.latencies.length / seconds).toFixed(1)),
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    httpRetried: stats.http,
    toolErrors: stats.toolErrors,
    unfinished: stats.unfinished,
    lost,
    orphans,
    effects,
    effectsTwice: twice,
    bodiesRanTwice: reran.length,
    diedUnasked: died.map((each) => `${each.name}: ${each.output.slice(-2000)}`),
    peakConnections,
    peakRssMiB: peakRss,
  };
}

const started = spawnSync('bash', [postgresScript, 'start'], { encoding: 'utf8', timeout: 120_000 });
const dir = /^DEXTER_PG_DIR=(.*)$/m.exec(started.stdout ?? '')?.[1] ?? '';
const url = /^DATABASE_URL=(.*)$/m.exec(started.stdout ?? '')?.[1] ?? '';
if (started.status !== 0 || dir === '' || url === '') {
  console.error(
    `load-check needs PostgreSQL server binaries (scripts/postgres.sh start failed):\n${started.stderr}`,
  );
  process.exit(1);
}
const load = { before: loadavg().map((n) => n.toFixed(2)) };
const reports = [];
try {
  for (const phase of PHASES) {
    const report = await runPhase(phase, { url, dir });
    reports.push(report);
    const { toolErrors, unfinished, diedUnasked, ...shown } = report;
    console.log(
      JSON.stringify({
        ...shown,
        toolErrors: toolErrors.length,
        unfinished: unfinished.length,
        diedUnasked: diedUnasked.length,
      }),
    );
    for (const each of toolErrors)
      console.log(`  tool error ${each.key} ${each.call}: ${each.status} ${JSON.stringify(each.error)}`);
    for (const each of unfinished) console.log(`  unfinished ${each.key}: ${each.error}`);
    for (const each of diedUnasked) console.log(`  died: ${each}`);
  }
} finally {
  spawnSync('bash', [postgresScript, 'stop', dir], { stdio: 'ignore', timeout: 60_000 });
}
load.after = loadavg().map((n) => n.toFixed(2));
console.log(`load average (1, 5, 15 min) before ${load.before.join(' ')}, after ${load.after.join(' ')}`);
if (JSON_OUT !== '') await writeFile(JSON_OUT, JSON.stringify({ load, reports }, null, 2));
const failed = reports.some(
  (r) => r.lost.length > 0 || r.orphans.length > 0 || r.effectsTwice.length > 0 || r.diedUnasked.length > 0,
);
process.exit(failed ? 1 : 0);
