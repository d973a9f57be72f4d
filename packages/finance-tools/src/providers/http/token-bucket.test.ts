import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/local-server';
import { createTokenBucket } from './token-bucket';

describe('token bucket', () => {
  it('never grants more than the rate in any one-second window', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 60 }),
        async (rate, gaps) => {
          const clock = createFakeClock(0);
          const bucket = createTokenBucket({ ratePerSecond: rate, clock });
          const grants: number[] = [];
          for (const gap of gaps) {
            clock.advance(gap);
            await bucket.acquire();
            grants.push(clock.now());
          }
          for (let index = rate; index < grants.length; index++) {
            // The (rate+1)-th grant after any grant comes at least one second later.
            expect((grants[index] as number) - (grants[index - rate] as number)).toBeGreaterThanOrEqual(
              1000 - 1,
            );
          }
        },
      ),
    );
  });

  it('paces concurrent waiters 1/rate apart', async () => {
    const clock = createFakeClock(0);
    const bucket = createTokenBucket({ ratePerSecond: 10, clock });
    const grants: number[] = [];
    await Promise.all(
      Array.from({ length: 25 }, () => bucket.acquire().then(() => grants.push(clock.now()))),
    );
    expect(grants).toHaveLength(25);
    for (let index = 1; index < grants.length; index++) {
      expect((grants[index] as number) - (grants[index - 1] as number)).toBeGreaterThanOrEqual(100);
    }
  });

  it('allows a burst up to an explicit capacity', async () => {
    const clock = createFakeClock(0);
    const bucket = createTokenBucket({ ratePerSecond: 10, capacity: 5, clock });
    await Promise.all(Array.from({ length: 5 }, () => bucket.acquire()));
    expect(clock.sleeps).toEqual([]);
  });

  it('rejects a waiter whose signal aborts, without blocking the next', async () => {
    const clock = createFakeClock(0);
    const bucket = createTokenBucket({ ratePerSecond: 1, clock });
    await bucket.acquire();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(bucket.acquire(controller.signal)).rejects.toThrow('stop');
    await expect(bucket.acquire()).resolves.toBeUndefined();
  });
});
