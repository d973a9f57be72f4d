/** `outcomeResult`: the `ToolResult` for how an execution ended (see `run-tool.ts`). */

import type { AnyTool } from '@dexter/registry';
import { errorMessage, errorName } from './call-fields';
import { formattedOutput, makeResult, type ResultFields } from './make-result';
import type { ToolOutcome } from './run-tool';
import type { ToolResult } from './tool-result';

/** Builds the result of an execution that ran (or started to). */
export function outcomeResult(
  toolCallId: string,
  tool: AnyTool,
  notes: readonly string[],
  outcome: ToolOutcome,
  durationMs: number,
): ToolResult {
  const name = tool.name;
  switch (outcome.kind) {
    case 'ok': {
      // The tool's own `formatOutput` (if any) words the content; `output` stays untouched.
      // Fields are written out, not spread: spreading here cost microseconds per call.
      const fields: ResultFields = {
        toolCallId,
        name,
        notes,
        durationMs,
        status: 'ok',
        output: outcome.output,
      };
      if (typeof tool.formatOutput === 'function') {
        const { summary } = formattedOutput(tool, outcome.output);
        if (summary !== undefined) fields.summary = summary;
      }
      return makeResult(fields);
    }
    case 'error': {
      const thrown = outcome.error;
      const thrownName = errorName(thrown);
      return makeResult({
        toolCallId,
        name,
        notes,
        durationMs,
        status: 'error',
        error: {
          message: `${name} failed: ${errorMessage(thrown)}`,
          ...(thrownName === undefined ? {} : { name: thrownName }),
          cause: thrown,
        },
      });
    }
    case 'timeout':
      return makeResult({
        toolCallId,
        name,
        notes,
        durationMs,
        status: 'timeout',
        error: { message: `${name} timed out after ${outcome.timeoutMs} ms and was asked to stop.` },
      });
    case 'cancelled':
      return makeResult({
        toolCallId,
        name,
        notes,
        durationMs,
        status: 'cancelled',
        error: {
          message: `The run was cancelled while ${name} was running; it was asked to stop.`,
          cause: outcome.reason,
        },
      });
  }
}
