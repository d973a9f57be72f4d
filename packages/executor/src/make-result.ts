/**
 * `makeResult`: builds a frozen `ToolResult` and its model-readable `content`.
 *
 * Content rules: `ok` → the output (a string as is, anything else as JSON via
 * `safeStringify`, `undefined` as a short "no output" line); any other status → the
 * error message (for `invalid_input`, one line per issue with its path). Notes follow
 * under a `Notes:` heading, one per line.
 */
import type { AnyTool } from '@dexter/registry';
import { formatIssues } from './input-issues';
import { safeStringify } from './safe-json';
import type { ToolResult, ToolResultError, ToolResultStatus } from './tool-result';

/** The fields a result is built from; `content` is derived. */
export interface ResultFields {
  toolCallId: string;
  name: string;
  status: ToolResultStatus;
  output?: unknown;
  error?: ToolResultError;
  notes?: readonly string[];
  durationMs?: number;
  duplicateOf?: string;
  /** For `ok` results: the text instead of the output's JSON (a `oncePerRun` repeat, or the tool's `formatOutput`). */
  summary?: string;
}

/**
 * The text a tool's own `formatOutput` gives for its output, as `summary` for
 * `makeResult`; nothing when the tool has no formatter or the formatter fails (the JSON
 * rendering is used then, so a broken formatter never loses the result).
 */
export function formattedOutput(tool: AnyTool, output: unknown): { summary?: string } {
  if (typeof tool.formatOutput !== 'function') return {};
  try {
    const text = tool.formatOutput(output);
    return typeof text === 'string' ? { summary: text } : {};
  } catch {
    return {};
  }
}

/** The model-readable text of a successful output. */
export function outputContent(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output === undefined) return 'Done (the tool returned no output).';
  return safeStringify(output) ?? String(output);
}

function body(fields: ResultFields): string {
  if (fields.status === 'ok') {
    return fields.summary ?? outputContent(fields.output);
  }
  const message = fields.error?.message ?? `The call ended with status ${fields.status}.`;
  const issues = fields.error?.issues;
  return issues && issues.length > 0 ? `${message}\n${formatIssues(issues)}` : message;
}

/**
 * `text + tail`, cutting `text` when the sum would pass the engine's longest string (an
 * output of maximal length still gets its notes; appending would throw "Invalid string
 * length").
 */
function appendWithin(text: string, tail: string): string {
  try {
    return text + tail;
  } catch {
    const marker = '\n[output cut: too long to add the notes]';
    return text.slice(0, Math.max(0, text.length - tail.length - marker.length - 1024)) + marker + tail;
  }
}

/** Builds a `ToolResult` with its `content`. */
export function makeResult(fields: ResultFields): ToolResult {
  const notes = fields.notes && fields.notes.length > 0 ? [...fields.notes] : undefined;
  let content = body(fields);
  if (notes) {
    let tail = '\n\nNotes:';
    for (const note of notes) tail += `\n- ${note}`;
    content = appendWithin(content, tail);
  }
  const result: ToolResult = {
    toolCallId: fields.toolCallId,
    name: fields.name,
    status: fields.status,
    durationMs: fields.durationMs ?? 0,
    content,
  };
  if (fields.status === 'ok' && fields.output !== undefined) result.output = fields.output;
  if (fields.error !== undefined) result.error = fields.error;
  if (notes) result.notes = notes;
  if (fields.duplicateOf !== undefined) result.duplicateOf = fields.duplicateOf;
  return result;
}
