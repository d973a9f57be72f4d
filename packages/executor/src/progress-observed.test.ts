import { describe, expect, it } from 'vitest';
import { createExecutor } from './executor';
import { call, readTool } from './test-support';

describe('ToolContext.progressObserved', () => {
  it('is false when the run has no listener, true with onEvent or a stream', async () => {
    const seen: boolean[] = [];
    const tool = readTool('probe', async (_input, context) => {
      seen.push(context.progressObserved === true);
      return 'ok';
    });
    const executor = createExecutor({ tools: [tool], softLimits: false });
    await executor.execute([call('a', 'probe', { q: '1' })]);
    await executor.execute([call('b', 'probe', { q: '2' })], { onEvent: () => undefined });
    for await (const _event of executor.stream([call('c', 'probe', { q: '3' })])) {
      // drain
    }
    expect(seen).toEqual([false, true, true]);
  });
});
