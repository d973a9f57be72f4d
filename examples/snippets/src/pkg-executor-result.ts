/**
 * Snippet of packages/executor/README.md: the shape of a `ToolResult`, checked against the
 * exported type so the README cannot drift from it.
 */
import type { ToolResult as ExportedToolResult, InputIssue } from '@dexter/executor';

// #region result
interface ToolResult {
  toolCallId: string;
  name: string;
  status: 'ok' | 'error' | 'invalid_input' | 'unknown_tool' | 'denied' | 'cancelled' | 'timeout';
  output?: unknown; // what the tool returned (ok only), untouched
  error?: { message: string; name?: string; issues?: readonly InputIssue[]; cause?: unknown };
  notes?: string[]; // soft-limit warnings, the user's message from an approval
  durationMs: number; // time the tool itself ran (0 if it never ran)
  content: string; // what the model reads
  duplicateOf?: string; // oncePerRun repeat: the id of the call that ran
}
// #endregion result

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only while the README's interface has the exported type's fields and types. */
export const readmeShowsTheExportedType: Same<ToolResult, ExportedToolResult> &
  Same<keyof ToolResult, keyof ExportedToolResult> &
  Same<keyof NonNullable<ToolResult['error']>, keyof NonNullable<ExportedToolResult['error']>> = true;
