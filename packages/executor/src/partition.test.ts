import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partitionCalls } from './partition';

describe('partitionCalls', () => {
  it('groups consecutive safe calls and isolates every unsafe one', () => {
    const calls = ['r', 'r', 'w', 'w', 'r', 'w', 'r', 'r', 'r'];
    const batches = partitionCalls(calls, (call) => call === 'r');
    expect(batches.map((batch) => [batch.parallel, batch.indices])).toEqual([
      [true, [0, 1]],
      [false, [2]],
      [false, [3]],
      [true, [4]],
      [false, [5]],
      [true, [6, 7, 8]],
    ]);
  });

  it('handles empty input', () => {
    expect(partitionCalls([], () => true)).toEqual([]);
  });

  it('property: order is preserved, unsafe calls are alone, safe neighbours are merged', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (safety) => {
        const batches = partitionCalls(safety, (safe) => safe);
        // Every index exactly once, ascending.
        expect(batches.flatMap((batch) => batch.indices)).toEqual(safety.map((_, index) => index));
        for (const [position, batch] of batches.entries()) {
          expect(batch.calls).toEqual(batch.indices.map((index) => safety[index]));
          if (!batch.parallel) expect(batch.indices).toHaveLength(1);
          else expect(batch.calls.every(Boolean)).toBe(true);
          // Two parallel batches are never adjacent (they would have been merged).
          if (position > 0 && batch.parallel) expect(batches[position - 1]!.parallel).toBe(false);
        }
      }),
    );
  });
});
