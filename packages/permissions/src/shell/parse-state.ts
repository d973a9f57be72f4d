/**
 * State shared by a parse and all the nested parses it starts (command substitutions,
 * backticks, `sh -c` strings): the command list, the analysis-level reasons and the caps.
 */
import type { ShellAssignment, SimpleCommand } from './types';

/**
 * Thrown to abandon the structured parse; the caller falls back to the linear scan. Thrown on
 * every syntax error of untrusted input and always caught inside the parser (callers test
 * `instanceof ShellParseAbort`), so it is no `Error`: building one, even without a stack
 * trace, would cost more than parsing the command itself.
 */
export class ShellParseAbort {
  readonly name = 'ShellParseAbort';
  constructor(readonly reason: string) {}

  /** The reason, like an `Error`'s message, for anyone who logs one. */
  get message(): string {
    return this.reason;
  }
}

/** Shared, mutable state of one `analyzeShell` call. */
export interface ParseState {
  commands: SimpleCommand[];
  /** Analysis-level opaque reasons (per-command reasons are merged in at the end). */
  reasons: Set<string>;
  /** Variables set by `for` / `select` loops. */
  loopAssignments: ShellAssignment[];
  maxDepth: number;
  maxCommands: number;
}
