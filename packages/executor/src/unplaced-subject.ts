/**
 * `UnplacedSubjectError`: what a tool's `permissionSubject` throws when it cannot say where
 * a call lands but finds nothing in it to refuse — a path an MCP subject mapping cannot place
 * because the server's roots are unknown. The executor then asks the decider about the call
 * without a subject (so rules naming the tool and the decider's own denials still apply), and
 * an `allow` becomes an `ask` that covers this call only: no rule can vouch for a place
 * nobody knows, and a person can. Any other throw still denies the call.
 */

const marker = Symbol.for('dexter.executor.unplacedSubject');

/**
 * Thrown by a `permissionSubject` that cannot place the call: the call asks, never runs on a
 * rule alone.
 *
 * @example
 * ```ts
 * permissionSubject: ({ path }) => {
 *   if (!isAbsolute(path)) throw new UnplacedSubjectError(`${path} is relative and the server's roots are unknown`);
 *   return { kind: 'file', access: 'read', path };
 * },
 * ```
 */
export class UnplacedSubjectError extends Error {
  override readonly name: string = 'UnplacedSubjectError';
  // Read by `isInstance` through the symbol, which the linter cannot see.
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: marker for cross-copy isInstance
  private readonly [marker] = true;

  /** True for an `UnplacedSubjectError` (or a subclass), whichever copy of the package made it. */
  static isInstance(value: unknown): value is UnplacedSubjectError {
    try {
      return (
        typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true
      );
    } catch {
      return false; // a thrown Proxy whose traps throw: not ours (and it denies)
    }
  }
}
