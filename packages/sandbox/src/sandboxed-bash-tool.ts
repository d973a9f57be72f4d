/**
 * `createSandboxedBashTool`: a `bash` tool whose commands run inside the OS sandbox, and
 * `sandboxCommandTool`, the same for any tool that runs one shell command per call. Each call
 * is wrapped under its own id; its result carries what the sandbox refused (the
 * `<sandbox_violations>` block) so the model reads why a command failed; the runtime cleans
 * up after every call.
 */
import { type AnyTool, defineTool, type Tool, type ToolContext, type ToolInput } from '@dexter/registry';
import { z } from 'zod';
import type { Sandbox, SandboxRunResult } from './create-sandbox';
import { formatViolations } from './violations';

/** Options of `createSandboxedBashTool`. */
export interface SandboxedBashToolOptions {
  sandbox: Sandbox;
  /** Tool name (default `bash`). */
  name?: string;
  /** Per-command timeout in ms (default 120000). */
  timeoutMs?: number;
  /**
   * Offer the model a `runOutsideSandbox` input (default false). Such a call is always asked
   * when the executor's `permissions` is `sandbox.decider(engine)`, and then runs unsandboxed.
   */
  allowRunOutsideSandbox?: boolean;
}

const bashSchema = z.object({
  command: z.string().min(1).describe('The bash command to run.'),
  cwd: z.string().optional().describe('Working directory (default: the project directory).'),
  runOutsideSandbox: z
    .boolean()
    .optional()
    .describe(
      'Run without the OS sandbox. Always needs the user’s approval; use only when the sandbox blocks a needed action.',
    ),
});
const OUTSIDE_FIELD = 'runOutsideSandbox';

/** The input of the sandboxed bash tool (`runOutsideSandbox` only when the tool offers it). */
export type SandboxedBashInput = z.infer<typeof bashSchema>;

/** The text the model reads for a run: output, exit status, and the violations block. */
export function formatRunResult(result: SandboxRunResult): string {
  const parts: string[] = [];
  if (result.stdout !== '') parts.push(result.stdout.trimEnd());
  if (result.stderr !== '') parts.push(`[stderr]\n${result.stderr.trimEnd()}`);
  const exit = result.timedOut
    ? 'timed out'
    : result.exitCode === null
      ? `killed (${result.signal ?? 'signal'})`
      : `exit code ${result.exitCode}`;
  parts.push(`[${exit}, ${result.sandboxed ? 'sandboxed' : 'not sandboxed'}]`);
  const block = formatViolations(result.violations);
  if (block !== '') parts.push(block);
  return parts.join('\n');
}

function execution(
  sandbox: Sandbox,
  tool: string,
  command: string,
  cwd: string | undefined,
  outside: boolean,
) {
  return (input: unknown, context: ToolContext) =>
    sandbox.run(command, {
      toolCallId: context.toolCallId,
      signal: context.signal,
      tool,
      input,
      ...(cwd === undefined ? {} : { cwd }),
      ...(outside ? { outsideSandbox: true } : {}),
    });
}

/**
 * Creates a `bash` tool that runs every command in `sandbox` (and registers itself with it,
 * so that `sandbox.autoAllow` knows its calls run sandboxed).
 *
 * @example
 * ```ts
 * const bash = createSandboxedBashTool({ sandbox });
 * ```
 */
export function createSandboxedBashTool(
  options: SandboxedBashToolOptions,
): Tool<typeof bashSchema, SandboxRunResult> {
  const { sandbox } = options;
  const name = options.name ?? 'bash';
  const offersOutside = options.allowRunOutsideSandbox === true;
  sandbox.registerTool(name, offersOutside ? OUTSIDE_FIELD : undefined);
  const inputSchema = offersOutside
    ? bashSchema
    : (bashSchema.omit({ runOutsideSandbox: true }) as typeof bashSchema);
  return defineTool({
    name,
    inputSchema,
    description:
      'Runs a bash command in the project directory inside an OS sandbox: secret files cannot be read, files can be written only in the project (and paths the user allowed), and the network reaches only allowed hosts (others are asked about). When the sandbox refuses something, the result ends with a <sandbox_violations> block naming the path or host.',
    compactDescription: 'Run a bash command (OS-sandboxed)',
    concurrencySafe: false,
    approval: 'ask',
    timeoutMs: options.timeoutMs ?? 120_000,
    permissionSubject: (input) =>
      input.cwd === undefined
        ? { kind: 'shell', command: input.command }
        : { kind: 'shell', command: input.command, cwd: input.cwd },
    execute: (input, context) =>
      execution(
        sandbox,
        name,
        input.command,
        input.cwd,
        offersOutside && input.runOutsideSandbox === true,
      )(input, context),
    formatOutput: formatRunResult,
  });
}

/** Options of `sandboxCommandTool`. */
export interface SandboxCommandToolOptions<Input> {
  sandbox: Sandbox;
  /** The shell command a call runs. */
  command(input: Input): string;
  /** The call's working directory (default: the sandbox's). */
  cwd?(input: Input): string | undefined;
}

/**
 * Wraps a tool that runs one shell command per call (its `permissionSubject` is a shell
 * subject): the same name, schema, descriptions and permission subject, but the command runs
 * in `sandbox`, and the result is the run with its violations.
 *
 * @example
 * ```ts
 * const sandboxedRunTests = sandboxCommandTool(runTests, {
 *   sandbox,
 *   command: (input) => `npm test -- ${input.pattern}`,
 * });
 * ```
 */
export function sandboxCommandTool<T extends AnyTool>(
  tool: T,
  options: SandboxCommandToolOptions<ToolInput<T>>,
): AnyTool {
  options.sandbox.registerTool(tool.name);
  const base = tool as AnyTool;
  return defineTool({
    name: base.name,
    inputSchema: base.inputSchema,
    description: base.description,
    compactDescription: base.compactDescription,
    concurrencySafe: false,
    approval: base.approval,
    ...(base.timeoutMs === undefined ? {} : { timeoutMs: base.timeoutMs }),
    ...(base.permissionSubject === undefined ? {} : { permissionSubject: base.permissionSubject }),
    execute: (input: ToolInput<T>, context: ToolContext) =>
      execution(
        options.sandbox,
        base.name,
        options.command(input),
        options.cwd?.(input),
        false,
      )(input, context),
    formatOutput: formatRunResult,
  } as never) as AnyTool;
}
