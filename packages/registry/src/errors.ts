/**
 * The base error shared by every Dexter package.
 *
 * Each package narrows `code` to its own closed union (see `RegistryErrorCode`). The
 * `Symbol.for` marker makes `DexterError.isInstance` work across duplicate copies of this
 * module — e.g. when a host loads the ESM build and a dependency loads the CJS build, where
 * `instanceof` would say `false`.
 */
const marker = Symbol.for('dexter.error');

/** Options accepted by every Dexter error constructor. */
export interface DexterErrorOptions {
  /** The underlying error, kept for debugging; never swallowed. */
  cause?: unknown;
}

/**
 * Base class of all errors thrown by Dexter packages.
 *
 * @example
 * ```ts
 * try { registry.get('nope') } catch (error) {
 *   if (DexterError.isInstance(error) && error.code === 'unknown_tool') { ... }
 * }
 * ```
 */
export class DexterError<Code extends string = string> extends Error {
  override readonly name: string = 'DexterError';
  readonly code: Code;
  /** Brand checked by `isInstance`; a `Symbol.for` key survives duplicate module copies. */
  readonly [marker] = true;

  constructor(code: Code, message: string, options: DexterErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }

  /** True for any Dexter error, whichever copy of the package created it. */
  static isInstance(value: unknown): value is DexterError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}

/** Codes of errors raised by `@dexter/registry`. */
export type RegistryErrorCode =
  | 'invalid_definition'
  | 'invalid_name'
  | 'duplicate_tool'
  | 'unknown_tool'
  | 'schema_unsupported'
  | 'all_providers_failed'
  | 'provider_failed'
  | 'timeout'
  | 'aborted'
  | 'script_exhausted';

const registryMarker = Symbol.for('dexter.error.registry');

/** An error raised by `@dexter/registry`; `code` tells callers what went wrong. */
export class RegistryError extends DexterError<RegistryErrorCode> {
  override readonly name = 'RegistryError';
  /** Brand checked by `RegistryError.isInstance`. */
  readonly [registryMarker] = true;

  /** Context for the error (tool name, provider, ...), typed rather than buried in text. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    code: RegistryErrorCode,
    message: string,
    options: DexterErrorOptions & { details?: Record<string, unknown> } = {},
  ) {
    super(code, message, options);
    this.details = Object.freeze({ ...(options.details ?? {}) });
  }

  static override isInstance(value: unknown): value is RegistryError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[registryMarker] === true
    );
  }
}

/** Turns anything thrown into an `Error` with a readable message, keeping the original as `cause`. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === 'string') return new Error(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return new Error(`Non-error thrown: ${text}`, { cause: value });
}
