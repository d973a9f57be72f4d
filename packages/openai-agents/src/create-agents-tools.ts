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
 * - Order across approvals: a call approved while an earlier call of its turn still has no
 *   answer ends `cancelled` instead of running first. The runner hands a tool no record of
 *   its turn's other calls, so the adapter learns them where it can: in the process that ran
 *   the turn, from the calls it was asked about; in any other, from the deserialized state,
 *   which the host hands to `prepareResume(state)` before `run(agent, state)` (its last model
 *   response, read through `toJSON()`, gives the model's order; `getInterruptions()` the
 *   calls put to the user). A call approved for its exact id in a turn this instance neither
 *   saw nor was handed is refused (`denied`, naming `prepareResume`) and not counted as run:
 *   the instance cannot tell whether an earlier call of the turn is still unanswered.
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
import { type FunctionTool, type RunContext, type RunToolApprovalItem, tool } from '@openai/agents';

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
  /**
   * Call with a `RunState` deserialized in a process that did not run its turn
   * (`RunState.fromString`), before `run(agent, state)`: the adapter learns the turn's calls
   * put to the user and their order, so a call approved while an earlier one is left
   * unanswered ends `cancelled` instead of running first. Without it, such an approved call
   * is refused. Throws a `TypeError` when an interrupted call is missing from the state's
   * last model response (its order cannot be known).
   */
  prepareResume(state: ResumableRunState): void;
}

/**
 * What `prepareResume` reads of a `RunState` (any `RunState` is one): `getInterruptions()`
 * (the calls put to the user) and, from its serialized form (`toJSON()`), the last model
 * response, whose output lists the turn's calls in the model's order.
 */
export interface ResumableRunState {
  getInterruptions(): readonly RunToolApprovalItem[];
  toJSON(): { lastModelResponse?: { output: readonly unknown[] } | undefined };
}

/** A call of a resumed turn (id and tool name). */
interface TurnCall {
  id: string;
  name: string;
}

/** Results and calls kept per call id (bounded: the oldest is forgotten). */
const MAX_RESULTS = 4096;

/** A call id no model makes: an approval that holds for it holds for every call of the tool. */
const STICKY_PROBE = '\u0000dexter:any-call';

/** A bounded insertion-ordered map. */
class Bounded<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > MAX_RESULTS) super.delete(this.keys().next().value as string);
    return this;
  }
}

/** The run's answer for one call: `true`, `false`, or `undefined` (none, or no run context). */
function answerOf(context: RunContext | undefined, toolName: string, callId: string): boolean | undefined {
  return typeof context?.isToolApproved === 'function'
    ? context.isToolApproved({ toolName, callId })
    : undefined;
}

/** For each call put to the user in the state's turn, the calls put to the user before it. */
function turnOrder(state: ResumableRunState): Map<string, TurnCall[]> {
  const position = new Map<string, number>();
  (state.toJSON().lastModelResponse?.output ?? []).forEach((item, index) => {
    if (typeof item !== 'object' || item === null) return;
    const { type, callId } = item as { type?: unknown; callId?: unknown };
    if (type === 'function_call' && typeof callId === 'string' && !position.has(callId)) {
      position.set(callId, index);
    }
  });
  const waiting: (TurnCall & { at: number })[] = [];
  for (const item of state.getInterruptions()) {
    const raw = item.rawItem;
    if (raw.type !== 'function_call') continue;
    const at = position.get(raw.callId);
    if (at === undefined) {
      throw new TypeError(
        `prepareResume: the run state's last model response has no call "${raw.callId}" (${raw.name}), so its order in its turn is unknown.`,
      );
    }
    waiting.push({ id: raw.callId, name: raw.name, at });
  }
  waiting.sort((a, b) => a.at - b.at);
  return new Map(
    waiting.map((call, index) => [call.id, waiting.slice(0, index).map(({ id, name }) => ({ id, name }))]),
  );
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
  const bridge = createFrameworkBridge(options);
  const results = new Bounded<ToolResult>();
  /** Call ids this instance was asked about before they had an answer: it saw their turn. */
  const seen = new Bounded<true>();
  /** Call id → the calls put to the user before it in its turn, from `prepareResume`. */
  const resumed = new Bounded<TurnCall[]>();
  let anonymous = 0;

  const keep = (id: string, result: ToolResult): string => {
    results.set(id, result);
    return result.content;
  };

  const tools = options.tools.map((registryTool) =>
    tool({
      name: registryTool.name,
      description: registryTool.description,
      // Non-strict JSON Schema: shown to the model as is; the executor validates. A plain copy:
      // zod's JSON Schema output carries a hidden `~standard` marker the SDK would take for a
      // Standard Schema (which it only accepts in strict mode).
      parameters: plainJsonSchema(registryTool) as never,
      strict: false,
      needsApproval: (context, input, callId) => {
        if (callId !== undefined && answerOf(context, registryTool.name, callId) === undefined) {
          seen.set(callId, true);
        }
        return bridge.needsApproval(registryTool, input, callId);
      },
      execute: async (input, context, details) => {
        anonymous += 1;
        const id = details?.toolCall?.callId ?? `dexter-call-${anonymous}`;
        const name = registryTool.name;
        const prepared = resumed.get(id);
        if (
          answerOf(context, name, id) === true &&
          answerOf(context, name, STICKY_PROBE) !== true &&
          !seen.has(id) &&
          prepared === undefined
        ) {
          // Approved in a turn this instance never saw, and the host did not hand it the state:
          // an earlier call of the turn may still be unanswered. Refused, not counted as run.
          const message = `This call did not run: it was approved in a run resumed from a serialized state, and this instance was not given that state. The host must call prepareResume(state) on createAgentsTools' result before run(agent, state), so the turn's order is kept.`;
          return keep(id, {
            toolCallId: id,
            name,
            status: 'denied',
            durationMs: 0,
            content: message,
            error: { message },
          });
        }
        // Earlier calls of its turn that waited for approval and have no answer yet: this call
        // must not run before them (the runner runs approved calls while others stay interrupted).
        const earlier = new Map<string, string>();
        for (const call of [...(prepared ?? []), ...(await bridge.waitedBefore(id))])
          earlier.set(call.id, call.name);
        const waitingBefore = [...earlier]
          .filter(([earlierId, earlierName]) => answerOf(context, earlierName, earlierId) === undefined)
          .map(([, earlierName]) => earlierName);
        const result = await bridge.run(
          { id, name, input },
          { ...(details?.signal === undefined ? {} : { signal: details.signal }), waitingBefore },
        );
        return keep(id, result);
      },
    }),
  );
  return {
    tools,
    executor: bridge.executor,
    results,
    prepareResume(state) {
      for (const [id, before] of turnOrder(state)) resumed.set(id, before);
    },
  };
}
