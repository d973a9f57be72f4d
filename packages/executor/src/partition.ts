/**
 * `partitionCalls`: splits one turn's calls into batches. Consecutive concurrency-safe
 * calls share a batch (they may run in parallel); every other call is a batch of its own.
 * Batches run one after another, so a write never moves past a read on either side of it.
 */

/** A run of calls that may execute together. */
export interface CallBatch<Call> {
  /** True when every call in it is concurrency-safe (and so may overlap). */
  parallel: boolean;
  /** Indices into the original calls array, ascending. */
  indices: number[];
  calls: Call[];
}

/**
 * Groups calls into batches, preserving order.
 *
 * @example
 * ```ts
 * partitionCalls(['read', 'read', 'write', 'read'], (name) => name === 'read')
 * // → [{parallel: true, indices: [0, 1]}, {parallel: false, indices: [2]}, {parallel: true, indices: [3]}]
 * ```
 */
export function partitionCalls<Call>(
  calls: readonly Call[],
  isConcurrencySafe: (call: Call, index: number) => boolean,
): CallBatch<Call>[] {
  const batches: CallBatch<Call>[] = [];
  let current: CallBatch<Call> | undefined;
  calls.forEach((call, index) => {
    const safe = isConcurrencySafe(call, index);
    if (safe && current?.parallel) {
      current.indices.push(index);
      current.calls.push(call);
      return;
    }
    current = { parallel: safe, indices: [index], calls: [call] };
    batches.push(current);
    // An unsafe call closes its batch at once: the next call always starts a new one.
    if (!safe) current = undefined;
  });
  return batches;
}
