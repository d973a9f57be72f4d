/**
 * JSON values without surprises, for what is signed, stored and resumed (run snapshots,
 * audit rows). Two functions, both iterative — a value nested 100,000 deep is handled with
 * an explicit stack, never the call stack, so it can neither throw `RangeError` nor be
 * refused for its depth:
 *
 * - `keepJson(value)` — what `JSON.stringify` then `JSON.parse` would give back (toJSON,
 *   dropped functions, `null` for holes and non-finite numbers, `0` for `-0`), plus BigInt as
 *   its decimal text and a cycle's back-reference dropped instead of a throw; it says whether
 *   anything was lost (`lossy`), so a caller can refuse or mark what would otherwise change
 *   silently.
 * - `encodeCanonicalJson(value)` — the one text a JSON value signs as: keys sorted by UTF-16
 *   code units, no whitespace, numbers as `JSON.stringify` writes them. It is strict: anything
 *   whose JSON text would not read back as the same value (a non-finite number, `-0`,
 *   `undefined` in an array, a function, a Map, a cycle, a class instance) is refused with a
 *   `JsonValueError` instead of being written as something else.
 */
import { DexterError } from '@dexter/registry';

/** A value JSON keeps exactly. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Why a value could not be kept or encoded. */
export type JsonValueErrorCode = 'not_json' | 'too_large';

const jsonValueMarker = Symbol.for('dexter.error.json-value');

/** A value is not JSON (`not_json`, with the path to the offending part) or too large (`too_large`). */
export class JsonValueError extends DexterError<JsonValueErrorCode> {
  override readonly name = 'JsonValueError';
  readonly [jsonValueMarker] = true;
  /** Where in the value: keys and indexes from the root. */
  readonly path: readonly (string | number)[];
  constructor(code: JsonValueErrorCode, message: string, path: readonly (string | number)[] = []) {
    super(code, message);
    this.path = path;
  }
  static override isInstance(value: unknown): value is JsonValueError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[jsonValueMarker] === true
    );
  }
}

/** Most nodes (values of any kind) one call of `keepJson` / `encodeCanonicalJson` visits. */
export const MAX_JSON_NODES = 2_000_000;

/** What `keepJson` returns. */
export interface KeptJson {
  /** What JSON keeps; `undefined` when nothing (a function, `undefined`, a symbol at the top). */
  value: JsonValue | undefined;
  /** True when something was dropped or changed on the way (see `keepJson`). */
  lossy: boolean;
}

const OMIT = Symbol('omit');

interface ArrayFrame {
  kind: 'array';
  source: unknown[];
  target: JsonValue[];
  length: number;
  index: number;
}

interface ObjectFrame {
  kind: 'object';
  source: Record<string, unknown>;
  target: Record<string, JsonValue>;
  keys: string[];
  index: number;
}

/**
 * What JSON keeps of `value`, like `JSON.parse(JSON.stringify(value))` but never throwing
 * for depth, cycles or BigInt: a BigInt becomes its decimal text, a reference back to an
 * enclosing object is dropped (`null` in an array), like a function. `lossy` is true when a
 * value was dropped or changed: a function or symbol, `undefined` or a hole in an array, a
 * non-finite number, `-0`, a BigInt, a cycle, a non-empty Map or Set. (`undefined` as an
 * object's property is not counted: JSON text has no other way to say "absent".) Getters and
 * `toJSON` run as `JSON.stringify` runs them; one that throws makes this throw. Throws
 * `JsonValueError('too_large')` past `MAX_JSON_NODES`.
 */
export function keepJson(value: unknown, maxNodes = MAX_JSON_NODES): KeptJson {
  let lossy = false;
  let nodes = 0;
  const ancestors = new Set<object>();
  const stack: (ArrayFrame | ObjectFrame)[] = [];

  /** A child value as JSON, a container frame to fill, or OMIT. */
  const prepare = (
    raw: unknown,
    key: string,
  ): string | number | boolean | null | typeof OMIT | ArrayFrame | ObjectFrame => {
    nodes += 1;
    if (nodes > maxNodes) {
      throw new JsonValueError('too_large', `the value has more than ${maxNodes} parts`);
    }
    let item = raw;
    if ((typeof item === 'object' && item !== null) || typeof item === 'bigint') {
      const toJSON = (item as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') item = toJSON.call(item, key);
    }
    if (typeof item === 'object' && item !== null) {
      if (item instanceof Number || item instanceof String || item instanceof Boolean) item = item.valueOf();
      else if (typeof BigInt === 'function' && item instanceof (BigInt as unknown as Function)) {
        item = (item as { valueOf(): unknown }).valueOf();
      }
    }
    switch (typeof item) {
      case 'string':
      case 'boolean':
        return item;
      case 'number':
        if (!Number.isFinite(item)) {
          lossy = true;
          return null;
        }
        if (Object.is(item, -0)) {
          lossy = true;
          return 0;
        }
        return item;
      case 'bigint':
        lossy = true;
        return item.toString();
      case 'undefined':
        return OMIT;
      case 'function':
      case 'symbol':
        lossy = true;
        return OMIT;
    }
    if (item === null) return null;
    const object = item as object;
    if (ancestors.has(object)) {
      lossy = true;
      return OMIT;
    }
    if ((object instanceof Map || object instanceof Set) && object.size > 0) lossy = true;
    ancestors.add(object);
    if (Array.isArray(object)) {
      return { kind: 'array', source: object, target: [], length: object.length, index: 0 };
    }
    return {
      kind: 'object',
      source: object as Record<string, unknown>,
      target: {},
      keys: Object.keys(object),
      index: 0,
    };
  };

  const root = prepare(value, '');
  if (root === OMIT) return { value: undefined, lossy };
  if (typeof root !== 'object' || root === null) return { value: root, lossy };
  stack.push(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.kind === 'array') {
      if (frame.index >= frame.length) {
        ancestors.delete(frame.source);
        stack.pop();
        continue;
      }
      const index = frame.index;
      frame.index += 1;
      const child = prepare(frame.source[index], String(index));
      if (child === OMIT) {
        lossy = true;
        frame.target.push(null);
      } else if (child !== null && typeof child === 'object') {
        // Containers always come back as frames; scalars as themselves.
        frame.target.push(child.target);
        stack.push(child);
      } else {
        frame.target.push(child as JsonValue);
      }
    } else {
      if (frame.index >= frame.keys.length) {
        ancestors.delete(frame.source);
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.index]!;
      frame.index += 1;
      const child = prepare(frame.source[key], key);
      if (child === OMIT) continue;
      if (child !== null && typeof child === 'object') {
        defineValue(frame.target, key, child.target);
        stack.push(child);
      } else {
        defineValue(frame.target, key, child as JsonValue);
      }
    }
  }
  return { value: root.target, lossy };
}

