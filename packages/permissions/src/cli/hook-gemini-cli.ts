/**
 * The Gemini CLI's `BeforeTool` hook: its tool names mapped to the names our rules use
 * (`run_shell_command` → `Bash`, `read_file` → `Read`, `replace` → `Edit`, ...), so one
 * `.dexter/settings.json` guards both agents, and the JSON it reads back (`decision`,
 * `reason`). Its hooks have no "ask" answer: an ask becomes a denial that names the rule to
 * add (`--on-ask deny`, the default) or no decision with a notice, leaving the call to the
 * CLI's own confirmation (`--on-ask defer`). See docs/decisions/0014-permissions-cli-agent-hook-protocol.md.
 */
import {
  aliasValue,
  atLeastAsk,
  byName,
  collect,
  configuredFileCalls,
  fileCall,
  filterValues,
  type HookAdapter,
  type HookCall,
  type HookMapping,
  type HookToolEvent,
  reasonText,
  resolvePath,
  secretFilterDenial,
  treeCall,
  unknownFieldsReason,
} from './hook-call';

/** Gemini CLI tools that touch nothing outside the conversation (0.61.0's default set). */
const conversationTools = new Set(['write_todos', 'update_topic', 'ask_user', 'complete_task']);

const filePathNames = ['file_path', 'absolute_path', 'path'];
const directoryNames = ['dir_path', 'path', 'directory'];

/** Every field of the read and search tools in 0.61.0 (and the older names): another one asks. */
const knownFields: Readonly<Record<string, ReadonlySet<string>>> = {
  read_file: new Set([...filePathNames, 'start_line', 'end_line', 'offset', 'limit', 'description']),
  grep_search: new Set([
    ...directoryNames,
    'pattern',
    'include_pattern',
    'include',
    'exclude_pattern',
    'names_only',
    'max_matches_per_file',
    'total_max_matches',
    'fixed_strings',
    'context',
    'after',
    'before',
    'no_ignore',
    'case_sensitive',
    'respect_git_ignore',
    'respect_gemini_ignore',
    'file_filtering_options',
    'description',
  ]),
  read_many_files: new Set([
    'include',
    'paths',
    'exclude',
    'recursive',
    'useDefaultExcludes',
    'file_filtering_options',
    'description',
  ]),
  web_fetch: new Set(['prompt', 'url', 'description']),
};

/**
 * The URLs `web_fetch` fetches, read as the CLI reads them (0.61.0): the prompt split on
 * whitespace, each token holding `://` parsed with the WHATWG `URL` parser, http(s) kept as
 * `href`; a direct-fetch `url` likewise. A token the parser rejects is returned as a problem
 * (the CLI refuses the call too); other protocols are dropped (the CLI refuses them).
 */
