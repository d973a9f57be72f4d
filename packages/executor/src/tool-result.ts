/**
 * `ToolResult`: the one terminal outcome of one tool call. `content` is what the model
 * reads; the other fields are for the host.
 */

/** Every terminal status a call can end with. Stable string literals. */
export const TOOL_RESULT_STATUSES = [
  'ok',
  'error',
  'invalid_input',
  'unknown_tool',
  'denied',
  'cancelled',
  'timeout',
] as const;

/**
 * - `ok` — the tool returned (also a `oncePerRun` repeat, see `duplicateOf`);
 * - `error` — the tool threw or rejected;
 * - `invalid_input` — arguments were not valid JSON or failed the tool's zod schema;
 * - `unknown_tool` — no tool of that name is offered;
 * - `denied` — the permission decider or the user said no;
 * - `cancelled` — the run was aborted, or the user interrupted, before or while it ran;
 * - `timeout` — the tool ran past its timeout (its signal was aborted).
 */
export type ToolResultStatus = (typeof TOOL_RESULT_STATUSES)[number];

/** One problem with a call's input, readable by the model. */
export interface InputIssue {
  /** Path into the input, e.g. `['filters', 0, 'ticker']`; empty for the whole input. */
  path: readonly (string | number)[];
  /** zod's issue code (`invalid_type`, `too_small`, ...) or `invalid_json`. */
  code: string;
  message: string;
}

/** Why a call did not end `ok`. */
export interface ToolResultError {
  /** Human- and model-readable. */
  message: string;
  /** The thrown error's `name` (`TypeError`, ...) when the tool threw. */
  name?: string;
  /** Input problems, for `invalid_input`. */
  issues?: readonly InputIssue[];
  /** The original thrown value or abort reason, for debugging. Never shown to the model. */
  cause?: unknown;
}

/** The outcome of one tool call. Exactly one per call, in call order. */
export interface ToolResult<Output = unknown> {
  /** The model's id for the call. */
  toolCallId: string;
  /** The tool name the model asked for. */
  name: string;
  status: ToolResultStatus;
  /** What the tool returned (status `ok`), untouched. */
  output?: Output;
  error?: ToolResultError;
  /** Model-visible notes: soft-limit warnings, the user's message from an approval. */
  notes?: string[];
  /** Time spent executing the tool itself (0 when it never ran). */
  durationMs: number;
  /** Ready to hand back to the model as the tool-result message text. */
  content: string;
  /** Set when a `oncePerRun` tool was skipped as a repeat: the id of the call that ran. */
  duplicateOf?: string;
}
