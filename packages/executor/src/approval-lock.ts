/**
 * `ApprovalLock`: a FIFO mutex so that at most one approval prompt is open at a time per
 * executor, across concurrent runs too. The chain holds only the latest link; released
 * links become garbage.
 */

/** A FIFO mutex. */
export class ApprovalLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a `release` function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => held);
    let released = false;
    return previous.then(() => () => {
      if (released) return;
      released = true;
      release();
    });
  }
}
