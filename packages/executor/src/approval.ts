/**
 * The `ApprovalPrompter` port: the host's UI for "this call needs a yes/no". The executor
 * asks one question at a time, and treats anything it cannot read as a "deny" (fail closed).
 */
import type { PermissionSubject } from '@dexter/registry';
import { clip } from './call-fields';
import type { PermissionDecision } from './permission-port';

/** Longest user message taken from an answer into a result (the rest is cut with a marker). */
const MAX_ANSWER_MESSAGE = 10_000;
const MAX_ACTOR = 200;

/** The four answers. */
export type ApprovalDecision = 'allow-once' | 'allow-session' | 'allow-always' | 'deny';

/** All approval decisions, in the order a UI would usually list them. */
export const APPROVAL_DECISIONS: readonly ApprovalDecision[] = Object.freeze([
  'allow-once',
  'allow-session',
  'allow-always',
  'deny',
]);

/** What each answer to an approval request covers. */
export interface ApprovalScope {
  /** The session key a `session` (or `always`) answer grants. */
  sessionKey: string;
  /**
   * What a `session` answer covers, in words (`every file write inside the project, for this session`, `this exact
   * command (npm test) in /repo, for this session`); `only this call` when the decision is not
   * cacheable.
   */
  session: string;
  /**
   * The exact rules an `always` answer would save: none when an ask rule decided the call (a
   * saved allow rule would never win over it), the decider cannot save rules, or "always" is
   * kept as a session grant instead — then `always` acts like `session`.
   */
  alwaysRules: readonly string[];
}

/** The file a call touches: the model's text beside the path the permission engine matches. */
export interface ApprovalFile {
  /** The path exactly as the call gave it. */
  raw: string;
  access: 'read' | 'write';
  /** Absolute, with `.` and `..` folded (`/repo/src/../package.json` → `/repo/package.json`). */
  absolute: string;
  /** Relative to the executor's `cwd` (`./src/b.ts` → `src/b.ts`); absent outside it. */
  relative?: string;
}

/** What the prompter is shown. */
export interface ApprovalRequest {
  toolCallId: string;
  /** The tool's name. */
  tool: string;
  /** The tool's one-line description, for the UI. */
  toolDescription: string;
  /** The validated input the call would run with. */
  input: unknown;
  /** What the call touches (shell command, file path), when the tool declares it. */
  subject?: PermissionSubject;
  /** The permission decision that asked: reason, classification, proposed rules, session key. */
  decision: PermissionDecision;
  /**
   * The first rule an "always allow" answer would persist, for display: `scope.alwaysRules[0]`
   * when the executor saves rules; absent when an ask rule decided the call (a saved allow rule
   * would never take effect).
   */
  proposedRule?: string;
  /**
   * Set when the question is a network connection this call makes from inside the OS sandbox
   * (`@dexter/sandbox`), not the call itself: may it reach `host` (on `port`)? The call is
   * already running; "always" saves the `WebFetch(domain:host)` rule in `proposedRule`.
   */
  network?: { host: string; port?: number };
  /** What a `session` and an `always` answer would cover (set by the executor). */
  scope?: ApprovalScope;
  /**
   * A file subject's path, normalized as the permission engine matches it. Match rules with
   * `requestMatchesRule` from `@dexter/permissions`, not with `startsWith` on `subject.path`.
   */
  file?: ApprovalFile;
  /** Aborted when the run is cancelled while the prompt is open: close the prompt. */
  signal: AbortSignal;
}

/** The answer, in object form. */
export interface ApprovalAnswer {
  decision: ApprovalDecision;
  /** Approve an edited call instead: it is re-validated and re-decided (a deny still wins). */
  updatedInput?: unknown;
  /** A message for the model, added to the call's result. */
  message?: string;
  /** Deny this call and cancel every call of the run that has not started yet (implies `deny`). */
  interrupt?: boolean;
  /**
   * Who answered (a user id), for the audit trail of a `sessionStore`; also recorded as the
   * grant's `grantedBy`. At most 200 characters.
   */
  actor?: string;
}

/**
 * `ApprovalAnswer` with `behavior` instead of `decision` — the field name
 * `PermissionDecision` uses, so a UI that forwards a decision-shaped object type-checks.
 */
export type ApprovalAnswerWithBehavior = Omit<ApprovalAnswer, 'decision'> & {
  /** Alias of `decision`. */
  behavior: ApprovalDecision;
  decision?: never;
};

/**
 * A prompter may answer with a bare decision (`'allow-once'`) or an `ApprovalAnswer`
 * (`behavior` is accepted in place of `decision`).
 */
export type ApprovalResponse = ApprovalDecision | ApprovalAnswer | ApprovalAnswerWithBehavior;

/**
 * Asks the user whether a tool call may run.
 *
 * @example
 * ```ts
 * const approvals: ApprovalPrompter = {
 *   async prompt(request) {
 *     const ok = await ui.confirm(`Run ${request.tool}? ${request.decision.reason}`);
 *     return ok ? 'allow-once' : { decision: 'deny', message: 'Not now.' };
 *   },
 * };
 * ```
 */
export interface ApprovalPrompter {
  prompt(request: ApprovalRequest): Promise<ApprovalResponse> | ApprovalResponse;
}

/** A response read by `normalizeApprovalResponse`; `valid: false` means it was garbage. */
export type NormalizedApproval = ApprovalAnswer & { valid: boolean };

function isDecision(value: unknown): value is ApprovalDecision {
  return typeof value === 'string' && (APPROVAL_DECISIONS as readonly string[]).includes(value);
}

/**
 * Reads whatever a prompter returned. Anything unrecognizable — including an object whose
 * getters throw — becomes `{ decision: 'deny', valid: false }`: a confused UI never
 * approves a call. Never throws.
 */
export function normalizeApprovalResponse(value: unknown): NormalizedApproval {
  try {
    return normalizeUnguarded(value);
  } catch {
    return { decision: 'deny', valid: false };
  }
}

function normalizeUnguarded(value: unknown): NormalizedApproval {
  if (isDecision(value)) return { decision: value, valid: true };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { decision: 'deny', valid: false };
  }
  const record = value as Record<string, unknown>;
  // Each field is read once: a getter cannot answer one thing to a check and another to its use.
  const decision = record.decision ?? record.behavior;
  if (!isDecision(decision)) return { decision: 'deny', valid: false };
  const rawMessage = record.message;
  const message =
    typeof rawMessage === 'string' && rawMessage.trim() !== ''
      ? clip(rawMessage, MAX_ANSWER_MESSAGE)
      : undefined;
  const rawActor = record.actor;
  const actor =
    typeof rawActor === 'string' && rawActor.trim() !== '' ? rawActor.slice(0, MAX_ACTOR) : undefined;
  // "Deny and interrupt" is a deny whatever decision came with it.
  if (record.interrupt === true) {
    const answer: NormalizedApproval = { decision: 'deny', interrupt: true, valid: true };
    if (message !== undefined) answer.message = message;
    if (actor !== undefined) answer.actor = actor;
    return answer;
  }
  const answer: NormalizedApproval = { decision, valid: true };
  const updatedInput = record.updatedInput;
  if (updatedInput !== undefined && decision !== 'deny') answer.updatedInput = updatedInput;
  if (message !== undefined) answer.message = message;
  if (actor !== undefined) answer.actor = actor;
  return answer;
}