/** Sets an own data property, also for `__proto__` (plain assignment would set the prototype). */
function defineValue(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

function pathText(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'the value' : `at ${path.map((part) => JSON.stringify(part)).join(' → ')}`;
}

interface EncodeFrame {
  value: unknown[] | Record<string, unknown>;
  /** Sorted keys for an object; `undefined` for an array. */
  keys: string[] | undefined;
  index: number;
  wrote: boolean;
  key: string | number;
}

/**
 * The canonical text of a JSON value: sorted keys, no whitespace. Strict — throws
 * `JsonValueError('not_json')` naming the path for anything whose text would not read back
 * as the same value: a non-finite number, `-0`, `undefined` or a hole in an array, a BigInt,
 * function or symbol, an object that is not plain (Map, Date, class instance), a cycle. An
 * object's `undefined` property is left out (JSON text cannot say it). Iterative: any depth.
 */
export function encodeCanonicalJson(value: unknown, maxNodes = MAX_JSON_NODES): string {
  const out: string[] = [];
  const stack: EncodeFrame[] = [];
  const ancestors = new Set<object>();
  let nodes = 0;
  const path = (): (string | number)[] => stack.slice(1).map((frame) => frame.key);
  const refuse = (what: string, at: (string | number)[]): never => {
    throw new JsonValueError('not_json', `${what} ${pathText(at)} has no exact JSON text`, at);
  };

  /** Writes a scalar, or pushes a container frame. */
  const visit = (item: unknown, key: string | number | undefined): void => {
    const at = () => (key === undefined ? [] : [...path(), key]);
    nodes += 1;
    if (nodes > maxNodes) throw new JsonValueError('too_large', `the value has more than ${maxNodes} parts`);
    switch (typeof item) {
      case 'string':
        out.push(JSON.stringify(item));
        return;
      case 'boolean':
        out.push(item ? 'true' : 'false');
        return;
      case 'number':
        if (!Number.isFinite(item)) refuse(`the number ${String(item)}`, at());
        if (Object.is(item, -0)) refuse('-0', at());
        out.push(JSON.stringify(item));
        return;
      case 'object':
        break;
      default:
        refuse(`a ${typeof item}`, at());
    }
    if (item === null) {
      out.push('null');
      return;
    }
    const object = item as object;
    if (ancestors.has(object)) refuse('a cycle', at());
    if (Array.isArray(object)) {
      ancestors.add(object);
      out.push('[');
      stack.push({ value: object, keys: undefined, index: 0, wrote: false, key: key ?? '' });
      return;
    }
    const proto = Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) refuse('an object that is not plain data', at());
    ancestors.add(object);
    out.push('{');
    const keys = Object.keys(object);
    if (keys.length > 1) keys.sort();
    stack.push({ value: object as Record<string, unknown>, keys, index: 0, wrote: false, key: key ?? '' });
  };

  visit(value, undefined);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.keys === undefined) {
      const array = frame.value as unknown[];
      if (frame.index >= array.length) {
        out.push(']');
        ancestors.delete(array);
        stack.pop();
        continue;
      }
      const index = frame.index;
      frame.index += 1;
      if (!(index in array) || array[index] === undefined) refuse('undefined', [...path(), index]);
      if (frame.wrote) out.push(',');
      frame.wrote = true;
      visit(array[index], index);
    } else {
      const record = frame.value as Record<string, unknown>;
      if (frame.index >= frame.keys.length) {
        out.push('}');
        ancestors.delete(record);
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.index]!;
      frame.index += 1;
      const item = record[key];
      if (item === undefined) continue;
      if (frame.wrote) out.push(',');
      frame.wrote = true;
      out.push(`${JSON.stringify(key)}:`);
      visit(item, key);
    }
  }
  return out.join('');
}
