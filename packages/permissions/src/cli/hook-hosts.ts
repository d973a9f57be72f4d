/**
 * The hosts we ship a hook for, as data: where each keeps its settings, the entry that
 * registers `dexter-permissions hook <agent>`, and how it turns a hook that cannot run into a
 * block. `install-hook` writes from this table and `doctor` checks against it.
 *
 * Both hosts treat a hook that fails — exit 127 because `node` or the script is missing, exit
 * 1 from a `node` that cannot load `cli.js` — as a non-blocking error and run the tool. So:
 * - the command is absolute (the resolved `node` and the installed `cli.js`): a project's
 *   `node_modules/.bin` is not on the agent's PATH;
 * - `|| exit 2` turns any failure of the command into the exit code both hosts read as
 *   "block" (the Gemini CLI has no setting for this; checked in 0.61.0's hook runner);
 * - Claude Code's entry also carries `"onFailure": "block"` (2.1.328 documents it on command
 *   hooks: a hook that could not start, timed out, exited with a code other than 0 or 2, or
 *   printed invalid JSON counts as exit 2), which also covers the host's own timeout.
 */

/** The agents `install-hook` and `doctor` know. */
export type HookAgent = 'claude-code' | 'gemini-cli';

/** A host's settings files and hook entry. */
export interface HookHost {
  agent: HookAgent;
  /** The event whose list holds the entry (`PreToolUse`, `BeforeTool`). */
  event: string;
  /** Settings files by scope (`~/` is the home directory, others relative to the project). */
  files: { user: string; project: string; local?: string };
  /** The registration entry for `command`. */
  entry(command: string): Record<string, unknown>;
  /** Matchers that reach every tool. */
  matchAll: readonly string[];
  /** The entry's settings that make a failing hook block (beyond the command's `|| exit 2`). */
  failClosed: Readonly<Record<string, unknown>>;
}

/** Hook timeouts written into the agents' settings: above the hook's own 10 s watchdog. */
export const claudeCodeHookTimeoutSeconds = 30;
export const geminiCliHookTimeoutMs = 30_000;

/** Appended to every command: any failure of the command becomes exit 2, a block. */
export const failClosedSuffix = ' || exit 2';

export const hookHosts: Readonly<Record<HookAgent, HookHost>> = {
  'claude-code': {
    agent: 'claude-code',
    event: 'PreToolUse',
    files: {
      user: '~/.claude/settings.json',
      project: '.claude/settings.json',
      local: '.claude/settings.local.json',
    },
    matchAll: ['*', ''],
    failClosed: { onFailure: 'block' },
    entry: (command) => ({
      matcher: '*',
      hooks: [{ type: 'command', command, timeout: claudeCodeHookTimeoutSeconds, onFailure: 'block' }],
    }),
  },
  'gemini-cli': {
    agent: 'gemini-cli',
    event: 'BeforeTool',
    files: { user: '~/.gemini/settings.json', project: '.gemini/settings.json' },
    matchAll: ['.*', '*', ''],
    failClosed: {},
    entry: (command) => ({
      matcher: '.*',
      hooks: [{ type: 'command', name: 'dexter-permissions', command, timeout: geminiCliHookTimeoutMs }],
    }),
  },
};

/** `word` quoted for a POSIX shell when it needs quoting. */
export function shellQuote(word: string): string {
  return /^[\w/.,:@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command registered with the host: `PROGRAM hook <agent> || exit 2`. */
export function hookCommand(program: string, agent: HookAgent): string {
  return `${program} hook ${agent}${failClosedSuffix}`;
}
