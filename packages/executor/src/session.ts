/**
 * `createSession`: what the executor remembers between turns of one conversation — the
 * `allow-session` approval grants and the soft-limit counters (calls per tool, recent
 * similarity keys). An executor makes one session and shares it across `execute` calls;
 * a host serving several conversations passes one session per conversation.
 */
import { jaccardSorted, sortedTokens, tokenSignature } from './similarity';

/** A call remembered for near-duplicate checks. */
export interface RecordedCall {
  toolCallId: string;
  key: string;
}

/** The earlier call a new one nearly repeats. */
export interface SimilarCall extends RecordedCall {
  similarity: number;
}

/** Per-conversation state of an executor. */
export interface ExecutorSession {
  readonly id: string;
  /** True when an `allow-session` grant covers this decision's `sessionKey`. */
  isGranted(sessionKey: string): boolean;
  /** Records an `allow-session` grant. */
  grant(sessionKey: string): void;
  /** Removes a grant; true when there was one. */
  revoke(sessionKey: string): boolean;
  /** Current grants' session keys. */
  grants(): string[];
  /** Calls of `tool` recorded so far. */
  callCount(tool: string): number;
  /** The most similar earlier call of `tool` at or above `threshold`, if any. */
  findSimilar(tool: string, key: string, threshold: number): SimilarCall | undefined;
  /** Counts a call of `tool` and remembers its similarity key (if given); returns the new count. */
  recordCall(tool: string, call: RecordedCall | undefined): number;
  /** Forgets grants and counters. */
  reset(): void;
}

/** Options of `createSession`. */
export interface SessionOptions {
  /** An id for logs; random when absent. */
  id?: string;
  /** Recent keys kept per tool for fuzzy (Jaccard) comparison. Default 32. */
  similarityWindow?: number;
}

interface ToolUsage {
  count: number;
  /** Exact token-set signature → first call with it (bounded by `MAX_EXACT_KEYS`). */
  exact: Map<string, RecordedCall>;
  /** Ring buffer of the latest calls for fuzzy comparison. */
  recent: Array<{ call: RecordedCall; tokens: string[] } | undefined>;
  next: number;
}

const MAX_EXACT_KEYS = 1024;
const sessionMarker = Symbol.for('dexter.executor.session');

/** True for a session made by `createSession` (any copy of this package). */
export function isExecutorSession(value: unknown): value is ExecutorSession {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[sessionMarker] === true
  );
}

/**
 * Creates a session. Cost per recorded call is O(window) token comparisons, independent of
 * how many calls the session has seen.
 *
 * @example
 * ```ts
 * const session = createSession();
 * await executor.execute(calls, { session }); // grants and counters land in `session`
 * ```
 */
export function createSession(options: SessionOptions = {}): ExecutorSession {
  const id = options.id ?? `session_${Math.random().toString(36).slice(2, 10)}`;
  const window = options.similarityWindow ?? 32;
  if (!Number.isInteger(window) || window < 1) {
    throw new TypeError(`createSession: similarityWindow must be a positive integer, got ${String(window)}`);
  }
  const granted = new Set<string>();
  const usage = new Map<string, ToolUsage>();
  // findSimilar and recordCall usually see the same key back to back: tokenize it once.
  let lastKey: string | undefined;
  let lastTokens: string[] = [];
  let lastSignature = '';
  const analyze = (key: string) => {
    if (key !== lastKey) {
      lastKey = key;
      lastTokens = sortedTokens(key);
      lastSignature = tokenSignature(lastTokens);
    }
    return { tokens: lastTokens, signature: lastSignature };
  };

  const usageOf = (tool: string): ToolUsage => {
    let entry = usage.get(tool);
    if (entry === undefined) {
      entry = { count: 0, exact: new Map(), recent: new Array(window).fill(undefined), next: 0 };
      usage.set(tool, entry);
    }
    return entry;
  };

  const session: ExecutorSession & { [sessionMarker]: true } = {
    [sessionMarker]: true,
    id,
    isGranted: (key) => granted.has(key),
    grant: (key) => {
      granted.add(key);
    },
    revoke: (key) => granted.delete(key),
    grants: () => [...granted],
    callCount: (tool) => usage.get(tool)?.count ?? 0,
    findSimilar(tool, key, threshold) {
      const entry = usage.get(tool);
      if (entry === undefined) return undefined;
      const { tokens, signature } = analyze(key);
      const exact = entry.exact.get(signature);
      if (exact !== undefined) return { ...exact, similarity: 1 };
      let best: SimilarCall | undefined;
      const recents = entry.recent;
      for (let slot = 0; slot < recents.length; slot += 1) {
        const recent = recents[slot];
        if (recent === undefined) continue;
        // Jaccard ≥ t needs |A∩B| ≥ t(|A|+|B|)/(1+t). Skip pairs that cannot share that many
        // tokens — and equal-size pairs that would have to be identical, since identical
        // sets were already ruled out by the exact lookup above.
        const size = tokens.length;
        const other = recent.tokens.length;
        const need = Math.ceil((threshold * (size + other)) / (1 + threshold) - 1e-9);
        const most = Math.min(size, other);
        if (need > most || (need === most && size === other)) continue;
        const similarity = jaccardSorted(tokens, recent.tokens);
        if (similarity >= threshold && (best === undefined || similarity > best.similarity)) {
          best = { ...recent.call, similarity };
        }
      }
      return best;
    },
    recordCall(tool, call) {
      const entry = usageOf(tool);
      entry.count += 1;
      if (call === undefined) return entry.count;
      const { tokens, signature } = analyze(call.key);
      if (!entry.exact.has(signature) && entry.exact.size < MAX_EXACT_KEYS) entry.exact.set(signature, call);
      entry.recent[entry.next] = { call, tokens };
      entry.next = (entry.next + 1) % window;
      return entry.count;
    },
    reset() {
      granted.clear();
      usage.clear();
      lastKey = undefined;
    },
  };
  return session;
}
