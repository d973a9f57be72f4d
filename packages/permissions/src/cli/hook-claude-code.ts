/**
 * Claude Code's `PreToolUse` hook: which of its tools mean what to our engine, and the JSON
 * it reads back (`hookSpecificOutput.permissionDecision`). See
 * docs/decisions/0014-permissions-cli-agent-hook-protocol.md for what we rely on.
 */
import {
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
} from './hook-call';

/** Claude Code tools that touch nothing outside the conversation (subagents' own tool calls get their own events). */
const conversationTools = new Set([
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
]);

function mapClaudeCodeTool(event: HookToolEvent): HookMapping {
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
    default:
      break;
  }
  const configured = configuredFileCalls(event);
  if (configured) return configured;
  if (event.toolName.startsWith('mcp__')) return { kind: 'calls', calls: [byName(event, event.toolName)] };
  if (conversationTools.has(event.toolName))
    return { kind: 'pass', reason: `${event.toolName} touches nothing outside the conversation` };
  return { kind: 'unknown', tool: event.toolName };
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
