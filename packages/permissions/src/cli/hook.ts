/**
 * `dexter-permissions hook claude-code|gemini-cli`: one tool-call event as JSON on stdin,
 * our engine's decision as the agent's hook JSON on stdout (exit 0).
 *
 * Fail closed where the agents fail open: both treat a crashed hook, a non-zero exit other
 * than 2 and unreadable stdout as "no opinion" and may run the tool. So every problem —
 * malformed JSON, a missing field, bad hook options, settings named but missing, an error
 * anywhere — answers exit 2 with the reason on stderr, which both agents document as
 * "block this call" and which needs no JSON to be parsed. `runHook` never throws; the
 * process wrapper (hook-main.ts) adds a watchdog and last-resort handlers.
 */

import path from 'node:path';
import type { PermissionDecision, PermissionRequest } from '../decision';
import { createPermissionEngine } from '../engine/create-permission-engine';
import {
  createRuleStore,
  defaultSettingsPaths,
  type RuleStore,
  type RuleStoreLayer,
} from '../store/rule-store';
import {
  clip,
  combineDecisions,
  type HookAdapter,
  type HookMapping,
  type HookOutcome,
  type HookToolEvent,
} from './hook-call';
import { claudeCodeHook } from './hook-claude-code';
import { geminiCliHook } from './hook-gemini-cli';
import type { HookOptions } from './hook-options';

/** The agents `hook` speaks to. */
export const hookAdapters: Readonly<Record<string, HookAdapter>> = {
  'claude-code': claudeCodeHook,
  'gemini-cli': geminiCliHook,
};

/** Largest event read (a 1 MB command fits many times over); more is denied unread. */
export const maxEventBytes = 64 * 1024 * 1024;

/**
 * Faults a test can inject (env `DEXTER_PERMISSIONS_HOOK_FAULT`) to prove the hook still
 * denies: `engine-decide` (the engine's decision throws inside it), `engine-load` (the rule
 * store throws while the engine is built), `hook` (the hook throws after reading the event),
 * `uncaught` (an exception outside any handler), `hang` (never answers: the watchdog does).
 * A fault can only make the answer a denial.
 */
export type HookFault = 'engine-decide' | 'engine-load' | 'hook' | 'uncaught' | 'hang';

/** What the process prints and exits with. */
export interface HookAnswer {
  code: 0 | 2;
  stdout: string;
  stderr: string;
  /** What was decided, for logs and tests. */
  outcome?: HookOutcome;
}

/** Where the hook runs. */
export interface HookContext {
  /** Environment (for the agent's project-dir variable). */
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  /** The process's cwd: relative `--settings`/`--cwd` paths resolve against it. */
  cwd: string;
  fault?: HookFault;
}

/** A denial the agent must enforce: exit 2 with the reason on stderr. */
export function blockAnswer(reason: string): HookAnswer {
  return { code: 2, stdout: '', stderr: `dexter-permissions: blocked: ${clip(reason)}\n` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool name as the hosts spell them. */
const toolNamePattern = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,255}$/;

/** The event's tool call, or the reason it cannot be read. */
export function readHookEvent(
  adapter: HookAdapter,
  text: string,
  options: HookOptions,
  homeDir: string,
): HookToolEvent | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      problem: `the ${adapter.eventName} event is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (!isRecord(parsed)) return { problem: `the ${adapter.eventName} event is not a JSON object` };
  const eventName = parsed.hook_event_name;
  if (eventName !== undefined && eventName !== adapter.eventName)
    return { problem: `expected a ${adapter.eventName} event, got ${JSON.stringify(eventName)}` };
  if (typeof parsed.tool_name !== 'string' || parsed.tool_name === '')
    return { problem: `the ${adapter.eventName} event has no "tool_name" string` };
  // Both hosts name tools with ASCII letters, digits, `_`, `-`, `.` and `:` (an API constraint);
  // anything else is not a tool the host could have called.
  if (!toolNamePattern.test(parsed.tool_name))
    return {
      problem: `the ${adapter.eventName} event names a tool no host could call: ${JSON.stringify(parsed.tool_name.slice(0, 100))}`,
    };
  if (!isRecord(parsed.tool_input))
    return { problem: `the ${adapter.eventName} event for ${parsed.tool_name} has no "tool_input" object` };
  if (typeof parsed.cwd !== 'string' || !path.isAbsolute(parsed.cwd))
    return { problem: `the ${adapter.eventName} event for ${parsed.tool_name} has no absolute "cwd"` };
  return {
    toolName: parsed.tool_name,
    toolInput: parsed.tool_input,
    cwd: path.resolve(parsed.cwd),
    homeDir,
    ...(parsed.mcp_context !== undefined ? { mcp: true } : {}),
    fileArguments: options.fileArguments,
  };
}

/** The settings layers: user, project and local for the project directory, then `--settings`. */
function ruleStore(
  adapter: HookAdapter,
  event: HookToolEvent,
  options: HookOptions,
  context: HookContext,
): { store: RuleStore; named: RuleStoreLayer[] } {
  const projectDir = options.projectDir
    ? path.resolve(context.cwd, options.projectDir)
    : context.env[adapter.projectDirVariable] && path.isAbsolute(context.env[adapter.projectDirVariable]!)
      ? context.env[adapter.projectDirVariable]!
      : event.cwd;
  const standard = defaultSettingsPaths(projectDir, context.homeDir);
  const named = options.settings.map((file, index) => ({
    name: `settings#${index + 1}`,
    file: path.resolve(context.cwd, file),
  }));
  const layers: RuleStoreLayer[] = [
    { name: 'user', file: standard.user },
    { name: 'project', file: standard.project },
    { name: 'local', file: standard.local },
    ...named,
  ];
  const store = createRuleStore({ layers });
  if (context.fault !== 'engine-load') return { store, named };
  return {
    store: {
      load: () => {
        throw new Error('injected fault: the rule store failed while loading');
      },
      addRule: store.addRule,
    },
    named,
  };
}

