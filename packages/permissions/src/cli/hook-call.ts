/**
 * What an agent's tool call means to our engine. Each agent adapter (Claude Code, Gemini
 * CLI) turns its event into a `HookMapping`: one or more engine requests (a Gemini
 * `read_many_files` reads several files), "unknown", "pass" (a tool that touches nothing
 * outside the conversation), or a problem with the event (which the hook denies).
 */
import path from 'node:path';
import type { PermissionSubject } from '@dexter/registry';
import type { PermissionDecision } from '../decision';
import { expandBraces, globCouldMatchSecret } from '../secrets/secret-globs';
import { isSecretPath } from '../secrets/secret-paths';
import type { FileArgument } from './hook-options';

/** One request for the engine. */
export interface HookCall {
  /** Tool name as our rules spell it (`Bash`, `Read`, `Write`, `WebFetch`, `mcp__server__tool`). */
  tool: string;
  input: unknown;
  cwd: string;
  subject?: PermissionSubject;
}

/** How an event maps to the engine. */
export type HookMapping =
  /** `ask`: the engine's answer, made at least an ask (with this reason) when it would allow. */
  | { kind: 'calls'; calls: HookCall[]; ask?: string }
  /** A tool we cannot map; `reason` says what it does when we know the tool. */
  | { kind: 'unknown'; tool: string; reason?: string }
  | { kind: 'pass'; reason: string }
  /** Decided from the event's shape alone: a filter that selects secret files (deny), keys that disagree or a field we do not know (ask). */
  | { kind: 'decide'; behavior: 'ask' | 'deny'; reason: string }
  | { kind: 'problem'; reason: string };

/** The tool call an agent reports, after the event's envelope was checked. */
export interface HookToolEvent {
  toolName: string;
  toolInput: Record<string, unknown>;
  /** Absolute working directory of the agent. */
  cwd: string;
  /** Home directory: a leading `~/` in a path argument is read as it (the stricter reading). */
  homeDir: string;
  /** The agent marked the call as an MCP server's (Gemini CLI's `mcp_context`). */
  mcp?: boolean;
  /** Configured file arguments of non-built-in tools. */
  fileArguments: ReadonlyMap<string, readonly FileArgument[]>;
}

/** `value` as an absolute path: `~` and `~/…` are the home directory, relative paths the agent's cwd. */
export function resolvePath(event: HookToolEvent, value: string): string {
  if (value === '~' || value.startsWith('~/')) return path.join(event.homeDir, value.slice(1));
  return path.resolve(event.cwd, value);
}

/** A file read or write of `value` (the tool's path argument), or a problem when it is not a non-empty string. */
export function fileCall(
  event: HookToolEvent,
  tool: string,
  access: 'read' | 'write',
  argument: string,
  value: unknown = event.toolInput[argument],
): HookCall | { problem: string } {
  if (typeof value !== 'string' || value === '')
    return { problem: `${event.toolName} call without a "${argument}" string` };
  return {
    tool,
    input: event.toolInput,
    cwd: event.cwd,
    subject: { kind: 'file', access, path: resolvePath(event, value) },
  };
}

/**
 * A read of a directory tree (Glob, Grep, LS): the directory searched, as a file read marked
 * `recursive` — the secret model's "does this tree hold a secret" question. The registry's
 * `PermissionSubject` type has no `recursive` field yet; the engine reads it when present
 * and otherwise decides a read of the directory itself. A search aimed at one file (`Grep`
 * on `.env`) is a read of that file either way.
 */
export function treeCall(
  event: HookToolEvent,
  tool: string,
  directory: unknown,
): HookCall | { problem: string } {
  if (directory !== undefined && (typeof directory !== 'string' || directory === ''))
    return { problem: `${event.toolName} call with a "path" that is not a non-empty string` };
  const call = fileCall(event, tool, 'read', 'path', directory ?? event.cwd);
  if ('problem' in call || call.subject?.kind !== 'file') return call;
  const tree = { ...call.subject, recursive: true };
  return { ...call, subject: tree };
}

/** The calls configured with `--file-arg` for `event.toolName`, or undefined when none is configured. */
export function configuredFileCalls(event: HookToolEvent): HookMapping | undefined {
  const configured = event.fileArguments.get(event.toolName);
  if (!configured) return undefined;
  const calls: HookCall[] = [];
  for (const { access, argument } of configured) {
    const value = event.toolInput[argument];
    if (value === undefined) continue;
    const call = fileCall(event, event.toolName, access, argument, value);
    if ('problem' in call) return { kind: 'problem', reason: call.problem };
    calls.push(call);
  }
  // A configured tool called without any of its file arguments is still decided by its name.
  return { kind: 'calls', calls: calls.length > 0 ? calls : [byName(event, event.toolName)] };
}

/**
 * The one value of a tool argument the host accepts under several names (`file_path`,
 * `absolute_path`, `path`): every present key is read; when they disagree we cannot tell
 * which one the host uses, so the caller asks.
 */
export function aliasValue(
  event: HookToolEvent,
  names: readonly string[],
): { value: unknown } | { conflict: string } {
  const present = names.filter((name) => event.toolInput[name] !== undefined);
  const values = new Set(present.map((name) => JSON.stringify(event.toolInput[name])));
  if (values.size > 1)
    return {
      conflict: `${event.toolName} names its target under several keys that disagree (${present.map((name) => `${name}=${JSON.stringify(event.toolInput[name])}`).join(', ')}), so the hook cannot tell which one the tool uses`,
    };
  return { value: present.length > 0 ? event.toolInput[present[0]!] : undefined };
}

