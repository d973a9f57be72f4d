/**
 * `createMcpTool`: one server tool as a registry tool, so the executor treats it like any
 * other — input validated against the server's JSON Schema, permission rules by name
 * (`mcp__fs__read_file`, `mcp__fs`) and by subject (a host mapping), approvals, timeouts,
 * progress, one result per call.
 *
 * Trust: tool annotations come from the server and may lie. Only for a server the host
 * marks `trusted` does `readOnlyHint: true` make a tool concurrency-safe and declare `allow`
 * as its default (the permission engine still asks until a rule names an MCP tool); otherwise
 * every MCP tool runs alone and asks.
 */
import { UnplacedSubjectError } from '@dexter/executor';
import {
  type AnyTool,
  defineTool,
  type PermissionSubject,
  type ProgressUpdate,
  type ToolContext,
} from '@dexter/registry';
import { type McpToolOutput, renderMcpContent } from './content';
import { McpError } from './errors';
import { isServerSecretPath, type McpSubjectContext, type McpSubjectMapper } from './filesystem-subjects';
import { jsonSchemaInput } from './json-schema-input';
import {
  capDescription,
  capResult,
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_MAX_RESULT_CHARS,
} from './result-limits';
import type { McpCallOptions, McpServerConnection, McpToolDefinition } from './server-connection';

/** How the host treats one server. */
export interface McpServerOptions {
  /** Believe the server's tool annotations (`readOnlyHint` → concurrency-safe, declared default `allow`; the permission engine still wants a rule naming an MCP tool). Default false. */
  trusted?: boolean;
  /** Maps a call's arguments to what it touches (e.g. `filesystemSubjects`), so file rules and the floor apply. */
  subjects?: McpSubjectMapper;
  /**
   * Directories offered to the server as its roots through the MCP `roots` exchange
   * (`roots/list`; `~` and relative paths placed as the server would). Servers that honour
   * roots (the official filesystem server) use them instead of their launch arguments, and the
   * subject mapping places paths against them.
   */
  roots?: readonly string[];
  /** Per-call timeout for this server's tools (the executor's default otherwise). */
  timeoutMs?: number;
  /** Longest tool description kept (default 4000 characters); longer ones are cut with a note. */
  maxDescriptionChars?: number;
  /** Largest tool input schema accepted (default 100,000 characters of JSON text, at most 64 levels deep); a tool with a larger one is skipped with an `input_schema_too_large` warning. */
  maxInputSchemaChars?: number;
  /** Largest call result kept (default 1,000,000 characters of text, data and structured JSON); larger ones are cut with a note. */
  maxResultChars?: number;
  /** Largest message read from a stdio server (default 64 MiB); a larger answer fails its call (`result_too_large`), the connection stays up. */
  maxMessageBytes?: number;
}

const COMPACT_MAX = 120;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first sentence or line of a description, at most 120 characters. */
export function compactDescriptionOf(definition: McpToolDefinition): string {
  const description = definition.description ?? '';
  const firstLine = description.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const sentence = oneLine(firstLine).match(/^.*?[.!?](?=\s|$)/)?.[0] ?? oneLine(firstLine);
  const base =
    sentence || oneLine(definition.title ?? definition.annotations?.title ?? '') || definition.name;
  return base.length > COMPACT_MAX ? `${base.slice(0, COMPACT_MAX - 1)}…` : base;
}

/** Reports a call's `notifications/progress` as the tool's progress (a percent when the server sent a total). */
function progressReporter(progress: ToolContext['progress']): NonNullable<McpCallOptions['onProgress']> {
  return ({ progress: done, total, message }) => {
    const update: ProgressUpdate = {
      message: message ?? (total === undefined ? `${done}` : `${done}/${total}`),
    };
    if (typeof total === 'number' && total > 0)
      update.percent = Math.min(100, Math.max(0, (done / total) * 100));
    progress(update);
  };
}

/**
 * Builds the registry tool for one server tool.
 *
 * @param registryName the `mcp__<server>__<tool>` name (from `McpToolNames`).
 */
export function createMcpTool(
  connection: McpServerConnection,
  definition: McpToolDefinition,
  registryName: string,
  options: McpServerOptions & { subjectContext: () => McpSubjectContext },
): AnyTool {
  const server = connection.name;
  const readOnly = options.trusted === true && definition.annotations?.readOnlyHint === true;
  const subjects = options.subjects;
  const maxResultChars = options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  const description =
    definition.description && definition.description.trim() !== ''
      ? definition.description
      : `${definition.title ?? definition.name} (tool "${definition.name}" of MCP server "${server}")`;
  return defineTool({
    name: registryName,
    inputSchema: jsonSchemaInput(definition.inputSchema as Record<string, unknown>),
    description: capDescription(description, options.maxDescriptionChars ?? DEFAULT_MAX_DESCRIPTION_CHARS),
    compactDescription: compactDescriptionOf(definition),
    concurrencySafe: readOnly,
    approval: readOnly ? 'allow' : 'ask',
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(subjects
      ? {
          permissionSubject: (input: Record<string, unknown>) =>
            subjects(definition.name, input, options.subjectContext()),
        }
      : {}),
    formatOutput: (output: McpToolOutput) => renderMcpContent(output),
    async execute(input: Record<string, unknown>, context): Promise<McpToolOutput> {
      // Belt and braces under the engine's floor: a mapped read of a secret never goes out,
      // even through a decider that does not know the floor.
      const subjectContext = options.subjectContext();
      let subject: PermissionSubject | undefined;
      try {
        subject = subjects?.(definition.name, input, subjectContext);
      } catch (error) {
        // A call that could not be placed was put to a person (who approved it); the mapping
        // already refused one that could be a secret wherever it lands.
        if (!UnplacedSubjectError.isInstance(error)) throw error;
      }
      if (subject?.kind === 'file' && isServerSecretPath(subject.path, subjectContext)) {
        throw new McpError(
          'secret_refused',
          `${registryName} would touch ${subject.path}, a secret location; the call was not sent`,
          { server },
        );
      }
      // No progress token when nobody receives progress: the server sends no notifications.
      const onProgress = context.progressObserved === false ? undefined : progressReporter(context.progress);
      // The executor's context hears an abort without making an AbortSignal (see `onAbort`).
      const result = await connection.callTool(
        definition.name,
        input,
        context.onAbort === undefined
          ? { signal: context.signal, onProgress }
          : { cancellation: context as Required<Pick<ToolContext, 'onAbort'>>, onProgress },
      );
      let content = Array.isArray(result.content) ? (result.content as McpToolOutput['content']) : [];
      let structured = result.structuredContent as Record<string, unknown> | undefined;
      const capped = capResult(content, structured, maxResultChars);
      if (capped !== undefined) {
        content = capped.content;
        structured = capped.structuredContent;
      }
      if (result.isError === true) {
        throw new McpError('tool_error', renderMcpContent({ content, structuredContent: structured }), {
          server,
        });
      }
      // Built field by field: an object spread here costs microseconds per call on Node 20.
      const output: McpToolOutput = { content, server, tool: definition.name };
      if (structured !== undefined) output.structuredContent = structured;
      return output;
    },
  });
}
