/**
 * The `SandboxAutoAllow` port: lets a call the decider would only ask about run without a
 * prompt, because it will run inside an OS sandbox that enforces the same policy
 * (`createSandbox` in `@dexter/sandbox` implements it). The executor offers it only asks that
 * no rule decided (`matchedRule` absent: no allow rule covers the call, or the engine cannot
 * fully read it); a deny never reaches it and an ask rule keeps its prompt. A port that
 * answers anything but `true`, throws or rejects leaves the ask an ask (fail closed).
 */
import type { PermissionSubject } from '@dexter/registry';
import type { PermissionDecision } from './permission-port';

/** A call the decider asked about, offered to the sandbox. */
export interface SandboxAutoAllowRequest {
  toolCallId: string;
  tool: string;
  input: unknown;
  subject?: PermissionSubject;
  decision: PermissionDecision;
}

/** Answers whether an ask may instead run in the sandbox without a prompt. */
export interface SandboxAutoAllow {
  allows(request: SandboxAutoAllowRequest): boolean | Promise<boolean>;
}

/** The port's answer, read fail-closed: only `true` allows. Never rejects. */
export async function sandboxAllows(
  port: SandboxAutoAllow,
  request: SandboxAutoAllowRequest,
): Promise<boolean> {
  try {
    return (await port.allows(request)) === true;
  } catch {
    return false;
  }
}
