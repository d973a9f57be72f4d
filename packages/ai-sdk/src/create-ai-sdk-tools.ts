/**
 * `createAiSdkTools`: Dexter registry tools as Vercel AI SDK tools (`ai` 6), with our
 * permission engine as the AI SDK's tool-approval mechanism and our executor running every
 * call.
 *
 * - `needsApproval` previews the engine's decision for the call (`previewDecision`): `ask`
 *   answers true, so the AI SDK returns a `tool-approval-request` part and the host's UI
 *   answers it in the next request; `allow` and `deny` answer false.
 * - `execute` hands the call to the executor (through a `CallBatcher`, so the calls of one
 *   step keep the executor's batching: reads in parallel, anything else alone and in order).
 *   The executor decides again: a denial (a rule or the built-in floor) comes back as a
 *   `denied` result the model reads; an `ask` runs only when `needsApproval` said true for
 *   that very call in this process — the AI SDK re-checks `needsApproval` right before it
 *   executes an approved call, so this also holds when the approval arrives in another
 *   request or on another instance. Any other `ask` is denied (fail closed).
 * - The AI SDK sees each tool's JSON Schema but does not validate with it: the executor
 *   does, so bad input comes back to the model as a readable `invalid_input` result.
 */
import {
  createFrameworkBridge,
  type Executor,
  type FrameworkBridgeOptions,
  type ToolResult,
} from '@dexter/executor';
import { toJsonSchema } from '@dexter/registry';
import { jsonSchema, type Tool, tool } from 'ai';

/** What an AI SDK tool made here returns to the host (the model reads `content`). */
export interface DexterToolOutput {
  status: ToolResult['status'];
  /** The text the model reads. */
  content: string;
  /** The tool's own output, for `ok` results. */
  output?: unknown;
  /** Soft-limit warnings and approval messages the model also reads. */
  notes?: string[];
}

/**
 * Options of `createAiSdkTools`: the executor's options, without a prompter (the AI SDK asks);
 * `permissions` defaults to `createPermissionEngine({ cwd })`, so the built-in floor applies.
 */
export type AiSdkToolsOptions = FrameworkBridgeOptions;

/** Made by `createAiSdkTools`. */
export interface AiSdkTools {
  /** Pass as `tools` to `generateText` / `streamText` / an `Agent`. */
  tools: Record<string, Tool<unknown, DexterToolOutput>>;
  /** The executor that runs the calls (its `session` keeps soft-limit counters). */
  executor: Executor;
}

function outputOf(result: ToolResult): DexterToolOutput {
  const output: DexterToolOutput = { status: result.status, content: result.content };
  if (result.status === 'ok') output.output = result.output;
  if (result.notes && result.notes.length > 0) output.notes = [...result.notes];
  return output;
}

/**
 * Registry tools as AI SDK tools, gated by the permission engine and run by the executor.
 *
 * @example
 * ```ts
 * const { tools } = createAiSdkTools({
 *   tools: [bash],
 *   permissions: createPermissionEngine({ rules: { allow: ['Bash(git status:*)'] } }),
 * });
 * const result = await generateText({ model, tools, prompt: 'What changed?' });
 * // result.content holds `tool-approval-request` parts for calls the engine asks about.
 * ```
 */
export function createAiSdkTools(options: AiSdkToolsOptions): AiSdkTools {
  const bridge = createFrameworkBridge(options);

  const tools: Record<string, Tool<unknown, DexterToolOutput>> = {};
  for (const registryTool of options.tools) {
    tools[registryTool.name] = tool<unknown, DexterToolOutput>({
      description: registryTool.description,
      // Shown to the model as is; validated by the executor, which answers bad input readably.
      inputSchema: jsonSchema<unknown>(toJsonSchema(registryTool) as Parameters<typeof jsonSchema>[0]),
      needsApproval: (input, { toolCallId }) => bridge.needsApproval(registryTool, input, toolCallId),
      execute: async (input, { toolCallId, abortSignal }) => {
        const result = await bridge.run(
          { id: toolCallId, name: registryTool.name, input },
          abortSignal === undefined ? {} : { signal: abortSignal },
        );
        return outputOf(result);
      },
      toModelOutput: ({ output }) =>
        output.status === 'ok'
          ? { type: 'text', value: output.content }
          : { type: 'error-text', value: output.content },
    });
  }
  return { tools, executor: bridge.executor };
}
