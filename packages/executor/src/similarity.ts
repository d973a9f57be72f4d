/**
 * Near-duplicate detection for soft limits. A call's similarity key is the tool's
 * `similarityKey(input)` when it defines one (e.g. the search query), else the canonical
 * JSON of its input (keys sorted). Keys are compared as token sets: lower-cased runs of
 * letters and digits. Two keys are near-duplicates when their token sets are equal, or
 * their Jaccard similarity |A ∩ B| / |A ∪ B| is at least the threshold (0.8 by default) —
 * so "AAPL revenue 2023" ≈ "revenue 2023 aapl", but "AAPL revenue 2023" ≠ "AAPL revenue 2024".
 */
import type { AnyTool } from '@dexter/registry';
import { safeStringify } from './safe-json';

/** The default Jaccard threshold for near-duplicates. */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.8;

/** A copy with object keys sorted, for the careful path; cycles stop at the depth cap. */
function canonical(value: unknown, depth = 0): unknown {
  if (depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => canonical(item, depth + 1));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      sorted[key] = canonical((value as Record<string, unknown>)[key], depth + 1);
    return sorted;
  }
  return value;
}

/**
 * Writes plain JSON data (plain objects, arrays, strings, finite numbers, booleans, null)
 * with sorted keys straight to text; `undefined` for anything else, so the caller takes the
 * careful path. Avoids copying the input on the common path.
 */
function writeCanonical(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth > 32) return undefined;
      if (Array.isArray(value)) {
        let text = '[';
        for (let i = 0; i < value.length; i += 1) {
          const item = writeCanonical(value[i], depth + 1);
          if (item === undefined) return undefined;
          text += i === 0 ? item : `,${item}`;
        }
        return `${text}]`;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
      const keys = Object.keys(value);
      if (keys.length > 1) keys.sort();
      let text = '{';
      let first = true;
      for (const key of keys) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined) continue;
        const written = writeCanonical(item, depth + 1);
        if (written === undefined) return undefined;
        text += `${first ? '' : ','}${JSON.stringify(key)}:${written}`;
        first = false;
      }
      return `${text}}`;
    }
    default:
      return undefined;
  }
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` give the same text. Never throws. */
export function canonicalJson(value: unknown): string {
  let fast: string | undefined;
  try {
    fast = writeCanonical(value, 0);
  } catch {
    fast = undefined; // a throwing getter: take the careful path
  }
  if (fast !== undefined) return fast;
  let sorted: unknown = value;
  try {
    sorted = canonical(value);
  } catch {
    // a getter or Proxy trap threw while sorting: write the value unsorted, carefully
  }
  return safeStringify(sorted) ?? 'undefined';
}

/** The key a call is compared by: `tool.similarityKey(input)`, else the canonical JSON of the input. */
export function similarityKeyOf(tool: AnyTool, input: unknown): string {
  if (tool.similarityKey) {
    try {
      const key = tool.similarityKey(input);
      if (typeof key === 'string') return key;
    } catch {
      // A broken similarityKey must not fail the call; fall back to the input.
    }
  }
  return canonicalJson(input);
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** Sorts short string arrays in place by insertion (same order as the default sort: UTF-16 code units). */
function sortSmall(parts: string[]): void {
  for (let i = 1; i < parts.length; i += 1) {
    const item = parts[i]!;
    let j = i - 1;
    while (j >= 0 && parts[j]! > item) {
      parts[j + 1] = parts[j]!;
      j -= 1;
    }
    parts[j + 1] = item;
  }
}

/**
 * A key's tokens — lower-cased runs of letters and digits — sorted and unique: the form the
 * session compares. ASCII text is scanned by hand (the Unicode-aware regex split is several
 * times slower), lower-casing only tokens that hold an upper-case letter; other text goes
 * through `\p{L}\p{N}`.
 */
export function sortedTokens(text: string): string[] {
  let parts: string[] = [];
  let start = -1;
  let upper = false;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code > 127) {
      parts = text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
      break;
    }
    if (isAsciiAlphanumeric(code)) {
      if (start < 0) start = i;
      if (code >= 65 && code <= 90) upper = true;
    } else if (start >= 0) {
      const part = text.slice(start, i);
      parts.push(upper ? part.toLowerCase() : part);
      start = -1;
      upper = false;
    }
  }
  if (parts.length > 16) parts.sort();
  else sortSmall(parts);
  // Drop empty strings (from the regex split) and repeats, in place.
  let kept = 0;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (part !== '' && (kept === 0 || part !== parts[kept - 1])) parts[kept++] = part;
  }
  parts.length = kept;
  return parts;
}

/** Lower-cased runs of letters and digits (any script), as a set. */
export function tokenize(text: string): Set<string> {
  return new Set(sortedTokens(text));
}

/** |A ∩ B| / |A ∪ B|; two empty sets count as identical (1). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const token of small) if (large.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** The order-free signature of a token set, for O(1) exact-duplicate lookups. */
export function tokenSignature(tokens: ReadonlySet<string> | readonly string[]): string {
  return (Array.isArray(tokens) ? tokens : [...tokens].sort()).join('\u0000');
}

/** Jaccard similarity of two sorted, duplicate-free token arrays (a linear merge, no allocation). */
export function jaccardSorted(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const left = a[i]!;
    const right = b[j]!;
    if (left === right) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (left < right) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared);
}
