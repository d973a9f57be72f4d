/**
 * Scheduling invariants, property-based: random sequences of concurrency-safe and unsafe
 * calls with random durations (counted in event-loop turns, not milliseconds) and a random
 * `maxConcurrency`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createExecutor } from './executor';
import { readTool, turns, writeTool } from './test-support';

interface Span {
  index: number;
  start: number;
  end: number;
}

describe('scheduling', () => {
  it('property: cap respected, unsafe alone, batches never overlap, results in call order', async () => {
    const callSpec = fc.record({ safe: fc.boolean(), duration: fc.nat(4) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(callSpec, { maxLength: 14 }),
        fc.integer({ min: 1, max: 4 }),
        async (specs, cap) => {
          let clock = 0;
          let inFlight = 0;
          let maxInFlight = 0;
          const spans: Span[] = [];
          const body = async (index: number, duration: number) => {
            const span: Span = { index, start: clock++, end: -1 };
            inFlight += 1;
            maxInFlight = Math.max(maxInFlight, inFlight);
            await turns(duration);
            inFlight -= 1;
            span.end = clock++;
            spans.push(span);
            return index;
          };
          const executor = createExecutor({
            tools: [
              readTool('read', async ({ q }) => body(Number(q.split(':')[0]), Number(q.split(':')[1]))),
              writeTool('write', async ({ path }) =>
                body(Number(path.split(':')[0]), Number(path.split(':')[1])),
              ),
            ],
            maxConcurrency: cap,
            softLimits: false,
          });
          const calls = specs.map((spec, index) =>
            spec.safe
              ? { id: `c${index}`, name: 'read', input: { q: `${index}:${spec.duration}` } }
              : { id: `c${index}`, name: 'write', input: { path: `${index}:${spec.duration}` } },
          );
          const results = await executor.execute(calls);

          // Exactly one result per call, in call order, each with its own output.
          expect(results.map((result) => result.toolCallId)).toEqual(calls.map((each) => each.id));
          expect(results.map((result) => result.output)).toEqual(specs.map((_, index) => index));
          expect(maxInFlight).toBeLessThanOrEqual(cap);

          // Oracle batches: consecutive safe calls together, each unsafe call alone.
          const batchOf: number[] = [];
          let batch = -1;
          specs.forEach((spec, index) => {
            if (!(spec.safe && index > 0 && specs[index - 1]!.safe)) batch += 1;
            batchOf.push(batch);
          });
          const span = new Map(spans.map((each) => [each.index, each]));
          for (const a of spans) {
            for (const b of spans) {
              if (a === b) continue;
              const overlap = a.start < b.end && b.start < a.end;
              // Calls of different batches never overlap; an unsafe call overlaps nothing.
              if (batchOf[a.index] !== batchOf[b.index] || !specs[a.index]!.safe) expect(overlap).toBe(false);
              // Earlier batches finish before later ones start (a write never moves past a read).
              if (batchOf[a.index]! < batchOf[b.index]!) expect(a.end).toBeLessThan(b.start);
            }
          }
          // Within a batch calls start in call order.
          for (let index = 1; index < specs.length; index += 1) {
            if (batchOf[index] === batchOf[index - 1]) {
              expect(span.get(index)!.start).toBeGreaterThan(span.get(index - 1)!.start);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('runs a parallel batch really in parallel (all reads in flight together when the cap allows)', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const executor = createExecutor({
      tools: [
        readTool('read', async () => {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await turns(2);
          inFlight -= 1;
        }),
      ],
      maxConcurrency: 10,
      softLimits: false,
    });
    await executor.execute(
      Array.from({ length: 8 }, (_, i) => ({ id: `${i}`, name: 'read', input: { q: `${i}` } })),
    );
    expect(maxInFlight).toBe(8);
  });

  it('keeps tool_result events in call order when completion order differs', async () => {
    const executor = createExecutor({
      tools: [readTool('read', async ({ q }) => turns(Number(q)).then(() => q))],
      softLimits: false,
    });
    const order: string[] = [];
    const ends: string[] = [];
    for await (const event of executor.stream(
      ['5', '1', '3', '0'].map((q, i) => ({ id: `c${i}`, name: 'read', input: { q } })),
    )) {
      if (event.type === 'tool_result') order.push(event.toolCallId);
      if (event.type === 'tool_end') ends.push(event.toolCallId);
    }
    expect(ends).not.toEqual(['c0', 'c1', 'c2', 'c3']); // they really finished out of order
    expect(order).toEqual(['c0', 'c1', 'c2', 'c3']);
  });
});
