/**
 * `approvalElicitation`: answers a server's `elicitation/create` through the host's
 * `ApprovalPrompter`, so the one approval UI a host already has also handles "the server
 * asks you something". The prompt carries the server's message and requested schema.
 *
 * Answers: a deny is `decline`; an allow is `accept` with the answer's `updatedInput` as
 * the form's content when the UI supplied one, else the schema's defaults — and when a
 * required field has neither, `decline` (nothing is invented for the user). A prompter
 * that throws or returns something unreadable declines (fail closed); an abort cancels.
 */
import { type ApprovalPrompter, normalizeApprovalResponse } from '@dexter/executor';
import type { McpElicitationHandler } from './server-connection';

interface FormSchema {
  properties?: Record<string, { default?: unknown }>;
  required?: string[];
}

function defaultsOf(schema: FormSchema): Record<string, unknown> | undefined {
  const content: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property && typeof property === 'object' && 'default' in property) content[key] = property.default;
  }
  for (const key of schema.required ?? []) if (!(key in content)) return undefined;
  return content;
}

/**
 * An elicitation handler that asks `prompter`.
 *
 * @example
 * ```ts
 * const mcp = await connectMcpServers(config, { elicitation: approvalElicitation(terminalPrompter) });
 * ```
 */
export function approvalElicitation(prompter: ApprovalPrompter): McpElicitationHandler {
  return async (params, context) => {
    const message = typeof params.message === 'string' ? params.message : 'The server asks for input';
    const schema = ('requestedSchema' in params ? params.requestedSchema : undefined) as
      | FormSchema
      | undefined;
    let raw: unknown;
    try {
      raw = await prompter.prompt({
        toolCallId: `elicitation:${context.server}`,
        tool: `mcp__${context.server}`,
        toolDescription: `MCP server "${context.server}" asks: ${message}`,
        input: schema ?? {},
        decision: {
          behavior: 'ask',
          reason: `MCP server "${context.server}" asks: ${message}`,
          sessionKey: `elicitation:${context.server}`,
          cacheable: false,
        },
        signal: context.signal,
      });
    } catch {
      return context.signal.aborted ? { action: 'cancel' } : { action: 'decline' };
    }
    const answer = normalizeApprovalResponse(raw);
    if (!answer.valid || answer.decision === 'deny') return { action: 'decline' };
    const supplied = answer.updatedInput;
    if (typeof supplied === 'object' && supplied !== null && !Array.isArray(supplied)) {
      return { action: 'accept', content: supplied as Record<string, string | number | boolean> };
    }
    const defaults = defaultsOf(schema ?? {});
    return defaults === undefined
      ? { action: 'decline' }
      : { action: 'accept', content: defaults as Record<string, string | number | boolean> };
  };
}