/** Decides the mapped calls with the engine. */
function decide(
  adapter: HookAdapter,
  event: HookToolEvent,
  mapping: Extract<HookMapping, { kind: 'calls' }>,
  options: HookOptions,
  context: HookContext,
): PermissionDecision | { problem: string } {
  const { store, named } = ruleStore(adapter, event, options, context);
  const engine = createPermissionEngine({ store, cwd: event.cwd, homeDir: context.homeDir });
  const loaded = store.load();
  const missing = loaded.layers.filter(
    (layer) => !layer.exists && named.some((file) => file.file === layer.file),
  );
  if (missing.length > 0)
    return { problem: `settings file not found: ${missing.map((layer) => layer.file).join(', ')}` };
  const decisions = mapping.calls.map((call) => {
    let request: PermissionRequest = {
      tool: call.tool,
      input: call.input,
      cwd: call.cwd,
      ...(call.subject ? { subject: call.subject } : {}),
    };
    if (context.fault === 'engine-decide') {
      request = new Proxy(request, {
        get() {
          throw new Error('injected fault: the request could not be read');
        },
      });
    }
    return engine.decide(request) as PermissionDecision;
  });
  let decision = combineDecisions(decisions);
  if (mapping.ask !== undefined && decision.behavior === 'allow')
    // No rule can allow it (the field is the reason), so no rule is proposed.
    decision = { behavior: 'ask', reason: mapping.ask, sessionKey: decision.sessionKey, cacheable: false };
  if (engine.loadErrors.length > 0) {
    return {
      ...decision,
      reason: `${decision.reason} (settings problem, no allow rule applies: ${engine.loadErrors.map((error) => error.message).join('; ')})`,
    };
  }
  return decision;
}

/** Answers one event's text; never throws. */
export function answerHookEvent(
  adapter: HookAdapter,
  text: string,
  options: HookOptions,
  context: HookContext,
): HookAnswer {
  try {
    const event = readHookEvent(adapter, text, options, context.homeDir);
    if ('problem' in event) return blockAnswer(event.problem);
    if (context.fault === 'hook') throw new Error('injected fault: the hook failed after reading the event');
    let mapping = adapter.map(event);
    if (mapping.kind === 'unknown') {
      if (options.unknown === 'pass')
        mapping = {
          kind: 'pass',
          reason: `${mapping.tool} is not known to dexter-permissions (--unknown pass)`,
        };
      else {
        const decision: PermissionDecision = {
          behavior: options.unknown,
          reason: mapping.reason
            ? `${mapping.tool} ${mapping.reason}, so dexter-permissions cannot tell what the call touches`
            : `${mapping.tool} is a tool dexter-permissions does not know, so it cannot tell what the call touches`,
          sessionKey: `tool:${mapping.tool}`,
          cacheable: false,
          classification: 'unknown',
        };
        const outcome: HookOutcome = { kind: 'decision', decision };
        return { code: 0, stdout: `${adapter.answer(outcome, options)}\n`, stderr: '', outcome };
      }
    }
    if (mapping.kind === 'problem') return blockAnswer(mapping.reason);
    if (mapping.kind === 'decide') {
      const decision: PermissionDecision = {
        behavior: mapping.behavior,
        reason: mapping.reason,
        sessionKey: `tool:${event.toolName}`,
        cacheable: false,
        classification: 'unknown',
      };
      const outcome: HookOutcome = { kind: 'decision', decision };
      return { code: 0, stdout: `${adapter.answer(outcome, options)}\n`, stderr: '', outcome };
    }
    if (mapping.kind === 'pass') {
      const outcome: HookOutcome = { kind: 'pass', reason: mapping.reason };
      return { code: 0, stdout: `${adapter.answer(outcome, options)}\n`, stderr: '', outcome };
    }
    const decision = decide(adapter, event, mapping, options, context);
    if ('problem' in decision) return blockAnswer(decision.problem);
    const outcome: HookOutcome = { kind: 'decision', decision };
    return { code: 0, stdout: `${adapter.answer(outcome, options)}\n`, stderr: '', outcome };
  } catch (error) {
    return blockAnswer(
      `the call could not be checked (internal error: ${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Reads all of `stream` as UTF-8, refusing more than `limit` bytes. */
export async function readStream(stream: AsyncIterable<unknown>, limit = maxEventBytes): Promise<string> {
  return (await readStreamAfter(stream, [], 0, limit)).toString('utf8');
}

/**
 * The bytes of `chunks` (`size` of them, read from the same source before) followed by the rest
 * of `stream`, refusing more than `limit` bytes in all.
 */
export async function readStreamAfter(
  stream: AsyncIterable<unknown> | Iterable<unknown>,
  chunks: Buffer[],
  size: number,
  limit: number,
): Promise<Buffer> {
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > limit) throw new Error(`the event is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}
