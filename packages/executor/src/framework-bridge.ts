/**
 * `createFrameworkBridge`: what an adapter for an agent framework with its own approval step
 * (the Vercel AI SDK's and the OpenAI Agents SDK's `needsApproval`) needs from the executor:
 *
 * - `needsApproval(tool, input, callId, step)` previews the permission decision
 *   (`previewDecision`) and answers true when the engine asks — the framework then puts the
 *   call to the user. It also answers true for an allowed call that comes, in the same model
 *   step, after a call waiting for approval, unless both are concurrency-safe: the framework
 *   would otherwise run it at once, before the call it follows (a read of the file a pending
 *   write writes). So the executor's order holds across approvals: nothing moves past a
 *   waiting write, and a write waits behind a waiting read. When a later request answers a
 *   later call of a step and leaves an earlier one unanswered, `run` is told which calls
 *   still wait (`waitingBefore`) and the later call ends `cancelled` instead of running first.
 * - An approval authorises one exact call: the tool, what JSON keeps of its input (canonical
 *   text) and the call id, as `needsApproval` saw them. `run(call)` hands the call to an
 *   executor (through a `CallBatcher`, so a framework step's calls keep the executor's
 *   batching) whose prompter allows an `ask` only for that exact call, once, and denies any
 *   other (fail closed) — a second call under the same id with other input never runs on
 *   the first one's approval. The frameworks ask `needsApproval` again right before they run
 *   an approved call — also in a later request or after a resume — so this holds across
 *   requests and instances.
 * - Call ids are unique: a call whose id another call of its step already used, or whose id
 *   this bridge already ran, is refused (an `invalid_input` result, `duplicate_call_id`), as
 *   is every call of an executor run that shares an id.
 */
import type { PermissionDecider } from '@dexter/permissions';
import { createPermissionEngine } from '@dexter/permissions';
import type { AnyTool } from '@dexter/registry';
import { type BatchedCallOptions, createCallBatcher } from './call-batcher';
import { clip } from './call-fields';
import { createExecutor, type Executor, type ExecutorCall } from './executor';
import type { ExecutorOptions } from './executor-options';
import { encodeCanonicalJson, keepJson } from './json-value';
import { makeResult } from './make-result';
import { previewDecision } from './preview-decision';
import type { ToolResult } from './tool-result';

/** Options of `createFrameworkBridge`: the executor's, without a prompter (the framework asks). */
export interface FrameworkBridgeOptions extends Omit<ExecutorOptions, 'tools' | 'approvals' | 'permissions'> {
  tools: readonly AnyTool[];
  /** The decider. Default: `createPermissionEngine({ cwd })` — the built-in floor applies. */
  permissions?: PermissionDecider;
}

/** What the framework knows about the step a call belongs to (see `needsApproval`). */
export interface BridgeStep {
  /**
   * An object the framework hands over for every call of one model step (the AI SDK's
   * `messages` array): calls seen with the same object, in the order seen, form one step.
   * Without it, calls whose `needsApproval` starts in the same turn of the event loop do.
   */
  key?: object;
  /**
   * Tool names of the calls before this one in its step that still wait for approval, when the
   * framework's own records say so (a continuation request, where this bridge saw none of them).
   */
  waitingBefore?: readonly string[];
  /** The framework's records hold another call under this call's id. */
  duplicateId?: boolean;
}

/** Options of one `run`. */
export interface BridgeRunOptions extends BatchedCallOptions {
  /** The framework's records hold another call under this call's id: refused, never run. */
  duplicateId?: boolean;
  /**
   * Tool names of the calls before this one in its step that still wait for the user's answer
   * (asked, not answered in this request, no result), when the framework's records say so.
   * Unless this call and each of them are concurrency-safe, this call does not run: it ends
   * `cancelled`, saying which call it would have moved past — the frameworks cannot hold an
   * approved call back for a later request, and running it now would put it before a call
   * the model made first.
   */
  waitingBefore?: readonly string[];
}

