/**
 * The one error class of `@dexter/permissions`. Misconfiguration (a malformed rule, an
 * unreadable or corrupted settings file, a lock that cannot be taken) is reported with a
 * closed `code`, the file and the line/column where known — never by guessing.
 */
import { DexterError, type DexterErrorOptions } from '@dexter/registry/errors';

/** Codes of errors raised by `@dexter/permissions`. */
export type PermissionsErrorCode =
  | 'rule_invalid'
  | 'settings_invalid_json'
  | 'settings_invalid_shape'
  | 'settings_io'
  | 'lock_timeout'
  /** An allow rule an ask or deny rule shadows: it could never take effect, so it is not saved. */
  | 'rule_shadowed';

/** Where in a file an error sits (1-based line and column). */
export interface ErrorLocation {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
}

const permissionsMarker = Symbol.for('dexter.error.permissions');

/**
 * An error raised by `@dexter/permissions`.
 *
 * @example
 * ```ts
 * try { parseRule('Bash(git status') } catch (error) {
 *   if (PermissionsError.isInstance(error) && error.code === 'rule_invalid') console.error(error.message);
 * }
 * ```
 */
export class PermissionsError extends DexterError<PermissionsErrorCode> {
  override readonly name = 'PermissionsError';
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by isInstance through the symbol
  private readonly [permissionsMarker] = true;
  /** The settings file involved, when there is one. */
  readonly file: string | undefined;
  /** 1-based line in `file` (or in the rule text), when known. */
  readonly line: number | undefined;
  /** 1-based column, when known. */
  readonly column: number | undefined;

  constructor(code: PermissionsErrorCode, message: string, options: DexterErrorOptions & ErrorLocation = {}) {
    super(code, message, options);
    this.file = options.file;
    this.line = options.line;
    this.column = options.column;
  }

  static override isInstance(value: unknown): value is PermissionsError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[permissionsMarker] === true
    );
  }
}
