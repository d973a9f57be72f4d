/**
 * `createAgentsTools`: Dexter registry tools as OpenAI Agents SDK function tools
 * (`@openai/agents` 0.20), with our permission engine behind the SDK's `needsApproval` and
 * our executor running every call.
 *
 * - `needsApproval` previews the engine's decision (`previewDecision`): `ask` answers true,
 *   so the run stops with an interruption the host approves or rejects
 *   (`result.state.approve(item)`) and resumes — in this process or, from the serialized
 *   `RunState`, in another; `allow` and `deny` answer false.
 * - `execute` hands the call to the executor (through a `CallBatcher`, so the calls of one
 *   turn keep the executor's batching). The executor decides again: a rule's or the floor's
 *   denial comes back as a `denied` result the model reads; an `ask` runs only when
 *   `needsApproval` said true for that very call in this process (the SDK asks
 *   `needsApproval` again right before it runs an approved call, also after a resume), any
 *   other `ask` is denied (fail closed).
 * - The SDK sees each tool's JSON Schema, non-strict, and does not validate with it: the
 *   executor does, so bad input comes back to the model as a readable `invalid_input`.
 */
import {
  createCallBatcher,
  createExecutor,
  type Executor,
  type ExecutorOptions,
  previewDecision,
  type ToolResult,
} from '@dexter/executor';
import { createPermissionEngine, type PermissionDecider } from '@dexter/permissions';
import { type AnyTool, toJsonSchema } from '@dexter/registry';
import { type FunctionTool, tool } from '@openai/agents';

/** Options of `createAgentsTools`: the executor's options, without a prompter (the SDK asks). */
export interface AgentsToolsOptions extends Omit<ExecutorOptions, 'tools' | 'approvals' | 'permissions'> {
  tools: readonly AnyTool[];
  /** The decider. Default: `createPermissionEngine({ cwd })` — the built-in floor applies. */
  permissions?: PermissionDecider;
}

/** Made by `createAgentsTools`. */
export interface AgentsTools {
  /** Pass as an `Agent`'s `tools`. */
  tools: FunctionTool[];
  /** The executor that runs the calls (its `session` keeps soft-limit counters). */
  executor: Executor;
  /** The last result of each call id this instance ran, for hosts that want more than the text. */
  results: ReadonlyMap<string, ToolResult>;
}

/** Calls `needsApproval` said true for, waiting for their execution (bounded: oldest dropped). */
const MAX_REMEMBERED = 4096;

function remember<T>(collection: Set<T> | Map<T, unknown>, key: T): void {
  if (collection.size <= MAX_REMEMBERED) return;
  const oldest = collection.keys().next().value;
  if (oldest !== undefined && oldest !== key) collection.delete(oldest);
}

function plainJsonSchema(registryTool: AnyTool): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = JSON.parse(JSON.stringify(toJsonSchema(registryTool))) as Record<
    string,
    unknown
  >;
  return schema;
}

/**
 * Registry tools as Agents SDK tools, gated by the permission engine and run by the executor.
 *
 * @example
 * ```ts
 * const { tools } = createAgentsTools({ tools: [bash], permissions: createPermissionEngine() });
 * const agent = new Agent({ name: 'ops', instructions: '…', tools });
 * let result = await run(agent, 'What changed?');
 * for (const item of result.interruptions) result.state.approve(item); // after asking the user
 * result = await run(agent, result.state);
 * ```
 */
export function createAgentsTools(options: AgentsToolsOptions): AgentsTools {
  const { tools: registryTools, permissions: given, ...executorOptions } = options;
  const permissions = given ?? createPermissionEngine({ cwd: executorOptions.cwd ?? process.cwd() });
  const asked = new Set<string>();
  const results = new Map<string, ToolResult>();
  const executor = createExecutor({
    ...executorOptions,
    tools: registryTools,
    permissions,
    approvals: {
      prompt(request) {
        if (!asked.delete(request.toolCallId)) {
          return {
            decision: 'deny',
            message: 'This call needs approval, and it was not approved through the host.',
          };
        }
        return 'allow-once';
      },
    },
  });
  const batcher = createCallBatcher(executor);
  const cwd = executorOptions.cwd;
  let anonymous = 0;

  const tools = registryTools.map((registryTool) =>
    tool({
      name: registryTool.name,
      description: registryTool.description,
      // Non-strict JSON Schema: shown to the model as is; the executor validates. A plain copy:
      // zod's JSON Schema output carries a hidden `~standard` marker the SDK would take for a
      // Standard Schema (which it only accepts in strict mode).
      parameters: plainJsonSchema(registryTool) as never,
      strict: false,
      needsApproval: async (_context, input, callId) => {
        const preview = await previewDecision({
          tool: registryTool,
          input,
          permissions,
          ...(cwd === undefined ? {} : { cwd }),
        });
        if (callId === undefined) return preview.behavior === 'ask';
        if (preview.behavior !== 'ask') {
          asked.delete(callId);
          return false;
        }
        asked.add(callId);
        remember(asked, callId);
        return true;
      },
      execute: async (input, _context, details) => {
        anonymous += 1;
        const id = details?.toolCall?.callId ?? `dexter-call-${anonymous}`;
        const result = await batcher.run(
          { id, name: registryTool.name, input },
          details?.signal === undefined ? {} : { signal: details.signal },
        );
        results.set(id, result);
        remember(results, id);
        return result.content;
      },
    }),
  );
  return { tools, executor, results };
}
