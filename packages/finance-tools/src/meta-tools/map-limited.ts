/**
 * Runs `worker` over `items` with at most `limit` in flight. Results keep the items' order;
 * a worker that throws does not stop the others (each outcome is settled), which is what
 * partial failure needs.
 */

/** One settled outcome. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * @example
 * ```ts
 * const outcomes = await mapLimited(calls, 4, (call) => runSubCall(provider, call));
 * ```
 */
export async function mapLimited<I, O>(
  items: readonly I[],
  limit: number,
  worker: (item: I, index: number) => Promise<O>,
): Promise<Settled<O>[]> {
  if (!(Number.isInteger(limit) && limit >= 1)) {
    throw new TypeError(`concurrency limit must be a positive integer, got ${limit}`);
  }
  const outcomes: Settled<O>[] = new Array(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      try {
        outcomes[index] = { ok: true, value: await worker(items[index]!, index) };
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return outcomes;
}
