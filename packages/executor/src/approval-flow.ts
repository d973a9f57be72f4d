/**
 * The approval step of a call whose decision is "ask": session grant → prompter (one at a
 * time per executor, via `ApprovalLock`) → reading the answer. Fails closed: no prompter, a
 * prompter that throws, or an answer that cannot be read all deny; an abort while waiting
 * cancels. Allowed answers may grant the session (`allow-session`), persist rules
 * (`allow-always`), or approve an edit, which is re-validated and re-decided.
 */
import { describeSessionKey, normalizeFilePath, rulesAlwaysWouldSave } from '@dexter/permissions';
import type { AnyTool } from '@dexter/registry';
import { settleOrAbort } from './abortable';
import {
  type ApprovalAnswer,
  type ApprovalFile,
  type ApprovalRequest,
  type ApprovalScope,
  normalizeApprovalResponse,
} from './approval';
import { errorMessage } from './call-fields';
import type { DenialSource, EventFields } from './events';
import type { ExecutorConfig } from './executor-options';
import type { ResultFields } from './make-result';
import { decidePermission } from './permission-gate';
import type { PermissionDecision, PermissionRequest } from './permission-port';
import type { ExecutorSession } from './session';
import type { AuditEntry, GrantInput } from './session-store';
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
  const { approvals, approvalLock } = host.config;
  const name = tool.name;
  // A session grant answers without asking: checked now, and again once the lock is held.
  // With a session store, the grant's use is audited before the call runs (a failed write
  // stops it, like a prompted answer's).
  const sessionGrant = async (): Promise<Authorization> => {
    if (host.config.sessionStore !== undefined) {
      const audited = await recordAnswer(host, call, { decision: 'allow-session' }, 'session-grant');
      if (audited === 'aborted')
        return host.cancelWaiting(index, id, name, 'while its approval was recorded');
      if (audited !== undefined) return auditFailed(host, call, audited);
    }
    host.emit(index, id, {
      type: 'tool_approval',
      name,
      source: 'session',
      response: { decision: 'allow-session' },
    });
    return { input, notes: [] };
  };
  let granted = isSessionGranted(host, decision);
  if (typeof granted !== 'boolean') granted = await granted;
  if (granted) return sessionGrant();
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
    // Another run (or, with a session store, another process) may have granted this key
    // while we waited for the lock.
    let grantedMeanwhile = isSessionGranted(host, decision);
    if (typeof grantedMeanwhile !== 'boolean') grantedMeanwhile = await grantedMeanwhile;
    if (grantedMeanwhile) return sessionGrant();
    const request: ApprovalRequest = {
      toolCallId: id,
      tool: name,
      toolDescription: tool.compactDescription,
      input,
      decision,
      signal: host.signal,
    };
    if (subject !== undefined) request.subject = subject;
    // What "always" would save, never a rule an ask or deny rule would shadow.
    const always = rulesAlwaysWouldSave(decision);
    if (always[0] !== undefined) request.proposedRule = always[0];
    request.scope = approvalScope(host.config, decision, always);
    const file = approvalFile(subject, host.config.approvalCwd);
    if (file !== undefined) request.file = file;
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
  // Every answer goes to the audit trail before anything it allows runs; an allowing answer
  // that could not be recorded does not run (the trail must not miss a call that ran).
  const audited = await recordAnswer(host, call, answer);
  if (audited === 'aborted') return host.cancelWaiting(index, id, name, 'while its answer was recorded');
  if (audited !== undefined && answer.decision !== 'deny') return auditFailed(host, call, audited);
  let storeError = audited;
  const answered = (): EventFields => {
    const event: EventFields = { type: 'tool_approval', name, source: 'prompt', response: answer };
    if (storeError !== undefined) event.storeError = storeError;
    return event;
  };
  if (answer.decision === 'deny') {
    host.emit(index, id, answered());
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
      host.emit(index, id, answered());
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
      host.emit(index, id, answered());
      return host.deny(index, id, name, `the edited call is denied: ${redecided.decision.reason}`, 'policy');
    }
    finalDecision = redecided.decision;
  }
  const persisted: string[] = [];
  let persistError: string | undefined;
  // With a session store, "always" is kept as the store's grant (unless the host chose
  // `alwaysAnswers: 'rule'`): a rule in one process's memory would outlive a revocation or
  // expiry made in the store, by any process.
  if (answer.decision === 'allow-always' && host.config.alwaysAnswers === 'rule') {
    const { permissions } = host.config;
    // Read once: a decider's getter must not answer differently to the check and the call.
    const persistAllowRule = permissions?.persistAllowRule;
    const rules = rulesAlwaysWouldSave(finalDecision);
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
    const grantError = await grantSession(host, finalDecision.sessionKey, answer.actor);
    if (grantError === 'aborted') return host.cancelWaiting(index, id, name, 'while its grant was saved');
    if (grantError !== undefined)
      storeError = storeError === undefined ? grantError : `${storeError}; ${grantError}`;
  }
  const event = answered() as Extract<EventFields, { type: 'tool_approval' }>;
  if (persisted.length > 0) {
    if (host.config.rulesInMemory) event.inMemoryRules = persisted;
    else event.persistedRules = persisted;
  }
  if (persistError !== undefined) event.persistError = persistError;
  host.emit(index, id, event);
  return {
    input: finalInput,
    notes: answer.message === undefined ? [] : [`The user said: ${answer.message}`],
  };
}

