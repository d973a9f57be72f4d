import { describe, expect, it } from 'vitest';
import { createExecutor } from './executor';
import { invokeExecute } from './invoke-execute';
import { call, readTool } from './test-support';

const context = { signal: new AbortController().signal, toolCallId: 't', progress() {} };

describe('invokeExecute', () => {
  it("hands back the tool's own promise as it is", async () => {
    const own = Promise.resolve(42);
    const tool = readTool('r', () => own);
    const pending = invokeExecute(tool, { q: '' }, context);
    expect(pending).toBe(own);
    await expect(pending).resolves.toBe(42);
  });

  it('adopts plain values and thenables as await would', async () => {
    await expect(
      invokeExecute(
        readTool('r', () => 'value'),
        { q: '' },
        context,
      ),
    ).resolves.toBe('value');
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what this test hands over
    const thenable = { then: (resolve: (value: unknown) => void) => resolve('later') };
    await expect(
      invokeExecute(
        readTool('r', () => thenable),
        { q: '' },
        context,
      ),
    ).resolves.toBe('later');
  });

  it('turns a synchronous throw into a rejection', async () => {
    const boom = new Error('boom');
    const tool = readTool('r', () => {
      throw boom;
    });
    await expect(invokeExecute(tool, { q: '' }, context)).rejects.toBe(boom);
  });

  it('a native promise with its own throwing `then` still settles the call (the executor uses the intrinsic then)', async () => {
    const executor = createExecutor({
      tools: [
        readTool('r', () => {
          const promise = Promise.resolve('fine');
          Object.defineProperty(promise, 'then', {
            value: () => {
              throw new Error('own then');
            },
          });
          return promise;
        }),
      ],
    });
    const [result] = await executor.execute([call('a', 'r', { q: '1' })]);
    expect(result!.status).toBe('ok');
    expect(result!.output).toBe('fine');
  });
});
