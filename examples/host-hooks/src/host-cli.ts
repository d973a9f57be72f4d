/**
 * The real agent CLIs, installed the way CI can repeat: `npm install` of a pinned version into
 * a cache folder under the repository's node_modules (kept between local runs, fresh in CI),
 * install scripts off. When npm or the binary is not available the caller skips with a
 * printed notice.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
