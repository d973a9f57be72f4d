/**
 * `DurableTurnError`: misuse of durable turns (bad calls, an approval that is not pending,
 * DBOS not launched). What goes wrong with one tool call is still that call's result.
 */
import { DexterError } from '@dexter/registry';

/** Codes of errors raised by `@dexter/dbos`. */
export type DurableTurnErrorCode =
  /** `start` got calls it cannot make a durable turn of (not an array, ids missing or repeated). */
  | 'invalid_calls'
  /** An option of `registerDurableTurns` has the wrong shape. */
  | 'invalid_option'
  /** The approval id is malformed, or names an approval that is not waiting now. */
  | 'approval_not_pending'
  /** The approval already took a different answer (the first answer wins). */
  | 'approval_answered'
  /** No turn has this id. */
  | 'unknown_turn';

const marker = Symbol.for('dexter.error.dbos');

/**
 * An error raised by `@dexter/dbos`; branch on `code`.
 *
 * @example
 * ```ts
 * try { await turns.answer(approvalId, 'allow-once') } catch (error) {
 *   if (DurableTurnError.isInstance(error) && error.code === 'approval_not_pending') reply(409);
 * }
 * ```
 */
export class DurableTurnError extends DexterError<DurableTurnErrorCode> {
  override readonly name = 'DurableTurnError';
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: marker for cross-copy isInstance
  private readonly [marker] = true;

  /** True for any `DurableTurnError`, whichever copy of the package created it. */
  static override isInstance(value: unknown): value is DurableTurnError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}
