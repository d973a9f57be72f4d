/**
 * `validateInput`: runs a tool's zod schema on model input. Three outcomes: valid (the
 * parsed data), invalid (issues for the model), or the schema itself threw (a refinement
 * or transform bug in the tool — reported as the tool's error, not the model's).
 */
import type { AnyTool } from '@dexter/registry';
import { toInputIssues } from './input-issues';
import type { InputIssue } from './tool-result';

/** How validation went. */
export type Validation =
  | { kind: 'valid'; data: unknown }
  | { kind: 'invalid'; issues: InputIssue[]; cause: unknown }
  | { kind: 'threw'; error: unknown };

/** Validates `raw` against the tool's input schema; never throws. */
export function validateInput(tool: AnyTool, raw: unknown): Validation {
  // The schema is the tool's own code: anything it throws (or a result that throws when
  // read) is the tool's failure, reported as such.
  try {
    const parsed = tool.inputSchema.safeParse(raw);
    if (parsed.success) return { kind: 'valid', data: parsed.data };
    return { kind: 'invalid', issues: toInputIssues(parsed.error.issues), cause: parsed.error };
  } catch (error) {
    return { kind: 'threw', error };
  }
}
