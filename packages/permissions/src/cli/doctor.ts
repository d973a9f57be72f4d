/**
 * `dexter-permissions doctor claude-code|gemini-cli [--project|--user|--local]`: finds every
 * registration of `dexter-permissions hook <agent>` in the agent's settings files (all of
 * them, or the scope named) and checks each the way `install-hook` does after writing
 * (hook-health.ts): the matcher reaches every tool, a failing command blocks, and the command,
 * run as the host runs it, blocks a canary secret read. Exit 0 only when at least one
 * registration was found and every check passed; 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from './args';
import { checkRegistration, findRegistrations } from './hook-health';
import { type HookAgent, hookHosts } from './hook-hosts';
import { geminiFolderTrust } from './hook-trust';
import { hostSettingsFile } from './install-hook';
import type { CliIo } from './io';

/** Runs `doctor`. */
export function runDoctor(argv: readonly string[], io: CliIo): number {
  let agent: string | undefined;
  let scope: 'project' | 'user' | 'local' | undefined;
  for (const word of argv) {
    if (word === '--project' || word === '--user' || word === '--local')
      scope = word.slice(2) as typeof scope;
    else if (word.startsWith('-')) throw new UsageError(`unknown option ${word}`);
    else if (agent === undefined) agent = word;
    else throw new UsageError(`unexpected argument ${word}`);
  }
  const host = agent === 'claude-code' || agent === 'gemini-cli' ? hookHosts[agent as HookAgent] : undefined;
  if (!host) throw new UsageError('doctor needs an agent: claude-code or gemini-cli');
  const scopes = scope ? [scope] : (['user', 'project', 'local'] as const);
  const env = io.env ?? process.env;
  let found = 0;
  let failed = 0;
  const foundIn: string[] = [];
  for (const name of scopes) {
    const relative = host.files[name];
    if (relative === undefined) {
      if (scope) throw new UsageError(`${host.agent} has no --${name} settings file`);
      continue;
    }
    const file = hostSettingsFile(relative, io);
    let settings: unknown;
    try {
      settings = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') io.stdout.write(`${file}: no such file\n`);
      else {
        failed++;
        io.stdout.write(
          `${file}: PROBLEM cannot be read (${code ?? (error instanceof Error ? error.message : String(error))}); the host may ignore it, hook included\n`,
        );
      }
      continue;
    }
    const registrations = findRegistrations(host, settings);
    if (registrations.length === 0) {
      io.stdout.write(`${file}: no ${host.event} registration of "hook ${host.agent}"\n`);
      continue;
    }
    foundIn.push(name);
    for (const { entry, hook } of registrations) {
      found++;
      io.stdout.write(`${file}: ${host.event} → ${String(hook.command)}\n`);
      for (const check of checkRegistration(host, entry, hook, io.cwd, env)) {
        if (!check.ok) failed++;
        io.stdout.write(`  ${check.ok ? 'ok     ' : 'PROBLEM'} ${check.message}\n`);
      }
    }
  }
  if (host.agent === 'gemini-cli' && foundIn.includes('project')) {
    // A project registration runs only in a folder the CLI trusts (hook-trust.ts).
    const trust = geminiFolderTrust(io.cwd, io.homeDir, env);
    if (trust.trusted)
      io.stdout.write(
        `  ok      the Gemini CLI trusts this folder, so it loads the project's hooks (${trust.why})\n`,
      );
    else if (foundIn.includes('user'))
      io.stdout.write(
        `note: the Gemini CLI does not load the project's registration (the folder is not trusted: ${trust.why}); the user-level one guards\n`,
      );
    else {
      failed++;
      io.stdout.write(
        `  PROBLEM the Gemini CLI does not load the project's settings, this hook included: the folder is not trusted (${trust.why}); headless runs with --skip-trust skip it without a word. Register with --user, or trust the folder (docs/guides/guard-your-agent.md, "Folder trust").\n`,
      );
    }
  }
  if (found === 0) {
    io.stdout.write(
      `PROBLEM: no registration of "hook ${host.agent}" found: ${host.agent} runs unguarded.\n`,
    );
    return 1;
  }
  io.stdout.write(
    failed === 0 ? 'The hook guards.\n' : `${failed} problem(s): the hook does not guard reliably.\n`,
  );
  return failed === 0 ? 0 : 1;
}
