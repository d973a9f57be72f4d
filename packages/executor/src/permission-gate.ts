/**
 * `decidePermission`: asks the `PermissionDecider` about one call — or, without one, applies
 * the tool's own `approval` policy. Fails closed: a decider that throws, rejects or answers
 * something unreadable yields an error text, which the run turns into a denial. Synchronous
 * unless the decider answers with a promise (then the wait gives up on abort).
 */
import type { AnyTool } from '@dexter/registry';
import { settleOrAbort } from './abortable';
import { errorMessage } from './call-fields';
import type { PermissionDecider, PermissionDecision, PermissionRequest } from './permission-port';

/** A decision with the call's subject, an error text (→ deny), or `'aborted'`. */
export type Decided =
  | { decision: PermissionDecision; subject: PermissionRequest['subject'] }
  | string
  | 'aborted';

/** Reads a decider's answer; a string explains why it is unusable. */
export function readDecision(value: unknown): PermissionDecision | string {
  if (typeof value !== 'object' || value === null) return 'the decider returned no decision';
  const decision = value as Partial<PermissionDecision>;
  if (decision.behavior !== 'allow' && decision.behavior !== 'ask' && decision.behavior !== 'deny') {
    return `the decider returned an unknown behavior (${String(decision.behavior)})`;
  }
  const hasKey = typeof decision.sessionKey === 'string' && decision.sessionKey !== '';
  return {
    ...decision,
    behavior: decision.behavior,
    reason: typeof decision.reason === 'string' ? decision.reason : '',
    sessionKey: hasKey ? (decision.sessionKey as string) : '',
    // Without a key there is nothing to cache under; a denial is never cached.
    cacheable: hasKey && decision.cacheable === true && decision.behavior !== 'deny',
  };
}

type PolicyDecided = { decision: PermissionDecision; subject: undefined };
const policyDecisions = new WeakMap<AnyTool, PolicyDecided>();

/** The decision a tool's own `approval` policy gives (frozen, made once per tool: it is constant). */
function policyDecision(tool: AnyTool): PolicyDecided {
  let decided = policyDecisions.get(tool);
  if (decided === undefined) {
    const behavior = tool.approval;
    const decision: PermissionDecision = Object.freeze({
      behavior,
      reason:
        behavior === 'allow'
          ? `${tool.name} is allowed by its default policy`
          : `${tool.name} asks before running by its default policy`,
      sessionKey: `tool:${tool.name}`,
      cacheable: true,
    });
    decided = Object.freeze({ decision, subject: undefined });
    policyDecisions.set(tool, decided);
  }
  return decided;
}

/** What `decidePermission` needs. */
export interface PermissionGateParams {
  tool: AnyTool;
  input: unknown;
  permissions: PermissionDecider | undefined;
  cwd: string | undefined;
  signal: AbortSignal;
}

/** Decides one call. */
export function decidePermission(params: PermissionGateParams): Decided | Promise<Decided> {
  const { tool, input, permissions, cwd, signal } = params;
  let subject: PermissionRequest['subject'];
  try {
    subject = tool.permissionSubject?.(input);
  } catch (error) {
    return `could not work out what the call touches: ${errorMessage(error)}`;
  }
  if (permissions === undefined) {
    const decided = policyDecision(tool);
    return subject === undefined ? decided : { decision: decided.decision, subject };
  }
  const request: PermissionRequest = { tool: tool.name, input, defaultBehavior: tool.approval };
  const requestCwd = subject?.kind === 'shell' && subject.cwd ? subject.cwd : cwd;
  if (requestCwd !== undefined) request.cwd = requestCwd;
  if (subject !== undefined) request.subject = subject;
  let answer: unknown;
  try {
    answer = permissions.decide(request);
  } catch (error) {
    return errorMessage(error);
  }
  const read = (value: unknown): Decided => {
    const decision = readDecision(value);
    return typeof decision === 'string' ? decision : { decision, subject };
  };
  if (typeof (answer as PromiseLike<unknown> | null)?.then !== 'function') return read(answer);
  return settleOrAbort(() => answer as PromiseLike<unknown>, signal).then((settled) => {
    if (settled.status === 'aborted') return 'aborted';
    if (settled.status === 'rejected') return errorMessage(settled.reason);
    return read(settled.value);
  });
}
