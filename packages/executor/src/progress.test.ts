/**
 * Progress under load: a tool reporting a million updates next to a slow consumer keeps
 * the stream's buffer bounded (checked by counting buffered events, not by heap timing).
 */
import { describe, expect, it } from 'vitest';
import type { ToolProgressEvent } from './events';
import { createExecutor } from './executor';
import { call, readTool, turns } from './test-support';

describe('progress', () => {
  it('coalesces 1,000,000 updates for a slow consumer: bounded buffer, nothing lost from the count', async () => {
    const TOTAL = 1_000_000;
    const executor = createExecutor({
      tools: [
        readTool('chatty', async (_input, context) => {
          for (let i = 1; i <= TOTAL; i += 1) {
            context.progress({ message: `item ${i}`, percent: (i / TOTAL) * 100 });
            if (i % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
          }
          return 'chatty done';
        }),
        readTool('slow', async () => {
          await turns(30);
          return 'slow done';
        }),
      ],
    });
    const stream = executor.stream([call('a', 'chatty', { q: '' }), call('b', 'slow', { q: '' })]);
    let delivered = 0;
    let dropped = 0;
    let last: ToolProgressEvent | undefined;
    let maxBuffered = 0;
    for await (const event of stream) {
      maxBuffered = Math.max(maxBuffered, stream.stats().buffered);
      if (event.type === 'tool_progress') {
        delivered += 1;
        dropped += event.dropped;
        last = event;
      }
      await new Promise((resolve) => setImmediate(resolve)); // a slow consumer
    }
    const results = await stream.results;
    expect(results.map((result) => result.content)).toEqual(['chatty done', 'slow done']);
    // Every update is either delivered or counted as dropped; the final one always arrives.
    expect(delivered + dropped).toBe(TOTAL);
    expect(last).toMatchObject({ message: `item ${TOTAL}`, percent: 100 });
    expect(delivered).toBeLessThan(1000);
    // Bounded: a handful of lifecycle events plus at most one progress event per call.
    expect(stream.stats().maxBuffered).toBeLessThanOrEqual(8);
    expect(maxBuffered).toBeLessThanOrEqual(8);
  });

  it('ignores malformed progress values and normalizes strings', async () => {
    const executor = createExecutor({
      tools: [
        readTool('odd', async (_input, context) => {
          context.progress('plain');
          context.progress(42 as never);
          context.progress({ percent: 5 } as never);
          context.progress({ message: 'half', percent: Number.NaN });
          return 'ok';
        }),
      ],
    });
    const progress: ToolProgressEvent[] = [];
    for await (const event of executor.stream([call('a', 'odd', { q: '' })])) {
      if (event.type === 'tool_progress') progress.push(event);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Reported synchronously while nobody read: coalesced into the latest valid one.
    expect(progress.map((event) => [event.message, event.percent, event.dropped])).toEqual([
      ['half', undefined, 1],
    ]);
  });

  it('delivers every update uncoalesced to onEvent observers', async () => {
    const executor = createExecutor({
      tools: [
        readTool('few', async (_input, context) => {
          for (let i = 0; i < 5; i += 1) context.progress(`p${i}`);
        }),
      ],
    });
    const messages: string[] = [];
    await executor.execute([call('a', 'few', { q: '' })], {
      onEvent: (event) => {
        if (event.type === 'tool_progress') messages.push(event.message);
      },
    });
    expect(messages).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  });
});
