/**
 * The approval step of a call whose decision is "ask": session grant → prompter (one at a
 * time per executor, via `ApprovalLock`) → reading the answer. Fails closed: no prompter, a
 * prompter that throws, or an answer that cannot be read all deny; an abort while waiting
 * cancels. Allowed answers may grant the session (`allow-session`), persist rules
 * (`allow-always`), or approve an edit, which is re-validated and re-decided.
 */
import type { AnyTool } from '@dexter/registry';
import { settleOrAbort } from './abortable';
import { type ApprovalAnswer, type ApprovalRequest, normalizeApprovalResponse } from './approval';
import { errorMessage } from './call-fields';
import type { DenialSource, EventFields } from './events';
import type { ExecutorConfig } from './executor-options';
import type { ResultFields } from './make-result';
import { decidePermission } from './permission-gate';
import type { PermissionDecision, PermissionRequest } from './permission-port';
import type { ExecutorSession } from './session';
import { validateInput } from './validate-input';

/** What the approval step needs from its run. */
export interface ApprovalHost {
  readonly session: ExecutorSession;
  readonly config: ExecutorConfig;
  readonly signal: AbortSignal;
  emit(index: number, toolCallId: string, fields: EventFields): void;
  /** Finalizes the call as `denied` (and emits `tool_denied`). */
  deny(
    index: number,
    id: string,
    name: string,
    reason: string,
    deniedBy: DenialSource,
    interrupt?: boolean,
  ): undefined;
  /** Finalizes the call with a failure result. */
  fail(index: number, fields: ResultFields): void;
  /** Finalizes the call as `cancelled` while it waited for `what`. */
  cancelWaiting(index: number, id: string, name: string, what: string): undefined;
  /** Cancels every call of the run that has not started. */
  interrupt(message: string): void;
  /** True once the call at `index` has its result. */
  hasResult(index: number): boolean;
}

/** A call waiting for approval. */
export interface PendingApproval {
  index: number;
  id: string;
  tool: AnyTool;
  input: unknown;
  decision: PermissionDecision;
  subject: PermissionRequest['subject'];
}

/** The call may run with this input; the notes go on its result. `undefined`: it has its result already. */
export type Authorization = { input: unknown; notes: string[] } | undefined;

/**
 * Runs the approval step for one call; finalizes the call itself when it must not run.
 * Never rejects: whatever goes wrong on the way (a prompter, decider or rule store that
 * fails in a way not caught below) denies the call, fail closed.
 */
export function askForApproval(host: ApprovalHost, call: PendingApproval): Promise<Authorization> {
  return askUnguarded(host, call).catch((error: unknown) => {
    if (host.hasResult(call.index)) return undefined;
    return host.deny(
      call.index,
      call.id,
      call.tool.name,
      `the approval step failed (${errorMessage(error)})`,
      'prompter_failed',
    );
  });
}

async function askUnguarded(host: ApprovalHost, call: PendingApproval): Promise<Authorization> {
  const { index, id, tool, input, decision, subject } = call;
  const { session } = host;
  const { approvals, approvalLock } = host.config;
  const name = tool.name;
  // A session grant answers without asking: checked now, and again once the lock is held.
  const sessionGrant = (): NonNullable<Authorization> | undefined => {
    if (!decision.cacheable || !session.isGranted(decision.sessionKey)) return undefined;
    host.emit(index, id, {
      type: 'tool_approval',
      name,
      source: 'session',
      response: { decision: 'allow-session' },
    });
    return { input, notes: [] };
  };
  const granted = sessionGrant();
  if (granted) return granted;
  if (approvals === undefined) {
    const why = decision.reason ? ` (${decision.reason})` : '';
    return host.deny(
      index,
      id,
      name,
      `${name} needs the user's approval${why}, but no approval prompter is configured`,
      'no_prompter',
    );
  }
  const acquiring = approvalLock.acquire();
  const locked = await settleOrAbort(() => acquiring, host.signal);
  if (locked.status !== 'fulfilled') {
    void acquiring.then((release) => release());
    return host.cancelWaiting(index, id, name, 'for its turn to ask for approval');
  }
  const release = locked.value;
  let answered: Awaited<ReturnType<typeof settleOrAbort<unknown>>>;
  try {
    // Another run may have granted this key while we waited for the lock.
    const grantedMeanwhile = sessionGrant();
    if (grantedMeanwhile) return grantedMeanwhile;
    const request: ApprovalRequest = {
      toolCallId: id,
      tool: name,
      toolDescription: tool.compactDescription,
      input,
      decision,
      signal: host.signal,
    };
    if (subject !== undefined) request.subject = subject;
    if (decision.proposedRules?.[0] !== undefined) request.proposedRule = decision.proposedRules[0];
    host.emit(index, id, { type: 'tool_approval_request', name, request });
    answered = await settleOrAbort(() => approvals.prompt(request), host.signal);
  } finally {
    release();
  }
  if (answered.status === 'aborted') return host.cancelWaiting(index, id, name, 'for approval');
  if (answered.status === 'rejected') {
    return host.deny(
      index,
      id,
      name,
      `the approval prompt failed (${errorMessage(answered.reason)})`,
      'prompter_failed',
    );
  }
  const { valid, ...answer } = normalizeApprovalResponse(answered.value);
  if (!valid) {
    return host.deny(
      index,
      id,
      name,
      'the approval prompter returned an answer it could not read',
      'prompter_failed',
    );
  }
  return applyAnswer(host, call, answer);
}

