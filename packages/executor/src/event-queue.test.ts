import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue';

interface Progress {
  kind: 'progress' | 'other';
  producer: number;
  value: number;
  dropped: number;
}

const merge = (previous: Progress, next: Progress): Progress => ({ ...next, dropped: previous.dropped + 1 });

describe('EventQueue', () => {
  it('is FIFO and ends after close once drained', async () => {
    const queue = new EventQueue<number>();
    for (let i = 0; i < 5; i += 1) queue.push(i);
    queue.close();
    queue.push(99); // ignored after close
    const seen: number[] = [];
    for (let step = await queue.next(); !step.done; step = await queue.next()) seen.push(step.value);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it('hands an event straight to a waiting consumer without buffering it', async () => {
    const queue = new EventQueue<string>();
    const waiting = queue.next();
    queue.push('a');
    expect(await waiting).toEqual({ done: false, value: 'a' });
    expect(queue.stats()).toMatchObject({ buffered: 0, maxBuffered: 0, delivered: 1 });
  });

  it('queues next() calls made while one waits, and serves them in order', async () => {
    const queue = new EventQueue<number>();
    const first = queue.next();
    const second = queue.next();
    const third = queue.next();
    queue.push(1);
    queue.push(2);
    queue.close();
    expect(await Promise.all([first, second, third])).toEqual([
      { done: false, value: 1 },
      { done: false, value: 2 },
      { done: true, value: undefined },
    ]);
  });

  it('discard drops buffered events and ends every waiting next()', async () => {
    const queue = new EventQueue<number>();
    queue.push(1);
    queue.discard();
    expect(await queue.next()).toEqual({ done: true, value: undefined });
    const empty = new EventQueue<number>();
    const waiting = [empty.next(), empty.next()];
    empty.discard();
    expect((await Promise.all(waiting)).every((step) => step.done)).toBe(true);
    empty.push(2);
    expect(await empty.next()).toEqual({ done: true, value: undefined });
  });

  it('coalesces a producer’s unread progress in place and counts what it dropped', async () => {
    const queue = new EventQueue<Progress>();
    const slot = queue.createSlot();
    queue.push({ kind: 'other', producer: 0, value: -1, dropped: 0 });
    for (let i = 0; i < 1000; i += 1)
      queue.pushCoalesced(slot, { kind: 'progress', producer: 0, value: i, dropped: 0 }, merge);
    queue.push({ kind: 'other', producer: 0, value: -2, dropped: 0 });
    expect(queue.stats().buffered).toBe(3);
    const a = await queue.next();
    const b = await queue.next();
    expect(b.value).toMatchObject({ kind: 'progress', value: 999, dropped: 999 });
    expect(a.value?.value).toBe(-1);
    // Once read, the next progress is appended anew (after the 'other' event).
    queue.pushCoalesced(slot, { kind: 'progress', producer: 0, value: 1000, dropped: 0 }, merge);
    expect((await queue.next()).value?.value).toBe(-2);
    expect((await queue.next()).value).toMatchObject({ value: 1000, dropped: 0 });
  });

  it('property: per-producer order is kept (with seal),  the latest progress always arrives, buffer ≤ 2 × others + producers', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant<'progress'>('progress'), producer: fc.nat(4) }),
      fc.record({ kind: fc.constant<'other'>('other'), producer: fc.nat(4) }),
      fc.record({ kind: fc.constant<'read'>('read'), producer: fc.constant(0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 300 }), async (ops) => {
        const queue = new EventQueue<Progress>();
        const slots = [0, 1, 2, 3, 4].map(() => queue.createSlot());
        const received: Progress[] = [];
        const lastSent = new Map<number, number>();
        let others = 0;
        let counter = 0;
        for (const step of ops) {
          if (step.kind === 'read') {
            if (queue.stats().buffered > 0) received.push((await queue.next()).value as Progress);
            continue;
          }
          const event: Progress = { kind: step.kind, producer: step.producer, value: counter++, dropped: 0 };
          if (step.kind === 'progress') {
            queue.pushCoalesced(slots[step.producer]!, event, merge);
            lastSent.set(step.producer, event.value);
          } else {
            // A producer's other events seal its progress slot, so its order is kept.
            queue.seal(slots[step.producer]!);
            queue.push(event);
            others += 1;
          }
          // Bounded by what is not progress: each non-progress event, plus the one progress
          // entry its seal may leave behind in the queue, plus one live entry per slot.
          expect(queue.stats().buffered).toBeLessThanOrEqual(2 * others + slots.length);
        }
        queue.close();
        for (let next = await queue.next(); !next.done; next = await queue.next()) received.push(next.value);
        // Values per producer arrive in increasing order (coalescing only skips, never reorders)...
        for (const producer of [0, 1, 2, 3, 4]) {
          const values = received.filter((event) => event.producer === producer).map((event) => event.value);
          expect([...values].sort((x, y) => x - y)).toEqual(values);
          const progress = received.filter(
            (event) => event.producer === producer && event.kind === 'progress',
          );
          // ...and the last progress a producer sent is always delivered.
          if (lastSent.has(producer)) expect(progress.at(-1)?.value).toBe(lastSent.get(producer));
        }
        // Every non-progress event is delivered exactly once.
        expect(received.filter((event) => event.kind === 'other')).toHaveLength(
          ops.filter((step) => step.kind === 'other').length,
        );
        // Delivered + dropped = sent, for progress.
        const sentProgress = ops.filter((step) => step.kind === 'progress').length;
        const delivered = received.filter((event) => event.kind === 'progress');
        expect(delivered.length + delivered.reduce((sum, event) => sum + event.dropped, 0)).toBe(
          sentProgress,
        );
      }),
    );
  });
});
