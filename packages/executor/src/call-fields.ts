/**
 * Reading untrusted call fields and thrown values for messages: a tool call comes from a
 * model through an adapter and may be malformed; a tool may throw anything.
 */
import { canonicalJson } from './similarity';

/** A readable message for any thrown value or rejection reason. */
export function errorMessage(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  return canonicalJson(value);
}

/** The call's id as a string (`''` when missing). */
export function readId(call: unknown): string {
  const id = (call as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : id === undefined ? '' : String(id);
}

/** The call's tool name (`''` when missing or not a string). */
export function readName(call: unknown): string {
  const name = (call as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
}
