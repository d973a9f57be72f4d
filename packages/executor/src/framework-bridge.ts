/**
 * `createFrameworkBridge`: what an adapter for an agent framework with its own approval step
 * (the Vercel AI SDK's and the OpenAI Agents SDK's `needsApproval`) needs from the executor:
 *
 * - `needsApproval(tool, input, callId)` previews the permission decision (`previewDecision`)
 *   and answers true when the engine asks — the framework then puts the call to the user;
 * - `run(call)` hands the call to an executor (through a `CallBatcher`, so a framework step's
 *   calls keep the executor's batching) whose prompter allows an `ask` only for a call that
 *   `needsApproval` put to the user in this process, and denies any other (fail closed). The
 *   frameworks ask `needsApproval` again right before they run an approved call — also in a
 *   later request or after a resume — so this holds across requests and instances.
 */
import type { PermissionDecider } from '@dexter/permissions';
import { createPermissionEngine } from '@dexter/permissions';
import type { AnyTool } from '@dexter/registry';
import { type BatchedCallOptions, createCallBatcher } from './call-batcher';
import { createExecutor, type Executor, type ExecutorCall } from './executor';
import type { ExecutorOptions } from './executor-options';
import { previewDecision } from './preview-decision';
import type { ToolResult } from './tool-result';

/** Options of `createFrameworkBridge`: the executor's, without a prompter (the framework asks). */
export interface FrameworkBridgeOptions extends Omit<ExecutorOptions, 'tools' | 'approvals' | 'permissions'> {
  tools: readonly AnyTool[];
  /** The decider. Default: `createPermissionEngine({ cwd })` — the built-in floor applies. */
  permissions?: PermissionDecider;
}

/** Made by `createFrameworkBridge`. */
export interface FrameworkBridge {
  /** The executor that runs the calls (its `session` keeps soft-limit counters). */
  readonly executor: Executor;
  /** True when the engine asks about this call: the framework should put it to the user. */
  needsApproval(tool: AnyTool, input: unknown, callId: string | undefined): Promise<boolean>;
  /** Runs one call; resolves with its result. Never rejects. */
  run(call: ExecutorCall, options?: BatchedCallOptions): Promise<ToolResult>;
}

/** Calls put to the user and not yet run (bounded: the oldest is forgotten). */
const MAX_REMEMBERED = 4096;

/** Joins an agent framework's approval step to the permission engine and the executor. */
export function createFrameworkBridge(options: FrameworkBridgeOptions): FrameworkBridge {
  const { tools, permissions: given, ...executorOptions } = options;
  const permissions = given ?? createPermissionEngine({ cwd: executorOptions.cwd ?? process.cwd() });
  const putToUser = new Set<string>();
  const executor = createExecutor({
    ...executorOptions,
    tools,
    permissions,
    approvals: {
      prompt(request) {
        if (putToUser.delete(request.toolCallId)) return 'allow-once';
        return {
          decision: 'deny',
          message: 'This call needs approval, and it was not approved through the host.',
        };
      },
    },
  });
  const batcher = createCallBatcher(executor);
  const cwd = executorOptions.cwd;
  return {
    executor,
    async needsApproval(tool, input, callId) {
      const preview = await previewDecision({
        tool,
        input,
        permissions,
        ...(cwd === undefined ? {} : { cwd }),
      });
      const asks = preview.behavior === 'ask';
      if (callId === undefined) return asks;
      if (!asks) {
        putToUser.delete(callId);
        return false;
      }
      putToUser.add(callId);
      if (putToUser.size > MAX_REMEMBERED) {
        const oldest = putToUser.values().next().value;
        if (oldest !== undefined && oldest !== callId) putToUser.delete(oldest);
      }
      return true;
    },
    run: (call, runOptions) => batcher.run(call, runOptions),
  };
}
