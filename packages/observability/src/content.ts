/**
 * What of a call's input and output reaches telemetry. By default nothing readable: the
 * size (UTF-8 bytes of its JSON) and a SHA-256 of it, enough to tell calls apart and to spot
 * repeats. A host that opts in (`recordContent: true`) gets the JSON, cut to a length and
 * with secrets masked: values under secret-looking names (`API_KEY`, `"password": ...`,
 * `DATABASE_URL=...` — the names the permission engine's floor treats as secret, via
 * `isSecretVariableName`), bearer and basic credentials, and URL passwords.
 */
import { createHash } from 'node:crypto';
import { safeStringify } from '@dexter/executor';
import { isSecretVariableName } from '@dexter/permissions';

/** Longest content attribute written (the rest is cut with a marker). */
export const MAX_CONTENT_LENGTH = 4096;
const MASK = '[redacted]';

/** The value's JSON (strings as they are), or undefined when there is none. */
export function textOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return safeStringify(value);
}

export interface Fingerprint {
  size: number;
  sha256: string;
}

/** Size in UTF-8 bytes and SHA-256 (hex) of the value's JSON. */
export function fingerprint(value: unknown): Fingerprint | undefined {
  const text = textOf(value);
  if (text === undefined) return undefined;
  return { size: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') };
}

// NAME=value, NAME: value, "name": "value" (JSON, YAML, .env, headers, shell assignments).
const NAMED_VALUE = /(["']?)([A-Za-z_][A-Za-z0-9_.-]*)\1(\s*[=:]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;&}]+)/g;
const AUTH_SCHEME = /\b(Bearer|Basic|Token|Bot)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]+):[^\s@/]+@/gi;

/** `text` with secret values masked (see the file's comment). */
export function redactText(text: string): string {
  // Schemes first: `Authorization: Bearer x` must lose the token, not only the word `Bearer`.
  return text
    .replace(AUTH_SCHEME, (_whole, scheme: string) => `${scheme} ${MASK}`)
    .replace(URL_PASSWORD, (_whole, prefix: string) => `${prefix}:${MASK}@`)
    .replace(NAMED_VALUE, (whole, quote: string, name: string, separator: string, value: string) => {
      if (isSecretVariableName(name)) return `${quote}${name}${quote}${separator}${quoteLike(value)}`;
      // A quoted value under a harmless name may hold assignments itself ({"command": "TOKEN=x gh"}).
      const first = value[0];
      if (first !== '"' && first !== "'") return whole;
      return `${quote}${name}${quote}${separator}${first}${redactText(value.slice(1, -1))}${first}`;
    });
}

function quoteLike(value: string): string {
  const first = value[0];
  return first === '"' || first === "'" ? `${first}${MASK}${first}` : MASK;
}

/** The value as a content attribute: JSON cut to `MAX_CONTENT_LENGTH`, then secrets masked. */
export function contentOf(value: unknown): string | undefined {
  const text = textOf(value);
  if (text === undefined) return undefined;
  // Cut first (masking a megabyte costs), then mask: a secret cut short is still matched.
  const cut =
    text.length > MAX_CONTENT_LENGTH
      ? `${text.slice(0, MAX_CONTENT_LENGTH)}… [${text.length - MAX_CONTENT_LENGTH} more characters]`
      : text;
  return redactText(cut);
}
