/**
 * `ExecutorEvent`: what `executor.stream()` yields (and `onEvent` receives) while a run
 * goes. Every event carries `type`, `toolCallId`, the call's `index` in the `calls` array,
 * the `runId` and a per-run `sequence`. The last event for each call is its `tool_result`,
 * and `tool_result` events come in call order. Types and fields are stable.
 *
 * Per call, the possible sequences are:
 * - runs: [`tool_approval_request` → `tool_approval`] → [`tool_limit`…] → `tool_start` →
 *   `tool_progress`… → `tool_end` → [`tool_error`] → `tool_result`
 * - denied: [`tool_approval_request` → `tool_approval`] → `tool_denied` → `tool_result`
 * - never valid (unknown tool, invalid input): `tool_error` → `tool_result`
 * - cancelled before it started, or a `oncePerRun` repeat: `tool_result` only
 */
import type { ApprovalAnswer, ApprovalRequest } from './approval';
import type { PermissionDecision } from './permission-port';
import type { ToolResult, ToolResultError, ToolResultStatus } from './tool-result';

/** Fields every event has. */
export interface ExecutorEventBase {
  /** The model's id for the call this event is about. */
  toolCallId: string;
  /** Position of the call in the `calls` array (disambiguates repeated ids). */
  index: number;
  /** Id of the `execute`/`stream` run. */
  runId: string;
  /** 0, 1, 2, ... in the order events are delivered within a run. */
  sequence: number;
}

/** The tool is about to execute (all gates passed). */
export interface ToolStartEvent extends ExecutorEventBase {
  type: 'tool_start';
  name: string;
  /** The validated input it runs with (after an approved edit, the edited one). */
  input: unknown;
  /** Which batch of the run the call belongs to (0-based). */
  batch: number;
  /**
   * The permission decision that let it run (`allow`, or the `ask` an approval answered):
   * behavior, reason, the rule that decided (`builtin:<check>` for the floor), classification.
   * Set on every run with an event listener; optional for events made elsewhere.
   */
  decision?: PermissionDecision;
}

/** Progress from inside the tool (`ctx.progress(...)` or a generator's `yield`). */
export interface ToolProgressEvent extends ExecutorEventBase {
  type: 'tool_progress';
  name: string;
  message: string;
  percent?: number;
  /**
   * Progress updates replaced by this one because the consumer was behind (only the
   * latest is kept per call). 0 when none were dropped.
   */
  dropped: number;
}

/** The call needs the user's approval; the prompter is being asked now. */
export interface ToolApprovalRequestEvent extends ExecutorEventBase {
  type: 'tool_approval_request';
  name: string;
  /** The request handed to the prompter (its `signal` included). */
  request: ApprovalRequest;
}

/** The approval question was answered (or a session grant answered it). */
export interface ToolApprovalEvent extends ExecutorEventBase {
  type: 'tool_approval';
  name: string;
  /**
   * `prompt`: the prompter answered; `session`: a cached `allow-session` grant applied;
   * `sandbox`: the executor's `sandboxAutoAllow` let an ask no rule decided run inside the OS
   * sandbox without a prompt (response `allow-once`).
   */
  source: 'prompt' | 'session' | 'sandbox';
  response: ApprovalAnswer;
  /** Rules the decider saved to its rule store after `allow-always`. */
  persistedRules?: string[];
  /**
   * Rules added after `allow-always` that live only in memory, as long as the executor: the
   * executor's default permission engine has no rule store. Nothing was written to disk.
   */
  inMemoryRules?: string[];
  /** Why persisting an `allow-always` rule failed (the call still runs; the grant is session-only). */
  persistError?: string;
  /**
   * With a `sessionStore`: why writing this answer to its audit trail, or its grant, failed.
   * An approved call still runs (the person said yes); an unsaved grant asks again next time.
   */
  storeError?: string;
}

/** Who said no. */
export type DenialSource = 'policy' | 'user' | 'no_prompter' | 'prompter_failed' | 'decider_failed';

/** The call will not run. */
export interface ToolDeniedEvent extends ExecutorEventBase {
  type: 'tool_denied';
  name: string;
  reason: string;
  deniedBy: DenialSource;
  /** The user asked to stop the rest of the run as well. */
  interrupt: boolean;
  /**
   * The permission decision behind the denial: the `deny` itself (`deniedBy: 'policy'`), or
   * the `ask` the person (or the missing prompter) answered. Absent when the decider failed.
   */
  decision?: PermissionDecision;
}

/** The kinds of soft limit. */
export type SoftLimitKind = 'call_count' | 'near_duplicate';

/** A soft limit was reached; the call still runs and its result carries `note`. */
export interface ToolLimitEvent extends ExecutorEventBase {
  type: 'tool_limit';
  name: string;
  kind: SoftLimitKind;
  /** The model-visible note added to the result. */
  note: string;
  /** Calls of this tool in the session so far, this one included. */
  count: number;
  /** The configured maximum, for `call_count`. */
  limit?: number;
  /** The earlier call this one nearly repeats, for `near_duplicate`. */
  similarTo?: { toolCallId: string; key: string; similarity: number };
}

/** The tool's execution finished, whatever the outcome. */
export interface ToolEndEvent extends ExecutorEventBase {
  type: 'tool_end';
  name: string;
  status: ToolResultStatus;
  durationMs: number;
  /** What the tool returned (status `ok`), as the result's `output` will carry it. */
  output?: unknown;
}

/** The call failed: the tool threw or timed out, or the call was unknown / invalid. */
export interface ToolErrorEvent extends ExecutorEventBase {
  type: 'tool_error';
  name: string;
  status: 'error' | 'timeout' | 'invalid_input' | 'unknown_tool';
  error: ToolResultError;
}

/** The call's one terminal result. Always the last event for the call. */
export interface ToolResultEvent extends ExecutorEventBase {
  type: 'tool_result';
  result: ToolResult;
}

/** Every event the executor emits, discriminated by `type`. */
export type ExecutorEvent =
  | ToolStartEvent
  | ToolProgressEvent
  | ToolApprovalRequestEvent
  | ToolApprovalEvent
  | ToolDeniedEvent
  | ToolLimitEvent
  | ToolEndEvent
  | ToolErrorEvent
  | ToolResultEvent;

/** The `type` of each event. */
export type ExecutorEventType = ExecutorEvent['type'];

/** All event types, for exhaustive handling in UIs. */
export const EXECUTOR_EVENT_TYPES: readonly ExecutorEventType[] = Object.freeze([
  'tool_start',
  'tool_progress',
  'tool_approval_request',
  'tool_approval',
  'tool_denied',
  'tool_limit',
  'tool_end',
  'tool_error',
  'tool_result',
]);

/** An event's own fields, without the ones every event shares (filled in by the run). */
// Distributive so that each event type keeps its own fields.
export type EventFields<E = ExecutorEvent> = E extends ExecutorEvent
  ? Omit<E, 'toolCallId' | 'index' | 'runId' | 'sequence'>
  : never;
