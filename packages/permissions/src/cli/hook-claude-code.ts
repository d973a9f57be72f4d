/**
 * Claude Code's `PreToolUse` hook: which of its tools mean what to our engine, and the JSON
 * it reads back (`hookSpecificOutput.permissionDecision`). See
 * docs/decisions/0014-permissions-cli-agent-hook-protocol.md for what we rely on.
 */
import {
  atLeastAsk,
  byName,
  collect,
  configuredFileCalls,
  fileCall,
  filterValues,
  type HookAdapter,
  type HookMapping,
  type HookToolEvent,
  reasonText,
  secretFilterDenial,
  treeCall,
  unknownFieldsReason,
} from './hook-call';

/**
 * The fields of each Claude Code tool the hook reads or lets through, from the tool schemas
 * 2.1.328 sends to the model (`examples/host-hooks` compares this table with them) and, for
 * tools it no longer offers (`MultiEdit`, `NotebookRead`, `LS`, `Glob`, `Grep`, `Task`), the
 * older releases' schemas. A field outside the list could change what the tool touches: the
 * call asks.
 */
export const claudeCodeToolFields: Readonly<Record<string, readonly string[]>> = {
  Bash: ['command', 'timeout', 'description', 'run_in_background', 'dangerouslyDisableSandbox'],
  Read: ['file_path', 'offset', 'limit', 'pages', 'allow_large'],
  NotebookRead: ['notebook_path', 'cell_id'],
  Write: ['file_path', 'content'],
  Edit: ['file_path', 'old_string', 'new_string', 'replace_all'],
  MultiEdit: ['file_path', 'edits'],
  NotebookEdit: ['notebook_path', 'cell_id', 'new_source', 'cell_type', 'edit_mode'],
  Grep: [
    'pattern',
    'path',
    'glob',
    'output_mode',
    '-B',
    '-A',
    '-C',
    'context',
    '-n',
    '-i',
    '-o',
    'type',
    'head_limit',
    'offset',
    'multiline',
  ],
  Glob: ['pattern', 'path'],
  LS: ['path', 'ignore'],
  WebFetch: ['url', 'prompt', 'offset'],
  WebSearch: ['query', 'allowed_domains', 'blocked_domains'],
  Monitor: ['description', 'timeout_ms', 'command', 'ws'],
  CronCreate: ['cron', 'prompt', 'recurring', 'durable'],
  Agent: [
    'description',
    'prompt',
    'subagent_type',
    'model',
    'effort',
    'run_in_background',
    'name',
    'team_name',
    'mode',
    'isolation',
  ],
  Task: [
    'description',
    'prompt',
    'subagent_type',
    'model',
    'run_in_background',
    'name',
    'team_name',
    'mode',
    'isolation',
  ],
};

/**
 * Claude Code tools that touch nothing outside the conversation: their effects are the
 * agent's own later tool calls, which reach the hook as events of their own (a subagent's,
 * a scheduled prompt's, a woken loop's).
 */
export const claudeCodeConversationTools: ReadonlySet<string> = new Set([
  'Task',
  'Agent',
  'TodoWrite',
  'TodoRead',
  'ExitPlanMode',
  'EnterPlanMode',
  'AskUserQuestion',
  'BashOutput',
  'KillShell',
  'KillBash',
  'TaskStop',
  'ToolSearch',
  'TaskCreate',
  'TaskGet',
  'TaskUpdate',
  'TaskList',
  'ListAgents',
  'SendMessage',
  'ReportFindings',
  'ScheduleWakeup',
  'CronCreate',
  'CronDelete',
  'CronList',
]);

/**
 * Tools of Claude Code 2.1.328 the hook knows and still answers as unknown tools (`ask` by
 * default), with the reason: what they do happens outside any tool call the hook sees.
 */
export const claudeCodeUnmappedTools: Readonly<Record<string, string>> = {
  Workflow:
    'runs a workflow script (inline, from scriptPath or a named workflow) that dexter-permissions cannot read',
  Skill: 'loads a skill, whose instructions and commands come from files dexter-permissions does not check',
  EnterWorktree: "creates or switches to a git worktree: a checkout runs the repository's git hooks",
  ExitWorktree: 'can remove a worktree and discard its uncommitted files',
};

/** The tool Monitor runs: its `command` as a Bash call, or its WebSocket `ws.url` as a fetch of that URL. */
function mapMonitor(event: HookToolEvent): HookMapping {
  const { command, ws } = event.toolInput;
  if (command !== undefined && ws !== undefined)
    return { kind: 'problem', reason: 'Monitor call with both "command" and "ws"' };
  if (typeof command === 'string' && command !== '')
    return { kind: 'calls', calls: [byName(event, 'Bash', { command })] };
  if (typeof ws === 'object' && ws !== null && !Array.isArray(ws)) {
    const socket = ws as Record<string, unknown>;
    const extra = Object.keys(socket).filter((key) => key !== 'url' && key !== 'protocols');
    if (extra.length > 0)
      return {
        kind: 'decide',
        behavior: 'ask',
        reason: `Monitor was called with "ws" fields ${extra.map((key) => JSON.stringify(key)).join(', ')}, which dexter-permissions does not know; they could change what it connects to`,
      };
    if (typeof socket.url !== 'string')
      return { kind: 'problem', reason: 'Monitor "ws" without a "url" string' };
    let url: URL;
    try {
      url = new URL(socket.url);
    } catch {
      return {
        kind: 'problem',
        reason: `Monitor "ws.url" does not parse: ${JSON.stringify(socket.url.slice(0, 200))}`,
      };
    }
    return { kind: 'calls', calls: [byName(event, 'WebFetch', { url: url.href })] };
  }
  return { kind: 'problem', reason: 'Monitor call without a "command" string or a "ws" object' };
}