/** Made by `createFrameworkBridge`. */
export interface FrameworkBridge {
  /** The executor that runs the calls (its `session` keeps soft-limit counters). */
  readonly executor: Executor;
  /**
   * True when the call must wait for the user: the engine asks, or an earlier call of its step
   * waits and the two are not both concurrency-safe. Records the exact call put to the user.
   */
  needsApproval(
    tool: AnyTool,
    input: unknown,
    callId: string | undefined,
    step?: BridgeStep,
  ): Promise<boolean>;
  /**
   * The calls before `callId` in its step that this bridge saw wait for the user (ids and
   * tool names, in step order) and has not run since. For frameworks whose records do not
   * say which calls of a step still wait: the adapter keeps those the framework has no
   * answer for and passes them to `run` as `waitingBefore`. Empty for a call this bridge
   * did not see (another process).
   */
  waitedBefore(callId: string): Promise<{ id: string; name: string }[]>;
  /** Runs one call; resolves with its result. Never rejects. */
  run(call: ExecutorCall, options?: BridgeRunOptions): Promise<ToolResult>;
}

/** Calls remembered per kind (bounded: the oldest is forgotten first). */
const MAX_REMEMBERED = 4096;

/** A bounded insertion-ordered map. */
class Bounded<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > MAX_REMEMBERED) super.delete(this.keys().next().value as string);
    return this;
  }
}

/** The exact call an approval authorises: tool name and the canonical text of what JSON keeps of the input. */
function exactCall(name: string, input: unknown): string {
  try {
    return `${name}\u0000${encodeCanonicalJson(keepJson(input).value ?? null)}`;
  } catch {
    return `${name}\u0000\u0000unreadable`; // never equal to a readable input's text
  }
}

interface StepEntry {
  id: string;
  name: string;
  safe: boolean;
  /** Resolves to whether the call waits for the user (known once its decision is). */
  waits: Promise<boolean>;
}

interface StepState {
  entries: StepEntry[];
  ids: Set<string>;
}