export function urlsInPrompt(prompt: string): string[] | { problem: string } {
  const urls: string[] = [];
  for (const token of prompt.split(/\s+/)) {
    if (!token.includes('://')) continue;
    let url: URL;
    try {
      url = new URL(token);
    } catch {
      return { problem: `web_fetch names a URL that does not parse: ${JSON.stringify(token.slice(0, 200))}` };
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') urls.push(url.href);
  }
  return [...new Set(urls)];
}

/** The literal folder a glob starts from (`src/**\/*.ts` → `src`). */
function globBase(pattern: string): string {
  const parts = pattern.split('/');
  const index = parts.findIndex((part) => /[*?[\]{}]/.test(part));
  return index === -1 ? pattern : parts.slice(0, index).join('/') || '.';
}

function mapGeminiTool(event: HookToolEvent): HookMapping {
  const name = event.toolName === 'search_file_content' ? 'grep_search' : event.toolName;
  const known = Object.hasOwn(knownFields, name) ? knownFields[name] : undefined;
  return atLeastAsk(mapKnownFields(event), known && unknownFieldsReason(event, known));
}

/** The mapping from the fields the tool defines. */
function mapKnownFields(event: HookToolEvent): HookMapping {
  const input = event.toolInput;
  const aliased = (names: readonly string[]) => aliasValue(event, names);
  switch (event.toolName) {
    case 'run_shell_command': {
      if (typeof input.command !== 'string')
        return { kind: 'problem', reason: 'run_shell_command call without a "command" string' };
      const found = aliased(['dir_path', 'directory']);
      if ('conflict' in found) return { kind: 'decide', behavior: 'ask', reason: found.conflict };
      const directory = found.value;
      if (directory !== undefined && typeof directory !== 'string')
        return { kind: 'problem', reason: 'run_shell_command call with a directory that is not a string' };
      const shellCwd =
        typeof directory === 'string' && directory !== '' ? resolvePath(event, directory) : event.cwd;
      return { kind: 'calls', calls: [{ tool: 'Bash', input: { command: input.command }, cwd: shellCwd }] };
    }
    case 'read_file':
    case 'write_file':
    case 'replace': {
      const found = aliased(filePathNames);
      if ('conflict' in found) return { kind: 'decide', behavior: 'ask', reason: found.conflict };
      const [tool, access] =
        event.toolName === 'read_file'
          ? (['Read', 'read'] as const)
          : event.toolName === 'write_file'
            ? (['Write', 'write'] as const)
            : (['Edit', 'write'] as const);
      return collect([fileCall(event, tool, access, 'file_path', found.value)]);
    }
    case 'glob':
    case 'search_file_content':
    case 'grep_search':
    case 'list_directory': {
      const found = aliased(directoryNames);
      if ('conflict' in found) return { kind: 'decide', behavior: 'ask', reason: found.conflict };
      const tool = event.toolName === 'glob' ? 'Glob' : event.toolName === 'list_directory' ? 'LS' : 'Grep';
      if (tool === 'Grep') {
        const filters: string[] = [];
        for (const key of ['include_pattern', 'include']) {
          const values = filterValues(event, key);
          if ('problem' in values) return { kind: 'problem', reason: values.problem };
          filters.push(...values);
        }
        const denial = secretFilterDenial(event, filters);
        if (denial) return denial;
      }
      return collect([treeCall(event, tool, found.value)]);
    }
    case 'read_many_files': {
      // 0.61.0 sends `include` (globs or paths); older versions sent `paths`. Both are read.
      const entries: string[] = [];
      for (const key of ['include', 'paths']) {
        const values = filterValues(event, key);
        if ('problem' in values) return { kind: 'problem', reason: values.problem };
        entries.push(...values);
      }
      if (entries.length === 0 || entries.some((entry) => entry === ''))
        return { kind: 'problem', reason: 'read_many_files call without "include" (or "paths") entries' };
      const denial = secretFilterDenial(event, entries);
      if (denial) return denial;
      return collect(
        entries.map((entry) =>
          /[*?[\]{}]/.test(entry)
            ? treeCall(event, 'Read', globBase(entry))
            : fileCall(event, 'Read', 'read', 'include', entry),
        ),
      );
    }
    case 'web_fetch': {
      const prompt = typeof input.prompt === 'string' ? input.prompt : undefined;
      const direct = typeof input.url === 'string' ? input.url : undefined;
      if (prompt === undefined && direct === undefined)
        return { kind: 'problem', reason: 'web_fetch call without a "prompt" or "url" string' };
      const urls = urlsInPrompt([direct ?? '', prompt ?? ''].join(' '));
      if ('problem' in urls) return { kind: 'problem', reason: urls.problem };
      if (direct !== undefined && !direct.includes('://'))
        return {
          kind: 'problem',
          reason: `web_fetch "url" is not an absolute URL: ${JSON.stringify(direct.slice(0, 200))}`,
        };
      const calls: HookCall[] =
        urls.length > 0
          ? urls.map((url) => byName(event, 'WebFetch', { url }))
          : [byName(event, 'WebFetch', { prompt: prompt ?? '' })];
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