/** What each answer to `decision` covers: the same choices `applyAnswer` makes. */
function approvalScope(
  config: ExecutorConfig,
  decision: PermissionDecision,
  always: readonly string[],
): ApprovalScope {
  const savesRules =
    typeof config.permissions?.persistAllowRule === 'function' && config.alwaysAnswers === 'rule';
  return {
    sessionKey: decision.sessionKey,
    session: decision.cacheable ? describeSessionKey(decision.sessionKey) : 'only this call',
    alwaysRules: savesRules ? [...always] : [],
  };
}

/** A file subject's path beside the path the engine matches (resolved against `cwd`). */
function approvalFile(
  subject: PendingApproval['subject'],
  cwd: string | undefined,
): ApprovalFile | undefined {
  if (subject?.kind !== 'file' || typeof subject.path !== 'string') return undefined;
  const normalized = normalizeFilePath(subject.path, cwd);
  if (normalized === undefined) return undefined;
  const file: ApprovalFile = { raw: subject.path, access: subject.access, absolute: normalized.absolute };
  if (normalized.relative !== undefined) file.relative = normalized.relative;
  return file;
}

/**
 * Whether an `allow-session` grant covers this decision: the session store's when the
 * executor has one (a lookup that fails or is cut off counts as no grant: the person is
 * asked), else the in-process session's (synchronously).
 */
function isSessionGranted(host: ApprovalHost, decision: PermissionDecision): boolean | Promise<boolean> {
  if (!decision.cacheable) return false;
  const { config, session } = host;
  if (config.sessionStore === undefined) return session.isGranted(decision.sessionKey);
  return settleOrAbort(() => sessionGrantHolds(config, session, decision.sessionKey), host.signal).then(
    (settled) => settled.status === 'fulfilled' && settled.value === true,
  );
}

/** Where a session's grant for `sessionKey` is kept in a session store (the executor's `cwd`). */
function grantKey(config: GrantPlace, session: ExecutorSession, sessionKey: string): GrantInput {
  return { sessionId: session.id, sessionKey, cwd: config.cwd ?? '' };
}

/** What decides where grants live: a session store, and the working directory they hold in. */
type GrantPlace = Pick<ExecutorConfig, 'sessionStore' | 'cwd'>;

/**
 * Whether an `allow-session` grant covers `sessionKey` where grants live: the session store
 * when the executor has one, else the in-process session. May throw or reject (a store).
 */
export function sessionGrantHolds(
  config: GrantPlace,
  session: ExecutorSession,
  sessionKey: string,
): boolean | Promise<boolean> {
  const store = config.sessionStore;
  if (store === undefined) return session.isGranted(sessionKey);
  return store.isGranted(grantKey(config, session, sessionKey));
}

/**
 * Records an `allow-session` (or `allow-always`) grant: in the session store when there is
 * one, else in the in-process session. Returns why the store failed, `aborted`, or nothing.
 */
async function grantSession(
  host: ApprovalHost,
  sessionKey: string,
  actor: string | undefined,
): Promise<string | 'aborted' | undefined> {
  const store = host.config.sessionStore;
  if (store === undefined) {
    host.session.grant(sessionKey);
    return undefined;
  }
  const grant = grantKey(host.config, host.session, sessionKey);
  if (host.config.sessionGrantTtlMs !== undefined) grant.ttlMs = host.config.sessionGrantTtlMs;
  if (actor !== undefined) grant.grantedBy = actor;
  const saved = await settleOrAbort(() => store.grant(grant), host.signal);
  if (saved.status === 'aborted') return 'aborted';
  if (saved.status === 'rejected') {
    return `the session grant was not saved (${errorMessage(saved.reason)}); the next such call asks again`;
  }
  return undefined;
}

/** The call does not run: its approval could not be written to the audit trail. */
function auditFailed(host: ApprovalHost, call: PendingApproval, why: string): undefined {
  host.fail(call.index, {
    toolCallId: call.id,
    name: call.tool.name,
    status: 'error',
    error: { message: `${call.tool.name} was approved, but it did not run: ${why}.` },
  });
  return undefined;
}

/**
 * Appends the answer to the session store's audit trail, if any; returns why it failed, or
 * `aborted`. `decision` overrides the recorded word (`session-grant`: a grant answered).
 */
async function recordAnswer(
  host: ApprovalHost,
  call: PendingApproval,
  answer: ApprovalAnswer,
  decision?: string,
): Promise<string | 'aborted' | undefined> {
  const store = host.config.sessionStore;
  if (store === undefined) return undefined;
  const entry: AuditEntry = {
    sessionId: host.session.id,
    toolCallId: call.id,
    tool: call.tool.name,
    decision: decision ?? (answer.interrupt ? 'deny-interrupt' : answer.decision),
    input: answer.updatedInput === undefined ? call.input : answer.updatedInput,
  };
  if (answer.actor !== undefined) entry.actor = answer.actor;
  if (answer.message !== undefined) entry.message = answer.message;
  const saved = await settleOrAbort(() => store.recordAudit(entry), host.signal);
  if (saved.status === 'aborted') return 'aborted';
  if (saved.status === 'rejected')
    return `the answer was not written to the audit trail (${errorMessage(saved.reason)})`;
  return undefined;
}
