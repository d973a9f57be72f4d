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
 * - Order across approvals: a call approved while an earlier call of its turn (one this
 *   process saw wait) still has no answer ends `cancelled` instead of running first; the
 *   runner hands the tool no record of the turn's other calls, so after a resume in another
 *   process only the calls it re-asks about are known, and this check is per process.
 * - The SDK sees each tool's JSON Schema, non-strict, and does not validate with it: the
 *   executor does, so bad input comes back to the model as a readable `invalid_input`.
 */
import {
  createFrameworkBridge,
  type Executor,
  type FrameworkBridgeOptions,
  type ToolResult,
} from '@dexter/executor';
import { type AnyTool, toJsonSchema } from '@dexter/registry';
import { type FunctionTool, tool } from '@openai/agents';

/**
 * Options of `createAgentsTools`: the executor's options, without a prompter (the SDK asks);
 * `permissions` defaults to `createPermissionEngine({ cwd })`, so the built-in floor applies.
 */
export type AgentsToolsOptions = FrameworkBridgeOptions;

/** Made by `createAgentsTools`. */
export interface AgentsTools {
  /** Pass as an `Agent`'s `tools`. */
  tools: FunctionTool[];
  /** The executor that runs the calls (its `session` keeps soft-limit counters). */
  executor: Executor;
  /** The last result of each call id this instance ran, for hosts that want more than the text. */
  results: ReadonlyMap<string, ToolResult>;
}

/** Results kept per call id (bounded: the oldest is forgotten). */
const MAX_RESULTS = 4096;

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
  const bridge = createFrameworkBridge(options);
  const results = new Map<string, ToolResult>();
  let anonymous = 0;

  const tools = options.tools.map((registryTool) =>
    tool({
      name: registryTool.name,
      description: registryTool.description,
      // Non-strict JSON Schema: shown to the model as is; the executor validates. A plain copy:
      // zod's JSON Schema output carries a hidden `~standard` marker the SDK would take for a
      // Standard Schema (which it only accepts in strict mode).
      parameters: plainJsonSchema(registryTool) as never,
      strict: false,
      needsApproval: (_context, input, callId) => bridge.needsApproval(registryTool, input, callId),
      execute: async (input, context, details) => {
        anonymous += 1;
        const id = details?.toolCall?.callId ?? `dexter-call-${anonymous}`;
        // Earlier calls of its turn that waited for approval and have no answer yet: this call
        // must not run before them (the runner runs approved calls while others stay interrupted).
        const waitingBefore = (await bridge.waitedBefore(id))
          .filter(
            (earlier) =>
              context?.isToolApproved({ toolName: earlier.name, callId: earlier.id }) === undefined,
          )
          .map((earlier) => earlier.name);
        const result = await bridge.run(
          { id, name: registryTool.name, input },
          { ...(details?.signal === undefined ? {} : { signal: details.signal }), waitingBefore },
        );
        results.set(id, result);
        if (results.size > MAX_RESULTS) results.delete(results.keys().next().value as string);
        return result.content;
      },
    }),
  );
  return { tools, executor: bridge.executor, results };
}
