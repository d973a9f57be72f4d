/**
 * The Gemini CLI's `BeforeTool` hook: its tool names mapped to the names our rules use
 * (`run_shell_command` → `Bash`, `read_file` → `Read`, `replace` → `Edit`, ...), so one
 * `.dexter/settings.json` guards both agents, and the JSON it reads back (`decision`,
 * `reason`). Its hooks have no "ask" answer: an ask becomes a denial that names the rule to
 * add (`--on-ask deny`, the default) or no decision with a notice, leaving the call to the
 * CLI's own confirmation (`--on-ask defer`). See docs/decisions/0014-permissions-cli-agent-hook-protocol.md.
 */
import {
  byName,
  collect,
  configuredFileCalls,
  fileCall,
  type HookAdapter,
  type HookCall,
  type HookMapping,
  type HookToolEvent,
  reasonText,
  resolvePath,
  treeCall,
} from './hook-call';

/** Gemini CLI tools that touch nothing outside the conversation. */
const conversationTools = new Set(['write_todos']);

/** The first string among `names` in the input (tool arguments were renamed across CLI versions). */
function firstOf(input: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) if (input[name] !== undefined) return input[name];
  return undefined;
}

const filePathNames = ['file_path', 'absolute_path', 'path'];
const directoryNames = ['dir_path', 'path', 'directory'];

/** `http(s)://…` URLs in a `web_fetch` prompt (the tool fetches the URLs its prompt names). */
export function urlsInPrompt(prompt: string): string[] {
  return [...new Set(prompt.match(/\bhttps?:\/\/[^\s"'<>`]+/gi) ?? [])].map((url) =>
    url.replace(/[.,;:!?)\]]+$/, ''),
  );
}

function mapGeminiTool(event: HookToolEvent): HookMapping {
  const input = event.toolInput;
  switch (event.toolName) {
    case 'run_shell_command': {
      if (typeof input.command !== 'string')
        return { kind: 'problem', reason: 'run_shell_command call without a "command" string' };
      const directory = firstOf(input, ['dir_path', 'directory']);
      if (directory !== undefined && typeof directory !== 'string')
        return { kind: 'problem', reason: 'run_shell_command call with a directory that is not a string' };
      const shellCwd =
        typeof directory === 'string' && directory !== '' ? resolvePath(event, directory) : event.cwd;
      return { kind: 'calls', calls: [{ tool: 'Bash', input: { command: input.command }, cwd: shellCwd }] };
    }
    case 'read_file':
      return collect([fileCall(event, 'Read', 'read', 'file_path', firstOf(input, filePathNames))]);
    case 'write_file':
      return collect([fileCall(event, 'Write', 'write', 'file_path', firstOf(input, filePathNames))]);
    case 'replace':
      return collect([fileCall(event, 'Edit', 'write', 'file_path', firstOf(input, filePathNames))]);
    case 'glob':
      return collect([treeCall(event, 'Glob', firstOf(input, directoryNames))]);
    case 'search_file_content':
    case 'grep_search':
      return collect([treeCall(event, 'Grep', firstOf(input, directoryNames))]);
    case 'list_directory':
      return collect([treeCall(event, 'LS', firstOf(input, directoryNames))]);
    case 'read_many_files': {
      const paths = input.paths;
      if (!Array.isArray(paths) || paths.length === 0)
        return { kind: 'problem', reason: 'read_many_files call without a "paths" list' };
      return collect(paths.map((entry) => fileCall(event, 'Read', 'read', 'paths', entry)));
    }
    case 'web_fetch': {
      const prompt =
        typeof input.prompt === 'string'
          ? input.prompt
          : typeof input.url === 'string'
            ? input.url
            : undefined;
      if (prompt === undefined)
        return { kind: 'problem', reason: 'web_fetch call without a "prompt" string' };
      const urls = urlsInPrompt(prompt);
      const calls: HookCall[] =
        urls.length > 0
          ? urls.map((url) => byName(event, 'WebFetch', { url }))
          : [byName(event, 'WebFetch', { prompt })];
      return { kind: 'calls', calls };
    }
    case 'google_web_search':
      return { kind: 'calls', calls: [byName(event, 'WebSearch')] };
    default:
      break;
  }
  const configured = configuredFileCalls(event);
  if (configured) return configured;
  if (event.toolName.startsWith('mcp__') || event.mcp)
    return { kind: 'calls', calls: [byName(event, event.toolName)] };
  if (conversationTools.has(event.toolName))
    return { kind: 'pass', reason: `${event.toolName} touches nothing outside the conversation` };
  return { kind: 'unknown', tool: event.toolName };
}

/** The Gemini CLI side of `dexter-permissions hook gemini-cli`. */
export const geminiCliHook: HookAdapter = {
  agent: 'gemini-cli',
  eventName: 'BeforeTool',
  projectDirVariable: 'GEMINI_PROJECT_DIR',
  map: mapGeminiTool,
  answer(outcome, options) {
    if (outcome.kind === 'pass') return '{}';
    const { decision } = outcome;
    if (decision.behavior === 'ask') {
      const reason = `${reasonText(decision)} (This call needs the user's approval; Gemini CLI hooks cannot ask.)`;
      if (options.onAsk === 'defer') return JSON.stringify({ systemMessage: reason });
      return JSON.stringify({ decision: 'deny', reason });
    }
    return JSON.stringify({ decision: decision.behavior, reason: reasonText(decision) });
  },
};
