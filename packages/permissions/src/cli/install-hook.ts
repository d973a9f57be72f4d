/**
 * `dexter-permissions install-hook claude-code|gemini-cli [--project|--user|--local] [--write] [--bin PROGRAM]`:
 * prints the settings snippet that registers `dexter-permissions hook <agent>` with the
 * agent, or with `--write` merges it into the agent's settings file:
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
import type { CliIo } from './io';

/** Where each agent keeps its settings, and the entry that registers the hook. */
interface AgentHookSetup {
  event: string;
  files: { user: string; project: string; local?: string };
  entry(command: string): Record<string, unknown>;
}

/** Hook timeouts written into the agents' settings: above the hook's own 10 s watchdog. */
export const claudeCodeHookTimeoutSeconds = 30;
export const geminiCliHookTimeoutMs = 30_000;

const agents: Record<string, AgentHookSetup> = {
  'claude-code': {
    event: 'PreToolUse',
    files: {
      user: '~/.claude/settings.json',
      project: '.claude/settings.json',
      local: '.claude/settings.local.json',
    },
    entry: (command) => ({
      matcher: '*',
      hooks: [{ type: 'command', command, timeout: claudeCodeHookTimeoutSeconds }],
    }),
  },
  'gemini-cli': {
    event: 'BeforeTool',
    files: { user: '~/.gemini/settings.json', project: '.gemini/settings.json' },
    entry: (command) => ({
      matcher: '.*',
      hooks: [{ type: 'command', name: 'dexter-permissions', command, timeout: geminiCliHookTimeoutMs }],
    }),
  },
};

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

/** Runs `install-hook`. */
export function runInstallHook(argv: readonly string[], io: CliIo): number {
  let agent: string | undefined;
  let scope: 'project' | 'user' | 'local' = 'project';
  let write = false;
  let program = 'dexter-permissions';
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
  const setup = agent === undefined ? undefined : agents[agent];
  if (!setup) throw new UsageError('install-hook needs an agent: claude-code or gemini-cli');
  const relative = setup.files[scope];
  if (relative === undefined) throw new UsageError(`${agent} has no --${scope} settings file`);
  const file = relative.startsWith('~/')
    ? path.join(io.homeDir, relative.slice(2))
    : path.resolve(io.cwd, relative);
  const entry = setup.entry(`${program} hook ${agent}`);
  const snippet = { hooks: { [setup.event]: [entry] } };

  if (!write) {
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
  const result = mergeHookEntry(settings, setup.event, entry);
  if ('problem' in result) {
    io.stderr.write(
      `dexter-permissions: cannot merge into ${file}: ${result.problem}; it was left untouched\n`,
    );
    return 1;
  }
  if (!result.changed) {
    io.stdout.write(`The hook is already registered in ${file}; nothing was written.\n`);
    return 0;
  }
  const saved = text === undefined ? undefined : backup(file);
  writeFileAtomic(file, `${JSON.stringify(result.merged, null, 2)}\n`);
  io.stdout.write(
    `Registered "${program} hook ${agent}" for ${setup.event} in ${file}${saved ? ` (the original is in ${saved})` : ''}.\n`,
  );
  return 0;
}
