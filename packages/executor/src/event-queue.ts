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

/** A consumer's `next()` waiting for an event (a linked list: several may wait, in order). */
interface Waiter<T> {
  resolve: (result: IteratorResult<T, undefined>) => void;
  next: Waiter<T> | undefined;
}

/** A single-consumer, O(1) FIFO with per-producer coalescing of progress events. */
export class EventQueue<T> {
  private head: QueueNode<T> | undefined;
  private tail: QueueNode<T> | undefined;
  private waiter: Waiter<T> | undefined;
  private lastWaiter: Waiter<T> | undefined;
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
    // Waiters exist only while the buffer is empty: each of them is done now.
    if (this.head === undefined) this.releaseWaiters();
  }

  /** Closes the queue and drops what is buffered: the consumer sees `done` at once. */
  discard(): void {
    this.closed = true;
    while (this.head !== undefined) this.take(this.head);
    this.releaseWaiters();
  }

  /**
   * Takes the next event, waiting for one if needed. Calls made while earlier ones still
   * wait are queued and served in order (an iterator's `next()` may be called again
   * before the last one settled).
   */
  next(): Promise<IteratorResult<T, undefined>> {
    const node = this.head;
    if (node !== undefined) return Promise.resolve({ done: false, value: this.take(node) });
    if (this.closed) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve) => {
      const waiter: Waiter<T> = { resolve, next: undefined };
      if (this.lastWaiter === undefined) this.waiter = waiter;
      else this.lastWaiter.next = waiter;
      this.lastWaiter = waiter;
    });
  }

  private releaseWaiters(): void {
    let waiter = this.waiter;
    this.waiter = undefined;
    this.lastWaiter = undefined;
    while (waiter !== undefined) {
      const next = waiter.next;
      waiter.next = undefined;
      waiter.resolve({ done: true, value: undefined });
      waiter = next;
    }
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
    const waiter = this.waiter;
    if (waiter !== undefined) {
      // The consumer is waiting: hand the event over without buffering it.
      this.waiter = waiter.next;
      if (this.waiter === undefined) this.lastWaiter = undefined;
      waiter.next = undefined;
      this.deliveredCount += 1;
      waiter.resolve({ done: false, value });
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
