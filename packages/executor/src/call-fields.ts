/**
 * The guarded path for untrusted values. A tool call comes from a model through an adapter
 * and may be malformed; a tool, prompter or decider may throw or return anything — a Proxy
 * whose every trap throws, an object whose getters or `then` throw, a null-prototype object
 * (`String()` throws on it), a BigInt, a cycle, a string so long that appending to it
 * throws. Everything here reads such values without ever throwing, so the run can always
 * turn what happened into a result or a denial.
 */
import { canonicalJson } from './similarity';

/** Longest text taken from a foreign value into a message (the rest is cut with a marker). */
export const MAX_MESSAGE_LENGTH = 100_000;

/** `text`, cut to `max` characters with a marker saying how much was left out. */
export function clip(text: string, max = MAX_MESSAGE_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/** `typeof value === 'string' ? value : undefined`, never throwing. */
function stringOr(read: () => unknown): string | undefined {
  try {
    const value = read();
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** True when `value` is an `Error` (false for anything whose prototype chain throws). */
export function isError(value: unknown): value is Error {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}

/** A readable message for any thrown value or rejection reason. Never throws. */
export function errorMessage(value: unknown): string {
  if (typeof value === 'string') return clip(value);
  if (isError(value)) {
    const message = stringOr(() => value.message);
    if (message !== undefined) return clip(message);
  }
  try {
    return clip(canonicalJson(value));
  } catch {
    return 'an unreadable value';
  }
}

/** The `name` of a thrown `Error`, if it has a readable one. Never throws. */
export function errorName(value: unknown): string | undefined {
  if (!isError(value)) return undefined;
  const name = stringOr(() => value.name);
  return name === undefined ? undefined : clip(name, 200);
}

/** One call's fields, read once at the start of the run (getters run once, never throw). */
export interface CallFields {
  /** `''` when missing; a non-string id as text. */
  id: string;
  /** `''` when missing or not a string. */
  name: string;
  input: unknown;
  inputError: unknown;
  /** The call is not an object, or reading it threw. */
  malformed: boolean;
}

function idText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return errorMessage(value);
}

/** Reads a call once; never throws. */
export function readCallFields(call: unknown): CallFields {
  if (typeof call !== 'object' || call === null) {
    return { id: '', name: '', input: undefined, inputError: undefined, malformed: true };
  }
  let id = '';
  let name = '';
  try {
    id = idText((call as { id?: unknown }).id);
  } catch {
    return { id: '', name: '', input: undefined, inputError: undefined, malformed: true };
  }
  try {
    const raw = (call as { name?: unknown }).name;
    name = typeof raw === 'string' ? raw : '';
    const { input, inputError } = call as { input?: unknown; inputError?: unknown };
    return { id, name, input, inputError, malformed: false };
  } catch {
    return { id, name, input: undefined, inputError: undefined, malformed: true };
  }
}
