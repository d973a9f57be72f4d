/**
 * `dexter-permissions install-hook claude-code|gemini-cli [--project|--user|--local] [--write] [--bin PROGRAM]`:
 * prints the settings snippet that registers the hook with the agent, or with `--write`
 * merges it into the agent's settings file. The command is absolute — this `node` and this
 * `cli.js`, or `--bin PROGRAM` — and fails closed (hook-hosts.ts). Before anything is printed
 * or written, the command is run on a canary event (hook-health.ts); unless dexter-permissions
 * blocks it, nothing is written and the exit code is 1. After writing, the registration is
 * read back from the file and checked again.
 *
 * - other hooks and settings are kept (the entry is appended to the event's list; an
 *   identical entry already there means nothing is written);
 * - the original is copied to `<file>.bak` (or `.bak-1`, `.bak-2`, ... when taken) first;
 * - the new file replaces the old one atomically (temp file + rename);
 * - a file that is not valid JSON, or whose `hooks` has an unexpected shape, is reported and
 *   left exactly as it is (exit 1).
 */
import { constants, copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../store/atomic-write';
import { UsageError } from './args';
import { checkRegistration, findRegistrations, type HealthCheck, runCanary } from './hook-health';
import { type HookAgent, hookCommand, hookHosts, shellQuote } from './hook-hosts';
import { geminiFolderTrust } from './hook-trust';
import type { CliIo } from './io';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The settings object with the hook entry merged in, or why it cannot be merged. */
export function mergeHookEntry(
  settings: unknown,
  event: string,
  entry: Record<string, unknown>,
): { merged: Record<string, unknown>; changed: boolean } | { problem: string } {
  if (!isRecord(settings)) return { problem: 'the settings file does not hold a JSON object' };
  const hooks = settings.hooks ?? {};
  if (!isRecord(hooks)) return { problem: '"hooks" is not an object' };
  const list = hooks[event] ?? [];
  if (!Array.isArray(list)) return { problem: `"hooks.${event}" is not a list` };
  const wanted = JSON.stringify(entry);
  if (list.some((existing) => JSON.stringify(existing) === wanted))
    return { merged: settings, changed: false };
  return { merged: { ...settings, hooks: { ...hooks, [event]: [...list, entry] } }, changed: true };
}

/** Copies `file` to the first free `<file>.bak`, `<file>.bak-1`, ...; returns the backup's path. */
function backup(file: string): string {
  for (let attempt = 0; ; attempt++) {
    const target = attempt === 0 ? `${file}.bak` : `${file}.bak-${attempt}`;
    try {
      copyFileSync(file, target, constants.COPYFILE_EXCL);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 1000) throw error;
    }
  }
}

/** Where a settings file of `host` in `scope` is, for this project and home. */
export function hostSettingsFile(relative: string, io: Pick<CliIo, 'cwd' | 'homeDir'>): string {
  return relative.startsWith('~/')
    ? path.join(io.homeDir, relative.slice(2))
    : path.resolve(io.cwd, relative);
}

/** The program part of the hook command: `--bin`, else this `node` and this `cli.js`, absolute. */
function defaultProgram(io: CliIo): string {
  if (!io.program)
    throw new UsageError(
      'cannot tell where this dexter-permissions is installed: pass --bin "/abs/path/to/node /abs/path/to/cli.js"',
    );
  return `${shellQuote(io.program.node)} ${shellQuote(io.program.script)}`;
}

function report(io: CliIo, checks: readonly HealthCheck[]): void {
  for (const check of checks) io.stderr.write(`  ${check.ok ? 'ok     ' : 'PROBLEM'} ${check.message}\n`);
}

