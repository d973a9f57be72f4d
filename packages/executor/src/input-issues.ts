/**
 * Turns zod issues (and unparseable JSON) into `InputIssue`s and text a model can act on:
 * one line per problem, with the path into the input.
 */
import type { InputIssue } from './tool-result';

/** The minimal zod issue shape read here (zod 4's `$ZodIssue`). */
interface ZodLikeIssue {
  code?: string;
  path?: readonly PropertyKey[];
  message?: string;
}

/** Converts zod's issues to plain `InputIssue`s (symbols in paths become strings). */
export function toInputIssues(issues: readonly ZodLikeIssue[]): InputIssue[] {
  return issues.map((issue) => ({
    path: (issue.path ?? []).map((part) => (typeof part === 'number' ? part : String(part))),
    code: issue.code ?? 'invalid',
    message: issue.message ?? 'invalid value',
  }));
}

/** `filters[0].ticker`, or `(input)` for the whole input. */
export function formatIssuePath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(input)';
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) text += text === '' ? part : `.${part}`;
    else text += `[${JSON.stringify(part)}]`;
  }
  return text;
}

/** One line per issue: `- filters[0].ticker: Expected string, received number`. */
export function formatIssues(issues: readonly InputIssue[]): string {
  return issues.map((issue) => `- ${formatIssuePath(issue.path)}: ${issue.message}`).join('\n');
}
