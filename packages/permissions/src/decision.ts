/**
 * The `PermissionDecider` port and its request/decision shapes. The executor consumes the
 * port; `createPermissionEngine` implements it; a host may supply its own.
 */
import type { ApprovalPolicy, PermissionSubject } from '@dexter/registry';

/** The three outcomes. */
export type PermissionBehavior = 'allow' | 'ask' | 'deny';

/** What the read-only classifier concluded about a shell command (or a tool call). */
export type CommandClassification = 'read-only' | 'mutating' | 'unknown';

/** A tool call to decide on, before it runs. */
export interface PermissionRequest {
  /** The tool's name as registered (e.g. `bash`, `write_file`). Rules match it case- and `_`-insensitively (`WriteFile` ≡ `write_file`). */
  tool: string;
  /** The validated input. */
  input: unknown;
  /** Working directory the call would run in (shell commands; keys the session cache). */
  cwd?: string;
  /** What the call touches, from the tool's `permissionSubject` (shell command, file path). */
  subject?: PermissionSubject;
  /** The tool's declared default (`approval` in `defineTool`); `'ask'` when absent. */
  defaultBehavior?: ApprovalPolicy;
}

/** The engine's answer. */
export interface PermissionDecision {
  behavior: PermissionBehavior;
  /** Human- and model-readable explanation. */
  reason: string;
  /** The rule that decided, serialized (`Bash(rm:*)`), or `builtin:<floor check>` for the floor. */
  matchedRule?: string;
  classification?: CommandClassification;
  /** Conservative rules an "always allow" answer would persist. */
  proposedRules?: string[];
  /** Key of the session approval cache: file writes share one; bash keys on normalized command + cwd. */
  sessionKey: string;
  /** False when a session grant must not be reused (opaque commands, denials). */
  cacheable: boolean;
}

/** Decides allow / ask / deny for a tool call. */
export interface PermissionDecider {
  decide(request: PermissionRequest): PermissionDecision | Promise<PermissionDecision>;
  /**
   * Persists an allow rule after an "always allow" answer (the engine writes it to the rule
   * store). Optional: deciders without storage leave it out and "always" acts as "session".
   */
  persistAllowRule?(rule: string): Promise<void>;
  /**
   * The working directory the decider resolves requests without a `cwd` against, when it
   * has one (`createPermissionEngine({ cwd })`): an approval request's `file` is resolved
   * against it, so the prompter sees the path the decider matched.
   */
  readonly cwd?: string | undefined;
}