function mapClaudeCodeTool(event: HookToolEvent): HookMapping {
  const fields = Object.hasOwn(claudeCodeToolFields, event.toolName)
    ? claudeCodeToolFields[event.toolName]
    : undefined;
  return atLeastAsk(mapKnownFields(event), fields && unknownFieldsReason(event, new Set(fields)));
}

/** The mapping from the fields the tool defines. */
function mapKnownFields(event: HookToolEvent): HookMapping {
  const input = event.toolInput;
  switch (event.toolName) {
    case 'Bash': {
      if (typeof input.command !== 'string')
        return { kind: 'problem', reason: 'Bash call without a "command" string' };
      return { kind: 'calls', calls: [byName(event, 'Bash', { command: input.command })] };
    }
    case 'Read':
      return collect([fileCall(event, 'Read', 'read', 'file_path')]);
    case 'NotebookRead':
      return collect([fileCall(event, 'Read', 'read', 'notebook_path')]);
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
      return collect([fileCall(event, event.toolName, 'write', 'file_path')]);
    case 'NotebookEdit':
      return collect([fileCall(event, 'NotebookEdit', 'write', 'notebook_path')]);
    case 'Grep': {
      // `glob` and `type` choose the files searched: `.env*` or `*.pem` would print secrets.
      const filters = filterValues(event, 'glob');
      if ('problem' in filters) return { kind: 'problem', reason: filters.problem };
      if (input.type !== undefined) {
        if (typeof input.type !== 'string' || !/^[\w+-]+$/.test(input.type))
          return { kind: 'problem', reason: 'Grep call with a "type" that is not a file type name' };
        filters.push(`*.${input.type}`);
      }
      const denial = secretFilterDenial(event, filters);
      if (denial) return denial;
      return collect([treeCall(event, 'Grep', input.path)]);
    }
    case 'Glob':
    case 'LS':
      return collect([treeCall(event, event.toolName, input.path)]);
    case 'WebFetch': {
      if (typeof input.url !== 'string' || input.url === '')
        return { kind: 'problem', reason: 'WebFetch call without a "url" string' };
      // Read as Claude Code reads it (the WHATWG URL parser), so the engine's host for
      // `WebFetch(domain:…)` rules is the host the tool fetches.
      let url: URL;
      try {
        url = new URL(input.url);
      } catch {
        return {
          kind: 'problem',
          reason: `WebFetch "url" does not parse: ${JSON.stringify(input.url.slice(0, 200))}`,
        };
      }
      return { kind: 'calls', calls: [byName(event, 'WebFetch', { url: url.href })] };
    }
    case 'WebSearch':
      return { kind: 'calls', calls: [byName(event, 'WebSearch')] };
    case 'Monitor':
      return mapMonitor(event);
    case 'CronCreate':
      // A durable job is saved to .claude/scheduled_tasks.json and fires in later sessions.
      if (input.durable === true)
        return {
          kind: 'decide',
          behavior: 'ask',
          reason:
            'CronCreate with "durable": true saves a prompt that runs again in later sessions (.claude/scheduled_tasks.json)',
        };
      break;
    case 'Agent':
    case 'Task':
      if (input.isolation === 'remote')
        return {
          kind: 'decide',
          behavior: 'ask',
          reason: `${event.toolName} with "isolation": "remote" runs an agent in a remote environment whose tool calls this hook never sees`,
        };
      break;
    default:
      break;
  }
  const configured = configuredFileCalls(event);
  if (configured) return configured;
  if (event.toolName.startsWith('mcp__')) return { kind: 'calls', calls: [byName(event, event.toolName)] };
  if (claudeCodeConversationTools.has(event.toolName))
    return { kind: 'pass', reason: `${event.toolName} touches nothing outside the conversation` };
  const unmapped = Object.hasOwn(claudeCodeUnmappedTools, event.toolName)
    ? claudeCodeUnmappedTools[event.toolName]
    : undefined;
  return { kind: 'unknown', tool: event.toolName, ...(unmapped ? { reason: unmapped } : {}) };
}

/** The Claude Code side of `dexter-permissions hook claude-code`. */
export const claudeCodeHook: HookAdapter = {
  agent: 'claude-code',
  eventName: 'PreToolUse',
  projectDirVariable: 'CLAUDE_PROJECT_DIR',
  map: mapClaudeCodeTool,
  answer(outcome) {
    if (outcome.kind === 'pass') return '{}';
    return JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: outcome.decision.behavior,
        permissionDecisionReason: reasonText(outcome.decision),
      },
    });
  },
};