/** Why a call with keys outside `known` asks (a field we have not read could change what the tool touches), or undefined. */
export function unknownFieldsReason(event: HookToolEvent, known: ReadonlySet<string>): string | undefined {
  const unknown = Object.keys(event.toolInput).filter((key) => !known.has(key));
  if (unknown.length === 0) return undefined;
  return `${event.toolName} was called with ${unknown.map((key) => JSON.stringify(key)).join(', ')}, which dexter-permissions does not know; it could change what the tool reads or writes`;
}

/**
 * `mapping`, made to ask at least, for `reason`: a problem still blocks and a denial still
 * denies; the engine's answer to mapped calls is still computed (a secret read stays denied)
 * and an allow becomes an ask; a pass becomes an ask.
 */
export function atLeastAsk(mapping: HookMapping, reason: string | undefined): HookMapping {
  if (reason === undefined) return mapping;
  switch (mapping.kind) {
    case 'calls':
      return { ...mapping, ask: mapping.ask ? `${mapping.ask}; ${reason}` : reason };
    case 'pass':
      return { kind: 'decide', behavior: 'ask', reason };
    default:
      return mapping;
  }
}

/**
 * A search filter (`glob`, `include_pattern`, a `read_many_files` include) that could select a
 * file holding secrets (`.env*`, `*.pem`, `{.env,x}`): the search would print it. Tested with
 * the secret model's own sample names after brace expansion.
 */
export function filterSelectsSecret(filter: string): boolean {
  return expandBraces(filter).some((word) => globCouldMatchSecret(word) || isSecretPath(word));
}

/** A search whose filters select secret files: denied like a read of one. */
export function secretFilterDenial(
  event: HookToolEvent,
  filters: readonly string[],
): HookMapping | undefined {
  const secret = filters.find(filterSelectsSecret);
  if (secret === undefined) return undefined;
  return {
    kind: 'decide',
    behavior: 'deny',
    reason: `${event.toolName} limited to ${JSON.stringify(secret)} would search files that hold secrets (keys, tokens, credentials); reading them is never allowed`,
  };
}

/** Filter values of a field: a string, or a list of strings; anything else is a problem. */
export function filterValues(event: HookToolEvent, key: string): string[] | { problem: string } {
  const value = event.toolInput[key];
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value as string[];
  return { problem: `${event.toolName} call with a "${key}" that is not a string or a list of strings` };
}

/** A call decided by the tool's name (and path-free input) only. */
export function byName(event: HookToolEvent, tool: string, input: unknown = event.toolInput): HookCall {
  return { tool, input, cwd: event.cwd };
}

/** Collects calls, or the first problem among them. */
export function collect(calls: ReadonlyArray<HookCall | { problem: string }>): HookMapping {
  const ready: HookCall[] = [];
  for (const call of calls) {
    if ('problem' in call) return { kind: 'problem', reason: call.problem };
    ready.push(call);
  }
  return { kind: 'calls', calls: ready };
}

const severity = { allow: 0, ask: 1, deny: 2 } as const;

/**
 * One decision for several requests: the strictest wins (deny, then ask); allow only when
 * every request is allowed. Proposed rules of every asking request are kept.
 */
export function combineDecisions(decisions: readonly PermissionDecision[]): PermissionDecision {
  let worst = decisions[0]!;
  for (const decision of decisions)
    if (severity[decision.behavior] > severity[worst.behavior]) worst = decision;
  if (decisions.length === 1) return worst;
  const same = decisions.filter((decision) => decision.behavior === worst.behavior);
  const proposed = same.flatMap((decision) => decision.proposedRules ?? []);
  return {
    ...worst,
    reason: same.map((decision) => decision.reason).join('; '),
    ...(proposed.length > 0 ? { proposedRules: [...new Set(proposed)] } : {}),
  };
}

/** What the hook concluded for one event. */
export type HookOutcome =
  | { kind: 'decision'; decision: PermissionDecision }
  /** No opinion: the agent's own permission layer decides as if the hook were not there. */
  | { kind: 'pass'; reason: string };

/** One agent's side of the protocol. */
export interface HookAdapter {
  /** `claude-code` or `gemini-cli`. */
  readonly agent: string;
  /** The event the hook answers (`PreToolUse`, `BeforeTool`). */
  readonly eventName: string;
  /** Environment variable holding the agent's project directory, read for the project settings layer. */
  readonly projectDirVariable: string;
  /** Turns the agent's tool call into engine requests. */
  map(event: HookToolEvent): HookMapping;
  /** The JSON written to stdout (exit 0) for an outcome. */
  answer(outcome: HookOutcome, options: { onAsk: 'deny' | 'defer' }): string;
}

/** Longest reason written back to the agent (a 1 MB command must not come back whole). */
export const maxReasonLength = 2_000;

/** `text` cut to `maxReasonLength` characters. */
export function clip(text: string): string {
  return text.length <= maxReasonLength ? text : `${text.slice(0, maxReasonLength - 1)}…`;
}

/** The reason shown to the user / model: ours, prefixed, with the rule "always allow" would add. */
export function reasonText(decision: PermissionDecision): string {
  const proposed =
    decision.behavior === 'ask' && decision.proposedRules && decision.proposedRules.length > 0
      ? ` To allow it from now on, add ${decision.proposedRules.map((rule) => JSON.stringify(rule)).join(' or ')} to "permissions.allow" in .dexter/settings.json.`
      : '';
  return clip(`dexter-permissions: ${clip(decision.reason).replace(/\.$/, '')}.${proposed}`);
}
