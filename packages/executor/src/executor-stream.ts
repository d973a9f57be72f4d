/**
 * `ExecutorStream`: the async iterable `executor.stream()` returns. The run starts at once;
 * its events go through an `EventQueue`, so producers never wait for the consumer and the
 * buffer stays bounded (progress coalesces per call). Breaking out of the loop (or calling
 * `return()` / `throw(error)`) cancels the run: pending calls end `cancelled`, running ones
 * are aborted, and the iterator yields nothing more (`next()` calls still waiting get
 * `done`). `next()` may be called again before the last call settled: calls are served in
 * order.
 */
import { ExecutorError } from './errors';
import type { CoalescingSlot, EventQueue, EventQueueStats } from './event-queue';
import type { ExecutorEvent, ToolProgressEvent } from './events';
import type { EventSink, Run } from './run';
import type { ToolResult } from './tool-result';

/** What `executor.stream()` returns: iterate it once for events; `results` settles with the results. */
export interface ExecutorStream extends AsyncIterable<ExecutorEvent> {
  /** One result per call, in call order; settles when the run ends (also if nobody iterates). */
  readonly results: Promise<ToolResult[]>;
  /** Buffer diagnostics: events waiting now, the high-water mark, progress updates coalesced. */
  stats(): EventQueueStats;
}

function mergeProgress(previous: ExecutorEvent, next: ExecutorEvent): ExecutorEvent {
  const dropped = (previous as ToolProgressEvent).dropped + 1;
  return { ...(next as ToolProgressEvent), dropped };
}

/** A sink that feeds an `EventQueue`, coalescing each call's progress. */
export function createQueueSink(queue: EventQueue<ExecutorEvent>): EventSink {
  const slots: Array<CoalescingSlot<ExecutorEvent> | undefined> = [];
  return {
    emit(event) {
      // A call's later events must not be overtaken by a coalesced progress update.
      const slot = slots[event.index];
      if (slot !== undefined) queue.seal(slot);
      queue.push(event);
    },
    progress(index, event) {
      let slot = slots[index];
      if (slot === undefined) slot = slots[index] = queue.createSlot();
      queue.pushCoalesced(slot, event, mergeProgress);
    },
  };
}

/** Wraps a started run and its queue as an `ExecutorStream`. */
export function createExecutorStream(
  run: Run,
  queue: EventQueue<ExecutorEvent>,
  results: Promise<ToolResult[]>,
): ExecutorStream {
  let iterated = false;
  let sequence = 0;
  const deliver = (step: IteratorResult<ExecutorEvent, undefined>) => {
    if (!step.done) step.value.sequence = sequence++;
    return step;
  };
  return {
    results,
    stats: () => queue.stats(),
    [Symbol.asyncIterator](): AsyncIterator<ExecutorEvent, undefined> {
      if (iterated) {
        throw new ExecutorError(
          'stream_consumed',
          'This executor stream was already iterated; call stream() again',
        );
      }
      iterated = true;
      let stopped = false;
      /** Stops the run and ends the stream at once: nothing is yielded after this. */
      const stop = (reason: unknown) => {
        if (stopped) return;
        stopped = true;
        // Close first: events the abort causes must not reach a next() still waiting.
        queue.discard();
        run.abort(reason);
      };
      return {
        next: () => (stopped ? Promise.resolve(DONE) : queue.next().then(deliver)),
        async return() {
          const reason = new Error('The event stream was closed by its consumer');
          reason.name = 'AbortError';
          stop(reason);
          await results;
          return DONE;
        },
        async throw(error?: unknown) {
          // As an async generator that does not catch: it ends, and the error comes back.
          stop(error);
          await results;
          throw error;
        },
      };
    },
  };
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });
