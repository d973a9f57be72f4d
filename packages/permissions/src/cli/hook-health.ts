/**
 * Is a registered hook really guarding? Used by `install-hook` after it writes and by
 * `doctor`. A registration passes only when
 * - its matcher reaches every tool,
 * - a failing command blocks (`|| exit 2`, and Claude Code's `"onFailure": "block"`),
 * - the command, run the way the host runs it (a shell, in the project directory, the
 *   project-dir variables set, stdin the event), answers a canary event — a read of the
 *   project's `.env` — with a block that comes from dexter-permissions (a command that
 *   blocks everything because it cannot start is a broken guard too).
 * The PATH the canary sees has the `node_modules/.bin` folders npm and pnpm add removed:
 * the agent does not get them, so a bare `dexter-permissions` that only `npx` can find fails
 * here as it would there.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { failClosedSuffix, type HookAgent, type HookHost } from './hook-hosts';

/** The outcome of one check. */
export interface HealthCheck {
  ok: boolean;
  /** What was checked and what was seen, one line. */
  message: string;
}

/** The canary event: the agent reading `<projectDir>/.env`. */
export function canaryEvent(agent: HookAgent, projectDir: string): Record<string, unknown> {
  const file = path.join(projectDir, '.env');
  return agent === 'claude-code'
    ? {
        session_id: 'dexter-permissions-canary',
        hook_event_name: 'PreToolUse',
        tool_name: 'Read',
        tool_input: { file_path: file },
        cwd: projectDir,
      }
    : {
        session_id: 'dexter-permissions-canary',
        hook_event_name: 'BeforeTool',
        tool_name: 'read_file',
        tool_input: { file_path: file },
        cwd: projectDir,
      };
}

/** `env.PATH` without the `node_modules/.bin` folders a package runner adds. */
export function agentPath(pathValue: string | undefined): string {
  return (pathValue ?? '')
    .split(path.delimiter)
    .filter((entry) => entry !== '' && !entry.split(/[\\/]/).includes('node_modules'))
    .join(path.delimiter);
}

/** Did the hook's answer block the call, and did dexter-permissions give it? */
export function readCanaryAnswer(
  agent: HookAgent,
  result: { status: number | null; stdout: string; stderr: string; error?: Error },
): HealthCheck {
  const seen = `exit ${result.status ?? 'none'}${result.stderr.trim() ? `, stderr: ${result.stderr.trim().slice(0, 300)}` : ''}`;
  if (result.error) return { ok: false, message: `the command could not be run (${result.error.message})` };
  if (result.status === 2) {
    if (result.stderr.startsWith('dexter-permissions: '))
      return { ok: true, message: 'the canary (a read of .env) was blocked by dexter-permissions (exit 2)' };
    return {
      ok: false,
      message: `the canary was blocked, but not by dexter-permissions — the command fails, so every call would be blocked (${seen})`,
    };
  }
  if (result.status !== 0)
    return {
      ok: false,
      message: `the command failed (${seen}); without a block the host would run the tool`,
    };
  let answer: unknown;
  try {
    answer = JSON.parse(result.stdout);
  } catch {
    return {
      ok: false,
      message: `the command printed no hook JSON (${seen}, stdout: ${result.stdout.slice(0, 200)})`,
    };
  }
  const record = (answer ?? {}) as Record<string, unknown>;
  const specific = (record.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const decision = agent === 'claude-code' ? specific.permissionDecision : record.decision;
  const reason = agent === 'claude-code' ? specific.permissionDecisionReason : record.reason;
  if (decision === 'deny' && typeof reason === 'string' && reason.startsWith('dexter-permissions'))
    return { ok: true, message: 'the canary (a read of .env) was denied by dexter-permissions' };
  return {
    ok: false,
    message: `the canary (a read of .env) was not blocked: the answer was ${result.stdout.trim().slice(0, 300) || '(empty)'}`,
  };
}

/** Runs `command` as the host would, on the canary event. */
export function runCanary(
  agent: HookAgent,
  command: string,
  projectDir: string,
  env: Readonly<Record<string, string | undefined>>,
): HealthCheck {
  const result = spawnSync('/bin/sh', ['-c', command], {
    cwd: projectDir,
    input: JSON.stringify(canaryEvent(agent, projectDir)),
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      ...env,
      PATH: agentPath(env.PATH),
      CLAUDE_PROJECT_DIR: projectDir,
      GEMINI_PROJECT_DIR: projectDir,
      GEMINI_CWD: projectDir,
    },
  });
  // EPIPE: the command ended without reading the event (it could not start); its exit status tells.
  const error =
    result.error && (result.error as NodeJS.ErrnoException).code !== 'EPIPE' ? result.error : undefined;
  return readCanaryAnswer(agent, {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    ...(error ? { error } : {}),
  });
}

/** Every check of one registration entry (`{matcher, hooks: [...]}`) that runs our hook. */
export function checkRegistration(
  host: HookHost,
  entry: Record<string, unknown>,
  hook: Record<string, unknown>,
  projectDir: string,
  env: Readonly<Record<string, string | undefined>>,
): HealthCheck[] {
  const checks: HealthCheck[] = [];
  const matcher = entry.matcher ?? '';
  checks.push(
    typeof matcher === 'string' && host.matchAll.includes(matcher)
      ? { ok: true, message: `the matcher ${JSON.stringify(matcher)} reaches every tool` }
      : {
          ok: false,
          message: `the matcher ${JSON.stringify(matcher)} does not reach every tool (use ${JSON.stringify(host.matchAll[0])})`,
        },
  );
  const command = typeof hook.command === 'string' ? hook.command : '';
  checks.push(
    command.trimEnd().endsWith(failClosedSuffix.trim())
      ? {
          ok: true,
          message: `the command ends with "${failClosedSuffix.trim()}": a command that fails blocks`,
        }
      : {
          ok: false,
          message: `the command does not end with "${failClosedSuffix.trim()}": if it cannot start, the host runs the tool unguarded`,
        },
  );
  for (const [key, value] of Object.entries(host.failClosed))
    checks.push(
      hook[key] === value
        ? { ok: true, message: `"${key}": ${JSON.stringify(value)} is set` }
        : {
            ok: false,
            message: `"${key}": ${JSON.stringify(value)} is missing: a hook that times out or cannot start does not block`,
          },
    );
  if (hook.async === true || hook.asyncRewake === true)
    checks.push({ ok: false, message: 'the hook runs asynchronously: its answer comes after the tool ran' });
  checks.push(runCanary(host.agent, command, projectDir, env));
  return checks;
}

/** The hook entries in `settings` that run `dexter-permissions hook <agent>` (by their command). */
export function findRegistrations(
  host: HookHost,
  settings: unknown,
): Array<{ entry: Record<string, unknown>; hook: Record<string, unknown> }> {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(settings) || !isRecord(settings.hooks)) return [];
  const list = settings.hooks[host.event];
  if (!Array.isArray(list)) return [];
  const found: Array<{ entry: Record<string, unknown>; hook: Record<string, unknown> }> = [];
  const marker = new RegExp(`\\bhook\\s+${host.agent}\\b`);
  for (const entry of list) {
    if (!isRecord(entry) || !Array.isArray(entry.hooks)) continue;
    for (const hook of entry.hooks)
      if (isRecord(hook) && typeof hook.command === 'string' && marker.test(hook.command))
        found.push({ entry, hook });
  }
  return found;
}
