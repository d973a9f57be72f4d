/**
 * The permission types the executor consumes, in one place. They mirror
 * `@dexter/permissions`' `decision.ts` (the `PermissionDecider` port) structurally, so any
 * decider — the real engine or a host's own — plugs in.
 */
import type { ApprovalPolicy, PermissionSubject } from '@dexter/registry';

/** The three outcomes. */
export type PermissionBehavior = 'allow' | 'ask' | 'deny';

/** What the read-only classifier concluded about a call. */
export type CommandClassification = 'read-only' | 'mutating' | 'unknown';

/** A tool call to decide on, before it runs. */
export interface PermissionRequest {
  tool: string;
  input: unknown;
  cwd?: string;
  subject?: PermissionSubject;
  defaultBehavior?: ApprovalPolicy;
}

/** The decider's answer. */
export interface PermissionDecision {
  behavior: PermissionBehavior;
  reason: string;
  matchedRule?: string;
  classification?: CommandClassification;
  proposedRules?: string[];
  sessionKey: string;
  cacheable: boolean;
}

/** Decides allow / ask / deny for a tool call. */
export interface PermissionDecider {
  decide(request: PermissionRequest): PermissionDecision | Promise<PermissionDecision>;
  persistAllowRule?(rule: string): Promise<void>;
}
