/**
 * `safeStringify`: JSON for the model that never throws. Tools return whatever they like;
 * the model must still get readable text. Cycles become `"[Circular]"`, BigInt its decimal
 * string, functions and symbols a `"[Function name]"` / `"[Symbol(x)]"` marker, Map/Set
 * their entries, Errors their name and message; a throwing getter or `toJSON` is reported
 * in place instead of failing the whole result.
 */

const MAX_DEPTH = 64;

/** Text for a value that could not be read; never throws, whatever `error` is. */
function describeFailure(error: unknown): string {
  let detail = 'unreadable';
  try {
    if (typeof error === 'string') detail = error;
    else if (error instanceof Error && typeof error.message === 'string') detail = error.message;
    else if (typeof error !== 'object' && typeof error !== 'function') detail = String(error);
  } catch {
    // an error whose prototype chain or message getter throws: keep "unreadable"
  }
  return `[Unserializable: ${detail.length > 1000 ? `${detail.slice(0, 1000)}…` : detail}]`;
}

/** A function's name, or "anonymous" (a name getter may throw). */
function functionName(value: Function): string {
  try {
    const name = value.name;
    return typeof name === 'string' && name !== '' ? name : 'anonymous';
  } catch {
    return 'anonymous';
  }
}

function toPlain(value: unknown, ancestors: Set<object>, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
      return undefined;
    case 'function':
      return `[Function ${functionName(value)}]`;
    case 'symbol':
      return `[${value.toString()}]`;
  }
  if (value === null) return null;
  const object = value as object;
  if (ancestors.has(object)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Too deep]';
  ancestors.add(object);
  try {
    if (typeof (object as { toJSON?: unknown }).toJSON === 'function' && !(object instanceof Error)) {
      return toPlain((object as { toJSON(): unknown }).toJSON(), ancestors, depth + 1);
    }
    if (object instanceof Error) return { name: object.name, message: object.message };
    if (Array.isArray(object)) {
      return object.map((item) => {
        const plain = toPlain(item, ancestors, depth + 1);
        return plain === undefined ? null : plain;
      });
    }
    if (object instanceof Map) {
      return Array.from(object.entries(), ([key, item]) => [
        toPlain(key, ancestors, depth + 1),
        toPlain(item, ancestors, depth + 1),
      ]);
    }
    if (object instanceof Set) return Array.from(object, (item) => toPlain(item, ancestors, depth + 1));
    if (ArrayBuffer.isView(object))
      return `[${Object.prototype.toString.call(object).slice(8, -1)} of ${object.byteLength} bytes]`;
    const plain: Record<string, unknown> = {};
    for (const key of Object.keys(object)) {
      let item: unknown;
      try {
        item = (object as Record<string, unknown>)[key];
      } catch (error) {
        plain[key] = describeFailure(error);
        continue;
      }
      const converted = toPlain(item, ancestors, depth + 1);
      if (converted !== undefined) plain[key] = converted;
    }
    return plain;
  } catch (error) {
    return describeFailure(error);
  } finally {
    ancestors.delete(object);
  }
}

/** Handles the JSON-hostile values that do not throw on their own (or throw only for BigInt). */
function replacer(_key: string, value: unknown): unknown {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'function':
      return `[Function ${functionName(value)}]`;
    case 'symbol':
      return `[${value.toString()}]`;
    case 'object':
      if (value instanceof Map || value instanceof Set || value instanceof Error) {
        return toPlain(value, new Set(), 0);
      }
      return value;
    default:
      return value;
  }
}

/**
 * True when plain `JSON.stringify` would silently lose or mangle something (functions,
 * symbols, Maps, Sets, Errors) or the value is too deep to check (maybe a cycle). BigInt and
 * cycles make `JSON.stringify` throw, which the caller handles anyway. Walking first is much
 * cheaper than a replacer callback, which forces V8 off its fast serializer.
 */
function needsCare(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object')
    return typeof value === 'function' || typeof value === 'symbol';
  if (depth > 32) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (needsCare(item, depth + 1)) return true;
    return false;
  }
  if (value instanceof Map || value instanceof Set || value instanceof Error) return true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    let item: unknown;
    try {
      item = (value as Record<string, unknown>)[key];
    } catch {
      return true;
    }
    if (needsCare(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Serializes any value to JSON text without throwing. Returns `undefined` only for
 * `undefined` (and other values JSON has no text for at the top level).
 *
 * @example
 * ```ts
 * const a: Record<string, unknown> = { n: 1n };
 * a.self = a;
 * safeStringify(a); // '{"n":"1","self":"[Circular]"}'
 * ```
 */
export function safeStringify(value: unknown, indent?: number): string | undefined {
  // Fast path: most outputs are plain data.
  try {
    return needsCare(value, 0)
      ? JSON.stringify(value, replacer, indent)
      : JSON.stringify(value, undefined, indent);
  } catch {
    // A cycle, or a throwing getter/toJSON: fall through to the careful walk.
  }
  try {
    return JSON.stringify(toPlain(value, new Set(), 0), undefined, indent);
  } catch (error) {
    // Even the plain copy cannot be written (a string too long to quote): say so instead.
    return JSON.stringify(describeFailure(error));
  }
}