/** Joins an agent framework's approval step to the permission engine and the executor. */
export function createFrameworkBridge(options: FrameworkBridgeOptions): FrameworkBridge {
  const { tools, permissions: given, ...executorOptions } = options;
  const permissions = given ?? createPermissionEngine({ cwd: executorOptions.cwd ?? process.cwd() });
  /** Call id → the exact call put to the user and not yet run. */
  const putToUser = new Bounded<string>();
  /** Call id → the exact call a batch is running now (set by `run`). */
  const running = new Map<string, string>();
  /** Ids refused as duplicates, and ids this bridge ran. */
  const refused = new Bounded<true>();
  const ran = new Bounded<true>();
  const byName = new Map(tools.map((tool) => [tool.name, tool] as const));
  const executor = createExecutor({
    ...executorOptions,
    tools,
    permissions,
    approvals: {
      prompt(request) {
        const id = request.toolCallId;
        const shown = putToUser.get(id);
        const runs = running.get(id);
        if (shown !== undefined && runs !== undefined && shown === runs && !refused.has(id)) {
          putToUser.delete(id);
          return 'allow-once';
        }
        return {
          decision: 'deny',
          message:
            shown !== undefined && shown !== runs
              ? 'This call is not the one the user approved under this id.'
              : 'This call needs approval, and it was not approved through the host.',
        };
      },
    },
  });
  const batcher = createCallBatcher(executor);
  const cwd = executorOptions.cwd;
  const steps = new WeakMap<object, StepState>();
  /** Call id → the calls before it in its step, as this bridge saw them. */
  const before = new Bounded<StepEntry[]>();
  let tickStep: object | undefined;

  /** The step a call belongs to: the framework's key, else this turn of the event loop. */
  const stepOf = (key: object | undefined): StepState => {
    let stepKey = key;
    if (stepKey === undefined) {
      if (tickStep === undefined) {
        tickStep = {};
        setImmediate(() => {
          tickStep = undefined;
        });
      }
      stepKey = tickStep;
    }
    let state = steps.get(stepKey);
    if (state === undefined) {
      state = { entries: [], ids: new Set() };
      steps.set(stepKey, state);
    }
    return state;
  };

  /** The first of `waiting` this call may not move past, if any. */
  const blockerOf = (name: string, waiting: readonly string[] | undefined): string | undefined => {
    const safe = byName.get(name)?.concurrencySafe === true;
    return (waiting ?? []).find((other) => !(safe && byName.get(other)?.concurrencySafe === true));
  };

  const holdBack = (call: ExecutorCall, blocker: string): ToolResult =>
    makeResult({
      toolCallId: String(call.id),
      name: String(call.name),
      status: 'cancelled',
      error: {
        message: `This call did not run: it comes after a ${clip(blocker, 200)} call of the same step that still waits for the user's answer, and a call never runs before one the model made first. Make it again once that call has its answer.`,
      },
    });

  const refuse = (call: ExecutorCall): ToolResult =>
    makeResult({
      toolCallId: String(call.id),
      name: String(call.name),
      status: 'invalid_input',
      error: {
        message: `The tool call id "${clip(String(call.id), 200)}" is used by more than one call; this call did not run. Give every call its own id.`,
        issues: [{ path: ['id'], code: 'duplicate_call_id', message: 'duplicate tool call id' }],
      },
    });

  return {
    executor,
    needsApproval(tool, input, callId, step = {}) {
      if (callId === undefined) {
        return previewDecision({ tool, input, permissions, ...(cwd === undefined ? {} : { cwd }) }).then(
          (preview) => preview.behavior === 'ask',
        );
      }
      // Registered synchronously, in the order the framework asks: later calls of the step
      // wait on this one's answer.
      const state = stepOf(step.key);
      const exact = exactCall(tool.name, input);
      if (state.ids.has(callId) && step.duplicateId !== true && putToUser.get(callId) === exact) {
        // Asked again about a call already put to the user and still unanswered (a framework
        // resuming a run in the same turn of the event loop): the same call, not a second one.
        return Promise.resolve(true);
      }
      if (step.duplicateId === true || state.ids.has(callId) || refused.has(callId)) {
        refused.set(callId, true);
        putToUser.delete(callId);
        return Promise.resolve(false); // it runs into its refusal at once; nothing to approve
      }
      state.ids.add(callId);
      const earlier = [...state.entries];
      const safe = tool.concurrencySafe;
      const waits = (async () => {
        const preview = await previewDecision({
          tool,
          input,
          permissions,
          ...(cwd === undefined ? {} : { cwd }),
        });
        if (preview.behavior === 'ask') return true;
        // A denial or bad input runs into its result at once: it touches nothing.
        if (preview.behavior !== 'allow') return false;
        if (blockerOf(tool.name, step.waitingBefore) !== undefined) return true;
        for (const entry of earlier) {
          if ((await entry.waits) && !(safe && entry.safe)) return true;
        }
        return false;
      })().catch(() => true); // cannot tell: keep it waiting for the user (fail closed)
      state.entries.push({ id: callId, name: tool.name, safe, waits });
      before.set(callId, earlier);
      return waits.then((wait) => {
        if (refused.has(callId)) return false;
        const shown = putToUser.get(callId);
        if (shown !== undefined && shown !== exact) {
          // Put to the user with one input, asked again with another: the input changed
          // between the question and the run. Neither runs.
          refused.set(callId, true);
          putToUser.delete(callId);
          return false;
        }
        if (wait) putToUser.set(callId, exact);
        else putToUser.delete(callId);
        return wait;
      });
    },
    async waitedBefore(callId) {
      const waited: { id: string; name: string }[] = [];
      for (const entry of before.get(callId) ?? []) {
        if ((await entry.waits) && !ran.has(entry.id) && !refused.has(entry.id)) {
          waited.push({ id: entry.id, name: entry.name });
        }
      }
      return waited;
    },
    async run(call, runOptions = {}) {
      const id = String(call?.id);
      if (runOptions.duplicateId === true || refused.has(id) || ran.has(id)) {
        refused.set(id, true);
        return refuse(call);
      }
      // Held back, it has not run: the same call may come again once the earlier one is answered.
      const blocker = blockerOf(String(call.name), runOptions.waitingBefore);
      if (blocker !== undefined) return holdBack(call, blocker);
      ran.set(id, true);
      running.set(id, exactCall(String(call.name), call.input));
      try {
        const { duplicateId: _duplicate, waitingBefore: _waiting, ...batched } = runOptions;
        return await batcher.run(call, batched);
      } finally {
        running.delete(id);
      }
    },
  };
}
