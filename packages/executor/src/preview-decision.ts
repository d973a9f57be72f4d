/**
 * `previewDecision`: the permission decision a run would reach for one call, without running
 * anything — for hosts whose framework asks "does this call need approval?" before it
 * executes (the Vercel AI SDK's `needsApproval`, the OpenAI Agents SDK's `needsApproval`).
 * It validates the input with the tool's schema and asks the decider exactly as a run does
 * (same request: tool, parsed input, subject, cwd, the tool's default). Fails closed: a
 * decider that throws or answers garbage previews as `deny`.
 */
import type { AnyTool } from '@dexter/registry';
import { decidePermission } from './permission-gate';
import type { PermissionDecider, PermissionDecision } from './permission-port';
import { validateInput } from './validate-input';

/** What `previewDecision` concluded. */
export type PreviewedDecision =
  | { behavior: 'allow' | 'ask' | 'deny'; reason: string; decision?: PermissionDecision }
  /** The input fails the tool's schema: a run answers `invalid_input` without asking anyone. */
  | { behavior: 'invalid_input'; reason: string };

/** Options of `previewDecision`. */
export interface PreviewDecisionOptions {
  tool: AnyTool;
  /** The model's input, before validation. */
  input: unknown;
  /** The decider the executor uses; without one, the tool's own `approval` policy decides. */
  permissions?: PermissionDecider;
  /** The executor's `cwd`, if it has one. */
  cwd?: string;
  signal?: AbortSignal;
}

/** Previews the decision a run would reach for one call. Never throws. */
export async function previewDecision(options: PreviewDecisionOptions): Promise<PreviewedDecision> {
  const { tool, input, permissions, cwd } = options;
  const validation = validateInput(tool, input);
  if (validation.kind !== 'valid') {
    return { behavior: 'invalid_input', reason: `the input of ${tool.name} is not valid for its schema` };
  }
  const signal = options.signal ?? new AbortController().signal;
  let decided: Awaited<ReturnType<typeof decidePermission>>;
  try {
    decided = await decidePermission({ tool, input: validation.data, permissions, cwd, signal });
  } catch (error) {
    decided = error instanceof Error ? error.message : 'the permission decider failed';
  }
  if (typeof decided === 'string') {
    return { behavior: 'deny', reason: decided === 'aborted' ? 'aborted' : `denied: ${decided}` };
  }
  const { behavior, reason } = decided.decision;
  return { behavior, reason, decision: decided.decision };
}
