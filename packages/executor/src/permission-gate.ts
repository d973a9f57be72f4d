/**
 * `decidePermission`: asks the `PermissionDecider` about one call — or, without one, applies
 * the tool's own `approval` policy. Fails closed: a decider that throws, rejects or answers
 * something unreadable yields an error text, which the run turns into a denial. Synchronous
 * unless the decider answers with a promise (then the wait gives up on abort). A subject that
 * throws `UnplacedSubjectError` is decided without a subject and can at best ask
 * (`askAtMost`); any other throwing subject denies.
 */
import type { AnyTool } from '@dexter/registry';
import { settleOrAbort } from './abortable';
import { clip, errorMessage } from './call-fields';
import type { PermissionDecider, PermissionDecision, PermissionRequest } from './permission-port';
import { UnplacedSubjectError } from './unplaced-subject';

/** A decision with the call's subject, an error text (→ deny), or `'aborted'`. */
export type Decided =
  | { decision: PermissionDecision; subject: PermissionRequest['subject'] }
  | string
  | 'aborted';

/** Reads a decider's answer; a string explains why it is unusable. Never throws. */
export function readDecision(value: unknown): PermissionDecision | string {
  try {
    return readDecisionUnguarded(value);
  } catch (error) {
    // A getter or Proxy trap threw while reading the decision: fail closed.
    return `the decider returned a decision that could not be read (${errorMessage(error)})`;
  }
}

function readDecisionUnguarded(value: unknown): PermissionDecision | string {
  if (typeof value !== 'object' || value === null) return 'the decider returned no decision';
  const decision = value as Partial<PermissionDecision>;
  // Each field is read once, so a getter cannot answer one thing to a check and another to its use.
  const behavior = decision.behavior;
  if (behavior !== 'allow' && behavior !== 'ask' && behavior !== 'deny') {
    return `the decider returned an unknown behavior (${typeof behavior === 'string' ? clip(behavior, 200) : typeof behavior})`;
  }
  const sessionKey = decision.sessionKey;
  const reason = decision.reason;
  const cacheable = decision.cacheable;
  const hasKey = typeof sessionKey === 'string' && sessionKey !== '';
  const read: PermissionDecision = {
    behavior,
    reason: typeof reason === 'string' ? clip(reason) : '',
    sessionKey: hasKey ? sessionKey : '',
    // Without a key there is nothing to cache under; a denial is never cached.
    cacheable: hasKey && cacheable === true && behavior !== 'deny',
  };
  const { matchedRule, classification, proposedRules } = decision;
  if (typeof matchedRule === 'string') read.matchedRule = clip(matchedRule, 10_000);
  if (classification === 'read-only' || classification === 'mutating' || classification === 'unknown') {
    read.classification = classification;
  }
  if (proposedRules !== undefined) {
    if (!Array.isArray(proposedRules)) return 'the decider returned proposedRules that are not a list';
    const rules: string[] = [];
    for (const rule of proposedRules) {
      if (typeof rule !== 'string') return 'the decider returned a proposed rule that is not a string';
      rules.push(rule);
    }
    read.proposedRules = rules;
  }
  return read;
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
  /** Read only when the decider answers with a promise (a getter may make it on demand). */
  readonly signal: AbortSignal;
}

/** Decides one call. */
export function decidePermission(params: PermissionGateParams): Decided | Promise<Decided> {
  const { tool, input, permissions, cwd } = params;
  let subject: PermissionRequest['subject'];
  let subjectCwd: unknown;
  try {
    subject = tool.permissionSubject?.(input);
    if (subject !== undefined) {
      // Read here, inside the guard: a subject is the tool's code and may throw when touched.
      const kind = typeof subject === 'object' && subject !== null ? subject.kind : undefined;
      // Fail closed: a subject the engine could not read must not fall back to the tool's name.
      if (typeof kind !== 'string')
        return 'could not work out what the call touches: its permissionSubject is not a subject ({ kind, ... })';
      subjectCwd = kind === 'shell' ? (subject as { cwd?: unknown }).cwd : undefined;
    }
  } catch (error) {
    if (!UnplacedSubjectError.isInstance(error)) {
      return `could not work out what the call touches: ${errorMessage(error)}`;
    }
    const why = `could not work out where the call lands (${clip(errorMessage(error), 1000)})`;
    const unplaced = decidePermission({ ...params, tool: withoutSubject(tool) });
    return typeof unplaced === 'object' && unplaced !== null && 'then' in unplaced
      ? unplaced.then((settled) => askAtMost(settled, why))
      : askAtMost(unplaced, why);
  }
  if (permissions === undefined) {
    const decided = policyDecision(tool);
    return subject === undefined ? decided : { decision: decided.decision, subject };
  }
  const request: PermissionRequest = { tool: tool.name, input, defaultBehavior: tool.approval };
  const requestCwd = typeof subjectCwd === 'string' && subjectCwd !== '' ? subjectCwd : cwd;
  if (requestCwd !== undefined) request.cwd = requestCwd;
  if (subject !== undefined) request.subject = subject;
  let answer: unknown;
  let then: unknown;
  try {
    answer = permissions.decide(request);
    then = typeof answer === 'object' && answer !== null ? (answer as { then?: unknown }).then : undefined;
  } catch (error) {
    return errorMessage(error);
  }
  if (typeof then !== 'function') return decided(answer, subject);
  return settleOrAbort(() => answer as PromiseLike<unknown>, params.signal).then((settled) => {
    if (settled.status === 'aborted') return 'aborted';
    if (settled.status === 'rejected') return errorMessage(settled.reason);
    return decided(settled.value, subject);
  });
}

/** A decider's answer for the call with this subject, or why it is unusable. */
function decided(answer: unknown, subject: PermissionRequest['subject']): Decided {
  const decision = readDecision(answer);
  return typeof decision === 'string' ? decision : { decision, subject };
}

const subjectless = new WeakMap<AnyTool, AnyTool>();

/** The tool as the decider sees it when its subject cannot be worked out: no subject. */
function withoutSubject(tool: AnyTool): AnyTool {
  let bare = subjectless.get(tool);
  if (bare === undefined) {
    bare = Object.freeze({ ...tool, permissionSubject: undefined }) as AnyTool;
    subjectless.set(tool, bare);
  }
  return bare;
}

/**
 * A decision for a call whose place is unknown: a denial (or an unusable decider) stands, an
 * `allow` becomes an `ask`, and the ask covers this call only (not cacheable, nothing an
 * "always" answer would save: a rule cannot vouch for an unknown place).
 */
export function askAtMost(decided: Decided, why: string): Decided {
  if (typeof decided === 'string' || decided.decision.behavior === 'deny') return decided;
  const { behavior, reason, sessionKey, classification } = decided.decision;
  const decision: PermissionDecision = {
    behavior: 'ask',
    reason:
      behavior === 'ask'
        ? `${why}; ${reason}`
        : `${why}, so no rule can allow it and it needs approval (without a place: ${reason})`,
    sessionKey,
    cacheable: false,
  };
  if (classification !== undefined) decision.classification = classification;
  return { decision, subject: undefined };
}