async function applyAnswer(
  host: ApprovalHost,
  call: PendingApproval,
  answer: ApprovalAnswer,
): Promise<Authorization> {
  const { index, id, tool, input, decision } = call;
  const name = tool.name;
  const said = answer.message === undefined ? '' : ` The user said: ${answer.message}`;
  if (answer.decision === 'deny') {
    host.emit(index, id, { type: 'tool_approval', name, source: 'prompt', response: answer });
    if (answer.interrupt) {
      host.interrupt(
        `The user stopped this turn while denying ${name} (call ${id}); this call was not started.`,
      );
    }
    const stop = answer.interrupt ? ' The user also stopped the remaining calls of this turn.' : '';
    return host.deny(
      index,
      id,
      name,
      `the user declined this call.${said}${stop}`,
      'user',
      answer.interrupt === true,
    );
  }
  let finalInput = input;
  let finalDecision = decision;
  if (answer.updatedInput !== undefined) {
    const validation = validateInput(tool, answer.updatedInput);
    if (validation.kind !== 'valid') {
      host.emit(index, id, { type: 'tool_approval', name, source: 'prompt', response: answer });
      host.fail(index, {
        toolCallId: id,
        name,
        status: 'invalid_input',
        error:
          validation.kind === 'invalid'
            ? {
                message: `The user approved an edited input for ${name}, but it is invalid:`,
                issues: validation.issues,
                cause: validation.cause,
              }
            : {
                message: `The user approved an edited input for ${name}, but validating it failed: ${errorMessage(validation.error)}`,
                cause: validation.error,
              },
      });
      return undefined;
    }
    finalInput = validation.data;
    // An edit is decided again: the deny floor and deny rules still apply to what will run.
    const redecided = await decidePermission({
      tool,
      input: finalInput,
      permissions: host.config.permissions,
      cwd: host.config.cwd,
      signal: host.signal,
    });
    if (redecided === 'aborted') return host.cancelWaiting(index, id, name, 'for its permission decision');
    if (typeof redecided === 'string') {
      return host.deny(index, id, name, `the permission check failed (${redecided})`, 'decider_failed');
    }
    if (redecided.decision.behavior === 'deny') {
      host.emit(index, id, { type: 'tool_approval', name, source: 'prompt', response: answer });
      return host.deny(index, id, name, `the edited call is denied: ${redecided.decision.reason}`, 'policy');
    }
    finalDecision = redecided.decision;
  }
  const persisted: string[] = [];
  let persistError: string | undefined;
  if (answer.decision === 'allow-always') {
    const { permissions } = host.config;
    // Read once: a decider's getter must not answer differently to the check and the call.
    const persistAllowRule = permissions?.persistAllowRule;
    const rules = finalDecision.proposedRules ?? [];
    if (typeof persistAllowRule === 'function' && rules.length > 0) {
      for (const rule of rules) {
        const saved = await settleOrAbort(() => persistAllowRule.call(permissions, rule), host.signal);
        if (saved.status === 'aborted')
          return host.cancelWaiting(index, id, name, 'while its rule was being saved');
        if (saved.status === 'rejected') {
          persistError = errorMessage(saved.reason);
          break;
        }
        persisted.push(rule);
      }
    }
  }
  if (answer.decision !== 'allow-once' && finalDecision.cacheable) {
    host.session.grant(finalDecision.sessionKey);
  }
  host.emit(index, id, {
    type: 'tool_approval',
    name,
    source: 'prompt',
    response: answer,
    ...(persisted.length === 0
      ? {}
      : host.config.rulesInMemory
        ? { inMemoryRules: persisted }
        : { persistedRules: persisted }),
    ...(persistError === undefined ? {} : { persistError }),
  });
  return {
    input: finalInput,
    notes: answer.message === undefined ? [] : [`The user said: ${answer.message}`],
  };
}