/** Runs `install-hook`. */
export function runInstallHook(argv: readonly string[], io: CliIo): number {
  let agent: string | undefined;
  let scope: 'project' | 'user' | 'local' = 'project';
  let write = false;
  let program: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '--project' || word === '--user' || word === '--local')
      scope = word.slice(2) as typeof scope;
    else if (word === '--write') write = true;
    else if (word === '--bin' || word.startsWith('--bin=')) {
      const value = word === '--bin' ? argv[++index] : word.slice('--bin='.length);
      if (!value) throw new UsageError('--bin needs a value');
      program = value;
    } else if (word.startsWith('-')) throw new UsageError(`unknown option ${word}`);
    else if (agent === undefined) agent = word;
    else throw new UsageError(`unexpected argument ${word}`);
  }
  const host = agent === 'claude-code' || agent === 'gemini-cli' ? hookHosts[agent as HookAgent] : undefined;
  if (!host) throw new UsageError('install-hook needs an agent: claude-code or gemini-cli');
  const relative = host.files[scope];
  if (relative === undefined) throw new UsageError(`${host.agent} has no --${scope} settings file`);
  const file = hostSettingsFile(relative, io);
  const command = hookCommand(program ?? defaultProgram(io), host.agent);
  const entry = host.entry(command);
  const snippet = { hooks: { [host.event]: [entry] } };
  const env = io.env ?? process.env;

  // The command as it will be registered must block a secret read before anything is shown or written.
  const canary = runCanary(host.agent, command, io.cwd, env);
  if (!canary.ok) {
    io.stderr.write(
      `dexter-permissions: the hook command does not guard, so nothing was ${write ? 'written' : 'printed'}:\n  ${command}\n  ${canary.message}\n` +
        'Pass --bin with an absolute path to a working dexter-permissions (or "/abs/node /abs/dist/cli.js").\n',
    );
    return 1;
  }

  // The Gemini CLI drops a project's hooks in a folder it does not trust, silently under
  // --skip-trust: such a registration would leave every tool unguarded.
  const trust =
    host.agent === 'gemini-cli' && scope === 'project'
      ? geminiFolderTrust(io.cwd, io.homeDir, env)
      : undefined;
  const untrustedWarning =
    trust && !trust.trusted
      ? `the Gemini CLI does not load this project's settings, so it would not run this hook: the folder is not trusted (${trust.why}); headless runs with --skip-trust skip it without a word. Register with --user, or trust the folder first (docs/guides/guard-your-agent.md, "Folder trust").`
      : undefined;
  if (untrustedWarning && write) {
    io.stderr.write(`dexter-permissions: nothing was written: ${untrustedWarning}\n`);
    return 1;
  }

  if (!write) {
    if (untrustedWarning) io.stderr.write(`dexter-permissions: warning: ${untrustedWarning}\n`);
    io.stdout.write(`${JSON.stringify(snippet, null, 2)}\n`);
    io.stderr.write(
      `dexter-permissions: merge this into ${file} (or run again with --write to merge it, keeping a backup)\n`,
    );
    return 0;
  }

  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      io.stderr.write(`dexter-permissions: cannot read ${file} (${(error as NodeJS.ErrnoException).code})\n`);
      return 1;
    }
  }
  let settings: unknown = {};
  if (text !== undefined && text.trim() !== '') {
    try {
      settings = JSON.parse(text);
    } catch (error) {
      io.stderr.write(
        `dexter-permissions: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}); it was left untouched — fix it, or add the snippet by hand:\n${JSON.stringify(snippet, null, 2)}\n`,
      );
      return 1;
    }
  }
  const result = mergeHookEntry(settings, host.event, entry);
  if ('problem' in result) {
    io.stderr.write(
      `dexter-permissions: cannot merge into ${file}: ${result.problem}; it was left untouched\n`,
    );
    return 1;
  }
  let saved: string | undefined;
  if (result.changed) {
    saved = text === undefined ? undefined : backup(file);
    writeFileAtomic(file, `${JSON.stringify(result.merged, null, 2)}\n`);
  }

  // Read back what the host will read, and check it the way `doctor` does.
  const registered = findRegistrations(host, JSON.parse(readFileSync(file, 'utf8'))).find(
    (found) => found.hook.command === command,
  );
  const checks = registered ? checkRegistration(host, registered.entry, registered.hook, io.cwd, env) : [];
  if (!registered || checks.some((check) => !check.ok)) {
    io.stderr.write(`dexter-permissions: ${file} was written, but the hook it registers does not guard:\n`);
    if (!registered) io.stderr.write('  PROBLEM the entry is not in the file read back\n');
    report(io, checks);
    return 1;
  }
  io.stdout.write(
    result.changed
      ? `Registered "${command}" for ${host.event} in ${file}${saved ? ` (the original is in ${saved})` : ''}; checked: a read of .env is blocked.\n`
      : `The hook is already registered in ${file}; nothing was written; checked: a read of .env is blocked.\n`,
  );
  if (trust)
    io.stderr.write(
      `dexter-permissions: the Gemini CLI loads this hook only while it trusts the folder (now: ${trust.why}); see "Folder trust" in docs/guides/guard-your-agent.md.\n`,
    );
  return 0;
}
