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
  type HookAdapter,
  type HookMapping,
  type HookToolEvent,
  reasonText,
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
    case 'Glob':
    case 'Grep':
    case 'LS':
      return collect([treeCall(event, event.toolName, input.path)]);
    case 'WebFetch': {
      if (typeof input.url !== 'string' || input.url === '')
        return { kind: 'problem', reason: 'WebFetch call without a "url" string' };
      // The engine reads the host from `input.url` (for `WebFetch(domain:…)` rules).
      return { kind: 'calls', calls: [byName(event, 'WebFetch', { url: input.url })] };
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
