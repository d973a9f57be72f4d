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

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      sorted[key] = canonical((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` give the same text. Never throws. */
export function canonicalJson(value: unknown): string {
  return safeStringify(canonical(value)) ?? 'undefined';
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

const ASCII = /^[\x00-\x7f]*$/;

/** Lower-cased runs of letters and digits (any script). */
export function tokenize(text: string): Set<string> {
  const tokens = new Set<string>();
  const lower = text.toLowerCase();
  // The Unicode-aware split is several times slower; most keys are ASCII.
  const parts = ASCII.test(lower) ? lower.split(/[^a-z0-9]+/) : lower.split(/[^\p{L}\p{N}]+/u);
  for (const token of parts) if (token !== '') tokens.add(token);
  return tokens;
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

/** A key's tokens, sorted and unique — the form the session compares. */
export function sortedTokens(text: string): string[] {
  return [...tokenize(text)].sort();
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
