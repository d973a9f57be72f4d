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

/**
 * An insertion-ordered set of reasons that allocates nothing until the first one arrives:
 * most commands have none, and a `Set` per parse is a visible part of parsing `ls`.
 */
export class ReasonSet {
  private set: Set<string> | undefined = undefined;

  add(reason: string): void {
    if (this.set === undefined) this.set = new Set();
    this.set.add(reason);
  }

  get size(): number {
    return this.set === undefined ? 0 : this.set.size;
  }

  /** The reasons, in the order they were first added. */
  toArray(): string[] {
    return this.set === undefined ? [] : [...this.set];
  }
}

/** Shared, mutable state of one `analyzeShell` call. */
export interface ParseState {
  commands: SimpleCommand[];
  /** Analysis-level opaque reasons (per-command reasons are merged in at the end). */
  reasons: ReasonSet;
  /** Variables set by `for` / `select` loops. */
  loopAssignments: ShellAssignment[];
  maxDepth: number;
  maxCommands: number;
}
