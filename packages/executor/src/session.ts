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
  /**
   * Counts `count` calls of `tool` made elsewhere (another process, a run that resumed),
   * without similarity keys; returns the new count.
   */
  addCalls(tool: string, count: number): number;
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

interface RingEntry {
  call: RecordedCall | undefined;
  tokens: string[];
}

interface ToolUsage {
  count: number;
  /**
   * Exact token-set signature → first call with it: the `MAX_EXACT_KEYS` most recently
   * seen signatures (least recently seen evicted first), so an exact repeat is found however
   * many distinct keys came before, as long as it was seen among the last 16,384.
   */
  exact: Map<string, RecordedCall>;
  /** Ring buffer of the latest calls for fuzzy comparison (slots reused; `call` unset when empty). */
  recent: RingEntry[];
  next: number;
  /** The distinct token-set sizes in the ring: lets a query skip the scan when no size can match. */
  sizes: number[];
  /** Ring entries per token-set size. */
  sizeCounts: Map<number, number>;
}

/**
 * False when two token sets of these sizes cannot reach Jaccard ≥ `threshold` without being
 * identical. Jaccard ≥ t needs |A∩B| ≥ t(|A|+|B|)/(1+t): pairs that cannot share that many
 * tokens are out, and so are equal-size pairs that would have to be identical (identical
 * sets are found by the exact lookup first).
 */
function mayBeNear(size: number, other: number, threshold: number): boolean {
  const need = Math.ceil((threshold * (size + other)) / (1 + threshold) - 1e-9);
  const most = Math.min(size, other);
  return !(need > most || (need === most && size === other));
}

const MAX_EXACT_KEYS = 16_384;
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
  const analyze = (key: string): void => {
    if (key !== lastKey) {
      lastKey = key;
      lastTokens = sortedTokens(key);
      lastSignature = tokenSignature(lastTokens);
    }
  };

  const usageOf = (tool: string): ToolUsage => {
    let entry = usage.get(tool);
    if (entry === undefined) {
      const recent: RingEntry[] = [];
      for (let slot = 0; slot < window; slot += 1) recent.push({ call: undefined, tokens: [] });
      entry = { count: 0, exact: new Map(), recent, next: 0, sizes: [], sizeCounts: new Map() };
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
      analyze(key);
      const tokens = lastTokens;
      const exact = entry.exact.get(lastSignature);
      if (exact !== undefined) return { ...exact, similarity: 1 };
      const size = tokens.length;
      // Skip the scan when no size present in the window could match (e.g. all keys alike in shape).
      let possible = false;
      const sizes = entry.sizes;
      for (let i = 0; i < sizes.length; i += 1) {
        if (mayBeNear(size, sizes[i]!, threshold)) {
          possible = true;
          break;
        }
      }
      if (!possible) return undefined;
      let best: SimilarCall | undefined;
      const recents = entry.recent;
      for (let slot = 0; slot < recents.length; slot += 1) {
        const recent = recents[slot]!;
        if (recent.call === undefined || !mayBeNear(size, recent.tokens.length, threshold)) continue;
        const similarity = jaccardSorted(tokens, recent.tokens);
        if (similarity >= threshold && (best === undefined || similarity > best.similarity)) {
          best = { ...recent.call, similarity };
        }
      }
      return best;
    },
    addCalls(tool, count) {
      const entry = usageOf(tool);
      if (Number.isSafeInteger(count) && count > 0) entry.count += count;
      return entry.count;
    },
    recordCall(tool, call) {
      const entry = usageOf(tool);
      entry.count += 1;
      if (call === undefined) return entry.count;
      analyze(call.key);
      const tokens = lastTokens;
      const { exact, sizes, sizeCounts } = entry;
      const first = exact.get(lastSignature);
      if (first !== undefined) {
        // Seen again: move it to the recent end, keeping the first call it came from.
        exact.delete(lastSignature);
        exact.set(lastSignature, first);
      } else {
        if (exact.size >= MAX_EXACT_KEYS) exact.delete(exact.keys().next().value!);
        exact.set(lastSignature, call);
      }
      const slot = entry.recent[entry.next]!;
      const evicted = slot.call === undefined ? -1 : slot.tokens.length;
      const added = tokens.length;
      if (evicted !== added) {
        // Keys of one shape keep their size: the size index changes only when the shape does.
        if (evicted >= 0) {
          const left = sizeCounts.get(evicted)! - 1;
          if (left === 0) {
            sizeCounts.delete(evicted);
            sizes.splice(sizes.indexOf(evicted), 1);
          } else sizeCounts.set(evicted, left);
        }
        const had = sizeCounts.get(added) ?? 0;
        if (had === 0) sizes.push(added);
        sizeCounts.set(added, had + 1);
      }
      slot.call = call;
      slot.tokens = tokens;
      entry.next = entry.next + 1 === window ? 0 : entry.next + 1;
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
