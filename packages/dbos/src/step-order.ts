/**
 * `StepOrder`: makes a turn's durable operations start in the same order on every execution
 * of its workflow. DBOS numbers a workflow's steps, messages and events in the order they are
 * started and matches a re-execution's operations to the recorded ones by that number, so
 * the order must not depend on timing.
 *
 * The executor gates calls one at a time in call order and launches each call (emitting
 * `tool_start`, synchronously) before it gates the next. So when call i asks for a durable
 * operation (its approval, or its tool step), the calls before it that will ever start a step
 * are exactly the ones already launched; call i waits until each of them has started its step
 * (or ended without one). The resulting order — call by call, approval before step — is a
 * function of the calls and the answers only.
 */
import type { ExecutorEvent } from '@dexter/executor';

export class StepOrder {
  private readonly launched = new Set<number>();
  private readonly issued = new Set<number>();
  private readonly ended = new Set<number>();
  private waiters: Array<{ index: number; resolve: () => void }> = [];

  /** Feed every executor event of the turn here (the `onEvent` of `execute`). */
  observe(event: ExecutorEvent): void {
    if (event.type === 'tool_start') this.launched.add(event.index);
    else if (event.type === 'tool_end') {
      this.ended.add(event.index);
      this.wake();
    }
  }

  /** Resolves when call `index` may start its next durable operation. */
  turn(index: number): Promise<void> {
    if (this.ready(index)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ index, resolve }));
  }

  /** Call `index` has started its step (synchronously after `turn` resolved). */
  started(index: number): void {
    this.issued.add(index);
    this.wake();
  }

  private ready(index: number): boolean {
    for (const earlier of this.launched) {
      if (earlier < index && !this.issued.has(earlier) && !this.ended.has(earlier)) return false;
    }
    return true;
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (this.ready(waiter.index)) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}
