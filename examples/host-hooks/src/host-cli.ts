/**
 * The real agent CLIs, installed the way CI can repeat: `npm install` of a pinned version into
 * a cache folder under the repository's node_modules (kept between local runs, fresh in CI),
 * install scripts off. When npm or the binary is not available the caller skips with a
 * printed notice.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ScriptedCall, startFakeAnthropic } from './fake-anthropic';
import { startFakeGemini } from './fake-gemini';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** Where the CLIs are installed: `DEXTER_HOST_CLI_CACHE`, else node_modules/.cache/dexter-host-clis. */
export const cacheRoot =
  process.env.DEXTER_HOST_CLI_CACHE ?? path.join(repoRoot, 'node_modules/.cache/dexter-host-clis');

/** An installed CLI: how to start it, or why it is not there. */
export type HostCli = { command: string[]; version: string } | { skip: string };

/** Installs `name@version` into the cache (once) and returns `entry` (relative to its node_modules) checked with `--version`. */
export function installHostCli(name: string, version: string, entry: (modules: string) => string[]): HostCli {
  const prefix = path.join(cacheRoot, `${name.replace('/', '+')}@${version}`);
  const modules = path.join(prefix, 'node_modules');
  const command = entry(modules);
  const target = command.find((part) => part.startsWith(modules));
  if (!target || !existsSync(target)) {
    try {
      mkdirSync(prefix, { recursive: true });
    } catch (error) {
      return { skip: `cannot create ${prefix} (${error instanceof Error ? error.message : String(error)})` };
    }
    const result = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        `${name}@${version}`,
      ],
      { encoding: 'utf8', timeout: 600_000 },
    );
    if (result.status !== 0 || !target || !existsSync(target))
      return {
        skip: `npm install ${name}@${version} failed (${result.error?.message ?? `exit ${result.status}: ${result.stderr?.slice(-300)}`})`,
      };
  }
  const probe = spawnSync(command[0]!, [...command.slice(1), '--version'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (probe.status !== 0)
    return { skip: `${command.join(' ')} --version failed (${probe.error?.message ?? probe.stderr})` };
  return { command, version: probe.stdout.trim() };
}

/** A finished run of a CLI. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` without blocking the event loop (the fake model server lives in this process). */
export function runCli(
  command: readonly string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs?: number; prefix?: readonly string[] },
): Promise<CliRun> {
  const argv = [...(options.prefix ?? []), ...command];
  return new Promise((resolve) => {
    // A process group of its own: a timeout ends everything the run started (a namespace's server too).
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs ?? 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const serverMain = fileURLToPath(new URL('./fake-server-main.ts', import.meta.url));

/**
 * Inside the namespace: loopback up, the fake server started (from the repository root, where
 * `tsx` resolves), its URL exported as `$FAKE_URL_VARIABLE`, then the CLI ("$@"); the server is
 * stopped (it saves its requests) and the CLI's exit code returned.
 */
const namespaceScript = `
ip link set lo up || exit 97
(cd "$FAKE_REPO" && exec node --import tsx "$FAKE_MAIN" "$FAKE_KIND" "$FAKE_DIR/turns.json" "$FAKE_DIR") &
server=$!
waited=0
while [ ! -s "$FAKE_DIR/url" ]; do
  waited=$((waited + 1))
  if [ "$waited" -gt 1200 ]; then kill "$server"; exit 98; fi
  sleep 0.05
done
export "$FAKE_URL_VARIABLE=$(cat "$FAKE_DIR/url")"
unset FAKE_REPO FAKE_MAIN FAKE_KIND FAKE_DIR FAKE_URL_VARIABLE
"$@"
status=$?
kill -TERM "$server"
wait "$server"
exit "$status"
`;

let namespaceProbe: { ok: true } | { ok: false; why: string } | undefined;

/**
 * Whether runs can go into a network namespace of their own with only loopback up
 * (`unshare -rn`, `ip`); probed once, a notice printed when they cannot.
 */
export function networkNamespace(): { ok: true } | { ok: false; why: string } {
  if (namespaceProbe) return namespaceProbe;
  const probe = spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  namespaceProbe =
    probe.status === 0
      ? { ok: true }
      : { ok: false, why: probe.error?.message ?? (probe.stderr.trim() || `exit ${probe.status}`) };
  if (!namespaceProbe.ok)
    console.warn(
      `host CLI runs are NOT isolated in a network namespace: "unshare -rn sh -c 'ip link set lo up'" failed (${namespaceProbe.why}). They run on the host's network with every URL pointed at 127.0.0.1 and telemetry off; to isolate them, run where unprivileged user namespaces are allowed (or as root) with util-linux unshare and iproute2 installed.`,
    );
  return namespaceProbe;
}

/** A CLI run against a scripted fake model: what the CLI did and every request the model received. */
export interface ModelRun {
  run: CliRun;
  requests: unknown[];
  /** True when the CLI and the server ran in a network namespace where only loopback exists. */
  isolated: boolean;
}

/**
 * Runs `command` with a scripted fake model server (`kind`) whose URL goes into
 * `urlVariable`. Where a network namespace is available, the CLI and the server both run
 * inside one with only loopback up, so nothing but the fake server can be reached; otherwise
 * the server lives in this process and the CLI on the host's network (with a notice).
 */
export async function runWithFakeModel(
  kind: 'anthropic' | 'gemini',
  turns: readonly ScriptedCall[][],
  command: readonly string[],
  options: { cwd: string; env: Record<string, string>; urlVariable: string; timeoutMs?: number },
): Promise<ModelRun> {
  if (networkNamespace().ok) {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-fake-model-'));
    try {
      writeFileSync(path.join(directory, 'turns.json'), JSON.stringify(turns));
      const run = await runCli(['unshare', '-rn', 'sh', '-c', namespaceScript, 'sh', ...command], {
        cwd: options.cwd,
        env: {
          ...options.env,
          FAKE_REPO: repoRoot,
          FAKE_MAIN: serverMain,
          FAKE_KIND: kind,
          FAKE_DIR: directory,
          FAKE_URL_VARIABLE: options.urlVariable,
        },
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      const saved = path.join(directory, 'requests.json');
      const requests = existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as unknown[]) : [];
      return { run, requests, isolated: true };
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
  const server = kind === 'anthropic' ? await startFakeAnthropic(turns) : await startFakeGemini(turns);
  try {
    const run = await runCli(command, {
      cwd: options.cwd,
      env: { ...options.env, [options.urlVariable]: server.url },
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    return { run, requests: server.requests, isolated: false };
  } finally {
    await server.close();
  }
}
