/**
 * `EventQueue`: the merge point of every concurrent call's events. Producers push
 * synchronously; one consumer pulls. It is a singly linked list with a single waiting
 * resolver, so each event costs O(1) to enqueue and dequeue — no `Array.shift` (O(n) per
 * dequeue on large arrays) and no `Promise.race` over producers (which attaches a reaction
 * to every still-pending promise on every race and leaks until the slow one settles).
 *
 * Progress is coalesced per producer: while a producer's last progress event has not been
 * taken, a newer one replaces it in place and bumps its `dropped` count. So the queue holds
 * at most one progress event per call, however fast tools report and however slow the
 * consumer reads.
 */

interface QueueNode<T> {
  value: T;
  next: QueueNode<T> | undefined;
  /** Set on a coalescable node: the slot that may still overwrite it. */
  slot: CoalescingSlot<T> | undefined;
}

/** Per-producer state for coalescing; create one per call with `createSlot()`. */
export interface CoalescingSlot<T> {
  /** The producer's progress node still waiting in the queue, if any. */
  pending: QueueNode<T> | undefined;
  /** Updates dropped in favour of a newer one, over the slot's life. */
  dropped: number;
}

/** Counters for diagnostics and bounded-memory tests. */
export interface EventQueueStats {
  /** Events waiting to be read now. */
  buffered: number;
  /** The most events ever waiting at once. */
  maxBuffered: number;
  /** Progress updates replaced by newer ones before being read. */
  coalesced: number;
  /** Events handed to the consumer. */
  delivered: number;
}

/** A single-consumer, O(1) FIFO with per-producer coalescing of progress events. */
export class EventQueue<T> {
  private head: QueueNode<T> | undefined;
  private tail: QueueNode<T> | undefined;
  private waiter: ((result: IteratorResult<T, undefined>) => void) | undefined;
  private closed = false;
  private size = 0;
  private maxSize = 0;
  private coalescedCount = 0;
  private deliveredCount = 0;

  /** A fresh coalescing slot for one producer. */
  createSlot(): CoalescingSlot<T> {
    return { pending: undefined, dropped: 0 };
  }

  /** Enqueues an event (ignored after `close`). */
  push(value: T): void {
    this.append(value, undefined);
  }

  /**
   * Enqueues a coalescable event: if `slot` still has an unread event, `merge(old)` builds
   * its replacement in place (same queue position) and nothing is appended.
   */
  pushCoalesced(slot: CoalescingSlot<T>, value: T, merge: (previous: T, next: T) => T): void {
    const pending = slot.pending;
    if (pending !== undefined) {
      pending.value = merge(pending.value, value);
      slot.dropped += 1;
      this.coalescedCount += 1;
      return;
    }
    const node = this.append(value, slot);
    if (node !== undefined) slot.pending = node;
  }

  /**
   * Forgets the slot's unread event as a coalescing target, so later progress appends anew.
   * Call it before the producer pushes a non-progress event: a coalesced update must not
   * jump ahead of it.
   */
  seal(slot: CoalescingSlot<T>): void {
    if (slot.pending !== undefined) slot.pending.slot = undefined;
    slot.pending = undefined;
  }

  /** No more events; the consumer sees `done` once the queue drains. */
  close(): void {
    this.closed = true;
    if (this.waiter !== undefined && this.head === undefined) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter({ done: true, value: undefined });
    }
  }

  /** Takes the next event, waiting for one if needed. Only one caller may wait at a time. */
  next(): Promise<IteratorResult<T, undefined>> {
    const node = this.head;
    if (node !== undefined) return Promise.resolve({ done: false, value: this.take(node) });
    if (this.closed) return Promise.resolve({ done: true, value: undefined });
    if (this.waiter !== undefined) {
      return Promise.reject(
        new Error('EventQueue supports a single consumer; await next() before calling it again'),
      );
    }
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** Diagnostics: buffered now, high-water mark, coalesced and delivered counts. */
  stats(): EventQueueStats {
    return {
      buffered: this.size,
      maxBuffered: this.maxSize,
      coalesced: this.coalescedCount,
      delivered: this.deliveredCount,
    };
  }

  private append(value: T, slot: CoalescingSlot<T> | undefined): QueueNode<T> | undefined {
    if (this.closed) return undefined;
    if (this.waiter !== undefined) {
      // The consumer is waiting: hand the event over without buffering it.
      const waiter = this.waiter;
      this.waiter = undefined;
      this.deliveredCount += 1;
      waiter({ done: false, value });
      return undefined;
    }
    const node: QueueNode<T> = { value, next: undefined, slot };
    if (this.tail === undefined) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.size += 1;
    if (this.size > this.maxSize) this.maxSize = this.size;
    return node;
  }

  private take(node: QueueNode<T>): T {
    this.head = node.next;
    if (this.head === undefined) this.tail = undefined;
    node.next = undefined;
    if (node.slot !== undefined && node.slot.pending === node) node.slot.pending = undefined;
    this.size -= 1;
    this.deliveredCount += 1;
    return node.value;
  }
}
