/**
 * A small TTL cache, shared by the meta-tools of one host, at two levels: provider requests
 * (a sub-call another query already made is answered from memory; concurrent identical
 * requests share one in-flight load) and whole answers (the same query on the same day is
 * answered without routing or fetching). Failures are never cached. Beyond `maxEntries`
 * the least recently used entry is evicted.
 */

/** Options of `createResultCache`. */
export interface ResultCacheOptions {
  /** How long a result stays fresh. Default 5 minutes. */
  ttlMs?: number;
  /** At most this many entries (default 500). */
  maxEntries?: number;
  /** Clock for expiry; defaults to `Date.now`. */
  now?: () => number;
}

/** A cache of sub-call results. */
export interface ResultCache {
  /**
   * Returns the cached value for `key`, joins an identical in-flight load, or runs `load`.
   * `hit` says whether the value came from memory (or a shared in-flight load).
   */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<{ value: T; hit: boolean }>;
  /** The fresh value stored under `key`, if any (no loading, no in-flight sharing). */
  peek<T>(key: string): T | undefined;
  /** Stores `value` under `key` for the TTL. */
  set(key: string, value: unknown): void;
  /** Drops everything. */
  clear(): void;
  /** Number of fresh entries. */
  size(): number;
}

/**
 * @example
 * ```ts
 * const cache = createResultCache({ ttlMs: 60_000 });
 * const tool = createGetFinancialsTool({ provider, cache });
 * ```
 */
export function createResultCache(options: ResultCacheOptions = {}): ResultCache {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  if (!(ttlMs >= 0)) throw new TypeError(`ttlMs must be >= 0, got ${ttlMs}`);
  if (!(Number.isInteger(maxEntries) && maxEntries >= 1)) {
    throw new TypeError(`maxEntries must be a positive integer, got ${maxEntries}`);
  }
  const entries = new Map<string, { value: unknown; expires: number }>();
  const inFlight = new Map<string, Promise<unknown>>();

  function fresh(key: string): { value: unknown } | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expires <= now()) return undefined;
    // Re-insert: the map's order is least recently used first, which eviction relies on.
    entries.set(key, entry);
    return entry;
  }

  function store(key: string, value: unknown): void {
    if (ttlMs <= 0) return;
    entries.delete(key);
    entries.set(key, { value, expires: now() + ttlMs });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    peek<T>(key: string) {
      return fresh(key)?.value as T | undefined;
    },
    set: store,
    async getOrLoad<T>(key: string, load: () => Promise<T>) {
      const cached = fresh(key);
      if (cached) return { value: cached.value as T, hit: true };
      const pending = inFlight.get(key);
      if (pending) return { value: (await pending) as T, hit: true };
      const loading = load();
      inFlight.set(key, loading);
      try {
        const value = await loading;
        store(key, value);
        return { value, hit: false };
      } finally {
        inFlight.delete(key);
      }
    },
    clear() {
      entries.clear();
    },
    size() {
      for (const key of [...entries.keys()]) fresh(key);
      return entries.size;
    },
  };
}
